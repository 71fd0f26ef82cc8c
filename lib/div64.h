/*
 * Dividing 64-bit values on i386 without libgcc.
 *
 * gcc divides a u64 by calling __udivdi3 (or __umoddi3), 24 to 63 guest
 * instructions a call in the kernel's paths (make profile-path).  When the
 * divisor fits 32 bits and the quotient does too (the high half of the
 * dividend is below the divisor), one `divl` does it: edx:eax divided by a
 * 32-bit operand, quotient in eax, remainder in edx (Linux's do_div rests
 * on the same instruction).  Elsewhere (the host's unit tests) plain C.
 */
#ifndef TICK386_LIB_DIV64_H
#define TICK386_LIB_DIV64_H

#include "lib/types.h"

/* (hi * 2^32 + lo) / div, remainder in *rem; hi < div (else divl faults). */
static inline u32 div64_narrow(u32 hi, u32 lo, u32 div, u32 *rem)
{
#if defined(__i386__)
	u32 q, r;

	__asm__("divl %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(div));
	*rem = r;
	return q;
#else
	u64 n = (u64)hi << 32 | lo;

	*rem = (u32)(n % div);
	return (u32)(n / div);
#endif
}

#endif
