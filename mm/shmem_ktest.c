/*
 * Shared memory objects: bytes kept across pages and holes, truncation in
 * both directions, the quota's -ENOSPC and exact page accounting.
 */
#include "arch/i386/memlayout.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "mm/pmm.h"
#include "mm/shmem.h"
#include <abi/errno.h>

static void test_write_read_across_pages_and_holes(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct shmem *s = shmem_create(NULL);
	static u8 buf[3 * PAGE_SIZE];
	u32 nonzero = 0, bad = 0;

	KASSERT_TRUE(t, s != NULL);
	for (u32 i = 0; i < sizeof(buf); i++)
		buf[i] = (u8)(i * 7 + 1);
	/* A write straddling pages 1-4 far from 0: page 0 stays a hole. */
	KEXPECT_EQ(t, shmem_write_kernel(s, PAGE_SIZE + 100, buf, sizeof(buf)), (long)sizeof(buf));
	KEXPECT_EQ(t, s->size, (u64)PAGE_SIZE + 100 + sizeof(buf));
	KEXPECT_EQ(t, s->pages, 4);
	KEXPECT_EQ(t, shmem_findpage(s, 0), 0);
	memset(buf, 0xEE, sizeof(buf));
	KEXPECT_EQ(t, shmem_read_kernel(s, 0, buf, PAGE_SIZE), (long)PAGE_SIZE);
	for (u32 i = 0; i < PAGE_SIZE; i++)
		nonzero += buf[i] != 0;
	KEXPECT_EQ(t, nonzero, 0);
	KEXPECT_EQ(t, shmem_read_kernel(s, PAGE_SIZE + 100, buf, sizeof(buf)), (long)sizeof(buf));
	for (u32 i = 0; i < sizeof(buf); i++)
		bad += buf[i] != (u8)(i * 7 + 1);
	KEXPECT_EQ(t, bad, 0);
	/* Reads stop at the size. */
	KEXPECT_EQ(t, shmem_read_kernel(s, s->size - 10, buf, 100), 10);
	KEXPECT_EQ(t, shmem_read_kernel(s, s->size + 1, buf, 100), 0);
	shmem_put(s);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_truncate_frees_and_zeroes_tail(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct shmem *s = shmem_create(NULL);
	static u8 buf[2 * PAGE_SIZE];
	u32 nonzero = 0;

	KASSERT_TRUE(t, s != NULL);
	memset(buf, 0x5A, sizeof(buf));
	KEXPECT_EQ(t, shmem_write_kernel(s, 0, buf, sizeof(buf)), (long)sizeof(buf));
	KEXPECT_EQ(t, shmem_truncate(s, 10), 0);
	KEXPECT_EQ(t, s->pages, 1);
	/* Growing again shows zeros past the old cut, not the old bytes. */
	KEXPECT_EQ(t, shmem_truncate(s, sizeof(buf)), 0);
	KEXPECT_EQ(t, s->pages, 1);
	KEXPECT_EQ(t, shmem_read_kernel(s, 0, buf, sizeof(buf)), (long)sizeof(buf));
	KEXPECT_EQ(t, buf[9], 0x5A);
	for (u32 i = 10; i < sizeof(buf); i++)
		nonzero += buf[i] != 0;
	KEXPECT_EQ(t, nonzero, 0);
	KEXPECT_EQ(t, shmem_truncate(s, SHMEM_MAX_BYTES + 1), -EFBIG);
	/* A sparse 1 GiB file costs no page. */
	KEXPECT_EQ(t, shmem_truncate(s, 0), 0);
	KEXPECT_EQ(t, shmem_truncate(s, 1ull << 30), 0);
	KEXPECT_EQ(t, s->pages, 0);
	shmem_put(s);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_quota_enospc_and_refund(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct shmem_quota q = {.max_pages = 4};
	struct shmem *a = shmem_create(&q), *b = shmem_create(&q);
	static u8 buf[4 * PAGE_SIZE];
	long n;

	KASSERT_TRUE(t, a && b);
	/* The directory and one leaf are charged too: two pages of data fit. */
	n = shmem_write_kernel(a, 0, buf, sizeof(buf));
	KEXPECT_EQ(t, n, 2 * PAGE_SIZE);
	KEXPECT_EQ(t, q.used_pages, 4);
	KEXPECT_EQ(t, shmem_write_kernel(b, 0, buf, 1), -ENOSPC);
	KEXPECT_EQ(t, b->size, 0);
	KEXPECT_EQ(t, q.used_pages, 4);
	/* Truncating a frees its pages for b. */
	KEXPECT_EQ(t, shmem_truncate(a, 0), 0);
	KEXPECT_EQ(t, q.used_pages, 0);
	KEXPECT_EQ(t, shmem_write_kernel(b, 0, buf, 1), 1);
	shmem_get(b);
	shmem_put(b);
	KEXPECT_EQ(t, b->refs, 1);
	shmem_put(a);
	shmem_put(b);
	KEXPECT_EQ(t, q.used_pages, 0);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_write_past_limit(struct ktest *t)
{
	struct shmem *s = shmem_create(NULL);
	u8 c = 1;

	KASSERT_TRUE(t, s != NULL);
	KEXPECT_EQ(t, shmem_write_kernel(s, SHMEM_MAX_BYTES, &c, 1), -EFBIG);
	KEXPECT_EQ(t, shmem_write_kernel(s, SHMEM_MAX_BYTES - 1, &c, 1), 1);
	KEXPECT_EQ(t, s->size, SHMEM_MAX_BYTES);
	shmem_put(s);
}

/* A write whose user buffer faults takes no page it could not fill. */
static void test_failed_write_keeps_no_page(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct shmem *s = shmem_create(NULL);

	KASSERT_TRUE(t, s != NULL);
	KEXPECT_EQ(t, shmem_write(s, 3 * PAGE_SIZE, (const void __user *)0xC0000000u, 10), -EFAULT);
	KEXPECT_EQ(t, s->size, 0);
	KEXPECT_EQ(t, s->pages, 0);
	shmem_put(s);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

KTEST_SUITE(shmem, KTEST_CASE(test_write_read_across_pages_and_holes),
	    KTEST_CASE(test_truncate_frees_and_zeroes_tail),
	    KTEST_CASE(test_quota_enospc_and_refund), KTEST_CASE(test_write_past_limit),
	    KTEST_CASE(test_failed_write_keeps_no_page));
