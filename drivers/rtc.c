/*
 * MC146818 access.  Every register access writes the index to port 0x70
 * and then reads or writes port 0x71; the pair must not be split by an
 * interrupt handler that also talks to the chip (IRQ 8 reads register C),
 * so each runs with interrupts off.
 */
#include "drivers/rtc.h"
#include "arch/i386/cpu.h"
#include "arch/i386/io.h"
#include "arch/i386/pic.h"
#include "kernel/printk.h"
#include <abi/errno.h>

#define CMOS_INDEX 0x70
#define CMOS_DATA 0x71
#define NMI_DISABLE 0x80

#define REG_SEC 0x00
#define REG_MIN 0x02
#define REG_HOUR 0x04
#define REG_MDAY 0x07
#define REG_MON 0x08
#define REG_YEAR 0x09
#define REG_A 0x0A
#define REG_B 0x0B
#define REG_C 0x0C

#define A_UIP 0x80
#define B_SET 0x80
#define B_PIE 0x40
#define B_UIE 0x10

static u8 nmi_bit; /* as found at rtc_init */
static struct cmos_raw last_raw;
static u8 last_regb;
static rtc_irq_fn irq_fn;
static void *irq_ctx;
static unsigned long irq_events;

static u8 cmos_read(u8 reg)
{
	u32 flags = irq_save();
	u8 v;
	outb(CMOS_INDEX, nmi_bit | reg);
	v = inb(CMOS_DATA);
	irq_restore(flags);
	return v;
}

static void cmos_write(u8 reg, u8 v)
{
	u32 flags = irq_save();
	outb(CMOS_INDEX, nmi_bit | reg);
	outb(CMOS_DATA, v);
	irq_restore(flags);
}

static void rtc_irq(struct trap_frame *tf, void *ctx)
{
	/* Reading C acknowledges: without it the chip raises no more IRQ 8. */
	u8 c = cmos_read(REG_C);
	(void)tf;
	(void)ctx;
	irq_events++;
	if (irq_fn)
		irq_fn(c & (RTC_IRQ_PERIODIC | RTC_IRQ_ALARM | RTC_IRQ_UPDATE), irq_ctx);
}

/* The CMOS index of the century: 0x32 by the IBM convention, or where the
 * FADT says (rtc_set_century_index, at boot before the first read). */
static u8 century_reg = 0x32;

void rtc_set_century_index(u8 index)
{
	if (index >= 0x0E && index < 0x80)
		century_reg = index;
}

void rtc_init(void)
{
	/*
	 * Port 0x70 is write-only on most chipsets; where a read returns
	 * the last index it carries the NMI bit, where it floats it reads
	 * 0xFF.  Take bit 7 from a plausible read, else assume NMIs on (the
	 * state firmware leaves them in).
	 */
	u8 idx = inb(CMOS_INDEX);
	nmi_bit = idx != 0xFF ? (idx & NMI_DISABLE) : 0;
	/* no interrupt source on until asked; clear stale flags */
	cmos_write(REG_B, cmos_read(REG_B) & (u8) ~(B_PIE | B_UIE | 0x20));
	(void)cmos_read(REG_C);
	irq_register(IRQ_RTC, rtc_irq, NULL);
}

static int read_raw(struct cmos_raw *r)
{
	/* UIP is set 244 us before an update starts and stays set through
	 * it (about 2 ms): reading while clear gives stable registers, but an
	 * update may still begin during our reads, hence the double read. */
	for (unsigned spin = 0; cmos_read(REG_A) & A_UIP; spin++)
		if (spin > 1000000)
			return -EIO;
	r->sec = cmos_read(REG_SEC);
	r->min = cmos_read(REG_MIN);
	r->hour = cmos_read(REG_HOUR);
	r->mday = cmos_read(REG_MDAY);
	r->mon = cmos_read(REG_MON);
	r->year = cmos_read(REG_YEAR);
	r->century = cmos_read(century_reg);
	return 0;
}

static bool raw_equal(const struct cmos_raw *a, const struct cmos_raw *b)
{
	return a->sec == b->sec && a->min == b->min && a->hour == b->hour && a->mday == b->mday &&
	       a->mon == b->mon && a->year == b->year && a->century == b->century;
}

