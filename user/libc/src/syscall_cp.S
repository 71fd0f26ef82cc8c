/*
 * long __syscall_cp_asm(volatile int *cancel, long nr, long a, ..., long f)
 *
 * A system call that is a cancellation point (pthread_cancel.c).  Between
 * __cp_begin and __cp_end the thread has checked that no cancellation is
 * pending and not yet finished the call: if SIGCANCEL arrives there, its
 * handler moves the interrupted eip to __cp_cancel, and the thread acts on
 * the cancellation instead of (re)entering the call.  A call the kernel
 * restarts after the handler (SA_RESTART) has its eip back on the `int`,
 * inside the window; a call that returned -EINTR is past __cp_end, and the
 * C side checks the flag then.  A call that completed is never cancelled,
 * so nothing it did (a read that consumed data) is lost.
 */
	.text
	.globl __syscall_cp_asm, __cp_begin, __cp_end, __cp_cancel
	.hidden __cp_begin, __cp_end, __cp_cancel
	.type __syscall_cp_asm, @function
__syscall_cp_asm:
	pushl %ebx
	pushl %esi
	pushl %edi
	pushl %ebp
	movl 20(%esp), %ecx	/* cancel */
__cp_begin:
	movl (%ecx), %eax
	testl %eax, %eax
	jnz __cp_cancel
	movl 24(%esp), %eax	/* nr */
	movl 28(%esp), %ebx
	movl 32(%esp), %ecx
	movl 36(%esp), %edx
	movl 40(%esp), %esi
	movl 44(%esp), %edi
	movl 48(%esp), %ebp
	int $0x80
__cp_end:
	popl %ebp
	popl %edi
	popl %esi
	popl %ebx
	ret
__cp_cancel:
	popl %ebp
	popl %edi
	popl %esi
	popl %ebx
	jmp __cancel
	.size __syscall_cp_asm, . - __syscall_cp_asm

	.section .note.GNU-stack, "", @progbits
