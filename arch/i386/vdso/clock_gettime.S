/*
 * __vdso_clock_gettime(clockid_t id, struct timespec *ts): the common case
 * here, the other modes of a TSC at shift 32 in read_ns.S, and everything
 * else in C (vdso_clock_gettime_slow, vclock.c).
 *
 * The common case is a clock whose mode is VCLOCK_TSC alone (lib/vclock.h):
 * the TSC is the clock source and runs at 1 GHz or more (shift 32), and
 * adjtimex is not slewing or correcting the rate.  Then
 *
 *     ns = offset[id] + (cycles * mult >> 32),  cycles = tsc - cycle_base
 *
 * which is vclock_ns with shift 32, the kernel's own formula; with
 * cycles = hi * 2^32 + lo, cycles * mult >> 32 = hi * mult + (lo * mult >> 32)
 * exactly: two 32x32->64 multiplications.  Then one divl splits ns into
 * seconds and nanoseconds (ns < 2^31 * 10^9, so the quotient fits; past
 * that the kernel answers, as it saturates tv_sec).
 *
 * The data page is read between two reads of its sequence count; if the
 * kernel changed it meanwhile (an interrupt), the read starts again.  The
 * count is kept on the stack: eax, edx and ecx are all busy in the
 * multiplication, and ebx holds the address of the code.
 *
 * The store to *ts is the one of vclock.c's put_pair: a bad ts is -EFAULT
 * with nothing written (the kernel's vdso_fixup jumps to 9: on a fault).
 *
 * Instructions on the common path, counted: 35 (gcc's code for the same in
 * C took 70).
 */
#include "lib/vclock.h"
#include "arch/i386/vdso/rdtsc.h"
#include <abi/errno.h>

/* From here on ns / 10^9 would not fit in tv_sec's 31 bits: 2^31 * 10^9
 * has this high word and a low word of 0. */
#define NS_TV_SEC_LIMIT_HIGH 0x1dcd6500

/* A field of the data page, with ebx at label 1 below: the page is a
 * constant distance from the code (vdso.lds), so this is a link-time
 * constant, and the image needs no relocation. */
#define DATA(field) vdso_data - 1b + (field)

	.text
	.globl	__vdso_clock_gettime
	.type	__vdso_clock_gettime, @function
__vdso_clock_gettime:
	movl	4(%esp), %ecx			/* id */
	cmpl	$VCLOCK_IDS - 1, %ecx
	ja	vdso_clock_gettime_slow		/* negative or past the table */
	pushl	%ebx
	call	1f
1:	popl	%ebx				/* ebx = 1b: where we run */
.Lretry:
	pushl	DATA(VCLOCK_DATA_SEQ)(%ebx)	/* the count, first */
	cmpl	$VCLOCK_TSC, DATA(VCLOCK_DATA_MODE)(%ebx, %ecx, 4)
	jne	.Lslow_seq
	RDTSC					/* edx:eax = tsc */
	subl	DATA(VCLOCK_DATA_CYCLE_BASE)(%ebx), %eax
	sbbl	DATA(VCLOCK_DATA_CYCLE_BASE + 4)(%ebx), %edx
	movl	%edx, %ecx			/* hi */
	mull	DATA(VCLOCK_DATA_MULT)(%ebx)	/* edx = lo * mult >> 32 */
	movl	%ecx, %eax
	movl	%edx, %ecx
	mull	DATA(VCLOCK_DATA_MULT)(%ebx)	/* edx:eax = hi * mult */
	addl	%ecx, %eax
	adcl	$0, %edx			/* edx:eax = cycles * mult >> 32 */
	movl	12(%esp), %ecx			/* id (past the count, ebx, return) */
	addl	DATA(VCLOCK_DATA_OFFSET)(%ebx, %ecx, 8), %eax
	adcl	DATA(VCLOCK_DATA_OFFSET + 4)(%ebx, %ecx, 8), %edx
	popl	%ecx				/* the count, again */
	cmpl	DATA(VCLOCK_DATA_SEQ)(%ebx), %ecx
	jne	.Lchanged
	cmpl	$NS_TV_SEC_LIMIT_HIGH, %edx
	jae	.Lslow
.Lsplit:
	divl	.Lns_per_sec - 1b(%ebx)		/* eax = s, edx = ns */
	movl	12(%esp), %ecx			/* ts */
2:	orl	$0, 4(%ecx)			/* faults unless the last byte's page is writable */
3:	movl	%eax, (%ecx)			/* ... and this unless the first byte's is */
4:	movl	%edx, 4(%ecx)
	xorl	%eax, %eax
5:	popl	%ebx
	ret

.Lchanged:					/* the kernel changed the page: again */
	movl	8(%esp), %ecx
	jmp	.Lretry
.Lslow_seq:					/* another mode: read_ns.S's? */
	addl	$4, %esp			/* the count */
	testl	$VCLOCK_SLEWING | VCLOCK_SHIFT, DATA(VCLOCK_DATA_MODE)(%ebx, %ecx, 4)
	jnz	.Lslow				/* no: C (a change meanwhile is C's to see) */
	pushl	8(%esp)				/* id */
	call	vdso_read_ns
	addl	$4, %esp
	movl	%eax, %ecx
	andl	%edx, %ecx
	incl	%ecx				/* ~0: not served there */
	jnz	.Lsplit
.Lslow:
	popl	%ebx
	jmp	vdso_clock_gettime_slow		/* the arguments are where they were */

	.balign	4
.Lns_per_sec:
	.long	1000000000
	.size	__vdso_clock_gettime, . - __vdso_clock_gettime

	.pushsection .text.fixup, "ax"
9:	movl	$-EFAULT, %eax
	jmp	5b
	.popsection

	.pushsection .vdso_fixup, "a"
	.balign	4
	.long	2b - ., 9b - .
	.long	3b - ., 9b - .
	.long	4b - ., 9b - .
	.popsection

	.section .note.GNU-stack, "", @progbits
