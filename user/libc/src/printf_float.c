/*
 * Floating-point conversions of printf (%f %F %e %E %g %G %a %A), exact.
 *
 * A double is m * 2^e with m an integer of at most 53 bits, so its decimal
 * expansion is finite: the integer part has at most 309 digits and the
 * fraction at most 1074.  We compute those digits exactly with small
 * big-number arithmetic (arrays of 32-bit words) and round the cut-off
 * decimal expansion to nearest, ties to even, as glibc does; so the text is
 * the same as glibc's for every value and precision.
 *
 *   integer part: the big number m << e (or m >> -e), divided by 10^9
 *                 again and again, gives 9 digits at a time;
 *   fraction:     F / 2^s; multiplying F by 10 pushes the next digit out
 *                 above bit s.  F == 0 means every further digit is 0.
 *
 * Digits past MAX_DIGITS of a huge precision are zeros (the expansion has
 * ended long before), emitted by the caller without a buffer.
 */
#include <stdint.h>
#include <string.h>
#include "printf_float.h"

#define WORDS 36	/* 1152 bits: m << 971 or a 1074-bit fraction */
#define MAX_DIGITS 1150 /* >= 309 integer + the longest useful fraction */

struct decimal {
	char intdig[320];
	int nint; /* integer digits, none when the integer part is 0 */
	uint32_t frac[WORDS + 3];
	int fwords; /* the fraction is frac[0..fwords-1] / 2^(32*fwords) */
};

static int big_is_zero(const uint32_t *w, int n)
{
	while (n-- > 0)
		if (w[n])
			return 0;
	return 1;
}

/* Divide the n-word number by 10^9 in place; return the remainder. */
static uint32_t big_div_1e9(uint32_t *w, int n)
{
	uint64_t rem = 0;

	while (n-- > 0) {
		uint64_t cur = (rem << 32) | w[n];

		w[n] = (uint32_t)(cur / 1000000000u);
		rem = cur % 1000000000u;
	}
	return (uint32_t)rem;
}

/* Set w (zeroed) to m << shift; m << (shift % 32) spans three words. */
static void big_set_shifted(uint32_t *w, uint64_t m, int shift)
{
	int word = shift / 32, bit = shift % 32;
	uint64_t low = m << bit;

	w[word] = (uint32_t)low;
	w[word + 1] = (uint32_t)(low >> 32);
	w[word + 2] = bit ? (uint32_t)(m >> (64 - bit)) : 0;
}

static void decimal_init(struct decimal *d, uint64_t m, int e)
{
	uint32_t big[WORDS + 3];
	char chunks[40][9];
	int nchunks = 0, i, n, s;

	memset(d, 0, sizeof(*d));
	memset(big, 0, sizeof(big));
	/* Integer part. */
	if (e >= 0)
		big_set_shifted(big, m, e);
	else if (e > -64)
		big_set_shifted(big, m >> -e, 0);
	n = WORDS + 3;
	while (!big_is_zero(big, n)) {
		uint32_t r = big_div_1e9(big, n);

		for (i = 8; i >= 0; i--, r /= 10)
			chunks[nchunks][i] = (char)('0' + r % 10);
		nchunks++;
	}
	for (i = nchunks - 1; i >= 0; i--) {
		memcpy(d->intdig + d->nint, chunks[i], 9);
		d->nint += 9;
	}
	/* Drop the leading zeros of the top chunk. */
	for (i = 0; i < d->nint && d->intdig[i] == '0'; i++)
		;
	memmove(d->intdig, d->intdig + i, (size_t)(d->nint - i));
	d->nint -= i;

	/* Fraction: the low -e bits of m, over 2^-e, scaled to whole words. */
	if (e < 0) {
		uint64_t f = -e >= 64 ? m : m & ((1ULL << -e) - 1);

		s = -e;
		d->fwords = (s + 31) / 32;
		big_set_shifted(d->frac, f, d->fwords * 32 - s);
	}
}

static int decimal_frac_zero(const struct decimal *d)
{
	return big_is_zero(d->frac, d->fwords);
}

/* The next digit of the fraction. */
static int decimal_next(struct decimal *d)
{
	uint64_t carry = 0;
	int i;

	for (i = 0; i < d->fwords; i++) {
		uint64_t cur = (uint64_t)d->frac[i] * 10 + carry;

		d->frac[i] = (uint32_t)cur;
		carry = cur >> 32;
	}
	return (int)carry;
}

/* Add one unit in the last place of digits[0..n-1]; 1 if it carried out. */
static int round_up(char *digits, int n)
{
	while (n-- > 0) {
		if (digits[n] != '9') {
			digits[n]++;
			return 0;
		}
		digits[n] = '0';
	}
	return 1;
}

/* Round to nearest, ties to even, given the next digit and the rest. */
static int should_round_up(int next, int rest_nonzero, int last_digit)
{
	return next > 5 || (next == 5 && (rest_nonzero || (last_digit & 1)));
}

