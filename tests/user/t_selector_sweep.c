/*
 * A hostile sweep of rt_sigreturn's selectors: a handler writes every
 * selector of the first 32 GDT and LDT indexes, with each RPL, into ds,
 * es, fs, gs, cs and ss of its frame, one register at a time.  The kernel
 * must survive every one (the way back to ring 3 fixes up what it cannot
 * load, arch/i386/trap_fixup.c): a data register comes back holding the
 * value or null; cs and ss either return or cost a SIGSEGV.  On this GDT
 * There is no LDT: a selector with TI = 1 is never usable (the CPU's reset
 * LDT at linear address 0 would read descriptors from user memory).  Only
 * the user code segment (0x1b) may be cs, and only the user data
 * segment (0x23) and present writable set_thread_area slots may be ss (the
 * slots are left out of the ss sweep: the libc's has a base of its own).
 */
/* expect: status=0 */
/* parallel: yes */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>
#include "../tap.h"

#define NR_getpid 20
#define NR_kill 37

enum reg { DS, ES, FS, GS, CS, SS, NREGS };
static const char *const names[NREGS] = {"ds", "es", "fs", "gs", "cs", "ss"};

static volatile int which;
static volatile unsigned value;
static sigjmp_buf back;
static volatile int segv;

static void edit(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig, (void)info;
	switch (which) {
	case DS:
		uc->uc_mcontext.ds = (unsigned short)value;
		break;
	case ES:
		uc->uc_mcontext.es = (unsigned short)value;
		break;
	case FS:
		uc->uc_mcontext.fs = (unsigned short)value;
		break;
	case GS:
		uc->uc_mcontext.gs = (unsigned short)value;
		break;
	case CS:
		uc->uc_mcontext.cs = (unsigned short)value;
		break;
	default:
		uc->uc_mcontext.ss = (unsigned short)value;
		break;
	}
}

static void on_segv(int sig)
{
	segv = sig;
	siglongjmp(back, 1);
}

/* kill(getpid(), SIGUSR1); the selector of register r right after the
 * return (the flat ones put back at once); -1 if SIGSEGV came instead. */
static long after(int r, unsigned v)
{
	static long pid;
	unsigned got[4] = {0, 0, 0, 0};

	if (!pid) {
		__asm__ volatile("int $0x80" : "=a"(pid) : "0"(NR_getpid));
	}
	which = r, value = v, segv = 0;
	if (sigsetjmp(back, 1) == 0) {
		unsigned a, b, c, d = SIGUSR1;
		long nr = NR_kill;

		__asm__ volatile("pushl %%fs\n\t"
				 "pushl %%gs\n\t"
				 "int $0x80\n\t"
				 "movl %%ds, %[a]\n\t"
				 "movl %%es, %[b]\n\t"
				 "movl %%fs, %[c]\n\t"
				 "movl %%gs, %[d]\n\t"
				 "popl %%gs\n\t"
				 "pushl %%ss\n\t"
				 "popl %%ds\n\t"
				 "pushl %%ss\n\t"
				 "popl %%es\n\t"
				 "popl %%fs"
				 : [a] "=S"(a), [b] "=d"(b), [c] "=D"(c), "+a"(nr), [d] "+c"(d)
				 : "b"(pid)
				 : "memory");
		got[0] = a, got[1] = b, got[2] = c, got[3] = d;
		return r < CS ? (long)got[r] : 0;
	}
	return -1;
}

int main(void)
{
	struct sigaction sa;
	int bad[NREGS] = {0}, faults[NREGS] = {0}, kept[NREGS] = {0}, ldt_kept = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = edit;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = on_segv;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);

	for (int r = 0; r < NREGS; r++) {
		for (unsigned sel = 0; sel < 32 * 8 * 2; sel++) {
			/* indexes 0..31 of the GDT (TI = 0) and of the LDT (TI = 1) */
			unsigned v = sel, idx = sel >> 3;
			long got;

			/* a TLS slot in ss works (the libc's has the thread's
			 * base): not a stack this program can go on with */
			if (r == SS && !(v & 4) && idx >= 6 && idx <= 8)
				continue;
			got = after(r, v);

			if (r < CS) {
				if (got == (long)v && v > 3)
					kept[r]++;
				if (got == (long)v && (v & 4))
					ldt_kept++;
				else if (got != (long)v && got != 0)
					bad[r]++;
			} else if (got == -1) {
				faults[r]++;
			} else if (r == CS && (v | 3) != 0x1b) {
				bad[r]++;
			} else if (r == SS && (v | 3) != 0x23) {
				bad[r]++;
			}
		}
		tap_why("%d bad, %d kept, %d faulted", bad[r], kept[r], faults[r]);
		ok(bad[r] == 0,
		   "%s: every selector of the sweep came back as given, null or as SIGSEGV",
		   names[r]);
	}
	ok(kept[DS] >= 1 && kept[GS] >= 1, "the user data segment is kept in ds and gs (%d, %d)",
	   kept[DS], kept[GS]);
	ok(ldt_kept == 0, "no LDT selector is ever kept: there is no LDT (%d)", ldt_kept);
	ok(faults[CS] == 32 * 8 * 2 - 4, "cs: all but 0x18..0x1b faulted (%d)", faults[CS]);
	ok(faults[SS] == 32 * 8 * 2 - 4 - 12,
	   "ss: all but 0x20..0x23 (and the TLS slots) faulted (%d)", faults[SS]);
	return done_testing();
}
