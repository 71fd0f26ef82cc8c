/* kprintf: formatted output to the console (lib/vsnprintf formats). */
#ifndef TICK386_KERNEL_PRINTK_H
#define TICK386_KERNEL_PRINTK_H

#include <stdarg.h>

int kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vkprintf(const char *fmt, va_list ap);

#endif
