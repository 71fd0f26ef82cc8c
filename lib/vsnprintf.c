#include "lib/vsnprintf.h"
#include "lib/types.h"

/* The output so far: characters past the buffer are counted, not stored. */
struct sink {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct sink *s, char c)
{
	if (s->len + 1 < s->size)
		s->buf[s->len] = c;
	s->len++;
}

static void put_repeat(struct sink *s, char c, int n)
{
	while (n-- > 0)
		put(s, c);
}

#define FLAG_LEFT 1
#define FLAG_ZERO 2
#define FLAG_PLUS 4
#define FLAG_SPACE 8
#define FLAG_ALT 16

struct spec {
	int flags;
	int width;
	int precision; /* -1: none given */
};

/* A string, padded to the width (and cut at the precision). */
static void put_string(struct sink *s, const char *str, const struct spec *sp)
{
	int len = 0;
	/* As glibc: "(null)" for NULL, or nothing if the precision would cut it. */
	if (!str)
		str = sp->precision >= 0 && sp->precision < 6 ? "" : "(null)";
	while (str[len] && (sp->precision < 0 || len < sp->precision))
		len++;
	if (!(sp->flags & FLAG_LEFT))
		put_repeat(s, ' ', sp->width - len);
	for (int i = 0; i < len; i++)
		put(s, str[i]);
	if (sp->flags & FLAG_LEFT)
		put_repeat(s, ' ', sp->width - len);
}

/*
 * An integer: sign or prefix, then zeros to the precision (or to the width
 * with the 0 flag), then digits, padded with spaces to the width.
 */
static void put_number(struct sink *s, u64 value, bool negative, unsigned base, bool upper,
		       const struct spec *sp, const char *prefix)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int ndigits = 0;
	char sign = negative ? '-' : (sp->flags & FLAG_PLUS) ? '+' : (sp->flags & FLAG_SPACE) ? ' ' : 0;
	int prefix_len = 0;

	while (value) {
		tmp[ndigits++] = digits[value % base];
		value /= base;
	}
	/* %.0d of zero prints nothing; otherwise zero is one digit. */
	if (ndigits == 0 && sp->precision != 0)
		tmp[ndigits++] = '0';
	while (prefix && prefix[prefix_len])
		prefix_len++;

	int zeros = sp->precision > ndigits ? sp->precision - ndigits : 0;
	/* '#' with octal: the first digit printed is a zero (and 0 prints "0"). */
	if (base == 8 && (sp->flags & FLAG_ALT) && zeros == 0 &&
	    (ndigits == 0 || tmp[ndigits - 1] != '0'))
		zeros = 1;
	int body = (sign ? 1 : 0) + prefix_len + zeros + ndigits;
	if ((sp->flags & FLAG_ZERO) && !(sp->flags & FLAG_LEFT) && sp->precision < 0 &&
	    sp->width > body) {
		zeros += sp->width - body;
		body = sp->width;
	}
	if (!(sp->flags & FLAG_LEFT))
		put_repeat(s, ' ', sp->width - body);
	if (sign)
		put(s, sign);
	for (int i = 0; i < prefix_len; i++)
		put(s, prefix[i]);
	put_repeat(s, '0', zeros);
	while (ndigits)
		put(s, tmp[--ndigits]);
	if (sp->flags & FLAG_LEFT)
		put_repeat(s, ' ', sp->width - body);
}

enum length { LEN_INT, LEN_CHAR, LEN_SHORT, LEN_LONG, LEN_LLONG, LEN_SIZE, LEN_PTRDIFF, LEN_MAX };

