/*
 * int __thread_clone(int flags, void *stack, int *ptid, void *tls, int *ctid)
 *
 * clone (120) for a new thread.  The kernel starts the child with the
 * parent's registers, eax = 0 and esp = stack, so the child cannot return
 * through the parent's frames: it finds its work on its own stack, where
 * the parent has put the function at [stack] and its argument at
 * [stack + 4], with stack + 4 aligned to 16 (the SysV ABI's alignment at a
 * call).  The function never returns (it ends the thread); the exit loop
 * after it is only a guard.  The parent gets the child's tid or -errno.
 */
#include <abi/syscall.h>

	.text
	.globl __thread_clone
	.type __thread_clone, @function
__thread_clone:
	pushl %ebx
	pushl %esi
	pushl %edi
	movl 16(%esp), %ebx	/* flags */
	movl 20(%esp), %ecx	/* child stack */
	movl 24(%esp), %edx	/* parent_tid */
	movl 28(%esp), %esi	/* tls: struct user_desc * */
	movl 32(%esp), %edi	/* child_tid */
	movl $120, %eax		/* clone */
	int $0x80
	testl %eax, %eax
	jz 1f
	popl %edi
	popl %esi
	popl %ebx
	ret
1:	xorl %ebp, %ebp		/* the child: stack walks end here */
	popl %eax
	call *%eax
2:	movl $__NR_exit, %eax
	xorl %ebx, %ebx
	int $0x80
	jmp 2b
	.size __thread_clone, . - __thread_clone

	.section .note.GNU-stack, "", @progbits
