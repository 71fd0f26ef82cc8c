/*
 * printf formats, each line compared with what the host glibc prints for
 * the same line.  Only conversions that C and POSIX define exactly.
 */
#pragma GCC diagnostic ignored "-Wformat-truncation"
/* parallel: yes */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	char buf[64];
	int n;
	long long big = 1234567890123LL;
	short sh = -1234;
	signed char sc = -5;

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("[%d] [%i] [%u] [%x] [%X] [%o]\n", 42, -42, 42u, 0xbeef, 0xbeef, 8);
	printf("[%d] [%d] [%u] [%x]\n", INT_MAX, INT_MIN, UINT_MAX, UINT_MAX);
	printf("[%ld] [%ld] [%lu] [%lx]\n", LONG_MAX, LONG_MIN, ULONG_MAX, 0xdeadbeefUL);
	printf("[%lld] [%lld] [%llu] [%llx] [%llX]\n", LLONG_MAX, LLONG_MIN, ULLONG_MAX,
	       0x123456789abcdefULL, 0xfedcba987654321ULL);
	printf("[%lld] [%llo] [%lli]\n", big, (unsigned long long)big, -big);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%+5d] [%-+5d]\n", 42, 42, 42, 42, 42, 42, 42);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", -42, -42, -42, -42, -42);
	printf("[%.3d] [%.0d] [%5.3d] [%-5.3d] [%.3d]\n", 7, 0, 7, 7, -7);
	printf("[%#x] [%#X] [%#o] [%#x] [%#o] [%#.3o]\n", 255, 255, 8, 0, 0, 8);
	printf("[%08x] [%-8x] [%8X] [%#010x]\n", 0xabc, 0xabc, 0xabc, 0xabc);
	printf("[%zu] [%zd] [%zx] [%td] [%jd] [%ju]\n", (size_t)12345, (ssize_t)-5, (size_t)255,
	       (ptrdiff_t)-77, (intmax_t)-99, (uintmax_t)99);
	printf("[%hd] [%hu] [%hhd] [%hhu] [%hx]\n", sh, (unsigned short)65535, sc,
	       (unsigned char)250, (unsigned short)0xffff);
	printf("[%hd] [%hhd]\n", 70000, 300);
	printf("[%c] [%3c] [%-3c] [%c]\n", 'a', 'b', 'c', 65);
	printf("[%s] [%10s] [%-10s] [%.3s] [%10.2s] [%-10.2s]\n", "hello", "hi", "hi", "abcdef",
	       "abcdef", "abcdef");
	printf("[%s] [%.0s] [%5s]\n", "", "gone", "");
	printf("[%%] [%c%c]\n", 'x', 'y');
	printf("[%*d] [%-*d] [%.*d] [%*.*d] [%*d]\n", 6, 42, 6, 42, 4, 42, 8, 4, 42, -6, 42);
	printf("[%.*s] [%*s]\n", 2, "abcdef", -4, "x");
	printf("[%p] [%p]\n", (void *)0x1234, (void *)0xdeadbeef);
	printf("%" PRId64 " %" PRIu64 " %" PRIx64 " %" PRIdPTR "\n", INT64_MIN, UINT64_MAX,
	       (uint64_t)0xabcdef0123ULL, (intptr_t)-1);
	printf("%" PRIu32 " %" PRId16 " %" PRIu8 " %" PRIxMAX "\n", UINT32_MAX, INT16_MIN,
	       UINT8_MAX, UINTMAX_MAX);

	n = snprintf(buf, 8, "%s", "truncated text");
	printf("snprintf %d [%s]\n", n, buf);
	n = snprintf(NULL, 0, "%d-%s", 12345, "abc");
	printf("snprintf NULL %d\n", n);
	n = snprintf(buf, 1, "abc");
	printf("snprintf 1 %d [%s]\n", n, buf);
	n = sprintf(buf, "%d %s %c", -1, "two", '3');
	printf("sprintf %d [%s] %d\n", n, buf, (int)strlen(buf));
	n = printf("counted\n");
	printf("printf returned %d\n", n);
	printf("%d%n|\n", 12345, &n);
	printf("n %d\n", n);

	/* Floating point. */
	printf("[%f] [%f] [%f] [%f]\n", 0.0, 1.0, -1.5, 3.14159265358979);
	printf("[%.0f] [%.0f] [%.0f] [%.0f] [%.0f] [%.0f]\n", 0.5, 1.5, 2.5, 3.5, -0.5, 2.5000001);
	printf("[%.1f] [%.2f] [%.3f] [%.10f]\n", 0.05, 0.125, 2.0005, 1.0 / 3);
	printf("[%10.3f] [%-10.3f] [%010.3f] [%+.2f] [% .2f] [%#.0f]\n", 3.14159, 3.14159, -3.14159,
	       2.5, 2.5, 3.0);
	printf("[%f] [%.3f] [%f]\n", 1e20, 123456789.987654321, 1e-7);
	printf("[%.20f]\n", 0.1);
	printf("[%.40f]\n", 1e-30);
	printf("[%f]\n", 1.7976931348623157e308);
	printf("[%e] [%E] [%.2e] [%.0e] [%#.0e] [%e]\n", 12345.678, 0.000123, 9.999, 5.5, 5.5, 0.0);
	printf("[%e] [%e] [%e] [%.3e]\n", 1e300, 1e-300, 4.9406564584124654e-324, -2.5e-5);
	printf("[%g] [%g] [%g] [%g] [%g] [%g]\n", 100000.0, 1000000.0, 0.0001, 0.00001, 1.5, 0.0);
	printf("[%g] [%.3g] [%.10g] [%#g] [%G] [%g]\n", 123456789.0, 3.14159, 1.0 / 3, 1.0, 1e-10,
	       -0.0);
	printf("[%10.4g] [%-10.2g] [%+g] [%.0g] [%g]\n", 3.14159, 0.000123, 2.0, 25.0, 1e100);
	printf("[%f] [%f] [%F] [%e] [%g] [%5.1f]\n", 1.0 / 0.0, -1.0 / 0.0, 1.0 / 0.0, 1.0 / 0.0,
	       -1.0 / 0.0, 1.0 / 0.0);
	printf("[%f] [%.3f] [%f]\n", 0.000001, 0.0005, 999999.9999996);
	printf("[%.2f] [%.2f] [%.2f]\n", 1.005, 1.015, 1.025);
	printf("[%Lf] [%.2Lf]\n", (long double)2.75, (long double)-1.125);
	printf("[%8.3f|%-8.3e|%08.2g]\n", -1.0, 12.5, 0.5);
	printf("[%s %d %.2f %c %x]\n", "mixed", 7, 0.25, 'z', 31);
	errno = ERANGE;
	printf("[%m] [%30m] [%-30m]\n");
	printf("[%a] [%a] [%a] [%A] [%.2a] [%.0a] [%a] [%a]\n", 1.0, 0.5, 3.0, 255.5, 1.999, 1.5,
	       0.0, -0.1);
	printf("[%a] [%a] [%10.3a] [%-12a|]\n", 4.9406564584124654e-324, 1.7976931348623157e308,
	       1.0, 2.0);
	printf("[%f] [%e]\n", __builtin_nan(""), __builtin_nan(""));
	return 0;
}
