/*
 * x87 errors.  An operation whose exception the control word leaves
 * unmasked flags it in the status word, and the next waiting x87
 * instruction (here fwait) raises #MF: SIGFPE with the si_code of the
 * first unmasked error (invalid, divide by zero, overflow, ...) and si_addr
 * at that instruction, as Linux.  Masked, the same operation goes on
 * quietly.  The pending error belongs to the task's x87 state: it survives
 * a switch to another task, is inherited by a child of fork, is saved in
 * a signal frame and comes back with rt_sigreturn; and a handler that
 * leaves an error pending in its own state loses it at rt_sigreturn
 * (without the kernel faulting on it).
 */
/* parallel: yes */
#include <setjmp.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../tap.h"

#define FPE_FLTDIV_ 3
#define FPE_FLTOVF_ 4
#define FPE_FLTINV_ 7

#define CW_DEFAULT 0x037f /* every exception masked, 64-bit precision */
#define CW_ZM 0x04
#define CW_OM 0x08
#define CW_IM 0x01

extern char wait_at[];

static sigjmp_buf back;
static volatile int got_sig, got_code;
static void *volatile got_addr;

static void on_fpe(int sig, siginfo_t *info, void *ctx)
{
	(void)ctx;
	got_sig = sig;
	got_code = info->si_code;
	got_addr = info->si_addr;
	siglongjmp(back, 1);
}

static void set_cw(unsigned short cw)
{
	__asm__ volatile("fninit; fldcw %0" : : "m"(cw));
}

static const double zero = 0.0, big = 1e300;

enum op { DIV_ZERO, ZERO_BY_ZERO, OVERFLOW };

/* The operation, its error left pending (no waiting instruction). */
static void operate(enum op op)
{
	switch (op) {
	case DIV_ZERO:
		__asm__ volatile("fld1; fdivl %0" : : "m"(zero));
		break;
	case ZERO_BY_ZERO:
		__asm__ volatile("fldz; fdivl %0" : : "m"(zero));
		break;
	case OVERFLOW:
		/* 1e300 squared five times: past the 80-bit range (1e4932) */
		__asm__ volatile("fldl %0\n\t"
				 "fmul %%st(0), %%st(0)\n\t"
				 "fmul %%st(0), %%st(0)\n\t"
				 "fmul %%st(0), %%st(0)\n\t"
				 "fmul %%st(0), %%st(0)\n\t"
				 "fmul %%st(0), %%st(0)"
				 :
				 : "m"(big));
		break;
	}
}

/* fwait at the label wait_at: where the pending error is raised. */
static __attribute__((noinline)) void wait_here(void)
{
	__asm__ volatile(".globl wait_at\nwait_at:\n\tfwait" ::: "memory");
}

/* Run op under control word cw, then fwait: the signal it gave (0 none). */
static int fpe_of(enum op op, unsigned short cw)
{
	got_sig = got_code = 0;
	got_addr = 0;
	if (sigsetjmp(back, 1) == 0) {
		set_cw(cw);
		operate(op);
		wait_here();
	}
	set_cw(CW_DEFAULT);
	return got_sig;
}

static volatile int usr1_ran;
static volatile int handler_pends;

static void on_usr1(int sig)
{
	(void)sig;
	usr1_ran = 1;
	if (handler_pends) {
		/* an error pending in the handler's own state at its return */
		set_cw(CW_DEFAULT & ~CW_ZM);
		operate(DIV_ZERO);
	}
}

int main(void)
{
	struct sigaction sa;
	int status = 0;
	pid_t pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fpe;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGFPE, &sa, NULL);
	signal(SIGUSR1, on_usr1);

	ok(fpe_of(DIV_ZERO, CW_DEFAULT) == 0, "1/0 masked: no signal");
	ok(fpe_of(DIV_ZERO, CW_DEFAULT & ~CW_ZM) == SIGFPE && got_code == FPE_FLTDIV_,
	   "1/0 with divide-by-zero unmasked: SIGFPE, FPE_FLTDIV (code %d)", got_code);
	ok(got_addr == (void *)wait_at, "si_addr is the fwait that raised it");
	ok(fpe_of(ZERO_BY_ZERO, CW_DEFAULT & ~(CW_IM | CW_ZM)) == SIGFPE && got_code == FPE_FLTINV_,
	   "0/0 with invalid unmasked: SIGFPE, FPE_FLTINV (code %d)", got_code);
	ok(fpe_of(ZERO_BY_ZERO, CW_DEFAULT & ~CW_ZM) == 0,
	   "0/0 with only divide-by-zero unmasked: none");
	ok(fpe_of(OVERFLOW, CW_DEFAULT & ~CW_OM) == SIGFPE && got_code == FPE_FLTOVF_,
	   "overflow unmasked: SIGFPE, FPE_FLTOVF (code %d)", got_code);

	/* Pending across a switch: the error waits in the task's own state. */
	got_sig = 0;
	if (sigsetjmp(back, 1) == 0) {
		set_cw(CW_DEFAULT & ~CW_ZM);
		operate(DIV_ZERO);
		for (int i = 0; i < 3; i++)
			sched_yield();
		wait_here();
	}
	set_cw(CW_DEFAULT);
	ok(got_sig == SIGFPE && got_code == FPE_FLTDIV_,
	   "an error pending across sched_yield is raised at the fwait after it");

	/* A child of fork inherits it, and the parent keeps its own. */
	got_sig = 0;
	if (sigsetjmp(back, 1) == 0) {
		set_cw(CW_DEFAULT & ~CW_ZM);
		operate(DIV_ZERO);
		pid = fork();
		if (pid == 0) {
			if (sigsetjmp(back, 1) == 0)
				wait_here();
			_exit(got_sig == SIGFPE && got_code == FPE_FLTDIV_ ? 42 : 1);
		}
		wait_here();
	}
	set_cw(CW_DEFAULT);
	ok(got_sig == SIGFPE, "the parent's pending error is raised after fork");
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 42,
	   "and the child's too (status %#x)", status);

	/* Saved in a signal frame, restored by rt_sigreturn. */
	got_sig = 0;
	usr1_ran = 0;
	if (sigsetjmp(back, 1) == 0) {
		set_cw(CW_DEFAULT & ~CW_ZM);
		operate(DIV_ZERO);
		raise(SIGUSR1);
		wait_here();
	}
	set_cw(CW_DEFAULT);
	ok(usr1_ran && got_sig == SIGFPE && got_code == FPE_FLTDIV_,
	   "an error pending when a handler runs is raised after its return");

	/* A handler's own pending error is dropped by rt_sigreturn. */
	got_sig = 0;
	usr1_ran = 0;
	handler_pends = 1;
	if (sigsetjmp(back, 1) == 0) {
		raise(SIGUSR1);
		wait_here();
	}
	handler_pends = 0;
	ok(usr1_ran && got_sig == 0, "an error the handler left pending does not come back");
	ok(fpe_of(DIV_ZERO, CW_DEFAULT) == 0, "and masked again: no signal");
	return done_testing();
}
