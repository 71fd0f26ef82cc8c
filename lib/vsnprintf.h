/*
 * Formatted output into a buffer, C99 semantics: at most size-1 characters
 * and a NUL are written; the return value is the length the whole output
 * would have had.  Conversions: d i u x X o c s p %, flags - 0 + space #,
 * width and precision (numbers or *), length modifiers hh h l ll z t j.
 * No floating point (the kernel has none).  Used by the kernel and user/libc.
 */
#ifndef TICK386_LIB_VSNPRINTF_H
#define TICK386_LIB_VSNPRINTF_H

#include <stdarg.h>
#include <stddef.h>

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
