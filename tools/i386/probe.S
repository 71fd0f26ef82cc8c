/*
 * The probe of tools/i386/run: the smallest i386 Linux program, which only
 * exits with status 42 through int 0x80 (eax = 1, exit; ebx = status).
 * If the host runs it and sees 42, the host executes i386 programs; if the
 * execve is refused (ENOEXEC: IA-32 emulation is off), or the program dies
 * (a seccomp jail, tools/i386/no-ia32), it does not.
 */
	.globl _start
_start:
	movl $1, %eax
	movl $42, %ebx
	int $0x80
