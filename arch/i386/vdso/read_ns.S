/*
 * u64 vdso_read_ns(u32 id): clock id's ns now (id < VCLOCK_IDS), for the
 * modes that have the TSC at shift 32 and no slew (lib/vclock.h):
 * VCLOCK_TSC, with or without VCLOCK_ADJUSTED (adjtimex's rate: a
 * synchronized machine's clocks are always in it) and VCLOCK_COARSE.  For
 * any other mode, and for a time of 2^31 s or more, it returns ~0 and the
 * caller takes the C path (vclock.c).  cdecl; keeps ebx, esi, edi, ebp.
 *
 * It is lib/vclock.h's vclock_ns and vclock_correction with slew 0:
 *
 *     raw = hi * mult + (lo * mult >> 32)        cycles = hi * 2^32 + lo
 *     ns  = offset[id] + raw + floor(d * adj / 2^32),   d = raw - base_raw
 *
 * with d * |adj| formed as in vclock_correction (two 32x32 products), and
 * the floor of a negative product, -ceil(d * |adj| / 2^32), by adding
 * 2^32 - 1 to the low word (adj_sign: all ones) before its carry goes up,
 * then negating (x ^ sign) - sign.  A coarse clock is truncated to 10 ms:
 * ns - ns % 10^7 by two divl.
 *
 * The data page is read between two reads of its sequence count (kept on
 * the stack: eax, edx and ecx are busy), and read again if it changed.
 * __vdso_clock_gettime (clock_gettime.S) does the plain VCLOCK_TSC itself
 * and comes here (through vclock.c) for the rest; gettimeofday and time
 * come here first.
 */
#include "lib/vclock.h"
#include "arch/i386/vdso/rdtsc.h"

#define NS_TV_SEC_LIMIT_HIGH 0x1dcd6500 /* 2^31 * 10^9 >> 32 */
#define DATA(field) vdso_data - 1b + (field)
#define MODE_BITS_HERE (VCLOCK_ADJUSTED | VCLOCK_COARSE)

	.text
	.globl	vdso_read_ns
	.hidden	vdso_read_ns
	.type	vdso_read_ns, @function
vdso_read_ns:
	pushl	%ebx
	call	1f
1:	popl	%ebx
.Lagain:
	movl	8(%esp), %ecx			/* id (past ebx, return) */
	pushl	DATA(VCLOCK_DATA_SEQ)(%ebx)	/* the count, first */
	movl	DATA(VCLOCK_DATA_MODE)(%ebx, %ecx, 4), %eax
	movl	%eax, %edx
	andl	$~MODE_BITS_HERE, %edx
	cmpl	$VCLOCK_TSC, %edx
	jne	.Lnot_here
	pushl	%eax				/* the mode */
	RDTSC
	subl	DATA(VCLOCK_DATA_CYCLE_BASE)(%ebx), %eax
	sbbl	DATA(VCLOCK_DATA_CYCLE_BASE + 4)(%ebx), %edx
	movl	%edx, %ecx			/* hi */
	mull	DATA(VCLOCK_DATA_MULT)(%ebx)	/* edx = lo * mult >> 32 */
	movl	%ecx, %eax
	movl	%edx, %ecx
	mull	DATA(VCLOCK_DATA_MULT)(%ebx)
	addl	%ecx, %eax
	adcl	$0, %edx			/* edx:eax = raw */
	testb	$VCLOCK_ADJUSTED, (%esp)
	jz	2f
	pushl	%edx
	pushl	%eax
	subl	DATA(VCLOCK_DATA_BASE_RAW)(%ebx), %eax
	sbbl	DATA(VCLOCK_DATA_BASE_RAW + 4)(%ebx), %edx	/* d */
	movl	%edx, %ecx
	mull	DATA(VCLOCK_DATA_ADJ_MULT)(%ebx)	/* d_lo * |adj| */
	addl	DATA(VCLOCK_DATA_ADJ_SIGN)(%ebx), %eax	/* adj < 0: round up */
	adcl	$0, %edx
	movl	%ecx, %eax
	movl	%edx, %ecx
	mull	DATA(VCLOCK_DATA_ADJ_MULT)(%ebx)	/* d_hi * |adj| */
	addl	%ecx, %eax
	adcl	$0, %edx
	xorl	DATA(VCLOCK_DATA_ADJ_SIGN)(%ebx), %eax	/* adj < 0: negate */
	xorl	DATA(VCLOCK_DATA_ADJ_SIGN)(%ebx), %edx
	subl	DATA(VCLOCK_DATA_ADJ_SIGN)(%ebx), %eax
	sbbl	DATA(VCLOCK_DATA_ADJ_SIGN)(%ebx), %edx
	popl	%ecx
	addl	%ecx, %eax
	popl	%ecx
	adcl	%ecx, %edx			/* raw + correction */
2:	movl	16(%esp), %ecx			/* id (past the mode, the count, ebx, return) */
	addl	DATA(VCLOCK_DATA_OFFSET)(%ebx, %ecx, 8), %eax
	adcl	DATA(VCLOCK_DATA_OFFSET + 4)(%ebx, %ecx, 8), %edx
	popl	%ecx				/* the mode */
	xchgl	%ecx, (%esp)			/* the count, and the mode on the stack */
	cmpl	DATA(VCLOCK_DATA_SEQ)(%ebx), %ecx
	popl	%ecx				/* the mode */
	jne	.Lagain
	cmpl	$NS_TV_SEC_LIMIT_HIGH, %edx
	jae	.Lnot_served
	testb	$VCLOCK_COARSE, %cl
	jnz	.Lcoarse
	popl	%ebx
	ret

.Lcoarse:					/* ns - ns % 10^7 */
	pushl	%edx
	movl	%eax, %ecx
	movl	%edx, %eax
	xorl	%edx, %edx
	divl	.Lcoarse_ns - 1b(%ebx)		/* edx = hi % 10^7 */
	movl	%ecx, %eax
	divl	.Lcoarse_ns - 1b(%ebx)		/* edx = ns % 10^7 */
	movl	%ecx, %eax
	subl	%edx, %eax
	popl	%edx
	sbbl	$0, %edx
	popl	%ebx
	ret

.Lnot_here:
	addl	$4, %esp			/* the count */
.Lnot_served:
	movl	$-1, %eax
	movl	$-1, %edx
	popl	%ebx
	ret

	.balign	4
.Lcoarse_ns:
	.long	VCLOCK_COARSE_NS
	.size	vdso_read_ns, . - vdso_read_ns

	.section .note.GNU-stack, "", @progbits