static u64 fetch_unsigned(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_CHAR:
		return (unsigned char)va_arg(*ap, unsigned int);
	case LEN_SHORT:
		return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_LONG:
		return va_arg(*ap, unsigned long);
	case LEN_LLONG:
		return va_arg(*ap, unsigned long long);
	case LEN_SIZE:
		return va_arg(*ap, size_t);
	case LEN_PTRDIFF: /* as unsigned of the same width: %tu of -1 on i386 is 2^32 - 1 */
		return (size_t)va_arg(*ap, ptrdiff_t);
	case LEN_MAX:
		return va_arg(*ap, uintmax_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static s64 fetch_signed(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_CHAR:
		return (signed char)va_arg(*ap, int);
	case LEN_SHORT:
		return (short)va_arg(*ap, int);
	case LEN_LONG:
		return va_arg(*ap, long);
	case LEN_LLONG:
		return va_arg(*ap, long long);
	case LEN_SIZE: /* the signed type of size_t's width (ssize_t) */
		return (ptrdiff_t)va_arg(*ap, size_t);
	case LEN_PTRDIFF:
		return va_arg(*ap, ptrdiff_t);
	case LEN_MAX:
		return va_arg(*ap, intmax_t);
	default:
		return va_arg(*ap, int);
	}
}

static int parse_int(const char **p)
{
	int n = 0;
	while (**p >= '0' && **p <= '9') {
		if (n < 100000000)
			n = n * 10 + (**p - '0');
		(*p)++;
	}
	return n;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap_in)
{
	struct sink s = {buf, size, 0};
	va_list ap;

	va_copy(ap, ap_in);
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			put(&s, *p);
			continue;
		}
		const char *start = p++;
		struct spec sp = {0, 0, -1};
		for (;; p++) {
			if (*p == '-')
				sp.flags |= FLAG_LEFT;
			else if (*p == '0')
				sp.flags |= FLAG_ZERO;
			else if (*p == '+')
				sp.flags |= FLAG_PLUS;
			else if (*p == ' ')
				sp.flags |= FLAG_SPACE;
			else if (*p == '#')
				sp.flags |= FLAG_ALT;
			else
				break;
		}
		if (*p == '*') {
			sp.width = va_arg(ap, int);
			if (sp.width < 0) {
				sp.flags |= FLAG_LEFT;
				sp.width = sp.width == (int)0x80000000 ? 0 : -sp.width;
			}
			p++;
		} else {
			sp.width = parse_int(&p);
		}
		if (*p == '.') {
			p++;
			if (*p == '*') {
				sp.precision = va_arg(ap, int);
				if (sp.precision < 0)
					sp.precision = -1;
				p++;
			} else {
				sp.precision = parse_int(&p);
			}
		}
		enum length len = LEN_INT;
		if (*p == 'h') {
			len = LEN_SHORT;
			if (*++p == 'h') {
				len = LEN_CHAR;
				p++;
			}
		} else if (*p == 'l') {
			len = LEN_LONG;
			if (*++p == 'l') {
				len = LEN_LLONG;
				p++;
			}
		} else if (*p == 'z') {
			len = LEN_SIZE;
			p++;
		} else if (*p == 't') {
			len = LEN_PTRDIFF;
			p++;
		} else if (*p == 'j') {
			len = LEN_MAX;
			p++;
		}

		switch (*p) {
		case 'd':
		case 'i': {
			s64 v = fetch_signed(&ap, len);
			u64 mag = v < 0 ? (u64)0 - (u64)v : (u64)v;
			put_number(&s, mag, v < 0, 10, false, &sp, NULL);
			break;
		}
		case 'u':
			/* + and space are for signed conversions only. */
			sp.flags &= ~(FLAG_PLUS | FLAG_SPACE);
			put_number(&s, fetch_unsigned(&ap, len), false, 10, false, &sp, NULL);
			break;
		case 'x':
		case 'X': {
			u64 v = fetch_unsigned(&ap, len);
			const char *prefix = (sp.flags & FLAG_ALT) && v ? (*p == 'x' ? "0x" : "0X") : NULL;
			sp.flags &= ~(FLAG_PLUS | FLAG_SPACE);
			put_number(&s, v, false, 16, *p == 'X', &sp, prefix);
			break;
		}
		case 'o': {
			u64 v = fetch_unsigned(&ap, len); /* '#': see put_number */
			sp.flags &= ~(FLAG_PLUS | FLAG_SPACE);
			put_number(&s, v, false, 8, false, &sp, NULL);
			break;
		}
		case 'p': {
			uintptr_t v = (uintptr_t)va_arg(ap, void *);
			if (!v) {
				sp.precision = -1;
				put_string(&s, "(nil)", &sp);
				break;
			}
			/* glibc honours + and space here too ("+0x10"). */
			put_number(&s, v, false, 16, false, &sp, "0x");
			break;
		}
		case 'c': {
			char c = (char)va_arg(ap, int);
			if (!(sp.flags & FLAG_LEFT))
				put_repeat(&s, ' ', sp.width - 1);
			put(&s, c);
			if (sp.flags & FLAG_LEFT)
				put_repeat(&s, ' ', sp.width - 1);
			break;
		}
		case 's':
			put_string(&s, va_arg(ap, const char *), &sp);
			break;
		case '%':
			put(&s, '%');
			break;
		default:
			/* Unknown conversion: print it as it was written. */
			for (const char *q = start; q <= p && *q; q++)
				put(&s, *q);
			if (!*p)
				p--;
			break;
		}
	}
	va_end(ap);
	if (size)
		buf[s.len < size ? s.len : size - 1] = '\0';
	return s.len > 0x7FFFFFFF ? 0x7FFFFFFF : (int)s.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
