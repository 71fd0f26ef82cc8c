/*
 * The i386 forms of lib/'s hot helpers, on the target: the host tests run
 * the C forms (tests/host), and these run what the kernel really executes
 * (the string instructions of memcpy and memset, the divl of lib/div64.h
 * under ktime_to_timespec and ktime_forward), checked against plain
 * loops and 64-bit division at the edges of their fast paths.
 */
#include "kernel/ktest.h"
#include "lib/div64.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include <abi/errno.h>

/* Every byte of dst: in [off, off + n) what in_range says, 0xEE elsewhere. */
static bool only_range_written(const u8 *dst, unsigned size, unsigned off, unsigned n,
			       const u8 *want)
{
	for (unsigned i = 0; i < size; i++)
		if (dst[i] != (i >= off && i < off + n ? want[i - off] : 0xEE))
			return false;
	return true;
}

static void test_memcpy_memset_sizes(struct ktest *t)
{
	static u8 src[80], dst[96], fill[64];
	bool ok = true;

	for (unsigned i = 0; i < sizeof(src); i++)
		src[i] = (u8)(i * 7 + 1);
	/* every length 0..64 at every alignment of both sides: the word part
	 * and the 0-3 byte tail, and not one byte beyond */
	for (unsigned n = 0; n <= 64; n++)
		for (unsigned so = 0; so < 4; so++)
			for (unsigned d_off = 0; d_off < 4; d_off++) {
				memset(dst, 0xEE, sizeof(dst));
				ok &= memcpy(dst + d_off, src + so, n) == dst + d_off;
				ok &= only_range_written(dst, sizeof(dst), d_off, n, src + so);
				memset(dst, 0xEE, sizeof(dst));
				for (unsigned i = 0; i < n; i++)
					fill[i] = (u8)(0x5A + n);
				ok &= memset(dst + d_off, 0x5A + (int)n, n) == dst + d_off;
				ok &= only_range_written(dst, sizeof(dst), d_off, n, fill);
			}
	KEXPECT_TRUE(t, ok);
	/* memset's pattern is the low byte of c, repeated */
	memset(dst, 0x1234, 8);
	KEXPECT_EQ(t, dst[0], 0x34);
	KEXPECT_EQ(t, dst[7], 0x34);
}

static void test_div64_narrow(struct ktest *t)
{
	static const u64 dividends[] = {0,
					1,
					999999999,
					1000000000,
					0xFFFFFFFFull,
					0x100000000ull,
					0x3B9AC9FFFFFFFFFFull,
					1234567890123456789ull};
	static const u32 divisors[] = {1, 3, 838, 1000000, 1000000000, 0xFFFFFFFFu};
	bool ok = true;

	for (unsigned i = 0; i < sizeof(dividends) / sizeof(dividends[0]); i++)
		for (unsigned j = 0; j < sizeof(divisors) / sizeof(divisors[0]); j++) {
			u64 a = dividends[i];
			u32 d = divisors[j], rem;

			if ((a >> 32) >= d)
				continue; /* not narrow: the caller's case to avoid */
			if (div64_narrow((u32)(a >> 32), (u32)a, d, &rem) != a / d || rem != a % d)
				ok = false;
		}
	KEXPECT_TRUE(t, ok);
}

static void expect_timespec(struct ktest *t, ktime_t ns, long sec, long nsec)
{
	struct timespec ts;

	ktime_to_timespec(ns, &ts);
	if (!KEXPECT_EQ(t, ts.tv_sec, sec) || !KEXPECT_EQ(t, ts.tv_nsec, nsec))
		ktest_check(t, false, __FILE__, __LINE__, "for %llu ns", (unsigned long long)ns);
}

static void test_ktime_timespec_edges(struct ktest *t)
{
	struct timespec ts = {0x7FFFFFFF, 999999999};
	ktime_t ns;

	expect_timespec(t, 0, 0, 0);
	expect_timespec(t, 999999999, 0, 999999999);
	expect_timespec(t, 1000000000, 1, 0);
	expect_timespec(t, 0xFFFFFFFFull, 4, 294967295);
	/* the last value a 32-bit tv_sec holds, and one past it */
	expect_timespec(t, 0x7FFFFFFFull * NSEC_PER_SEC + 999999999, 0x7FFFFFFF, 999999999);
	expect_timespec(t, 0x80000000ull * NSEC_PER_SEC, 0x7FFFFFFF, 999999999);
	/* the divl's own edge: (t >> 32) = 10^9 - 1 and 10^9 */
	expect_timespec(t, 0x3B9AC9FFFFFFFFFFull, 0x7FFFFFFF, 999999999);
	expect_timespec(t, 0x3B9ACA0000000000ull, 0x7FFFFFFF, 999999999);
	expect_timespec(t, KTIME_MAX, 0x7FFFFFFF, 999999999);
	KEXPECT_EQ(t, ktime_from_timespec(&ts, &ns), 0);
	KEXPECT_EQ(t, ns, 0x7FFFFFFFull * NSEC_PER_SEC + 999999999);
	ts.tv_sec = 1;
	ts.tv_nsec = 1000000000;
	KEXPECT_EQ(t, ktime_from_timespec(&ts, &ns), -EINVAL);
}

static void test_ktime_forward_divisions(struct ktest *t)
{
	ktime_t next;

	/* the divl: a 1 ms period, 3.5 periods late */
	KEXPECT_EQ(t, ktime_forward(1000000, 1000000, 4500000, &next), 3);
	KEXPECT_EQ(t, next, 5000000);
	/* lateness of 2^32 periods and more, and a period over 32 bits: the
	 * 64-bit division */
	KEXPECT_EQ(t, ktime_forward(0, 1, 0x100000000ull, &next), KTIME_OVERRUN_MAX);
	KEXPECT_EQ(t, next, 0x100000001ull);
	KEXPECT_EQ(t, ktime_forward(0, 0x100000000ull, 0x500000000ull, &next), 5);
	KEXPECT_EQ(t, next, 0x600000000ull);
	/* (late >> 32) just below the period: still narrow */
	KEXPECT_EQ(t, ktime_forward(10, 0x80000000ull, 10 + 0x7FFFFFFFFFFFFFFFull, &next),
		   KTIME_OVERRUN_MAX);
	KEXPECT_EQ(t, next, 10 + 0x8000000000000000ull);
}

KTEST_SUITE(fastpath, KTEST_CASE(test_memcpy_memset_sizes), KTEST_CASE(test_div64_narrow),
	    KTEST_CASE(test_ktime_timespec_edges), KTEST_CASE(test_ktime_forward_divisions));
