/*
 * Selectors that go bad between the entry to the kernel and the way back:
 * the program loads one of its own set_thread_area slots into ds, es, fs or
 * ss, then (in the very call whose return reloads it) clears the slot or
 * makes it read-only; or a child made by clone with CLONE_SETTLS gets the
 * slot cleared while it holds it; or a signal handler writes selectors into
 * the frame rt_sigreturn takes back.  The way back to ring 3 must never
 * fault in the kernel: a data selector that names no usable segment comes
 * back null, a bad stack or code segment costs the program a SIGSEGV
 * (si_code SI_KERNEL).  Linux, the oracle, does the same, but for the
 * signal of a refused iret on an i386 kernel: SIGILL, ILL_BADSTK (its
 * iret_error; an x86-64 kernel says SIGSEGV, as tick386).  Everything
 * between loading a selector and putting a flat one back is in one asm
 * block, so that no access of the compiler's goes through it.
 */
/* parallel: yes */
#define _GNU_SOURCE /* glibc: REG_* names of mcontext_t's gregs */
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include "../tap.h"

#ifdef __tick386__
#define CTX(uc, field, REG) ((uc)->uc_mcontext.field)
#else
#define CTX(uc, field, REG) ((uc)->uc_mcontext.gregs[REG])
#endif

#define NR_exit 1
#define NR_getpid 20
#define NR_kill 37
#define NR_clone 120
#define NR_set_thread_area 243
#define SI_KERNEL_ 0x80
#define ILL_BADSTK_ 8

/* How an iret that refused cs or ss reached the program. */
#ifdef __tick386__
#define REFUSED() (segv == SIGSEGV && segv_code == SI_KERNEL_)
#else
#define REFUSED()                                                                                  \
	((segv == SIGSEGV && segv_code == SI_KERNEL_) ||                                           \
	 (segv == SIGILL && segv_code == ILL_BADSTK_))
#endif

#define C_VM 0x100
#define C_FS 0x200
#define C_FILES 0x400
#define C_SIGHAND 0x800
#define C_THREAD 0x10000
#define C_SETTLS 0x80000

struct desc {
	unsigned entry_number, base_addr, limit, flags;
};

/* flags of struct user_desc: seg_32bit 1, read_exec_only 8, limit_in_pages
 * 16, seg_not_present 32, useable 64 */
#define FLAT_RW 0x51
#define FLAT_RO (0x51 | 8)
#define EMPTY (8 | 32)

static unsigned slot;	  /* the entry number set_thread_area chose */
static unsigned slot_sel; /* its selector, RPL 3 */

static long sys3(long nr, long a, long b, long c)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "0"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	return r;
}

static struct desc desc_of(unsigned flags)
{
	struct desc d = {slot, 0, flags == EMPTY ? 0 : 0xfffff, flags};

	if (flags == EMPTY)
		d.base_addr = 0;
	return d;
}

static int set_slot(unsigned flags)
{
	struct desc d = desc_of(flags);

	return (int)sys3(NR_set_thread_area, (long)&d, 0, 0);
}

/* --- SIGSEGV, caught and left by siglongjmp ----------------------------------- */

static sigjmp_buf back;
static volatile int segv, segv_code;

static void on_segv(int sig, siginfo_t *info, void *ctx)
{
	(void)ctx;
	segv = sig;
	segv_code = info->si_code;
	siglongjmp(back, 1);
}

/* --- the return of a system call ---------------------------------------------- */

/*
 * With ds, es or fs (which) holding the slot, set_thread_area(d) by int
 * 0x80; the selector the register holds after the call, the flat one put
 * back at once.
 */
static unsigned data_sel_after(int which, struct desc *d)
{
	unsigned after = 0xdead;
	long nr = NR_set_thread_area;

	switch (which) {
	case 'd':
		__asm__ volatile("movl %[sel], %%ds\n\t"
				 "int $0x80\n\t"
				 "movl %%ds, %[after]\n\t"
				 "pushl %%ss\n\t"
				 "popl %%ds"
				 : [after] "=S"(after), "+a"(nr)
				 : "b"(d), [sel] "D"(slot_sel)
				 : "memory");
		break;
	case 'e':
		__asm__ volatile("movl %[sel], %%es\n\t"
				 "int $0x80\n\t"
				 "movl %%es, %[after]\n\t"
				 "pushl %%ss\n\t"
				 "popl %%es"
				 : [after] "=S"(after), "+a"(nr)
				 : "b"(d), [sel] "D"(slot_sel)
				 : "memory");
		break;
	case 'g': /* the C library's thread pointer is in gs: put back at once */
		__asm__ volatile("pushl %%gs\n\t"
				 "movl %[sel], %%gs\n\t"
				 "int $0x80\n\t"
				 "movl %%gs, %[after]\n\t"
				 "popl %%gs"
				 : [after] "=S"(after), "+a"(nr)
				 : "b"(d), [sel] "D"(slot_sel)
				 : "memory");
		break;
	default:
		__asm__ volatile("pushl %%fs\n\t"
				 "movl %[sel], %%fs\n\t"
				 "int $0x80\n\t"
				 "movl %%fs, %[after]\n\t"
				 "popl %%fs"
				 : [after] "=S"(after), "+a"(nr)
				 : "b"(d), [sel] "D"(slot_sel)
				 : "memory");
		break;
	}
	return after;
}

