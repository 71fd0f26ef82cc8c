/*
 * no-ia32: run a command on an x86-64 host as if its kernel could not run
 * i386 programs (CONFIG_IA32_EMULATION off, or ia32_emulation=0).
 *
 *     no-ia32 COMMAND [ARGS...]
 *
 * The command and everything it starts run under a seccomp filter that
 * kills any process making a 32-bit system call: a system call whose
 * architecture, as the kernel reports it to the filter, is i386 (what an
 * ELF32 program makes with int 0x80 or sysenter).  So an i386 program
 * started directly dies at its first system call, with SIGSYS, where a
 * host without IA-32 emulation refuses the execve with ENOEXEC; either
 * way it does not run, and a test layer that still runs one directly
 * fails loudly.  Programs run through qemu-user make x86-64 system calls
 * and are untouched: the fallback works inside the jail, the native way
 * does not.  CI runs every oracle layer once more inside it.
 *
 * A filter is inherited by every child and kept across execve, and cannot
 * be removed: nothing started inside can leave the jail.  Installing one
 * needs no privilege once no_new_privs is set (prctl), which it is here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	/* A classic BPF program over struct seccomp_data: load the arch;
	 * i386 -> kill the process; anything else -> allow. */
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_I386, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(code) / sizeof(code[0]), .filter = code };

	if (argc < 2) {
		fprintf(stderr, "usage: no-ia32 COMMAND [ARGS...]\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0) {
		fprintf(stderr, "no-ia32: cannot install the seccomp filter: %s\n", strerror(errno));
		return 2;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "no-ia32: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
