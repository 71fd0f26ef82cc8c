/* Integer helpers, conversions, sorting, pseudo-random numbers. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int abs(int n)
{
	return n < 0 ? -n : n;
}

long labs(long n)
{
	return n < 0 ? -n : n;
}

long long llabs(long long n)
{
	return n < 0 ? -n : n;
}

intmax_t imaxabs(intmax_t n)
{
	return n < 0 ? -n : n;
}

div_t div(int num, int den)
{
	div_t d = {num / den, num % den};
	return d;
}

ldiv_t ldiv(long num, long den)
{
	ldiv_t d = {num / den, num % den};
	return d;
}

lldiv_t lldiv(long long num, long long den)
{
	lldiv_t d = {num / den, num % den};
	return d;
}

imaxdiv_t imaxdiv(intmax_t num, intmax_t den)
{
	imaxdiv_t d = {num / den, num % den};
	return d;
}

static int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/*
 * The one parser behind strtol & co.: optional space, sign, a 0x/0X prefix
 * (base 16 or 0) or a 0 (base 0 means octal), then digits.  It accumulates
 * the magnitude in unsigned long long, saturating at `limit` with ERANGE.
 * *neg tells the sign; *end points after the last digit used, or at s when
 * there was no number at all.
 */
static unsigned long long parse_magnitude(const char *s, char **end, int base,
					  unsigned long long limit, int *neg, int *overflowed)
{
	const char *p = s, *digits;
	unsigned long long value = 0;
	int overflow = 0;

	*neg = 0;
	*overflowed = 0;
	if (base < 0 || base == 1 || base > 36) {
		errno = EINVAL;
		if (end)
			*end = (char *)s;
		return 0;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+' || *p == '-')
		*neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    digit_value((unsigned char)p[2]) < 16) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = p[0] == '0' ? 8 : 10;
	}
	digits = p;
	for (; digit_value((unsigned char)*p) < base; p++) {
		unsigned int d = (unsigned int)digit_value((unsigned char)*p);

		if (overflow || value > (limit - d) / (unsigned int)base)
			overflow = 1;
		else
			value = value * (unsigned int)base + d;
	}
	if (end)
		*end = (char *)(p == digits ? s : p);
	*overflowed = overflow;
	if (overflow) {
		errno = ERANGE;
		return limit;
	}
	return value;
}

/* A signed conversion: the magnitude checked against [min, max]. */
static long long parse_signed(const char *s, char **end, int base, long long min, long long max)
{
	int neg, overflowed;
	unsigned long long mag = parse_magnitude(s, end, base, ULLONG_MAX, &neg, &overflowed);

	if (neg) {
		if (mag > (unsigned long long)max + 1) {
			errno = ERANGE;
			return min;
		}
		return mag == (unsigned long long)max + 1 ? min : -(long long)mag;
	}
	if (mag > (unsigned long long)max) {
		errno = ERANGE;
		return max;
	}
	return (long long)mag;
}

/* An unsigned one: a minus sign negates in the unsigned type, as C says. */
static unsigned long long parse_unsigned(const char *s, char **end, int base,
					 unsigned long long max)
{
	int neg, overflowed;
	unsigned long long mag = parse_magnitude(s, end, base, ULLONG_MAX, &neg, &overflowed);

	if (overflowed || mag > max) {
		errno = ERANGE;
		return max;
	}
	return neg ? (0 - mag) & max : mag;
}

long strtol(const char *s, char **end, int base)
{
	return (long)parse_signed(s, end, base, LONG_MIN, LONG_MAX);
}

long long strtoll(const char *s, char **end, int base)
{
	return parse_signed(s, end, base, LLONG_MIN, LLONG_MAX);
}

intmax_t strtoimax(const char *s, char **end, int base)
{
	return parse_signed(s, end, base, INTMAX_MIN, INTMAX_MAX);
}

