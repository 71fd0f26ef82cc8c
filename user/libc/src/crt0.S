/*
 * crt0: the entry point of every program.
 *
 * The kernel starts a program at _start with the stack as Linux i386 lays
 * it out: [esp] = argc, then argv[0..argc-1], NULL, envp[...], NULL, auxv.
 * No register holds anything useful (edx may carry a Linux atexit hook
 * from a dynamic loader; there is none here).  We clear ebp so that stack
 * walks end here, align the stack to 16 bytes as the SysV ABI wants at a
 * call, and hand the initial stack pointer to __libc_start (start.c),
 * which calls main and exit.
 */
#include <abi/syscall.h>

	.text
	.globl _start
	.type _start, @function
_start:
	xorl %ebp, %ebp
	movl %esp, %eax
	andl $-16, %esp
	subl $12, %esp
	pushl %eax
	call __libc_start
	hlt			/* __libc_start never returns */
	.size _start, . - _start

/*
 * The signal restorer.  A handler returns here (the kernel put this address
 * in the frame's return slot, from sa_restorer); esp then points just past
 * that slot, at the frame, and rt_sigreturn finds the frame from esp.  So
 * nothing may be pushed or popped before the int.
 */
	.globl __restore_rt
	.type __restore_rt, @function
	nop			/* debuggers look one byte before a return address */
__restore_rt:
	movl $__NR_rt_sigreturn, %eax
	int $0x80
	hlt			/* not reached: a bad frame kills the task */
	.size __restore_rt, . - __restore_rt

	.section .note.GNU-stack, "", @progbits