/* With ss holding the slot, set_thread_area(d): 1 if SIGSEGV came
 * (si_code in segv_code), 0 if the call returned. */
static int ss_call_faults(struct desc *d)
{
	volatile unsigned sel = slot_sel;

	long nr = NR_set_thread_area;

	segv = 0;
	if (sigsetjmp(back, 1) == 0) {
		__asm__ volatile("movl %%ss, %%esi\n\t"
				 "movl %[sel], %%ss\n\t"
				 "int $0x80\n\t"
				 "movl %%esi, %%ss"
				 : "+a"(nr)
				 : "b"(d), [sel] "D"(sel)
				 : "memory", "esi");
		return 0;
	}
	return segv != 0;
}

static void test_syscall_return(void)
{
	struct desc d;
	unsigned after;

	d = desc_of(FLAT_RW);
	after = data_sel_after('d', &d);
	ok(after == slot_sel, "ds holding a slot that stays usable keeps it");
	d = desc_of(EMPTY);
	after = data_sel_after('d', &d);
	ok(after == 0, "ds holding a slot the call cleared comes back null (%#x)", after);
	ok(set_slot(FLAT_RW) == 0, "the slot set again");
	d = desc_of(FLAT_RO);
	after = data_sel_after('d', &d);
	ok(after == slot_sel, "ds may hold a read-only data segment");
	d = desc_of(EMPTY);
	after = data_sel_after('e', &d);
	ok(after == 0, "es holding a slot the call cleared comes back null (%#x)", after);
	ok(set_slot(FLAT_RW) == 0, "the slot set again");
	d = desc_of(EMPTY);
	after = data_sel_after('f', &d);
	ok(after == 0, "fs holding a slot the call cleared comes back null (%#x)", after);
	ok(set_slot(FLAT_RW) == 0, "the slot set again");
	d = desc_of(EMPTY);
	after = data_sel_after('g', &d);
	ok(after == 0, "gs holding a slot the call cleared comes back null (%#x)", after);

	ok(set_slot(FLAT_RW) == 0, "the slot set again");
	d = desc_of(FLAT_RW);
	ok(ss_call_faults(&d) == 0, "ss holding a slot that stays writable: the call returns");
	d = desc_of(FLAT_RO);
	ok(ss_call_faults(&d) && REFUSED(), "ss holding a slot the call made read-only: refused by "
					    "a signal (tick386: SIGSEGV, SI_KERNEL)");
	ok(set_slot(FLAT_RW) == 0, "the slot set again");
	d = desc_of(EMPTY);
	ok(ss_call_faults(&d) && REFUSED(),
	   "ss holding a slot the call cleared: refused by a signal (tick386: SIGSEGV, SI_KERNEL)");
	ok(set_slot(FLAT_RW) == 0, "the slot set again");
}

/* --- rt_sigreturn's frame ---------------------------------------------------------- */

enum forgery {
	NONE,
	DS_SLOT,
	DS_CLEARED,
	ES_BEYOND,
	FS_BEYOND,
	GS_CLEARED,
	CS_DATA,
	CS_BEYOND,
	SS_CODE,
	SS_CLEARED,
	SS_RPL0
};
static volatile enum forgery forge;
static unsigned empty_sel; /* a cleared slot's selector */

static void edit_context(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;
	unsigned cs = CTX(uc, cs, REG_CS) & 0xffff, ss = CTX(uc, ss, REG_SS) & 0xffff;

	(void)sig, (void)info;
	switch (forge) {
	case DS_SLOT:
		CTX(uc, ds, REG_DS) = slot_sel;
		break;
	case DS_CLEARED:
		CTX(uc, ds, REG_DS) = empty_sel;
		break;
	case ES_BEYOND:
		CTX(uc, es, REG_ES) = 0xfff8 | 3; /* past the end of the GDT */
		break;
	case FS_BEYOND:
		CTX(uc, fs, REG_FS) = 0xfff8 | 3;
		break;
	case GS_CLEARED:
		CTX(uc, gs, REG_GS) = empty_sel;
		break;
	case CS_DATA:
		CTX(uc, cs, REG_CS) = ss;
		break;
	case CS_BEYOND:
		CTX(uc, cs, REG_CS) = 0xfff8 | 3;
		break;
	case SS_CODE:
		CTX(uc, ss, REG_SS) = cs;
		break;
	case SS_CLEARED:
		CTX(uc, ss, REG_SS) = empty_sel;
		break;
	case SS_RPL0:
		CTX(uc, ss, REG_SS) = ss & ~3u; /* the kernel makes it RPL 3 */
		break;
	default:
		break;
	}
}

