/*
 * sscanf: the C conversions d i u o x X c s [ n % and a e f g, with
 * assignment suppression (*), field widths and the length forms
 * hh h l ll j z t L q.  Returns the number of fields assigned, or EOF when
 * the input ends before the first conversion.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

int vsscanf(const char *str, const char *fmt, va_list ap_in)
{
	const char *s = str;
	int assigned = 0, converted_any = 0;
	va_list ap;

	va_copy(ap, ap_in);
	for (; *fmt; fmt++) {
		int suppress = 0, width = 0;
		char len[3] = "", conv;

		if (isspace((unsigned char)*fmt)) {
			while (isspace((unsigned char)*s))
				s++;
			continue;
		}
		if (*fmt != '%' || fmt[1] == '%') {
			if (*fmt == '%') {
				fmt++;
				while (isspace((unsigned char)*s))
					s++;
			}
			if (*s != *fmt)
				goto out;
			s++;
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
		if (conv != 'c' && conv != '[' && conv != 'n')
			while (isspace((unsigned char)*s))
				s++;
		if (!*s && conv != 'n') {
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
			char field[72], *end;
			int base = conv == 'd' || conv == 'u' ? 10
				   : conv == 'i'	      ? 0
				   : conv == 'o'	      ? 8
							      : 16;
			size_t n = strlen(s);
			unsigned long long v;

			if (width && (size_t)width < n)
				n = (size_t)width;
			if (n >= sizeof(field))
				n = sizeof(field) - 1;
			memcpy(field, s, n);
			field[n] = '\0';
			if (conv == 'd' || conv == 'i')
				v = (unsigned long long)strtoll(field, &end, base);
			else
				v = strtoull(field, &end, base);
			if (end == field)
				goto out;
			s += end - field;
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
			char field[128], *end;
			size_t n = strlen(s);
			double v;

			if (width && (size_t)width < n)
				n = (size_t)width;
			if (n >= sizeof(field))
				n = sizeof(field) - 1;
			memcpy(field, s, n);
			field[n] = '\0';
			v = strtod(field, &end);
			if (end == field)
				goto out;
			s += end - field;
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

			for (i = 0; i < n && s[i]; i++)
				if (out)
					out[i] = s[i];
			if (i < n)
				goto out;
			s += n;
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
			while (s[i] && (!width || i < width) &&
			       (conv == 's' ? !isspace((unsigned char)s[i])
					    : __scan_in_set(set, set_end, (unsigned char)s[i]))) {
				if (out)
					out[i] = s[i];
				i++;
			}
			if (i == 0)
				goto out;
			if (out)
				out[i] = '\0';
			s += i;
			assigned += !suppress;
			break;
		}
		case 'n':
			if (!suppress)
				__scan_store_int(&ap, len, (unsigned long long)(s - str));
			continue;
		default:
			goto out;
		}
		converted_any = 1;
	}
out:
	va_end(ap);
	return assigned;
}

int sscanf(const char *str, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsscanf(str, fmt, ap);
	va_end(ap);
	return n;
}
