/*
 * vsnprintf of user/libc: lib/vsnprintf.c (the kernel's engine, built here
 * as lib_vsnprintf) does the integer, character, string and pointer
 * conversions; this file adds what a C library needs beyond the kernel's:
 * floating point (printf_float.c), %n, glibc's %m, and the q and L forms.
 *
 * It walks the format once.  Plain text is copied; each conversion is
 * parsed, its argument fetched with the right type, and either formatted
 * here or handed to lib_snprintf as a one-conversion format (any '*' width
 * or precision written out as a number) with that single argument, its
 * output landing straight in the caller's buffer.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "printf_float.h"

int lib_snprintf(char *buf, size_t size, const char *fmt, ...);

enum arg_size { ARG_INT, ARG_LONG, ARG_LLONG, ARG_LDOUBLE };

/* Hand one conversion to lib's engine at the current output position. */
static void delegate(struct printf_out *o, const char *spec, enum arg_size size, va_list *ap,
		     char conv)
{
	size_t room = o->len < o->size ? o->size - o->len : 0;
	char *at = room ? o->buf + o->len : NULL;
	int n;

	if (conv == 's' || conv == 'p')
		n = lib_snprintf(at, room, spec, va_arg(*ap, void *));
	else if (size == ARG_LLONG)
		n = lib_snprintf(at, room, spec, va_arg(*ap, long long));
	else if (size == ARG_LONG)
		n = lib_snprintf(at, room, spec, va_arg(*ap, long));
	else
		n = lib_snprintf(at, room, spec, va_arg(*ap, int));
	if (n > 0)
		o->len += (size_t)n;
}

static void store_count(va_list *ap, const char *len, size_t count)
{
	if (!strcmp(len, "hh"))
		*va_arg(*ap, signed char *) = (signed char)count;
	else if (!strcmp(len, "h"))
		*va_arg(*ap, short *) = (short)count;
	else if (!strcmp(len, "ll") || !strcmp(len, "q") || !strcmp(len, "j") || !strcmp(len, "L"))
		*va_arg(*ap, long long *) = (long long)count;
	else
		*va_arg(*ap, int *) = (int)count; /* int, long, size_t: 32 bits */
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap_in)
{
	struct printf_out o = {buf, size, 0};
	va_list ap;
	const char *p;

	va_copy(ap, ap_in);
	for (p = fmt; *p; p++) {
		char spec[64], len[3] = "";
		int flags = 0, width = 0, prec = -1, n = 0;
		enum arg_size asize = ARG_INT;
		const char *start = p;
		char conv;

		if (*p != '%') {
			printf_out_put(&o, *p);
			continue;
		}
		spec[n++] = '%';
		for (p++; *p && strchr("-+ #0'", *p); p++) {
			static const char flag_chars[] = "-0+ #";
			const char *f = strchr(flag_chars, *p);

			if (*p == '\'')
				continue; /* thousands grouping: none in the C locale */
			flags |= 1 << (f - flag_chars);
			if (n < 10)
				spec[n++] = *p;
		}
		if (*p == '*') {
			width = va_arg(ap, int);
			if (width < 0) {
				flags |= PF_LEFT;
				width = width == INT32_MIN ? 0 : -width;
				spec[n++] = '-';
			}
			p++;
		} else {
			while (*p >= '0' && *p <= '9')
				width = width * 10 + (*p++ - '0');
		}
		if (width)
			n += lib_snprintf(spec + n, 12, "%d", width);
		if (*p == '.') {
			prec = 0;
			if (*++p == '*') {
				prec = va_arg(ap, int);
				p++;
			} else {
				while (*p >= '0' && *p <= '9')
					prec = prec * 10 + (*p++ - '0');
			}
			if (prec >= 0)
				n += lib_snprintf(spec + n, 14, ".%d", prec);
		}
		if (*p == 'h') {
			strcpy(len, *++p == 'h' ? (p++, "hh") : "h");
		} else if (*p == 'l') {
			strcpy(len, *++p == 'l' ? (p++, "ll") : "l");
		} else if (*p && strchr("qLjzt", *p)) {
			len[0] = *p++;
		}
		conv = *p;
		if (!strcmp(len, "l"))
			asize = ARG_LONG;
		else if (!strcmp(len, "ll") || !strcmp(len, "q") || !strcmp(len, "j") ||
			 !strcmp(len, "L"))
			asize = ARG_LLONG;

		switch (conv) {
		case 'f':
		case 'F':
		case 'e':
		case 'E':
		case 'g':
		case 'G':
		case 'a':
		case 'A': {
			double v = !strcmp(len, "L") ? (double)va_arg(ap, long double)
						     : va_arg(ap, double);

			printf_float(&o, v, conv, flags, width, prec);
			break;
		}
		case 'n':
			store_count(&ap, len, o.len);
			break;
		case 'm': { /* glibc's %m: the text of errno, no argument */
			const char *text = strerror(errno);

			n = width - (int)strlen(text);
			if (!(flags & PF_LEFT))
				printf_out_repeat(&o, ' ', n);
			while (*text)
				printf_out_put(&o, *text++);
			if (flags & PF_LEFT)
				printf_out_repeat(&o, ' ', n);
			break;
		}
		case '%':
			printf_out_put(&o, '%');
			break;
		case 'd':
		case 'i':
		case 'u':
		case 'o':
		case 'x':
		case 'X':
		case 'c':
		case 's':
		case 'p':
			/* lib knows hh h l ll z t j; q and L mean ll; %lc and %ls are
			 * taken as %c and %s (no wide characters here). */
			if (asize == ARG_LLONG && conv != 'c' && conv != 's' && conv != 'p')
				strcpy(spec + n, "ll");
			else if (len[0] && len[0] != 'L' && len[0] != 'q' && conv != 'c' &&
				 conv != 's' && conv != 'p')
				strcpy(spec + n, len);
			else
				spec[n] = '\0';
			n = (int)strlen(spec);
			spec[n++] = conv;
			spec[n] = '\0';
			delegate(&o, spec,
				 conv == 'c' || conv == 's' || conv == 'p' ? ARG_INT : asize, &ap,
				 conv);
			break;
		default:
			/* Not a conversion: print it as written. */
			for (; start <= p && *start; start++)
				printf_out_put(&o, *start);
			if (!*p)
				p--;
			break;
		}
	}
	va_end(ap);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > INT32_MAX ? INT32_MAX : (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
