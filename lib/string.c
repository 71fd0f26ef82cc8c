/*
 * Simple loops; memcpy and memset by the string instructions on i386, by
 * words where alignment allows elsewhere.  GCC may turn a loop here into a
 * call of the very function being defined, so the loops are built with
 * the loop-pattern optimisation off (see the attribute below).
 */
#include "lib/string.h"
#include <stdint.h>

#define NO_LOOP_TO_CALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

/*
 * Words at a time where both sides can be aligned alike: the kernel copies
 * every system call's arguments and results through here.  The word type
 * may alias anything, so the copies are safe whatever the buffers hold.
 */
typedef unsigned long __attribute__((may_alias)) word_t;
#define WORD_SIZE sizeof(word_t)
#define WORD_MISALIGNMENT(p) ((uintptr_t)(p) & (WORD_SIZE - 1))

/*
 * On i386, the string instructions: `rep movsl` moves a word per iteration
 * where the C loop takes about six instructions (a load, a store and the
 * loop's bookkeeping).  Counted in guest instructions under QEMU's
 * -icount, as kbench counts (each iteration is one), a signal frame's 268
 * bytes went from 652 to 75 (make profile-path PATH_NAME=deadline).  The
 * direction flag is clear in C code (the ABI; the kernel's entry stubs
 * clear it).  Other hosts (lib/'s unit tests): the loops.
 */
#if defined(__i386__)
void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	void *d = dst;
	size_t words = n / 4;

	__asm__ volatile("rep movsl\n\t"
			 "movl %[rest], %%ecx\n\t"
			 "rep movsb"
			 : "+D"(d), "+S"(src), "+c"(words)
			 : [rest] "rm"(n & 3)
			 : "memory");
	return dst;
}
#else
NO_LOOP_TO_CALL void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (n >= 2 * WORD_SIZE && WORD_MISALIGNMENT(d) == WORD_MISALIGNMENT(s)) {
		while (WORD_MISALIGNMENT(d)) {
			*d++ = *s++;
			n--;
		}
		for (; n >= WORD_SIZE; n -= WORD_SIZE, d += WORD_SIZE, s += WORD_SIZE)
			*(word_t *)d = *(const word_t *)s;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}
#endif

NO_LOOP_TO_CALL void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	if (d == s || n == 0)
		return dst;
	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		d += n;
		s += n;
		while (n--)
			*--d = *--s;
	}
	return dst;
}

#if defined(__i386__)
void *memset(void *dst, int c, size_t n)
{
	void *d = dst;
	size_t words = n / 4;

	__asm__ volatile("rep stosl\n\t"
			 "movl %[rest], %%ecx\n\t"
			 "rep stosb"
			 : "+D"(d), "+c"(words)
			 : "a"((unsigned char)c * 0x01010101u), [rest] "rm"(n & 3)
			 : "memory");
	return dst;
}
#else
NO_LOOP_TO_CALL void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	if (n >= 2 * WORD_SIZE) {
		word_t pattern = (unsigned char)c;
		for (unsigned shift = 8; shift < 8 * WORD_SIZE; shift *= 2)
			pattern |= pattern << shift;
		while (WORD_MISALIGNMENT(d)) {
			*d++ = (unsigned char)c;
			n--;
		}
		for (; n >= WORD_SIZE; n -= WORD_SIZE, d += WORD_SIZE)
			*(word_t *)d = pattern;
	}
	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}
#endif

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}

NO_LOOP_TO_CALL size_t strlen(const char *s)
{
	const char *p = s;
	while (*p)
		p++;
	return (size_t)(p - s);
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;
	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	while (*x && *x == *y)
		x++, y++;
	return (*x > *y) - (*x < *y);
}

int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	for (; n; n--, x++, y++) {
		if (*x != *y)
			return *x < *y ? -1 : 1;
		if (!*x)
			break;
	}
	return 0;
}

NO_LOOP_TO_CALL char *strcpy(char *restrict dst, const char *restrict src)
{
	char *d = dst;
	while ((*d++ = *src++))
		;
	return dst;
}

NO_LOOP_TO_CALL char *strncpy(char *restrict dst, const char *restrict src, size_t n)
{
	size_t i = 0;
	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = '\0';
	return dst;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;
	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}
