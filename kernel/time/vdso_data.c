/*
 * The vDSO's data page: what arch/i386/vdso/vclock.c reads to compute the
 * clocks in user space, as lib/vclock.h lays it out.  clock.c calls
 * vdso_data_update with its parameters at every change of them (clock
 * set, stepped, leap second, rate or slew from adjtimex, TAI offset), in
 * the same interrupts-off section, so no read can mix old and new.
 *
 * Per clock id the page says how the vDSO reads it (lib/vclock.h):
 *   REALTIME, MONOTONIC, BOOTTIME, TAI   offset + raw (+ the correction while
 *                                        adjtimex corrects the rate or slews)
 *   MONOTONIC_RAW                        raw itself (offset 0), never corrected
 *   REALTIME_COARSE, MONOTONIC_COARSE    their fine clock, truncated
 *   the CPU-time clocks, the alarm clocks, unused ids   VCLOCK_KERNEL
 * and all of them VCLOCK_KERNEL when the TSC is not the clock source (the
 * PIT's count is the kernel's to fold).  clock_getres's answers for the
 * seven clocks above are kept whatever the source: they never change.
 */
#include "kernel/time/vdso_data.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "kernel/time/clock.h"
#include "lib/compiler.h"
#include "lib/vclock.h"
#include <abi/time.h>

/* A page of its own: user space sees every byte of it. */
static union {
	struct vclock_data d;
	u8 bytes[PAGE_SIZE];
} vdso_page __aligned(PAGE_SIZE) __section(".bss.vdso_data");

STATIC_ASSERT(sizeof(struct vclock_data) <= PAGE_SIZE, "the vDSO data fit in one page");
STATIC_ASSERT(CLOCK_TAI < VCLOCK_IDS, "every clock the vDSO serves has a slot");

/* seq is odd while the page changes (lib/vclock.h).  Interrupts are off:
 * only the compiler could move the stores across it. */
static void write_begin(struct vclock_data *vd)
{
	vd->seq++;
	__asm__ volatile("" ::: "memory");
}

static void write_end(struct vclock_data *vd)
{
	__asm__ volatile("" ::: "memory");
	vd->seq++;
}

static void slot_set(struct vclock_data *vd, int id, u64 offset, u32 mode)
{
	vd->offset[id] = offset;
	vd->mode[id] = mode;
	vd->res_ns[id] = (u32)clock_resolution_ns(id);
}

void vdso_data_update(const struct vdso_clock_params *p)
{
	struct vclock_data *vd = &vdso_page.d;
	u64 mono = p->base_mono - p->base_raw; /* MONOTONIC = mono + raw (+ correction) */
	u64 real = mono + (u64)p->realtime_offset;
	u32 raw_mode = 0, fine = 0;

	if (p->tsc) {
		raw_mode = VCLOCK_TSC | (p->shift != 32 ? VCLOCK_SHIFT : 0);
		fine = raw_mode | (p->adj ? VCLOCK_ADJUSTED : 0) | (p->slew ? VCLOCK_SLEWING : 0);
	}
	write_begin(vd);
	vd->mult = p->mult;
	vd->shift = p->shift;
	vd->cycle_base = p->cycle_base;
	vd->base_raw = p->base_raw;
	vd->adj = p->adj;
	vd->adj_mult = (u32)(p->adj < 0 ? -p->adj : p->adj);
	vd->adj_sign = p->adj < 0 ? ~0u : 0;
	vd->slew = p->slew;
	slot_set(vd, CLOCK_REALTIME, real, fine);
	slot_set(vd, CLOCK_MONOTONIC, mono, fine);
	slot_set(vd, CLOCK_BOOTTIME, mono, fine); /* no suspend: MONOTONIC */
	slot_set(vd, CLOCK_TAI, real + (u64)p->tai_offset_ns, fine);
	slot_set(vd, CLOCK_MONOTONIC_RAW, 0, raw_mode);
	slot_set(vd, CLOCK_REALTIME_COARSE, real, fine ? fine | VCLOCK_COARSE : 0);
	slot_set(vd, CLOCK_MONOTONIC_COARSE, mono, fine ? fine | VCLOCK_COARSE : 0);
	write_end(vd);
}

void vdso_data_set_tz(int minuteswest, int dsttime)
{
	struct vclock_data *vd = &vdso_page.d;
	u32 flags = irq_save();

	write_begin(vd);
	vd->tz_minuteswest = minuteswest;
	vd->tz_dsttime = dsttime;
	write_end(vd);
	irq_restore(flags);
}

u32 vdso_data_phys(void)
{
	return VIRT_TO_PHYS(&vdso_page);
}
