/*
 * lib/vsnprintf.c on the target: the host tests compare it with glibc on
 * x86-64, where long, size_t and pointers are 64 bits; here they are 32.
 */
#include "kernel/ktest.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include <limits.h>
#include <stdint.h>

#define EXPECT_FORMAT(t, want, ...)                                                                \
	do {                                                                                       \
		char buf_[96];                                                                     \
		int n_ = snprintf(buf_, sizeof(buf_), __VA_ARGS__);                                \
		KEXPECT_EQ(t, n_, (int)sizeof(want) - 1);                                          \
		if (!KEXPECT_EQ(t, strcmp(buf_, want), 0))                                         \
			ktest_check(t, false, __FILE__, __LINE__, "got \"%s\"", buf_);             \
	} while (0)

static void test_32bit_lengths(struct ktest *t)
{
	EXPECT_FORMAT(t, "-5 4294967295 ffffffff", "%zd %zu %zx", (size_t)-5, (size_t)-1, SIZE_MAX);
	EXPECT_FORMAT(t, "-7 4294967295", "%td %tu", (ptrdiff_t)-7, (ptrdiff_t)-1);
	EXPECT_FORMAT(t, "-2147483648 4294967295", "%ld %lu", LONG_MIN, ULONG_MAX);
	EXPECT_FORMAT(t, "-9223372036854775808 18446744073709551615", "%lld %llu", LLONG_MIN,
		      ULLONG_MAX);
	EXPECT_FORMAT(t, "-9223372036854775808", "%jd", INTMAX_MIN);
	EXPECT_FORMAT(t, "0xc0100000 (nil)", "%p %p", (void *)0xC0100000u, (void *)0);
	EXPECT_FORMAT(t, "[0xff      ][    (nil)]", "[%-10p][%9p]", (void *)0xff, (void *)0);
}

KTEST_SUITE(vsnprintf, KTEST_CASE(test_32bit_lengths));