int rtc_read(struct cal_time *t)
{
	struct cmos_raw a, b;
	u8 regb;
	int tries;

	if (read_raw(&a) < 0)
		return -EIO;
	for (tries = 0; tries < 100; tries++) {
		if (read_raw(&b) < 0)
			return -EIO;
		if (raw_equal(&a, &b))
			break;
		a = b;
	}
	if (tries == 100)
		return -EIO;
	regb = cmos_read(REG_B);
	last_raw = a;
	last_regb = regb;
	if (cal_cmos_decode(&a, regb, t) < 0) {
		kprintf("rtc: WARNING: the CMOS clock gives an impossible time "
			"(%02x-%02x-%02x %02x:%02x:%02x century %02x, B=%02x): not used\n",
			a.year, a.mon, a.mday, a.hour, a.min, a.sec, a.century, regb);
		return -EINVAL;
	}
	return 0;
}

void rtc_last_raw(struct cmos_raw *raw, u8 *regb)
{
	*raw = last_raw;
	*regb = last_regb;
}

int rtc_write(const struct cal_time *t)
{
	struct cmos_raw r;
	u8 regb;
	bool century_plausible;

	if (!cal_valid(t) || t->year > 2399)
		return -EINVAL;
	regb = cmos_read(REG_B);
	cal_cmos_encode(t, regb, &r);
	/* Only touch the century byte if it looked like a century: on a chip without
	 * one it is somebody's CMOS RAM byte. */
	u8 c = cmos_read(century_reg);
	century_plausible =
	    (regb & CMOS_B_BINARY) ? (c >= 19 && c <= 23) : (c >= 0x19 && c <= 0x23);
	/* SET halts the update cycle so the chip does not tick between our
	 * writes; clearing it restarts the second from the written value. */
	cmos_write(REG_B, regb | B_SET);
	cmos_write(REG_SEC, r.sec);
	cmos_write(REG_MIN, r.min);
	cmos_write(REG_HOUR, r.hour);
	cmos_write(REG_MDAY, r.mday);
	cmos_write(REG_MON, r.mon);
	cmos_write(REG_YEAR, r.year);
	if (century_plausible)
		cmos_write(century_reg, r.century);
	cmos_write(REG_B, regb & (u8)~B_SET);
	return 0;
}

void rtc_set_irq_handler(rtc_irq_fn fn, void *ctx)
{
	u32 flags = irq_save();
	irq_fn = fn;
	irq_ctx = ctx;
	irq_restore(flags);
}

int rtc_periodic_start(unsigned hz)
{
	unsigned rate = 0;
	u32 flags;

	/* 32768 Hz >> (rate - 1): rate 3 = 8192 Hz .. rate 15 = 2 Hz */
	if (hz < 2 || hz > 8192 || (hz & (hz - 1)))
		return -EINVAL;
	for (unsigned f = 32768u; f > hz; f >>= 1)
		rate++;
	rate += 1;
	flags = irq_save();
	cmos_write(REG_A, (cmos_read(REG_A) & 0xF0) | (u8)rate);
	cmos_write(REG_B, cmos_read(REG_B) | B_PIE);
	(void)cmos_read(REG_C);
	irq_restore(flags);
	return 0;
}

void rtc_periodic_stop(void)
{
	u32 flags = irq_save();
	cmos_write(REG_B, cmos_read(REG_B) & (u8)~B_PIE);
	(void)cmos_read(REG_C);
	irq_restore(flags);
}

void rtc_update_irq_start(void)
{
	u32 flags = irq_save();
	cmos_write(REG_B, cmos_read(REG_B) | B_UIE);
	(void)cmos_read(REG_C);
	irq_restore(flags);
}

void rtc_update_irq_stop(void)
{
	u32 flags = irq_save();
	cmos_write(REG_B, cmos_read(REG_B) & (u8)~B_UIE);
	(void)cmos_read(REG_C);
	irq_restore(flags);
}

unsigned long rtc_irq_count(void)
{
	return irq_events;
}
