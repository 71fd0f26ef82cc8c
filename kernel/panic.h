/* Fatal errors: print why, walk the stack, end the machine. */
#ifndef TICK386_KERNEL_PANIC_H
#define TICK386_KERNEL_PANIC_H

#include "lib/compiler.h"
#include "lib/types.h"

__noreturn void panic(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print the return addresses found by following saved frame pointers. */
void panic_backtrace(u32 ebp, u32 eip);

/* Stop for good: under QEMU, exit with the "kernel panic" status. */
__noreturn void panic_halt(void);

#define BUG_ON(cond)                                                                     \
	do {                                                                             \
		if (unlikely(cond))                                                      \
			panic("BUG_ON(%s) at %s:%d", #cond, __FILE__, __LINE__);         \
	} while (0)

#endif
