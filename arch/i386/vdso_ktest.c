/*
 * The vDSO, kernel side: its pages are mapped shared (fork maps the same
 * physical pages, teardown frees none of them, they are never writable);
 * the data page gives, through lib/vclock.h, the time the kernel's own
 * clocks give (a read between two kernel reads), before and after a rate
 * change and a slew, and hands every clock to the kernel without a TSC;
 * the fault fixup finds the vDSO's stores and nothing else.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/vdso.h"
#include "kernel/ktest.h"
#include "kernel/time/clock.h"
#include "kernel/time/vdso_data.h"
#include "lib/string.h"
#include "lib/vclock.h"
#include "mm/pmm.h"
#include <abi/errno.h>
#include <abi/time.h>

extern const u8 vdso_image[], vdso_image_end[];
extern const u32 vdso_image_fixup[2];

static const struct vclock_data *page(void)
{
	return PHYS_TO_VIRT(vdso_data_phys());
}

static void test_pages_shared(struct ktest *t)
{
	u32 before = pmm_free_count(), image_pages = (u32)(vdso_image_end - vdso_image) / PAGE_SIZE;
	u32 access = 0;
	struct vm a, b;

	KASSERT_EQ(t, vm_init(&a), 0);
	KASSERT_EQ(t, vdso_map(&a), 0);
	KEXPECT_EQ(t, vm_lookup(&a, VM_VDSO_BASE, &access), vdso_data_phys());
	KEXPECT_EQ(t, access, VM_READ);
	for (u32 i = 0; i < image_pages; i++)
		KEXPECT_EQ(t, vm_lookup(&a, VDSO_IMAGE_VA + i * PAGE_SIZE, NULL),
			   VIRT_TO_PHYS(vdso_image + i * PAGE_SIZE));
	KEXPECT_EQ(t, vm_lookup(&a, VDSO_IMAGE_VA + image_pages * PAGE_SIZE, NULL), 0);
	KEXPECT_EQ(t, a.pages, 0); /* not the address space's own */
	KEXPECT_EQ(t, vdso_map(&a), -EEXIST);
	KEXPECT_EQ(t, vm_map_range(&a, VM_VDSO_BASE, VM_VDSO_BASE + PAGE_SIZE, VM_READ | VM_WRITE),
		   -EEXIST);
	KEXPECT_FALSE(t, vm_range_ok(&a, VM_VDSO_BASE, 8, VM_WRITE));
	KEXPECT_FALSE(t, vm_range_ok(&a, VDSO_IMAGE_VA, 8, VM_WRITE));
	KEXPECT_TRUE(t, vm_range_ok(&a, VDSO_IMAGE_VA, 8, VM_READ));

	/* fork: the same physical pages, no copy */
	KASSERT_EQ(t, vm_clone(&b, &a), 0);
	KEXPECT_EQ(t, vm_lookup(&b, VM_VDSO_BASE, &access), vdso_data_phys());
	KEXPECT_EQ(t, access, VM_READ);
	KEXPECT_EQ(t, vm_lookup(&b, VDSO_IMAGE_VA, NULL), VIRT_TO_PHYS(vdso_image));
	KEXPECT_EQ(t, b.pages, 0);
	/* unmapping leaves the page to its owner */
	KEXPECT_TRUE(t, vm_unmap(&b, VDSO_IMAGE_VA));
	KEXPECT_EQ(t, vm_lookup(&b, VDSO_IMAGE_VA, NULL), 0);
	KEXPECT_EQ(t, vm_lookup(&a, VDSO_IMAGE_VA, NULL), VIRT_TO_PHYS(vdso_image));
	vm_destroy(&b);
	vm_destroy(&a);
	/* not one page more or less: none of the vDSO's went to the allocator */
	KEXPECT_EQ(t, pmm_free_count(), before);
	KEXPECT_EQ(t, memcmp(vdso_image, "\177ELF", 4), 0);
}

/* Each served clock from the data page lies between two kernel reads. */
static bool page_matches_kernel(struct ktest *t)
{
	static const int ids[] = {CLOCK_REALTIME,	 CLOCK_MONOTONIC,	 CLOCK_MONOTONIC_RAW,
				  CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE, CLOCK_BOOTTIME,
				  CLOCK_TAI};
	const struct vclock_data *vd = page();
	bool good = true;

	for (unsigned i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		int id = ids[i];
		u32 flags = irq_save();
		u64 (*kernel)(void) = id == CLOCK_MONOTONIC_RAW			    ? clock_raw_ns
				      : id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE ? clock_realtime_ns
				      : id == CLOCK_TAI					    ? clock_tai_ns
										    : clock_monotonic_ns;
		u64 a = kernel(), b = vclock_ns(vd, vd->mode[id], vd->offset[id], rdtsc()), c = kernel();

		irq_restore(flags);
		if (vd->mode[id] & VCLOCK_COARSE) {
			a = clock_coarse_ns(a);
			b = clock_coarse_ns(b);
			c = clock_coarse_ns(c);
		}
		if (!(vd->mode[id] & VCLOCK_TSC) || !(a <= b && b <= c)) {
			ktest_check(t, false, __FILE__, __LINE__, "clock %d mode %u: %llu %llu %llu",
				    id, vd->mode[id], a, b, c);
			good = false;
		}
	}
	return good;
}

