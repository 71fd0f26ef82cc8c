/*
 * vfork: the system call of that name (190).  tick386's kernel answers it as
 * fork (kernel/syscall_table.c: the parent is not suspended, the child gets
 * a copy of the memory), which POSIX allows.  Written in assembly all the
 * same, as a real vfork needs: the child must not return through a frame
 * that the parent then reuses, so the return address is taken off the
 * stack before the call and jumped to after it, and nothing else of the
 * stack is touched.  -1 and errno on failure (sys_ret).
 */
	.text
	.globl	vfork
	.type	vfork, @function
vfork:
	popl	%ecx			/* the return address, kept in a register */
	movl	$190, %eax		/* __NR_vfork */
	int	$0x80
	pushl	%ecx			/* back on the stack, for ret (or for sys_ret's frame) */
	cmpl	$-4095, %eax
	jae	1f
	ret
1:	pushl	%eax			/* the -errno: sys_ret sets errno, returns -1 */
	call	sys_ret
	addl	$4, %esp
	ret
	.size	vfork, .-vfork
	.section .note.GNU-stack,"",@progbits
