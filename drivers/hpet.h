/*
 * The High Precision Event Timer: a main counter running at a fixed rate
 * (its period, in femtoseconds, is in the capabilities register; QEMU's
 * is 10 ns) and comparators that interrupt when the counter reaches them.
 * Registers are 64-bit, memory-mapped at the address the ACPI HPET table
 * gives; on i386 they are read as two 32-bit halves.
 *
 * Timer 0 is used as a one-shot clock event device in the "legacy
 * replacement" routing, which wires it to IRQ 0 of the 8259s (and to
 * I/O APIC pin 2) where the PIT was: on a machine without a PIT the
 * kernel's IRQ 0 path works unchanged.  (Timer 1 then takes IRQ 8 from
 * the RTC; this kernel does not use the RTC's interrupt.)
 *
 * This driver exposes the hardware and nothing more.
 */
#ifndef TICK386_DRIVERS_HPET_H
#define TICK386_DRIVERS_HPET_H

#include "lib/types.h"

/* Map the block at phys, check it, start the main counter.  0, or -1
 * (printed) when it is unusable. */
int hpet_init(u64 phys);
bool hpet_present(void);
u64 hpet_hz(void);	     /* main counter frequency */
u64 hpet_read(void);	     /* the main counter (64 bits, or 32 zero-extended) */
bool hpet_counter_64bit(void);
/* The legacy replacement routing is on (timer 0 on IRQ 0, timer 1 on IRQ 8:
 * the RTC's interrupt no longer reaches the 8259). */
bool hpet_legacy_routing(void);

/* Timer 0, legacy routing to IRQ 0: one interrupt when the counter
 * reaches now + cycles (cycles >= 1).  Returns the comparator written. */
u64 hpet_timer0_oneshot(u64 cycles);
/* Timer 0, periodic: an interrupt every `cycles`. */
void hpet_timer0_periodic(u64 cycles);
/* An interrupt now came before the armed one-shot's comparator (the
 * 32-bit wrap interrupt): the one-shot is still to come. */
bool hpet_timer0_pending(void);
/* Timer 0 interrupts off. */
void hpet_timer0_stop(void);

#endif