static void test_data_page(struct ktest *t)
{
	const struct vclock_data *vd = page();
	u32 seq = vd->seq;

	KEXPECT_EQ(t, seq % 2, 0);
	KEXPECT_EQ(t, vd->res_ns[CLOCK_MONOTONIC], (u32)clock_resolution_ns(CLOCK_MONOTONIC));
	KEXPECT_EQ(t, vd->res_ns[CLOCK_MONOTONIC_COARSE], VCLOCK_COARSE_NS);
	KEXPECT_EQ(t, vd->res_ns[CLOCK_PROCESS_CPUTIME_ID], 0); /* the kernel answers */
	KEXPECT_EQ(t, vd->res_ns[CLOCK_REALTIME_ALARM], 0);
	for (int id = 0; id < VCLOCK_IDS; id++) {
		bool cpu = id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID;

		if (cpu || (id >= 8 && id != CLOCK_TAI)) /* CPU time, alarms, no clock */
			KEXPECT_EQ(t, vd->mode[id], VCLOCK_KERNEL);
	}
	if (clock_source() != CLOCK_SOURCE_TSC) {
		/* no TSC: every read is the kernel's */
		for (int id = 0; id < VCLOCK_IDS; id++)
			KEXPECT_EQ(t, vd->mode[id], VCLOCK_KERNEL);
		return;
	}
	KEXPECT_EQ(t, vd->mode[CLOCK_MONOTONIC_RAW] & ~(VCLOCK_TSC | VCLOCK_SHIFT), 0);
	KEXPECT_TRUE(t, page_matches_kernel(t));

	/* a rate change rewrites the page: the clocks are corrected */
	clock_set_rate(1 << 20);
	KEXPECT_EQ(t, vd->seq, seq + 2);
	KEXPECT_TRUE(t, vd->mode[CLOCK_MONOTONIC] & VCLOCK_ADJUSTED);
	KEXPECT_TRUE(t, vd->mode[CLOCK_REALTIME_COARSE] & VCLOCK_ADJUSTED);
	KEXPECT_FALSE(t, vd->mode[CLOCK_MONOTONIC_RAW] & VCLOCK_ADJUSTED);
	KEXPECT_EQ(t, vd->adj_mult, 1u << 20);
	KEXPECT_EQ(t, vd->adj_sign, 0);
	KEXPECT_TRUE(t, page_matches_kernel(t));
	clock_set_rate(-(1 << 30));
	KEXPECT_EQ(t, vd->adj_mult, 1u << 30);
	KEXPECT_EQ(t, vd->adj_sign, ~0u);
	KEXPECT_TRUE(t, page_matches_kernel(t));
	clock_slew_set(-5000000);
	KEXPECT_TRUE(t, vd->mode[CLOCK_MONOTONIC] & VCLOCK_SLEWING);
	KEXPECT_TRUE(t, page_matches_kernel(t));
	clock_set_rate(0);
	KEXPECT_FALSE(t, vd->mode[CLOCK_MONOTONIC] & VCLOCK_ADJUSTED);
	KEXPECT_TRUE(t, vd->mode[CLOCK_MONOTONIC] & VCLOCK_SLEWING); /* still slewing */
	KEXPECT_TRUE(t, page_matches_kernel(t));
	clock_slew_set(0);
	KEXPECT_FALSE(t, vd->mode[CLOCK_MONOTONIC] & (VCLOCK_ADJUSTED | VCLOCK_SLEWING));
	KEXPECT_TRUE(t, page_matches_kernel(t));
	KEXPECT_EQ(t, vd->seq, seq + 10);
}

static void test_fixup(struct ktest *t)
{
	struct trap_frame tf;
	u32 n = 0;

	memset(&tf, 0, sizeof(tf));
	KASSERT_TRUE(t, vdso_image_fixup[1] > vdso_image_fixup[0]);
	for (u32 e = vdso_image_fixup[0]; e < vdso_image_fixup[1]; e += 8, n++) {
		const s32 *entry = (const s32 *)(vdso_image + e);

		tf.eip = VDSO_IMAGE_VA + e + (u32)entry[0];
		KEXPECT_TRUE(t, vdso_fixup(&tf));
		KEXPECT_EQ(t, tf.eip, VDSO_IMAGE_VA + e + 4 + (u32)entry[1]);
		KEXPECT_TRUE(t, tf.eip > VDSO_IMAGE_VA && tf.eip < VDSO_IMAGE_VA + PAGE_SIZE * 3);
	}
	KEXPECT_GE(t, n, 3); /* at least clock_gettime.S's three */
	tf.eip = VDSO_IMAGE_VA; /* the ELF header: no store of the vDSO's */
	KEXPECT_FALSE(t, vdso_fixup(&tf));
	tf.eip = VDSO_IMAGE_VA - 4;
	KEXPECT_FALSE(t, vdso_fixup(&tf));
	tf.eip = 0x08048000;
	KEXPECT_FALSE(t, vdso_fixup(&tf));
}

KTEST_SUITE(vdso, KTEST_CASE(test_pages_shared), KTEST_CASE(test_data_page),
	    KTEST_CASE(test_fixup));
