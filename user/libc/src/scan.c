/* The helpers of sscanf and vfscanf, in an object of their own so that a
 * program may define either function itself. */
#include <stdarg.h>
#include <string.h>

#include "scan.h"

void __scan_store_int(va_list *ap, const char *len, unsigned long long v)
{
	if (!strcmp(len, "hh"))
		*va_arg(*ap, char *) = (char)v;
	else if (!strcmp(len, "h"))
		*va_arg(*ap, short *) = (short)v;
	else if (!strcmp(len, "ll") || !strcmp(len, "q") || !strcmp(len, "j") || !strcmp(len, "L"))
		*va_arg(*ap, long long *) = (long long)v;
	else
		*va_arg(*ap, int *) = (int)v; /* int, long, size_t, ptrdiff_t: 32 bits */
}

int __scan_in_set(const char *set, const char *set_end, int c)
{
	int negate = *set == '^', found = 0;
	const char *p = set + negate;

	if (*p == ']') { /* a leading ']' is a member */
		found |= c == ']';
		p++;
	}
	for (; p < set_end; p++) {
		if (p[1] == '-' && p + 2 < set_end) {
			found |= c >= (unsigned char)p[0] && c <= (unsigned char)p[2];
			p += 2;
		} else {
			found |= c == (unsigned char)*p;
		}
	}
	return found != negate;
}