static void split_double(double v, int *neg, uint64_t *m, int *e, int *special)
{
	union {
		double d;
		uint64_t u;
	} bits = {v};
	int exp = (int)((bits.u >> 52) & 0x7ff);
	uint64_t frac = bits.u & ((1ULL << 52) - 1);

	*neg = (int)(bits.u >> 63);
	*special = exp == 0x7ff ? (frac ? 'n' : 'i') : 0;
	if (exp == 0) {
		*m = frac;
		*e = -1074;
	} else {
		*m = frac | (1ULL << 52);
		*e = exp - 1075;
	}
}

/*
 * %f body into out: digits, point, prec fraction digits (those beyond the
 * buffer are counted in *zeros, to be emitted after the body).
 */
static int body_fixed(char *out, double v, int prec, int alt, int *zeros)
{
	struct decimal d;
	uint64_t m;
	int e, neg, special, n = 0, kept, i, next;

	split_double(v, &neg, &m, &e, &special);
	decimal_init(&d, m, e);
	kept = prec < MAX_DIGITS ? prec : MAX_DIGITS;
	*zeros = prec - kept;
	out[n++] = '0'; /* room for a carry out of the integer part */
	if (d.nint) {
		memcpy(out + n, d.intdig, (size_t)d.nint);
		n += d.nint;
	} else {
		out[n++] = '0';
	}
	for (i = 0; i < kept; i++)
		out[n++] = (char)('0' + decimal_next(&d));
	next = decimal_next(&d);
	if (should_round_up(next, !decimal_frac_zero(&d), out[n - 1] - '0'))
		round_up(out, n);
	/* Put the point in: shift the fraction right by one. */
	memmove(out + n - kept + 1, out + n - kept, (size_t)kept);
	out[n - kept] = '.';
	n++;
	if (!prec && !alt)
		n--;
	if (out[0] == '0') {
		memmove(out, out + 1, (size_t)--n);
	}
	return n;
}

/*
 * The significant digits for %e: ndig digits rounded, in out, and the
 * decimal exponent of the first.
 */
static int sig_digits(char *out, double v, int ndig, int *exp10)
{
	struct decimal d;
	uint64_t m;
	int e, neg, special, n = 0, i, next, rest, zeros = 0;

	split_double(v, &neg, &m, &e, &special);
	decimal_init(&d, m, e);
	if (m == 0) {
		memset(out, '0', (size_t)ndig);
		*exp10 = 0;
		return ndig;
	}
	if (d.nint) {
		*exp10 = d.nint - 1;
		for (i = 0; i < d.nint && n < ndig; i++)
			out[n++] = d.intdig[i];
		if (n < ndig) {
			while (n < ndig)
				out[n++] = (char)('0' + decimal_next(&d));
			next = decimal_next(&d);
			rest = !decimal_frac_zero(&d);
		} else {
			next = i < d.nint ? d.intdig[i] - '0' : decimal_next(&d);
			rest = !decimal_frac_zero(&d);
			for (i++; i < d.nint; i++)
				rest |= d.intdig[i] != '0';
		}
	} else {
		int first;

		while ((first = decimal_next(&d)) == 0)
			zeros++;
		*exp10 = -zeros - 1;
		out[n++] = (char)('0' + first);
		while (n < ndig)
			out[n++] = (char)('0' + decimal_next(&d));
		next = decimal_next(&d);
		rest = !decimal_frac_zero(&d);
	}
	if (should_round_up(next, rest, out[n - 1] - '0') && round_up(out, n)) {
		out[0] = '1'; /* 9.99 became 10.0: one more digit before the point */
		(*exp10)++;
	}
	return n;
}

static int put_exponent(char *out, int exp10, int upper)
{
	int n = 0, mag = exp10 < 0 ? -exp10 : exp10;
	char tmp[8];
	int t = 0;

	out[n++] = upper ? 'E' : 'e';
	out[n++] = exp10 < 0 ? '-' : '+';
	do
		tmp[t++] = (char)('0' + mag % 10);
	while ((mag /= 10) > 0);
	if (t < 2)
		tmp[t++] = '0';
	while (t > 0)
		out[n++] = tmp[--t];
	return n;
}

static int body_exp(char *out, double v, int prec, int alt, int upper, int *zeros, char *tail,
		    int *ntail)
{
	int kept = prec < MAX_DIGITS ? prec : MAX_DIGITS, exp10, n;

	*zeros = prec - kept;
	sig_digits(out + 1, v, kept + 1, &exp10);
	out[0] = out[1];
	out[1] = '.';
	n = kept + 2;
	if (!prec && !alt)
		n = 1;
	*ntail = put_exponent(tail, exp10, upper);
	return n;
}

