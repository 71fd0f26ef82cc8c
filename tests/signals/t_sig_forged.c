/*
 * A handler edits the saved context it is given, as an attacker would
 * forge a frame for rt_sigreturn: kernel segments, IOPL 3, interrupts off,
 * NT, a null stack segment, a kernel eip.  rt_sigreturn must hand back to
 * ring 3 only user-safe state: the flags are filtered, the forged segments
 * end in SIGSEGV for this program (caught here and left by siglongjmp),
 * and the kernel goes on.  Linux refuses such selectors too, with a signal
 * that depends on its kind: an x86-64 kernel running this i386 program
 * says SIGSEGV; an i386 kernel, whose iret faults on them, says SIGILL
 * (ILL_BADSTK, "iret exception": Linux 6.1 i386 in QEMU, where the test
 * runs when the host cannot execute i386 programs).  Either is a refusal
 * the program survives; tick386 says SIGSEGV.
 */
/* parallel: yes */
#define _GNU_SOURCE /* glibc: REG_* names of mcontext_t's gregs */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include "../tap.h"

/* The saved registers: named fields in user/libc, gregs[] in glibc. */
#ifdef __tick386__
#define CTX(uc, field, REG) ((uc)->uc_mcontext.field)
#else
#define CTX(uc, field, REG) ((uc)->uc_mcontext.gregs[REG])
#endif

enum forgery { NONE, FLAGS, KERNEL_CS, NULL_SS, KERNEL_EIP };
static volatile enum forgery forge;
static sigjmp_buf back;
static volatile int segv;

static void edit_context(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig, (void)info;
	switch (forge) {
	case FLAGS:
		CTX(uc, eflags, REG_EFL) |= 0x3000 | 0x4000; /* IOPL 3, NT */
		CTX(uc, eflags, REG_EFL) &= ~0x200;	     /* IF off */
		CTX(uc, eflags, REG_EFL) |= 0x1;	     /* CF: the program's to set */
		break;
	case KERNEL_CS:
		CTX(uc, cs, REG_CS) = 0x08;
		break;
	case NULL_SS:
		CTX(uc, ss, REG_SS) = 0;
		break;
	case KERNEL_EIP:
		CTX(uc, eip, REG_EIP) = 0xc0001000;
		break;
	default:
		break;
	}
}

static void on_segv(int sig)
{
	segv = sig;
	siglongjmp(back, 1);
}

static unsigned long eflags_now(void)
{
	unsigned long f;

	__asm__ volatile("pushfl; popl %0" : "=r"(f));
	return f;
}

/* raise SIGUSR1 with a forgery; 1 if SIGSEGV (or an i386 Linux's SIGILL
 * for a selector iret refused) came instead of a return. */
static int forged_return(enum forgery f)
{
	segv = 0;
	forge = f;
	if (sigsetjmp(back, 1) == 0) {
		raise(SIGUSR1);
		forge = NONE;
		return 0;
	}
	forge = NONE;
	return segv == SIGSEGV || (segv == SIGILL && f != KERNEL_EIP);
}

int main(void)
{
	struct sigaction sa;
	unsigned long flags_after = 0;
	int carry = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = edit_context;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_segv;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);

	ok(forged_return(NONE) == 0, "an unedited context returns normally");

	/* Flags: the arithmetic ones pass, IOPL/NT/IF do not. */
	segv = 0;
	forge = FLAGS;
	if (sigsetjmp(back, 1) == 0) {
		raise(SIGUSR1);
		__asm__ volatile("pushfl; popl %0" : "=r"(flags_after));
		__asm__ volatile("" ::: "memory");
	}
	forge = NONE;
	(void)carry;
	ok(segv == 0, "a context with IOPL 3, NT and IF clear returns");
	ok((flags_after & 0x3000) == 0, "IOPL stays 0 (eflags %#lx)", flags_after);
	ok((flags_after & 0x4000) == 0, "NT stays clear");
	ok((flags_after & 0x200) != 0, "interrupts stay on");
	ok((eflags_now() & 0x3000) == 0, "and still IOPL 0 later");
	segv = 0;
	if (sigsetjmp(back, 1) == 0)
		__asm__ volatile("cli");
	ok(segv == SIGSEGV, "so cli in ring 3 faults with SIGSEGV");

	ok(forged_return(KERNEL_CS), "the kernel's code segment in the frame: SIGSEGV");
	ok(forged_return(NULL_SS), "a null stack segment: SIGSEGV");
	ok(forged_return(KERNEL_EIP), "eip in the kernel's half: SIGSEGV");
	ok(forged_return(NONE) == 0, "and the program goes on as before");
	return done_testing();
}