/*
 * kill(getpid(), SIGUSR1) by int 0x80 with the forgery armed: the handler
 * edits the frame, rt_sigreturn comes back to the instruction after the
 * int.  *ds, *es, *fs: the selectors then; 1 if SIGSEGV came instead.
 */
static int forged(enum forgery f, unsigned *ds, unsigned *es, unsigned *fs, unsigned *gs)
{
	volatile unsigned d = 0xdead, e = 0xdead, s = 0xdead, g = 0xdead;
	long pid = sys3(NR_getpid, 0, 0, 0);

	segv = 0;
	forge = f;
	if (sigsetjmp(back, 1) == 0) {
		unsigned a, b, c, sig = SIGUSR1;
		long nr = NR_kill;

		__asm__ volatile("pushl %%fs\n\t"
				 "pushl %%gs\n\t"
				 "int $0x80\n\t"
				 "movl %%ds, %[a]\n\t"
				 "movl %%es, %[b]\n\t"
				 "movl %%fs, %[c]\n\t"
				 "movl %%gs, %[g]\n\t"
				 "popl %%gs\n\t"
				 "pushl %%ss\n\t"
				 "popl %%ds\n\t"
				 "pushl %%ss\n\t"
				 "popl %%es\n\t"
				 "popl %%fs"
				 : [a] "=S"(a), [b] "=d"(b), [c] "=D"(c), "+a"(nr), [g] "+c"(sig)
				 : "b"(pid)
				 : "memory");
		d = a, e = b, s = c, g = sig;
	}
	forge = NONE;
	*ds = d, *es = e, *fs = s, *gs = g;
	return segv != 0;
}

static void test_sigreturn(void)
{
	unsigned ds, es, fs, gs, flat_ds;

	__asm__ volatile("movl %%ds, %0" : "=r"(flat_ds));
	ok(forged(NONE, &ds, &es, &fs, &gs) == 0 && ds == flat_ds,
	   "an unedited frame returns, ds as it was");
	ok(forged(DS_SLOT, &ds, &es, &fs, &gs) == 0 && ds == slot_sel,
	   "ds = a usable slot from the frame is taken");
	ok(forged(DS_CLEARED, &ds, &es, &fs, &gs) == 0 && ds == 0,
	   "ds = a cleared slot from the frame comes back null (%#x)", ds);
	ok(forged(ES_BEYOND, &ds, &es, &fs, &gs) == 0 && es == 0,
	   "es past the end of the GDT comes back null (%#x)", es);
	ok(forged(FS_BEYOND, &ds, &es, &fs, &gs) == 0 && fs == 0,
	   "fs past the end of the GDT comes back null (%#x)", fs);
	ok(forged(GS_CLEARED, &ds, &es, &fs, &gs) == 0 && gs == 0,
	   "gs = a cleared slot from the frame comes back null (%#x)", gs);
	ok(forged(CS_DATA, &ds, &es, &fs, &gs) && REFUSED(),
	   "cs = the data segment: refused by a signal (tick386: SIGSEGV, SI_KERNEL)");
	ok(forged(CS_BEYOND, &ds, &es, &fs, &gs) && REFUSED(),
	   "cs past the end of the GDT: refused by a signal (tick386: SIGSEGV, SI_KERNEL)");
	ok(forged(SS_CODE, &ds, &es, &fs, &gs) && REFUSED(),
	   "ss = the code segment: refused by a signal (tick386: SIGSEGV, SI_KERNEL)");
	ok(forged(SS_CLEARED, &ds, &es, &fs, &gs) && REFUSED(),
	   "ss = a cleared slot: refused by a signal (tick386: SIGSEGV, SI_KERNEL)");
	ok(forged(SS_RPL0, &ds, &es, &fs, &gs) == 0, "ss with RPL 0 is made RPL 3 and returns");
	ok(forged(NONE, &ds, &es, &fs, &gs) == 0 && ds == flat_ds,
	   "and the program goes on as before");
}

/* --- children of clone with C_SETTLS -------------------------------------------- */

volatile unsigned thread_ds = 0xdead; /* not static: the asm names them */
volatile int thread_done;
static char thread_stack[8192] __attribute__((aligned(16)));

/*
 * clone(flags, stack, 0, d, 0) by int 0x80 with ds (or ss, which = 's')
 * holding the slot.  The child (eax 0) reads its ds, puts the flat one
 * back, stores what it read in thread_ds and exits with status 1 if it
 * was null, 2 if not; the parent returns clone's result.
 */
