/*
 * lib/vsnprintf.c against glibc's snprintf: every conversion the kernel
 * uses, crossed with flags, widths, precisions and length modifiers, each
 * value printed by both and compared, and every result also cut at every
 * buffer size from 0 to its length + 2 (return value, bytes written, NUL
 * placement, nothing written past the given size).
 *
 * tests/host/rename.h turns vsnprintf/snprintf into lib_vsnprintf/
 * lib_snprintf everywhere; here glibc's are wanted too, so they are
 * un-renamed and declared by hand.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <cmocka.h>

#include "lib/vsnprintf.h" /* declares lib_vsnprintf, lib_snprintf */

#undef snprintf
#undef vsnprintf
int snprintf(char *, size_t, const char *, ...);
int vsnprintf(char *, size_t, const char *, va_list);

#define BUF 512
#define SENTINEL 0x7E

static unsigned long comparisons, mismatches;

static void report(const char *fmt, size_t size, int want_rc, int got_rc, const char *want,
		   const char *got)
{
	if (++mismatches <= 25)
		print_message("MISMATCH fmt \"%s\" size %zu: glibc %d \"%s\", lib %d \"%s\"\n", fmt,
			      size, want_rc, want, got_rc, got);
}

/*
 * Print with both, into a large buffer, then at every size 0..len+2 into
 * buffers prefilled with a sentinel; the whole buffers must be equal.
 */
static void check_va(bool truncations, const char *fmt, va_list ap)
{
	char want[BUF], got[BUF];
	va_list a1, a2;

	va_copy(a1, ap);
	va_copy(a2, ap);
	int want_rc = vsnprintf(want, sizeof(want), fmt, a1);
	int got_rc = lib_vsnprintf(got, sizeof(got), fmt, a2);
	va_end(a1);
	va_end(a2);
	comparisons++;
	if (want_rc != got_rc || strcmp(want, got)) {
		report(fmt, sizeof(want), want_rc, got_rc, want, got);
		return;
	}
	if (!truncations || want_rc < 0 || want_rc + 3 > BUF)
		return;
	/* Size 0 writes nothing at all, not even through a NULL pointer. */
	va_copy(a2, ap);
	got_rc = lib_vsnprintf(NULL, 0, fmt, a2);
	va_end(a2);
	if (got_rc != want_rc)
		report(fmt, 0, want_rc, got_rc, "(NULL buffer)", "?");
	for (size_t size = 0; size <= (size_t)want_rc + 2; size++) {
		char w[BUF], g[BUF];
		memset(w, SENTINEL, sizeof(w));
		memset(g, SENTINEL, sizeof(g));
		va_copy(a1, ap);
		va_copy(a2, ap);
		int wr = vsnprintf(w, size, fmt, a1);
		int gr = lib_vsnprintf(g, size, fmt, a2);
		va_end(a1);
		va_end(a2);
		comparisons++;
		if (wr != gr || memcmp(w, g, sizeof(w))) {
			w[BUF - 1] = g[BUF - 1] = 0;
			report(fmt, size, wr, gr, w, g);
		}
	}
}

static void check(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	check_va(true, fmt, ap);
	va_end(ap);
}

static void check_quick(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	check_va(false, fmt, ap);
	va_end(ap);
}

static void assert_no_mismatch(void)
{
	unsigned long bad = mismatches;
	print_message("%lu comparisons, %lu mismatches\n", comparisons, mismatches);
	comparisons = mismatches = 0;
	assert_int_equal(bad, 0);
}

/* "%" + flags + width + precision + length + conversion. */
static void build(char *out, size_t n, const char *flags, const char *width, const char *prec,
		  const char *len, char conv)
{
	int r = snprintf(out, n, "%%%s%s%s%s%c", flags, width, prec, len, conv);
	assert_true(r > 0 && (size_t)r < n);
}

static const char *const flag_sets[] = {
    "",	  "-",	"0",  "+",  " ",   "#",	  "-0",	 "-+",	"- ",  "-#",   "0+",	"0 ",
    "0#", "+ ", "+#", " #", "-0+", "-0#", "0+#", "-+#", "0 #", "-+ #", "-0+ #",
};
static const char *const widths[] = {"", "1", "5", "12", "25"};
static const char *const precs[] = {"", ".", ".0", ".1", ".3", ".12", ".22"};

