/*
 * <limits.h> for freestanding code: the kernel, and lib/ when it is built
 * for i386.  They are compiled with -nostdinc and see only the tree's
 * headers and the compiler's own include directory, which has <stdint.h>,
 * <stddef.h>, <stdarg.h> and <stdbool.h> but no <limits.h> (gcc keeps its
 * limits.h among the "fixed" headers, where it reaches for the C library's
 * with #include_next).  So the C limits are defined here, from the values
 * the compiler predefines for its target: the same file is right for i386
 * (long is 32 bits) and x86-64 (long is 64 bits).
 *
 * user/libc's <limits.h> includes this one and adds the POSIX limits; the
 * host builds of lib/ (unit tests, benchmarks) use the host C library's.
 */
#ifndef TICK386_FREESTANDING_LIMITS_H
#define TICK386_FREESTANDING_LIMITS_H

#define CHAR_BIT __CHAR_BIT__
#define SCHAR_MAX __SCHAR_MAX__
#define SCHAR_MIN (-SCHAR_MAX - 1)
#define UCHAR_MAX (SCHAR_MAX * 2 + 1)
#ifdef __CHAR_UNSIGNED__
#define CHAR_MIN 0
#define CHAR_MAX UCHAR_MAX
#else
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#endif
#define MB_LEN_MAX 16

#define SHRT_MAX __SHRT_MAX__
#define SHRT_MIN (-SHRT_MAX - 1)
#define USHRT_MAX (SHRT_MAX * 2 + 1)
#define INT_MAX __INT_MAX__
#define INT_MIN (-INT_MAX - 1)
#define UINT_MAX (INT_MAX * 2U + 1U)
#define LONG_MAX __LONG_MAX__
#define LONG_MIN (-LONG_MAX - 1L)
#define ULONG_MAX (LONG_MAX * 2UL + 1UL)
#define LLONG_MAX __LONG_LONG_MAX__
#define LLONG_MIN (-LLONG_MAX - 1LL)
#define ULLONG_MAX (LLONG_MAX * 2ULL + 1ULL)

/* C23's widths (gcc predefines them from version 7 on). */
#define CHAR_WIDTH __SCHAR_WIDTH__
#define SCHAR_WIDTH __SCHAR_WIDTH__
#define UCHAR_WIDTH __SCHAR_WIDTH__
#define SHRT_WIDTH __SHRT_WIDTH__
#define USHRT_WIDTH __SHRT_WIDTH__
#define INT_WIDTH __INT_WIDTH__
#define UINT_WIDTH __INT_WIDTH__
#define LONG_WIDTH __LONG_WIDTH__
#define ULONG_WIDTH __LONG_WIDTH__
#define LLONG_WIDTH __LONG_LONG_WIDTH__
#define ULLONG_WIDTH __LONG_LONG_WIDTH__

#endif
