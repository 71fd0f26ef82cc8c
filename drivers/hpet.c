/*
 * HPET registers (IA-PC HPET specification 1.0a, section 2.3):
 *   0x000 GCAP_ID: bits 63:32 the counter period in fs, bit 13 COUNT_SIZE
 *         (1: a 64-bit counter), bit 15 LEG_RT_CAP, bits 12:8 timers - 1
 *   0x010 GEN_CONF: bit 0 ENABLE_CNF (the counter runs), bit 1 LEG_RT_CNF
 *   0x0F0 the main counter
 *   0x100 + 0x20 n: timer n's configuration (bit 2 INT_ENB, bit 3 periodic,
 *         bit 8 32-bit mode), 0x108 + 0x20 n its comparator
 * A period of 0 or above 100 ns (10^8 fs) is forbidden by the
 * specification: such a block is refused.
 */
#include "drivers/hpet.h"
#include "arch/i386/mmio.h"
#include "kernel/printk.h"

#define GCAP_ID 0x000
#define GEN_CONF 0x010
#define MAIN_COUNTER 0x0F0
#define T0_CONF 0x100
#define T0_CMP 0x108

#define CAP_COUNT_SIZE (1u << 13)
#define CAP_LEG_RT (1u << 15)
#define CONF_ENABLE (1u << 0)
#define CONF_LEG_RT (1u << 1)
#define TN_INT_ENB (1u << 2)
#define TN_PERIODIC (1u << 3)
#define TN_VAL_SET (1u << 6)
#define TN_32BIT (1u << 8)

#define FS_PER_SEC 1000000000000000ull

/* Set once by hpet_init at boot, read-only after. */
static volatile void *regs;
static u64 hz;
static bool counter_64;

int hpet_init(u64 phys)
{
	u32 cap_lo, period_fs;

	regs = mmio_map(phys, 0x400, false);
	if (!regs) {
		kprintf("hpet: cannot map %#llx\n", (unsigned long long)phys);
		return -1;
	}
	cap_lo = mmio_read32(regs, GCAP_ID);
	period_fs = mmio_read32(regs, GCAP_ID + 4);
	if (period_fs == 0 || period_fs > 100000000u || cap_lo == 0xFFFFFFFFu) {
		kprintf("hpet: period %u fs out of range: not used\n", period_fs);
		regs = NULL;
		return -1;
	}
	if (!(cap_lo & CAP_LEG_RT))
		kprintf("hpet: no legacy replacement routing: no clock events from it\n");
	hz = FS_PER_SEC / period_fs;
	counter_64 = cap_lo & CAP_COUNT_SIZE;
	/* timer 0 quiet before the counter runs */
	mmio_write32(regs, T0_CONF, mmio_read32(regs, T0_CONF) & ~(TN_INT_ENB | TN_PERIODIC));
	mmio_write32(regs, GEN_CONF, mmio_read32(regs, GEN_CONF) | CONF_ENABLE);
	kprintf("hpet: %u timers, %u-bit counter at %llu Hz (period %u fs)\n",
		((cap_lo >> 8) & 0x1F) + 1, counter_64 ? 64 : 32, (unsigned long long)hz, period_fs);
	return 0;
}

bool hpet_present(void)
{
	return regs != NULL;
}

u64 hpet_hz(void)
{
	return hz;
}

bool hpet_legacy_routing(void)
{
	return regs && (mmio_read32(regs, GEN_CONF) & CONF_LEG_RT);
}

bool hpet_counter_64bit(void)
{
	return counter_64;
}

u64 hpet_read(void)
{
	u32 hi, lo, hi2;

	if (!counter_64)
		return mmio_read32(regs, MAIN_COUNTER);
	/* the low half may carry into the high one between the two reads:
	 * read high, low, high again until the high half held still */
	do {
		hi = mmio_read32(regs, MAIN_COUNTER + 4);
		lo = mmio_read32(regs, MAIN_COUNTER);
		hi2 = mmio_read32(regs, MAIN_COUNTER + 4);
	} while (hi != hi2);
	return (u64)hi << 32 | lo;
}

/*
 * Timer 0 runs in 32-bit mode whatever the counter's width (as Linux runs
 * its HPET clock events): the comparator is one 32-bit write, matched
 * against the counter's low half.  (A 64-bit comparator written as two
 * halves holds, between the writes, a value from neither.)  In 32-bit mode
 * a one-shot also interrupts when the low half wraps (every 43 s at
 * 100 MHz), before its comparator: hpet_timer0_pending tells that early
 * interrupt apart.
 */
static u32 oneshot_cmp;	 /* the comparator of the armed one-shot */
static bool oneshot_armed; /* irq_save (clockevent.c's callers) */

u64 hpet_timer0_oneshot(u64 cycles)
{
	u32 cmp, conf = mmio_read32(regs, T0_CONF);

	conf = (conf & ~TN_PERIODIC) | TN_INT_ENB | TN_32BIT;
	mmio_write32(regs, T0_CONF, conf);
	mmio_write32(regs, GEN_CONF, mmio_read32(regs, GEN_CONF) | CONF_LEG_RT | CONF_ENABLE);
	/*
	 * The comparator fires on equality: a comparator the counter has
	 * already passed fires only after a full wrap.  So after writing it,
	 * look again; if the counter got there first, aim further (Linux's
	 * hpet_clkevt_set_next_event does the same check).
	 */
	for (;;) {
		cmp = (u32)hpet_read() + (u32)cycles;
		mmio_write32(regs, T0_CMP, cmp);
		if ((s32)(cmp - (u32)hpet_read()) > 0)
			break;
		cycles = cycles * 2 + 16;
	}
	oneshot_cmp = cmp;
	oneshot_armed = true;
	return cmp;
}

bool hpet_timer0_pending(void)
{
	return oneshot_armed && (s32)(oneshot_cmp - (u32)hpet_read()) > 0;
}

void hpet_timer0_stop(void)
{
	oneshot_armed = false;
	if (regs)
		mmio_write32(regs, T0_CONF, mmio_read32(regs, T0_CONF) & ~TN_INT_ENB);
}

void hpet_timer0_periodic(u64 cycles)
{
	u32 conf = mmio_read32(regs, T0_CONF);
	u32 now;

	oneshot_armed = false;
	if (cycles < 1)
		cycles = 1;
	/* periodic: with VAL_SET the next comparator write sets the first
	 * expiry, the one after it the period the hardware adds each time */
	conf |= TN_INT_ENB | TN_PERIODIC | TN_VAL_SET | TN_32BIT;
	mmio_write32(regs, T0_CONF, conf);
	now = (u32)hpet_read();
	mmio_write32(regs, T0_CMP, now + (u32)cycles); /* clears VAL_SET */
	mmio_write32(regs, T0_CMP, (u32)cycles);
	mmio_write32(regs, GEN_CONF, mmio_read32(regs, GEN_CONF) | CONF_ENABLE | CONF_LEG_RT);
}
