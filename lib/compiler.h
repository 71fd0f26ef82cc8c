/* Small compiler helpers shared by the kernel and lib/. */
#ifndef TICK386_LIB_COMPILER_H
#define TICK386_LIB_COMPILER_H

#include <stddef.h>

/* The object that contains `ptr`, a pointer to its `member`. */
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __packed __attribute__((packed))
#define __noreturn __attribute__((noreturn))
#define __unused __attribute__((unused))
#define __section(s) __attribute__((section(s)))
#define __aligned(n) __attribute__((aligned(n)))

#define STATIC_ASSERT(expr, msg) _Static_assert(expr, msg)

#endif