static const long long signed_values[] = {
    0,
    1,
    -1,
    7,
    -7,
    42,
    -42,
    127,
    -128,
    128,
    255,
    256,
    32767,
    -32768,
    65535,
    65536,
    1000000,
    -999999,
    INT_MAX,
    INT_MIN,
    (long long)INT_MAX + 1,
    (long long)INT_MIN - 1,
    UINT_MAX,
    1234567890123LL,
    -1234567890123LL,
    LLONG_MAX,
    LLONG_MIN,
};
static const unsigned long long unsigned_values[] = {
    0,
    1,
    7,
    8,
    9,
    15,
    16,
    255,
    256,
    4095,
    65535,
    65536,
    0x7FFFFFFF,
    0x80000000u,
    UINT_MAX,
    (unsigned long long)UINT_MAX + 1,
    01234567012345670ULL,
    0xDEADBEEFCAFEull,
    LLONG_MAX,
    (unsigned long long)LLONG_MAX + 1,
    ULLONG_MAX,
};

/*
 * One format over the values (every `stride`-th from `first`), each passed
 * with the type its length modifier names.
 */
static void check_values(const char *fmt, const char *len, bool is_signed, bool trunc, size_t first,
			 size_t stride)
{
	void (*fn)(const char *, ...) = trunc ? check : check_quick;
	size_t ns = sizeof(signed_values) / sizeof(signed_values[0]);
	size_t nu = sizeof(unsigned_values) / sizeof(unsigned_values[0]);
	for (size_t i = first % stride; i < (is_signed ? ns : nu); i += stride) {
		long long s = is_signed ? signed_values[i] : 0;
		unsigned long long u = is_signed ? 0 : unsigned_values[i];
		if (!strcmp(len, "ll"))
			is_signed ? fn(fmt, s) : fn(fmt, u);
		else if (!strcmp(len, "l"))
			is_signed ? fn(fmt, (long)s) : fn(fmt, (unsigned long)u);
		else if (!strcmp(len, "z"))
			is_signed ? fn(fmt, (ssize_t)s) : fn(fmt, (size_t)u);
		else if (!strcmp(len, "j"))
			is_signed ? fn(fmt, (intmax_t)s) : fn(fmt, (uintmax_t)u);
		else if (!strcmp(len, "t"))
			is_signed ? fn(fmt, (ptrdiff_t)s) : fn(fmt, (ptrdiff_t)u);
		else /* "", "h", "hh": an int (promoted), converted by printf */
			is_signed ? fn(fmt, (int)s) : fn(fmt, (unsigned)u);
	}
}

static void test_integers_all_combinations(void **state)
{
	(void)state;
	static const char *const lens[] = {"hh", "h", "", "l", "ll", "z", "j", "t"};
	static const char convs[] = "diuxXo";
	char fmt[64];
	unsigned n = 0;
	for (size_t c = 0; c < sizeof(convs) - 1; c++)
		for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
			for (size_t f = 0; f < sizeof(flag_sets) / sizeof(flag_sets[0]); f++)
				for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++)
					for (size_t p = 0; p < sizeof(precs) / sizeof(precs[0]);
					     p++) {
						build(fmt, sizeof(fmt), flag_sets[f], widths[w],
						      precs[p], lens[l], convs[c]);
						/* Every value; cut at every size for
						 * one format in 8. */
						check_values(fmt, lens[l],
							     convs[c] == 'd' || convs[c] == 'i',
							     (n % 8) == 0, 0, 1);
						n++;
					}
	assert_no_mismatch();
}

