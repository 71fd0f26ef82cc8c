/*
 * The local APIC: each CPU's own interrupt controller, memory-mapped (the
 * MADT gives the address, 0xFEE00000 by default).  tick386 uses its timer
 * as a clock event device (clockevent=lapic, or lapic-deadline for the
 * TSC-deadline mode) and keeps the 8259s for the other interrupts: the
 * APIC is enabled in "virtual wire" mode, LINT0 passing the 8259's
 * interrupts through (ExtINT) and LINT1 taking NMIs, as the MADT says.
 * The I/O APIC is not driven (yet).
 *
 * This driver exposes the hardware and nothing more.
 */
#ifndef TICK386_ARCH_LAPIC_H
#define TICK386_ARCH_LAPIC_H

#include "arch/i386/trap.h"
#include "lib/types.h"

#define LAPIC_TIMER_VECTOR 0xEF
#define LAPIC_SPURIOUS_VECTOR 0xFF

/* Map and enable the local APIC at phys (virtual wire mode), its timer
 * masked; handler (if not NULL) runs for the timer's vector.  0, or -1
 * (printed).  A second call only sets the handler. */
int lapic_init(u64 phys, void (*handler)(struct trap_frame *tf));
bool lapic_present(void);
/* CPUID.1:ECX bit 24: the timer has the TSC-deadline mode. */
bool lapic_has_tsc_deadline(void);

/* The timer in one-shot mode, divide by 1: interrupt after count bus
 * clocks (count >= 1); or periodic every count; or masked. */
void lapic_timer_oneshot(u32 count);
void lapic_timer_periodic(u32 count);
void lapic_timer_stop(void);
u32 lapic_timer_current(void);
/* TSC-deadline mode: interrupt when the TSC reaches tsc (0 disarms). */
void lapic_timer_deadline(u64 tsc);

/* LINT0 masked: the 8259s' virtual wire cut (the I/O APIC routes). */
void lapic_mask_lint0(void);

/* End of interrupt (the timer's, before its handler runs). */
void lapic_eoi(void);

#endif
