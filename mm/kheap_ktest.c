/*
 * Kernel heap tests: every size from 1 byte to 64 KiB, blocks checked for
 * overlap through byte patterns, exact page accounting after freeing.
 */
#include "arch/i386/memlayout.h"
#include "mm/kheap.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "lib/string.h"

static u8 pattern(u32 block, u32 i)
{
	return (u8)(block * 7 + i * 13 + (i >> 8));
}

/* Sizes 1..64 KiB: all up to 600, then growing by about 1/16 each step. */
static u32 next_size(u32 n)
{
	return n < 600 ? n + 1 : n + n / 16 + 1;
}

static void test_sizes_1_to_64k_with_patterns(struct ktest *t)
{
	enum { MAXB = 800 };
	static u8 *blocks[MAXB];
	static u32 sizes[MAXB];
	u32 before = pmm_free_count();
	u32 count = 0;
	for (u32 n = 1; n <= 65536 && count < MAXB; n = next_size(n)) {
		sizes[count] = n;
		blocks[count] = kmalloc(n);
		KASSERT_TRUE(t, blocks[count] != NULL);
		for (u32 i = 0; i < n; i++)
			blocks[count][i] = pattern(count, i);
		count++;
	}
	sizes[count] = 65536;
	blocks[count] = kmalloc(65536);
	KASSERT_TRUE(t, blocks[count] != NULL);
	memset(blocks[count], 0x5A, 65536);
	count++;
	KEXPECT_GT(t, count, 600);

	unsigned bad = 0, small_size = 0, misaligned = 0;
	for (u32 b = 0; b + 1 < count; b++) {
		for (u32 i = 0; i < sizes[b]; i++)
			if (blocks[b][i] != pattern(b, i)) {
				bad++;
				break;
			}
		if (ksize(blocks[b]) < sizes[b])
			small_size++;
		if ((u32)blocks[b] % 8 || (sizes[b] > 2048 && (u32)blocks[b] % PAGE_SIZE))
			misaligned++;
	}
	for (u32 i = 0; i < 65536; i++)
		if (blocks[count - 1][i] != 0x5A) {
			bad++;
			break;
		}
	KEXPECT_EQ(t, bad, 0);
	KEXPECT_EQ(t, small_size, 0);
	KEXPECT_EQ(t, misaligned, 0);
	/* Free odd ones first, then even ones: both paths of the slab lists. */
	for (u32 b = 1; b < count; b += 2)
		kfree(blocks[b]);
	for (u32 b = 0; b < count; b += 2)
		kfree(blocks[b]);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_kzalloc_zeroes_reused_memory(struct ktest *t)
{
	static const u32 sizes[] = {1, 8, 24, 100, 1000, 2048, 5000, 20000};
	for (unsigned k = 0; k < ARRAY_SIZE(sizes); k++) {
		u8 *p = kmalloc(sizes[k]);
		KASSERT_TRUE(t, p != NULL);
		memset(p, 0xFF, sizes[k]);
		kfree(p);
		u8 *q = kzalloc(sizes[k]);
		KASSERT_TRUE(t, q != NULL);
		unsigned nonzero = 0;
		for (u32 i = 0; i < sizes[k]; i++)
			nonzero += q[i] != 0;
		KEXPECT_EQ(t, nonzero, 0);
		kfree(q);
	}
}

static void test_size_classes(struct ktest *t)
{
	u32 before = pmm_free_count();
	kfree(NULL);
	void *z = kmalloc(0);
	KEXPECT_TRUE(t, z != NULL);
	kfree(z);
	for (u32 n = 1; n <= 3 * PAGE_SIZE; n += (n < 64 ? 1 : 61)) {
		void *p = kmalloc(n);
		KASSERT_TRUE(t, p != NULL);
		size_t s = ksize(p);
		KEXPECT_GE(t, s, n);
		/* At most twice the request for classes, one page more for big blocks. */
		KEXPECT_TRUE(t, n <= 2048 ? (s < 2 * n || s == 8) : s < n + PAGE_SIZE);
		kfree(p);
	}
	KEXPECT_EQ(t, pmm_free_count(), before);
	KEXPECT_TRUE(t, kmalloc(0x7FFFFFFF) == NULL);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

KTEST_SUITE(kheap, KTEST_CASE(test_sizes_1_to_64k_with_patterns),
	    KTEST_CASE(test_kzalloc_zeroes_reused_memory), KTEST_CASE(test_size_classes));
