/*
 * The 48-bit linear congruential generator of drand48 & co. (internal):
 * X(n+1) = (a * X(n) + c) mod 2^48, a = 0x5DEECE66D and c = 0xB unless
 * lcong48 set others.  A state is three 16-bit words, least significant
 * first, as POSIX's xsubi.  The library's own state starts at 0, as
 * glibc's does before any seeding (so the sequences match glibc's).
 * rand48.c holds that state; each public function is its own object.
 */
#ifndef TICK386_LIBC_RAND48_H
#define TICK386_LIBC_RAND48_H

#include <stdint.h>

struct rand48_state {
	unsigned short x[3];
	unsigned short a[3];
	unsigned short c;
};

extern struct rand48_state __rand48;

/* One step of x with __rand48's a and c; the new X, 48 bits. */
uint64_t __rand48_step(unsigned short x[3]);

#endif