static void test_extremes_and_truncation(void **state)
{
	(void)state;
	/* Every value with the plain conversions. */
	static const char *const plain[] = {"%d",   "%i",   "%u",   "%x",   "%X",
					    "%o",   "%lld", "%llu", "%llx", "%llo",
					    "%hhd", "%hu",  "%zu",  "%jd",  "%ld"};
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		char len[4] = "";
		memcpy(len, plain[i] + 1, strlen(plain[i]) - 2);
		char conv = plain[i][strlen(plain[i]) - 1];
		check_values(plain[i], len, conv == 'd' || conv == 'i', true, 0, 1);
	}
	check("%d", INT_MIN);
	check("%i", INT_MAX);
	check("%lld", LLONG_MIN);
	check("%lld", LLONG_MAX);
	check("%llu", ULLONG_MAX);
	check("%llx", ULLONG_MAX);
	check("%#llo", ULLONG_MAX);
	check("%llX", 0xABCDEF0123456789ull);
	check("%ld %lu", LONG_MIN, ULONG_MAX);
	check("%hd %hu %hhd %hhu", 40000, 70000, 200, 300);
	check("%zu %zd %zx", (size_t)SIZE_MAX, (ssize_t)-5, (size_t)0xFFFF);
	check("%jd %ju", INTMAX_MIN, UINTMAX_MAX);
	check("%td", (ptrdiff_t)-123456);
	check("[%5d] [%-5d] [%05d] [%+d] [% d] [%+5d] [%-+5d]", 42, 42, 42, 42, 42, -42, 42);
	check("%08.3d|%-8.3d|%.0d|%.0d|%5.0d", 7, -7, 0, 1, 0);
	check("%#x %#X %#o %#o %#.0o %#.0x %#5x %#05x %#-8x", 255, 255, 8, 0, 0, 0, 1, 1, 16);
	check("%x%X%o%u", 0xabcu, 0xABCu, 0777u, 4000000000u);
	check("Long text with numbers %d and %s and %c and %% signs %u", 12, "str", 'q', 3u);
	check("%s", "");
	check("");
	check("plain text, no conversion at all, long enough to cut in many places");
	check("%%%%%d%%", 5);
	check("%c%c%c", 'a', 'b', 'c');
	check("[%5c] [%-5c] [%c]", 'x', 'y', 0x7F);
	check("%.0s|%.1s|%.5s|%10.3s|%-10.3s|%3s|%-3s|", "abc", "abc", "abc", "abcdef", "abcdef",
	      "toolong", "toolong");
	check("%*d|%-*d|%*d|%.*d|%.*d|%*.*d", 6, 1, 6, 2, -6, 3, 4, 5, -2, 6, 8, 3, 7);
	check("%*s|%.*s|%-*.*s|", 7, "ab", 2, "abcdef", 6, 3, "abcdef");
	check("%*d|%*u|", -100, 9, 40, 7u);
	check("%p %p %p", (void *)0x1234, (void *)0xC0100000ul, (void *)~0ul);
	check("%p|%20p|%-20p|%5p|%-8p|", (void *)0, (void *)0, (void *)0, (void *)0, (void *)0);
	check("%20p|%-20p|%020p|%.10p", (void *)0xabc, (void *)0xabc, (void *)0xabc, (void *)0xabc);
	check("%s=%d, %s=%#x, %s=%p", "a", -1, "b", 0xffu, "c", (void *)16);
	check("[%+p][% p][%#p][%+5p]", (void *)16, (void *)16, (void *)16, (void *)0);
	check("[%05s][%05c][%-05d][%0-5d]", "ab", 'x', 3, 4);
	assert_no_mismatch();
}

static void test_strings_and_chars(void **state)
{
	(void)state;
	static const char *const strs[] = {"", "a", "hello", "a longer string of text"};
	static const char *const sflags[] = {"", "-"};
	char fmt[64];
	for (size_t s = 0; s < 4; s++)
		for (size_t f = 0; f < 2; f++)
			for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++)
				for (size_t p = 0; p < sizeof(precs) / sizeof(precs[0]); p++) {
					build(fmt, sizeof(fmt), sflags[f], widths[w], precs[p], "",
					      's');
					check(fmt, strs[s]);
					build(fmt, sizeof(fmt), sflags[f], widths[w], "", "", 'c');
					check(fmt, strs[s][0] ? strs[s][0] : 'Z');
				}
	/* Every byte value through %c (NUL included: counted and stored). */
	for (int c = 1; c < 256; c++)
		check_quick("<%c>", c);
	check("a%cb", 0);
	assert_no_mismatch();
}

/* What glibc prints for a NULL %s: "(null)", or nothing if cut below 6. */
static void test_null_string(void **state)
{
	(void)state;
	check("%s", (char *)NULL);
	check("%10s|%-10s|", (char *)NULL, (char *)NULL);
	check("%.6s|%.8s|", (char *)NULL, (char *)NULL);
	check("[%.0s][%.3s][%.5s][%3.2s][%-8.1s]", (char *)NULL, (char *)NULL, (char *)NULL,
	      (char *)NULL, (char *)NULL);
	assert_no_mismatch();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_integers_all_combinations),
	    cmocka_unit_test(test_extremes_and_truncation),
	    cmocka_unit_test(test_strings_and_chars),
	    cmocka_unit_test(test_null_string),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