/* %a: hexadecimal mantissa and a binary exponent, as glibc writes it. */
static int body_hex(char *out, double v, int prec, int upper, char *tail, int *ntail, int alt)
{
	const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	uint64_t m;
	int e, neg, special, n = 0, digits = 13, lead, i, exp2;

	split_double(v, &neg, &m, &e, &special);
	if (m == 0) {
		lead = 0;
		exp2 = 0;
	} else if (m >> 52) {
		lead = 1;
		exp2 = e + 52;
	} else {
		lead = 0; /* subnormal: 0x0.xxxp-1022 */
		exp2 = -1022;
	}
	m &= (1ULL << 52) - 1;
	if (prec >= 0 && prec < 13) {
		int drop = 4 * (13 - prec);
		uint64_t half = 1ULL << (drop - 1), rest = m & ((1ULL << drop) - 1);

		m >>= drop;
		if (rest > half || (rest == half && ((prec ? m : (uint64_t)lead) & 1)))
			m++;
		if (m >> (4 * prec)) { /* carried into the leading digit */
			m &= (1ULL << (4 * prec)) - 1;
			lead++;
		}
		digits = prec;
	} else if (prec < 0) {
		while (digits > 0 && !(m & 0xf)) {
			m >>= 4;
			digits--;
		}
	}
	out[n++] = '0';
	out[n++] = upper ? 'X' : 'x';
	out[n++] = (char)('0' + lead);
	if (digits > 0 || prec > 0 || alt)
		out[n++] = '.';
	for (i = digits - 1; i >= 0; i--)
		out[n++] = hex[(m >> (4 * i)) & 0xf];
	for (i = digits; i < prec; i++)
		out[n++] = '0';
	tail[0] = upper ? 'P' : 'p';
	tail[1] = exp2 < 0 ? '-' : '+';
	*ntail = 2;
	{
		int mag = exp2 < 0 ? -exp2 : exp2, t = 0;
		char tmp[8];

		do
			tmp[t++] = (char)('0' + mag % 10);
		while ((mag /= 10) > 0);
		while (t > 0)
			tail[(*ntail)++] = tmp[--t];
	}
	return n;
}

/* Remove trailing zeros of the fraction, and the point if nothing follows. */
static int strip_zeros(char *body, int n)
{
	if (!memchr(body, '.', (size_t)n))
		return n;
	while (n > 0 && body[n - 1] == '0')
		n--;
	if (n > 0 && body[n - 1] == '.')
		n--;
	return n;
}

void printf_float(struct printf_out *o, double v, char conv, int flags, int width, int prec)
{
	char body[MAX_DIGITS + 340], tail[16];
	int n = 0, ntail = 0, zeros = 0, upper = conv >= 'A' && conv <= 'Z', neg, special, pad, i;
	uint64_t m;
	int e;
	char sign = 0;

	split_double(v, &neg, &m, &e, &special);
	if (neg)
		sign = '-';
	else if (flags & PF_PLUS)
		sign = '+';
	else if (flags & PF_SPACE)
		sign = ' ';
	if (special) {
		memcpy(body, special == 'n' ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"), 3);
		n = 3;
		flags &= ~PF_ZERO;
	} else {
		switch (conv | 0x20) {
		case 'f':
			n = body_fixed(body, v, prec < 0 ? 6 : prec, flags & PF_ALT, &zeros);
			break;
		case 'e':
			n = body_exp(body, v, prec < 0 ? 6 : prec, flags & PF_ALT, upper, &zeros,
				     tail, &ntail);
			break;
		case 'g': {
			int p = prec < 0 ? 6 : prec == 0 ? 1 : prec, x;
			char probe[MAX_DIGITS + 2];

			sig_digits(probe, v, p < MAX_DIGITS ? p : MAX_DIGITS, &x);
			if (m == 0)
				x = 0;
			if (p > x && x >= -4)
				n = body_fixed(body, v, p - 1 - x, flags & PF_ALT, &zeros);
			else
				n = body_exp(body, v, p - 1, flags & PF_ALT, upper, &zeros, tail,
					     &ntail);
			if (!(flags & PF_ALT)) {
				n = strip_zeros(body, n);
				zeros = 0;
			}
			break;
		}
		default: /* 'a' */
			n = body_hex(body, v, prec, upper, tail, &ntail, flags & PF_ALT);
			break;
		}
	}

	pad = width - (n + zeros + ntail + (sign != 0));
	if (!(flags & (PF_LEFT | PF_ZERO)))
		printf_out_repeat(o, ' ', pad);
	if (sign)
		printf_out_put(o, sign);
	i = 0;
	if ((conv | 0x20) == 'a' && !special) { /* zeros go after the 0x */
		printf_out_put(o, body[0]);
		printf_out_put(o, body[1]);
		i = 2;
	}
	if ((flags & PF_ZERO) && !(flags & PF_LEFT))
		printf_out_repeat(o, '0', pad);
	for (; i < n; i++)
		printf_out_put(o, body[i]);
	printf_out_repeat(o, '0', zeros);
	for (i = 0; i < ntail; i++)
		printf_out_put(o, tail[i]);
	if (flags & PF_LEFT)
		printf_out_repeat(o, ' ', pad);
}
