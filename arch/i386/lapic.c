/*
 * Local APIC registers (Intel SDM vol. 3, chapter 11), offsets from its
 * base: 0x0B0 EOI, 0x0F0 spurious-interrupt vector (bit 8: software
 * enable), 0x320 LVT timer (bits 17-18 mode: 0 one-shot, 1 periodic,
 * 2 TSC-deadline; bit 16 mask), 0x350/0x360 LVT LINT0/LINT1 (delivery
 * mode bits 8-10: 7 ExtINT, 4 NMI), 0x380 initial count, 0x390 current
 * count, 0x3E0 divide configuration (0xB: divide by 1).  The TSC-deadline
 * value is MSR 0x6E0.
 */
#include "arch/i386/lapic.h"
#include "arch/i386/cpu.h"
#include "arch/i386/mmio.h"
#include "kernel/printk.h"

#define REG_ID 0x020
#define REG_EOI 0x0B0
#define REG_SVR 0x0F0
#define REG_LVT_TIMER 0x320
#define REG_LVT_LINT0 0x350
#define REG_LVT_LINT1 0x360
#define REG_LVT_ERROR 0x370
#define REG_INITIAL 0x380
#define REG_CURRENT 0x390
#define REG_DIVIDE 0x3E0

#define SVR_ENABLE (1u << 8)
#define LVT_MASKED (1u << 16)
#define LVT_ONESHOT (0u << 17)
#define LVT_PERIODIC (1u << 17)
#define LVT_DEADLINE (2u << 17)
#define DM_NMI (4u << 8)
#define DM_EXTINT (7u << 8)
#define MSR_TSC_DEADLINE 0x6E0

/* Set once by lapic_init at boot, read-only after. */
static volatile void *regs;
static bool tsc_deadline;
/* The timer's LVT entry as last written.  The local APIC is per CPU, and so
 * is this copy: written only by this CPU, with interrupts off (the callers
 * are the clock event code's, under irq_save). */
static u32 lvt_timer;

static void lvt_timer_write(u32 v)
{
	mmio_write32(regs, REG_LVT_TIMER, v);
	lvt_timer = v;
}

static void wrmsr(u32 msr, u64 v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((u32)v), "d"((u32)(v >> 32)));
}

static void spurious(struct trap_frame *tf)
{
	(void)tf; /* no EOI for a spurious interrupt */
}

int lapic_init(u64 phys, void (*handler)(struct trap_frame *tf))
{
	u32 a, b, c, d;

	if (regs) { /* already on (the I/O APIC's setup): take the timer */
		if (handler)
			trap_set_handler(LAPIC_TIMER_VECTOR, handler);
		return 0;
	}
	cpuid(1, &a, &b, &c, &d);
	if (!(d & (1u << 9))) {
		kprintf("lapic: the CPU has no local APIC\n");
		return -1;
	}
	tsc_deadline = c & (1u << 24);
	regs = mmio_map(phys, 0x400, false);
	if (!regs) {
		kprintf("lapic: cannot map %#llx\n", (unsigned long long)phys);
		return -1;
	}
	if (handler)
		trap_set_handler(LAPIC_TIMER_VECTOR, handler);
	trap_set_handler(LAPIC_SPURIOUS_VECTOR, spurious);
	/* virtual wire: the 8259's interrupts through LINT0, NMIs on LINT1
	 * (the MADT's LAPIC NMI entry on QEMU and most PCs) */
	lvt_timer_write(LVT_MASKED | LAPIC_TIMER_VECTOR);
	mmio_write32(regs, REG_LVT_LINT0, DM_EXTINT);
	mmio_write32(regs, REG_LVT_LINT1, DM_NMI);
	mmio_write32(regs, REG_LVT_ERROR, LVT_MASKED | LAPIC_SPURIOUS_VECTOR);
	mmio_write32(regs, REG_SVR, SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
	mmio_write32(regs, REG_DIVIDE, 0xB);
	/* CPUID.1:ECX in full: what the (virtual) CPU offers, bit 24 the
	 * TSC-deadline timer (QEMU 7.2's TCG never sets it) */
	kprintf("lapic: id %u at %#llx, CPUID.1:ECX %#x%s\n", mmio_read32(regs, REG_ID) >> 24,
		(unsigned long long)phys, c, tsc_deadline ? ", TSC-deadline timer" : "");
	return 0;
}

bool lapic_present(void)
{
	return regs != NULL;
}

bool lapic_has_tsc_deadline(void)
{
	return tsc_deadline;
}

void lapic_timer_oneshot(u32 count)
{
	/* the entry stays as it is after the count runs out: written only
	 * when the mode changes (a stop masks it) */
	if (lvt_timer != (LVT_ONESHOT | LAPIC_TIMER_VECTOR))
		lvt_timer_write(LVT_ONESHOT | LAPIC_TIMER_VECTOR);
	mmio_write32(regs, REG_INITIAL, count ? count : 1);
}

void lapic_timer_periodic(u32 count)
{
	lvt_timer_write(LVT_PERIODIC | LAPIC_TIMER_VECTOR);
	mmio_write32(regs, REG_INITIAL, count ? count : 1);
}

void lapic_timer_stop(void)
{
	if (!regs)
		return;
	lvt_timer_write(LVT_MASKED | LAPIC_TIMER_VECTOR); /* also disarms a deadline */
	mmio_write32(regs, REG_INITIAL, 0);
}

u32 lapic_timer_current(void)
{
	return mmio_read32(regs, REG_CURRENT);
}

void lapic_timer_deadline(u64 tsc)
{
	/*
	 * The mode first: a deadline written in another mode is ignored.  The
	 * WRMSR is not ordered after the LVT's memory-mapped write by itself
	 * (Intel SDM vol. 3A, "TSC-Deadline Mode": in xAPIC mode software
	 * must order them, and MFENCE does; every CPU with TSC-deadline has
	 * SSE2).  Once in the mode, only the MSR is written: the next event
	 * costs one WRMSR.
	 */
	if (lvt_timer != (LVT_DEADLINE | LAPIC_TIMER_VECTOR)) {
		lvt_timer_write(LVT_DEADLINE | LAPIC_TIMER_VECTOR);
		__asm__ volatile("mfence" ::: "memory");
	}
	wrmsr(MSR_TSC_DEADLINE, tsc);
}

void lapic_mask_lint0(void)
{
	mmio_write32(regs, REG_LVT_LINT0, LVT_MASKED | DM_EXTINT);
}

void lapic_eoi(void)
{
	mmio_write32(regs, REG_EOI, 0);
}
