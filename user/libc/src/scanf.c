/* scanf and vscanf: vfscanf on stdin. */
#include <stdarg.h>
#include <stdio.h>

int vscanf(const char *fmt, va_list ap)
{
	return vfscanf(stdin, fmt, ap);
}

int scanf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfscanf(stdin, fmt, ap);
	va_end(ap);
	return n;
}
