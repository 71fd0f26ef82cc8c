/*
 * The vectors a program can raise itself, and the signal each gives, as on
 * Linux: int3 (and int $3) and into/int $4 are open to ring 3 (gates of
 * privilege 3): SIGTRAP with si_code SI_KERNEL, and SIGSEGV SI_KERNEL, the
 * saved eip after the instruction (they are traps).  Any other int $n is a
 * general protection fault: SIGSEGV SI_KERNEL, eip at the instruction, and
 * so is bound out of range (#BR).
 * Each case is left by siglongjmp.  (icebp is left out: QEMU's emulated
 * CPU raises #UD for it, a real one a debug exception.)
 */
/* parallel: yes */
#define _GNU_SOURCE /* glibc: REG_* names of mcontext_t's gregs */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>
#include "../tap.h"

#ifdef __tick386__
#define CTX_EIP(uc) ((uc)->uc_mcontext.eip)
#else
#define CTX_EIP(uc) ((uc)->uc_mcontext.gregs[REG_EIP])
#endif

#define SI_KERNEL_ 0x80

/* Each case: the instruction between two labels, then a return. */
#define CASE(name, insn)                                                                           \
	extern char name##_at[], name##_after[];                                                   \
	__asm__(".text\n\t"                                                                        \
		".globl " #name "_at, " #name "_after, " #name "\n" #name ":\n" #name              \
		"_at:\n\t" insn "\n" #name "_after:\n\t"                                           \
		"ret\n");                                                                          \
	void name(void);

CASE(case_int3, "int3")
CASE(case_int_3, ".byte 0xcd, 0x03")
CASE(case_into, "movl $0x7fffffff, %eax\n\taddl $1, %eax\n\tinto")
CASE(case_int_4, "int $4")
CASE(case_int_0x81, "int $0x81")
CASE(case_int_1, "int $1")
CASE(case_int_14, "int $14")

/* bound with eax = 5 outside [0, 1]: #BR, a fault (eip at it) */
extern char bound_at[];
__asm__(".text\n\t"
	".globl case_bound, bound_at\n"
	"case_bound:\n\t"
	"movl $5, %eax\n\t"
	"pushl $1\n\t"
	"pushl $0\n"
	"bound_at:\n\t"
	"boundl %eax, (%esp)\n\t"
	"addl $8, %esp\n\t"
	"ret\n");
void case_bound(void);

static sigjmp_buf back;
static volatile int got_sig, got_code;
static volatile unsigned long got_eip, got_addr;

static void on_signal(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;

	got_sig = sig;
	got_code = info->si_code;
	got_addr = (unsigned long)info->si_addr;
	got_eip = CTX_EIP(uc);
	siglongjmp(back, 1);
}

static void run(void (*fn)(void))
{
	got_sig = got_code = 0;
	got_eip = got_addr = 0;
	if (sigsetjmp(back, 1) == 0)
		fn();
}

/* The case ran fn; it must give sig/code with eip at `eip`, address addr. */
static void expect(const char *what, void (*fn)(void), int sig, int code, char *eip, char *addr)
{
	run(fn);
	tap_why("signal %d code %d eip %#lx (instruction %p, after %p) addr %#lx", got_sig,
		got_code, got_eip, (void *)fn, (void *)eip, got_addr);
	ok(got_sig == sig && got_code == code && got_eip == (unsigned long)eip &&
	       got_addr == (unsigned long)addr,
	   "%s", what);
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTRAP, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);

	expect("int3: SIGTRAP, SI_KERNEL, eip after it", case_int3, SIGTRAP, SI_KERNEL_,
	       case_int3_after, NULL);
	expect("int $3: the same", case_int_3, SIGTRAP, SI_KERNEL_, case_int_3_after, NULL);
	expect("into with OF set: SIGSEGV, SI_KERNEL, eip after it", case_into, SIGSEGV, SI_KERNEL_,
	       case_into_after, NULL);
	expect("int $4: the same", case_int_4, SIGSEGV, SI_KERNEL_, case_int_4_after, NULL);
	expect("int $0x81: SIGSEGV, SI_KERNEL, eip at it", case_int_0x81, SIGSEGV, SI_KERNEL_,
	       case_int_0x81_at, NULL);
	expect("int $1: SIGSEGV, SI_KERNEL, eip at it", case_int_1, SIGSEGV, SI_KERNEL_,
	       case_int_1_at, NULL);
	expect("int $14: SIGSEGV, SI_KERNEL, eip at it", case_int_14, SIGSEGV, SI_KERNEL_,
	       case_int_14_at, NULL);
	expect("bound out of range: SIGSEGV, SI_KERNEL, eip at it", case_bound, SIGSEGV, SI_KERNEL_,
	       bound_at, NULL);
	expect("int3 again: the program goes on", case_int3, SIGTRAP, SI_KERNEL_, case_int3_after,
	       NULL);
	return done_testing();
}
