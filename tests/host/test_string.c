/*
 * lib/string.c against glibc: random buffers at every small alignment and
 * length, overlapping moves both ways, bytes above 127 (compared as
 * unsigned char), and the exact bytes written (guard bytes around every
 * destination must stay untouched).
 *
 * tests/host/rename.h makes memcpy mean lib_memcpy etc.; the glibc
 * functions are un-renamed below and declared by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lib/string.h" /* lib_memcpy, lib_strlen, ... */

#undef memcpy
#undef memmove
#undef memset
#undef memcmp
#undef strlen
#undef strnlen
#undef strcmp
#undef strncmp
#undef strcpy
#undef strncpy
#undef strchr
#undef strrchr
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
size_t strlen(const char *);
size_t strnlen(const char *, size_t);
int strcmp(const char *, const char *);
int strncmp(const char *, const char *, size_t);
char *strcpy(char *, const char *);
char *strncpy(char *, const char *, size_t);
char *strchr(const char *, int);
char *strrchr(const char *, int);

#define N 96
#define PAD 16

static unsigned rng_state = 12345;

static unsigned rng(void)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return rng_state >> 8;
}

/* Random bytes, some of them above 127, none zero unless asked. */
static void fill_random(unsigned char *p, size_t n, bool zeros_allowed)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)rng();
		if (!zeros_allowed && c == 0)
			c = 0x80;
		p[i] = c;
	}
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void test_memcpy_memset_exact_bytes(void **state)
{
	(void)state;
	unsigned char src[N + PAD], a[N + 2 * PAD], b[N + 2 * PAD];
	for (size_t off = 0; off < 8; off++)
		for (size_t len = 0; len <= N - 8; len++) {
			fill_random(src, sizeof(src), true);
			memset(a, 0xA5, sizeof(a));
			memset(b, 0xA5, sizeof(b));
			assert_ptr_equal(lib_memcpy(a + PAD + off, src + (len % 8), len),
					 a + PAD + off);
			memcpy(b + PAD + off, src + (len % 8), len);
			assert_memory_equal(a, b, sizeof(a));

			int c = (int)(rng() % 512) - 128; /* memset takes the low byte */
			assert_ptr_equal(lib_memset(a + PAD + off, c, len), a + PAD + off);
			memset(b + PAD + off, c, len);
			assert_memory_equal(a, b, sizeof(a));
		}
}

static void test_memmove_overlaps(void **state)
{
	(void)state;
	unsigned char a[3 * N], b[3 * N];
	for (size_t len = 0; len <= N; len += 1 + len / 8)
		for (int shift = -17; shift <= 17; shift++) {
			fill_random(a, sizeof(a), true);
			memcpy(b, a, sizeof(a));
			unsigned char *src_a = a + N, *src_b = b + N;
			assert_ptr_equal(lib_memmove(src_a + shift, src_a, len), src_a + shift);
			memmove(src_b + shift, src_b, len);
			assert_memory_equal(a, b, sizeof(a));
		}
}

static void test_memcmp_strcmp_signs(void **state)
{
	(void)state;
	unsigned char x[N + 1], y[N + 1];
	for (unsigned round = 0; round < 4000; round++) {
		size_t len = rng() % N;
		fill_random(x, len, false);
		memcpy(y, x, len);
		x[len] = y[len] = 0;
		/* Change zero, one or two bytes (high bytes too), or cut one string. */
		unsigned kind = rng() % 4;
		if (len && kind >= 1)
			y[rng() % len] = (unsigned char)(rng() | (kind == 2 ? 0x80 : 0));
		if (len && kind == 3)
			y[rng() % len] = 0;
		size_t n = rng() % (N + 4);
		size_t m = n < len + 1 ? n : len + 1; /* memcmp must stay inside */
		assert_int_equal(sign(lib_memcmp(x, y, m)), sign(memcmp(x, y, m)));
		assert_int_equal(sign(lib_strcmp((char *)x, (char *)y)),
				 sign(strcmp((char *)x, (char *)y)));
		assert_int_equal(sign(lib_strcmp((char *)y, (char *)x)),
				 sign(strcmp((char *)y, (char *)x)));
		assert_int_equal(sign(lib_strncmp((char *)x, (char *)y, n)),
				 sign(strncmp((char *)x, (char *)y, n)));
	}
	assert_int_equal(lib_strcmp("", ""), 0);
	assert_true(lib_strcmp("a", "\xff") < 0); /* unsigned char, as C says */
	assert_true(lib_memcmp("\x01", "\x80", 1) < 0);
	assert_int_equal(lib_strncmp("abcX", "abcY", 3), 0);
	assert_int_equal(lib_strncmp("abc", "abd", 0), 0);
}

static void test_lengths_and_searches(void **state)
{
	(void)state;
	char s[N + 1];
	for (unsigned round = 0; round < 4000; round++) {
		size_t len = rng() % N;
		fill_random((unsigned char *)s, len, false);
		s[len] = 0;
		for (size_t i = 0; i < len; i++)
			if (rng() % 8 == 0)
				s[i] = 'q';
		assert_int_equal(lib_strlen(s), strlen(s));
		size_t max = rng() % (N + 2);
		assert_int_equal(lib_strnlen(s, max), strnlen(s, max));
		int c = rng() % 3 == 0 ? 'q' : (int)(rng() % 256);
		if (rng() % 10 == 0)
			c = 0; /* finds the terminator */
		if (rng() % 10 == 0)
			c += 256; /* converted to char */
		assert_ptr_equal(lib_strchr(s, c), strchr(s, c));
		assert_ptr_equal(lib_strrchr(s, c), strrchr(s, c));
	}
}

static void test_strcpy_strncpy_exact_bytes(void **state)
{
	(void)state;
	char src[N + 1], a[N + 2 * PAD], b[N + 2 * PAD];
	for (unsigned round = 0; round < 3000; round++) {
		size_t len = rng() % (N - 8);
		fill_random((unsigned char *)src, len, false);
		src[len] = 0;
		memset(a, 0x5A, sizeof(a));
		memset(b, 0x5A, sizeof(b));
		assert_ptr_equal(lib_strcpy(a + PAD, src), a + PAD);
		strcpy(b + PAD, src);
		assert_memory_equal(a, b, sizeof(a));
		/* strncpy: cut without a NUL when n <= len, zero-padded when longer. */
		size_t n = rng() % N;
		memset(a, 0x5A, sizeof(a));
		memset(b, 0x5A, sizeof(b));
		assert_ptr_equal(lib_strncpy(a + PAD, src, n), a + PAD);
		strncpy(b + PAD, src, n);
		assert_memory_equal(a, b, sizeof(a));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_memcpy_memset_exact_bytes),
	    cmocka_unit_test(test_memmove_overlaps),
	    cmocka_unit_test(test_memcmp_strcmp_signs),
	    cmocka_unit_test(test_lengths_and_searches),
	    cmocka_unit_test(test_strcpy_strncpy_exact_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
