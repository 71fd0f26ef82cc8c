/*
 * vfscanf: the conversions of sscanf (d i u o x X p c s [ n % and a e f g,
 * *, widths, the length forms) read from a stream.
 *
 * stdio is unbuffered and a stream holds one pushed-back byte, which is
 * all C asks of scanf: a field is read a character at a time while the
 * character can still continue it, and the first one that cannot is
 * pushed back, for the next directive or the next read.  A field is then
 * converted by strtoull/strtod from the characters taken.  (So "0x" with
 * no hex digit after it has been taken whole and converts to 0, a case
 * where glibc also fails to give the 'x' back.)
 *
 * Returns the number of fields assigned, or EOF when the input ends (or
 * fails) before the first conversion.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_stream.h"
#include "scan.h"

#define FIELD_MAX 128

struct scan {
	FILE *f;
	long count; /* characters consumed (%n) */
};

static int next(struct scan *in)
{
	int c = fgetc(in->f);

	if (c != EOF)
		in->count++;
	return c;
}

static void back(struct scan *in, int c)
{
	if (c == EOF)
		return;
	ungetc(c, in->f);
	in->count--;
}

/* The next character, or EOF, without taking it. */
static int peek(struct scan *in)
{
	int c = next(in);

	back(in, c);
	return c;
}

static void skip_space(struct scan *in)
{
	int c;

	do
		c = next(in);
	while (c != EOF && isspace(c));
	back(in, c);
}

static int digit_in(int c, int base)
{
	if (base == 8)
		return c >= '0' && c <= '7';
	if (base == 16)
		return isxdigit(c);
	return isdigit(c);
}

/* Takes c into the field if there is room and width left. */
static int take(char *field, int *n, int *left, int c)
{
	if (*left == 0 || *n >= FIELD_MAX - 1)
		return 0;
	field[(*n)++] = (char)c;
	(*left)--;
	return 1;
}

/* An integer in base (0: as C, by prefix); the characters into field. */
static int read_int(struct scan *in, int base, int width, char *field)
{
	int n = 0, left = width ? width : INT_MAX, c = next(in);

	if ((c == '+' || c == '-') && take(field, &n, &left, c))
		c = next(in);
	if ((base == 0 || base == 16) && c == '0' && take(field, &n, &left, c)) {
		c = next(in);
		if ((c == 'x' || c == 'X') && take(field, &n, &left, c)) {
			base = 16;
			c = next(in);
		} else if (base == 0) {
			base = 8;
		}
	} else if (base == 0) {
		base = 10;
	}
	while (c != EOF && digit_in(c, base) && take(field, &n, &left, c))
		c = next(in);
	back(in, c);
	field[n] = '\0';
	return base;
}

/* A decimal floating number: sign, digits, point, digits, exponent. */
static void read_float(struct scan *in, int width, char *field)
{
	int n = 0, left = width ? width : INT_MAX, c = next(in);

	if ((c == '+' || c == '-') && take(field, &n, &left, c))
		c = next(in);
	while (c != EOF && isdigit(c) && take(field, &n, &left, c))
		c = next(in);
	if (c == '.' && take(field, &n, &left, c)) {
		c = next(in);
		while (c != EOF && isdigit(c) && take(field, &n, &left, c))
			c = next(in);
	}
	if ((c == 'e' || c == 'E') && take(field, &n, &left, c)) {
		c = next(in);
		if ((c == '+' || c == '-') && take(field, &n, &left, c))
			c = next(in);
		while (c != EOF && isdigit(c) && take(field, &n, &left, c))
			c = next(in);
	}
	back(in, c);
	field[n] = '\0';
}

