#include "kernel/printk.h"
#include "kernel/console.h"
#include "lib/vsnprintf.h"

/* Safe from any context: the buffer is on the caller's stack. */
int vkprintf(const char *fmt, va_list ap)
{
	char buf[256];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	size_t len = n < 0 ? 0 : (size_t)n >= sizeof(buf) ? sizeof(buf) - 1 : (size_t)n;

	console_write(buf, len);
	return n;
}

int kprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vkprintf(fmt, ap);
	va_end(ap);
	return n;
}
