/* fscanf: vfscanf with its arguments. */
#include <stdarg.h>
#include <stdio.h>

int fscanf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfscanf(f, fmt, ap);
	va_end(ap);
	return n;
}