unsigned long strtoul(const char *s, char **end, int base)
{
	return (unsigned long)parse_unsigned(s, end, base, ULONG_MAX);
}

unsigned long long strtoull(const char *s, char **end, int base)
{
	return parse_unsigned(s, end, base, ULLONG_MAX);
}

uintmax_t strtoumax(const char *s, char **end, int base)
{
	return parse_unsigned(s, end, base, UINTMAX_MAX);
}

int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

long atol(const char *s)
{
	return strtol(s, NULL, 10);
}

long long atoll(const char *s)
{
	return strtoll(s, NULL, 10);
}

/* qsort: heapsort, O(n log n) always, in place, no recursion. */
static void swap_bytes(char *a, char *b, size_t size)
{
	while (size--) {
		char t = *a;

		*a++ = *b;
		*b++ = t;
	}
}

static void sift_down(char *base, size_t root, size_t n, size_t size,
		      int (*cmp)(const void *, const void *))
{
	for (;;) {
		size_t child = 2 * root + 1, top = root;

		if (child < n && cmp(base + child * size, base + top * size) > 0)
			top = child;
		if (child + 1 < n && cmp(base + (child + 1) * size, base + top * size) > 0)
			top = child + 1;
		if (top == root)
			return;
		swap_bytes(base + root * size, base + top * size, size);
		root = top;
	}
}

void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	char *b = base;
	size_t i;

	if (n < 2 || size == 0)
		return;
	for (i = n / 2; i-- > 0;)
		sift_down(b, i, n, size, cmp);
	for (i = n - 1; i > 0; i--) {
		swap_bytes(b, b + i * size, size);
		sift_down(b, 0, i, size, cmp);
	}
}

void *bsearch(const void *key, const void *base, size_t n, size_t size,
	      int (*cmp)(const void *, const void *))
{
	const char *b = base;

	while (n > 0) {
		const char *mid = b + (n / 2) * size;
		int c = cmp(key, mid);

		if (c == 0)
			return (void *)mid;
		if (c > 0) {
			b = mid + size;
			n -= n / 2 + 1;
		} else {
			n /= 2;
		}
	}
	return NULL;
}

/*
 * rand: the same sequence as glibc's default generator, so that a program
 * seeding it prints the same numbers on tick386 and on Linux.  That
 * generator is an additive lagged-Fibonacci one: r[i] = r[i-3] + r[i-31]
 * (mod 2^32), output r[i] >> 1.  srand(s) fills r[0..30] with s * 16807^i
 * mod (2^31 - 1) (Park and Miller's "minimal standard"), then runs 310
 * steps unseen.  rand_r keeps a 32-bit state and is the usual small LCG.
 */
static unsigned int rand_ring[34]; /* r[i] lives at rand_ring[i % 34] */
static unsigned int rand_next;	   /* the next i, kept in [34, 68) */

void srand(unsigned int seed)
{
	int i;

	rand_ring[0] = seed ? seed : 1;
	for (i = 1; i < 31; i++) {
		long long r = 16807LL * (int)rand_ring[i - 1] % 2147483647;

		rand_ring[i] = (unsigned int)(r < 0 ? r + 2147483647 : r);
	}
	for (i = 31; i < 34; i++)
		rand_ring[i] = rand_ring[i - 31];
	rand_next = 34;
	for (i = 0; i < 310; i++)
		rand();
}

int rand(void)
{
	unsigned int r;

	if (!rand_next)
		srand(1);
	r = rand_ring[(rand_next - 31) % 34] + rand_ring[(rand_next - 3) % 34];
	rand_ring[rand_next % 34] = r;
	if (++rand_next == 68)
		rand_next = 34;
	return (int)(r >> 1);
}

int rand_r(unsigned int *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (int)((*seed >> 1) & RAND_MAX);
}

long random(void)
{
	return rand();
}

void srandom(unsigned int seed)
{
	srand(seed);
}