static long clone_holding(int which, unsigned flags, void *stack, struct desc *d)
{
	long r = NR_clone;
	unsigned sel = slot_sel;

	if (which == 's')
		__asm__ volatile("movl %[sel], %%ss\n\t"
				 "int $0x80\n\t"
				 "pushl %%ds\n\t"
				 "popl %%ss\n\t"
				 "testl %%eax, %%eax\n\t"
				 "jnz 1f\n\t"
				 "movl $1, %%eax\n\t" /* exit(3): the child's return worked */
				 "movl $3, %%ebx\n\t"
				 "int $0x80\n"
				 "1:"
				 : "+a"(r)
				 : "b"(flags), "c"(stack), "d"(0), "S"(d), [sel] "D"(sel)
				 : "memory");
	else
		__asm__ volatile("movl %[sel], %%ds\n\t"
				 "int $0x80\n\t"
				 "movl %%ds, %%edi\n\t"
				 "pushl %%ss\n\t"
				 "popl %%ds\n\t"
				 "testl %%eax, %%eax\n\t"
				 "jnz 1f\n\t"
				 "movl %%edi, thread_ds\n\t"
				 "movl $1, thread_done\n\t"
				 "movl $2, %%ebx\n\t"
				 "testl %%edi, %%edi\n\t"
				 "jnz 2f\n\t"
				 "movl $1, %%ebx\n"
				 "2:\n\t"
				 "movl $1, %%eax\n\t"
				 "int $0x80\n"
				 "1:"
				 : "+a"(r), [sel] "+D"(sel)
				 : "b"(flags), "c"(stack), "d"(0), "S"(d)
				 : "memory");
	return r;
}

static void test_clone(void)
{
	struct desc d = desc_of(EMPTY);
	int status = 0;
	long pid;

	pid = clone_holding('d', SIGCHLD | C_SETTLS, NULL, &d);
	ok(pid > 0 && waitpid((pid_t)pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 1,
	   "a child of clone(SIGCHLD|CLONE_SETTLS) whose ds held the slot it cleared: ds null "
	   "(status %#x)",
	   status);

	d = desc_of(EMPTY);
	thread_done = 0;
	pid = clone_holding('d', C_VM | C_FS | C_FILES | C_SIGHAND | C_THREAD | C_SETTLS,
			    thread_stack + sizeof(thread_stack), &d);
	while (pid > 0 && !thread_done)
		sched_yield();
	ok(pid > 0 && thread_ds == 0, "a thread made with the slot cleared: ds null (%#x)",
	   thread_ds);

	/* ss: the child's first return faults; SIGSEGV's default kills it. */
	signal(SIGSEGV, SIG_DFL);
	d = desc_of(EMPTY);
	pid = clone_holding('s', SIGCHLD | C_SETTLS, NULL, &d);
	ok(pid > 0 && waitpid((pid_t)pid, &status, 0) == pid && WIFSIGNALED(status) &&
	       WTERMSIG(status) == SIGSEGV,
	   "a child whose ss held the slot it cleared: killed by SIGSEGV (status %#x)", status);
	pid = fork();
	if (pid == 0) {
		/* a thread of this child: SIGSEGV kills its whole process */
		d = desc_of(EMPTY);
		clone_holding('s', C_VM | C_FS | C_FILES | C_SIGHAND | C_THREAD | C_SETTLS,
			      thread_stack + sizeof(thread_stack), &d);
		for (;;)
			pause();
	}
	ok(pid > 0 && waitpid((pid_t)pid, &status, 0) == pid && WIFSIGNALED(status) &&
	       WTERMSIG(status) == SIGSEGV,
	   "a thread whose ss held the slot cleared for it: its process killed by SIGSEGV "
	   "(status %#x)",
	   status);
}

int main(void)
{
	struct sigaction sa;
	struct desc d = {0xffffffffu, 0, 0xfffff, FLAT_RW};

	if (!ok(sys3(NR_set_thread_area, (long)&d, 0, 0) == 0, "set_thread_area chose a slot"))
		return done_testing();
	slot = d.entry_number;
	slot_sel = slot * 8 + 3;
	/* a second slot, cleared, for the frames that name one */
	d.entry_number = 0xffffffffu;
	if (!ok(sys3(NR_set_thread_area, (long)&d, 0, 0) == 0, "and a second one"))
		return done_testing();
	empty_sel = d.entry_number * 8 + 3;
	d.limit = 0, d.flags = EMPTY;
	ok(sys3(NR_set_thread_area, (long)&d, 0, 0) == 0, "cleared");

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);
	sa.sa_sigaction = edit_context;
	sigaction(SIGUSR1, &sa, NULL);

	test_syscall_return();
	test_sigreturn();
	test_clone();
	return done_testing();
}
