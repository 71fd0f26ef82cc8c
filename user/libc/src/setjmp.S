/*
 * setjmp / longjmp for i386 cdecl.  jmp_buf (see <setjmp.h>) holds
 *   0 ebx, 4 esi, 8 edi, 12 ebp   the callee-saved registers
 *   16 esp                        the stack pointer after setjmp returns
 *   20 eip                        the address setjmp returns to
 *   24 mask saved?, 28 the mask   (sigsetjmp only; filled by jmp.c)
 * setjmp leaves the signal mask alone, as glibc's does.
 */
	.text

	.globl setjmp, _setjmp
	.type setjmp, @function
	.type _setjmp, @function
setjmp:
_setjmp:
	movl 4(%esp), %eax
	call save_registers
	movl $0, 24(%eax)
	xorl %eax, %eax
	ret

/* int __sigsetjmp(sigjmp_buf env, int savemask): the mask is saved by C. */
	.globl __sigsetjmp
	.type __sigsetjmp, @function
__sigsetjmp:
	movl 4(%esp), %eax
	call save_registers
	jmp __sigjmp_save	/* tail call with our own arguments */

/* Saves the caller's caller context into the buffer at eax. */
save_registers:
	movl %ebx, 0(%eax)
	movl %esi, 4(%eax)
	movl %edi, 8(%eax)
	movl %ebp, 12(%eax)
	leal 8(%esp), %ecx	/* past our return address and setjmp's */
	movl %ecx, 16(%eax)
	movl 4(%esp), %ecx	/* setjmp's return address */
	movl %ecx, 20(%eax)
	ret

/* void __longjmp_registers(jmp_buf env, int val): val 0 becomes 1. */
	.globl __longjmp_registers
	.type __longjmp_registers, @function
__longjmp_registers:
	movl 4(%esp), %edx
	movl 8(%esp), %eax
	testl %eax, %eax
	jnz 1f
	incl %eax
1:	movl 0(%edx), %ebx
	movl 4(%edx), %esi
	movl 8(%edx), %edi
	movl 12(%edx), %ebp
	movl 16(%edx), %esp
	jmp *20(%edx)

	.section .note.GNU-stack, "", @progbits
