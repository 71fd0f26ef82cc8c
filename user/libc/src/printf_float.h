/* printf's output sink and its floating-point conversions (internal). */
#ifndef TICK386_LIBC_PRINTF_FLOAT_H
#define TICK386_LIBC_PRINTF_FLOAT_H

#include <stddef.h>

/* Text beyond the buffer is counted, not stored (C99 snprintf). */
struct printf_out {
	char *buf;
	size_t size;
	size_t len;
};

static inline void printf_out_put(struct printf_out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static inline void printf_out_repeat(struct printf_out *o, char c, int n)
{
	while (n-- > 0)
		printf_out_put(o, c);
}

#define PF_LEFT 1
#define PF_ZERO 2
#define PF_PLUS 4
#define PF_SPACE 8
#define PF_ALT 16

/* One of f F e E g G a A, prec < 0 when none was given. */
void printf_float(struct printf_out *o, double v, char conv, int flags, int width, int prec);

#endif