int vfscanf(FILE *f, const char *fmt, va_list ap_in)
{
	struct scan in = {f, 0};
	int assigned = 0, converted_any = 0;
	va_list ap;

	va_copy(ap, ap_in);
	for (; *fmt; fmt++) {
		int suppress = 0, width = 0, c;
		char len[3] = "", conv, field[FIELD_MAX], *end;

		if (isspace((unsigned char)*fmt)) {
			skip_space(&in);
			continue;
		}
		if (*fmt != '%' || fmt[1] == '%') {
			if (*fmt == '%') {
				fmt++;
				skip_space(&in);
			}
			c = next(&in);
			if (c != (unsigned char)*fmt) {
				back(&in, c);
				if (c == EOF && !converted_any)
					assigned = EOF;
				goto out;
			}
			continue;
		}
		fmt++;
		if (*fmt == '*') {
			suppress = 1;
			fmt++;
		}
		while (isdigit((unsigned char)*fmt))
			width = width * 10 + (*fmt++ - '0');
		if (*fmt == 'h' || *fmt == 'l') {
			len[0] = *fmt++;
			if (*fmt == len[0])
				len[1] = *fmt++;
		} else if (*fmt && strchr("jztLq", *fmt)) {
			len[0] = *fmt++;
		}
		conv = *fmt;
		if (!conv)
			break;
		if (conv == 'n') {
			if (!suppress)
				__scan_store_int(&ap, len, (unsigned long long)in.count);
			continue;
		}
		if (conv != 'c' && conv != '[')
			skip_space(&in);
		if (peek(&in) == EOF) {
			if (!converted_any)
				assigned = EOF;
			goto out;
		}
		switch (conv) {
		case 'd':
		case 'i':
		case 'u':
		case 'o':
		case 'x':
		case 'X':
		case 'p': {
			int base = conv == 'd' || conv == 'u' ? 10
				   : conv == 'i'	      ? 0
				   : conv == 'o'	      ? 8
							      : 16;
			unsigned long long v;

			base = read_int(&in, base, width, field);
			if (conv == 'd' || conv == 'i')
				v = (unsigned long long)strtoll(field, &end, base);
			else
				v = strtoull(field, &end, base);
			if (end == field)
				goto out;
			if (!suppress) {
				if (conv == 'p')
					*va_arg(ap, void **) = (void *)(uintptr_t)v;
				else
					__scan_store_int(&ap, len, v);
				assigned++;
			}
			break;
		}
		case 'a':
		case 'e':
		case 'f':
		case 'g':
		case 'E':
		case 'F':
		case 'G':
		case 'A': {
			double v;

			read_float(&in, width, field);
			v = strtod(field, &end);
			if (end == field)
				goto out;
			if (!suppress) {
				if (!strcmp(len, "l"))
					*va_arg(ap, double *) = v;
				else if (!strcmp(len, "L"))
					*va_arg(ap, long double *) = v;
				else
					*va_arg(ap, float *) = (float)v;
				assigned++;
			}
			break;
		}
		case 'c': {
			char *out = suppress ? NULL : va_arg(ap, char *);
			int i, n = width ? width : 1;

			for (i = 0; i < n; i++) {
				c = next(&in);
				if (c == EOF)
					break;
				if (out)
					out[i] = (char)c;
			}
			if (i < n)
				goto out;
			assigned += !suppress;
			break;
		}
		case 's':
		case '[': {
			char *out = suppress ? NULL : va_arg(ap, char *);
			const char *set = fmt + 1, *set_end = NULL;
			int i = 0;

			if (conv == '[') {
				set_end = set + (*set == '^') + (set[*set == '^'] == ']');
				set_end = strchr(set_end, ']');
				if (!set_end)
					goto out;
				fmt = set_end;
			}
			for (;;) {
				if (width && i >= width)
					break;
				c = next(&in);
				if (c == EOF || (conv == 's' ? isspace(c) : !__scan_in_set(set, set_end, c))) {
					back(&in, c);
					break;
				}
				if (out)
					out[i] = (char)c;
				i++;
			}
			if (i == 0)
				goto out;
			if (out)
				out[i] = '\0';
			assigned += !suppress;
			break;
		}
		default:
			goto out;
		}
		converted_any = 1;
	}
out:
	va_end(ap);
	return assigned;
}
