/*
 * Faults from ring 3: a CPU exception raised by user code becomes the
 * signal Linux sends for it (arch/i386/trap.c calls task_user_fault).
 * A page fault just below the stack grows the stack instead; one of the
 * vDSO's stores to a caller's bad pointer becomes -EFAULT (arch/i386/vdso.c).
 */
#include "arch/i386/cpu.h"
#include "arch/i386/trap.h"
#include "arch/i386/vdso.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "mm/vm.h"
#include <abi/signal.h>

/*
 * An exception raised by user code: the task gets the signal Linux sends
 * for it (the default action kills it, with one console line), and the
 * kernel and the other tasks go on.  Returns true: handled.
 */
bool task_user_fault(struct trap_frame *tf)
{
	struct task *t = current;
	int signo = SIGSEGV, code = SI_KERNEL;
	u32 addr = 0;

	if (!t || !t->user)
		return false;
	/* Not the program's doing: NMI, double fault, machine check stay fatal. */
	if (tf->vector == 2 || tf->vector == 8 || tf->vector == 18)
		return false;
	/* Just below the stack: it grows, and the instruction runs again. */
	if (tf->vector == 14 && !(tf->error_code & 1) &&
	    vm_grow_stack(&t->leader->vm, read_cr2(), tf->user_esp))
		return true;
	/* A vDSO store to a bad pointer: the call returns -EFAULT instead. */
	if (tf->vector == 14 && vdso_fixup(tf))
		return true;
	switch (tf->vector) {
	case 0:
		signo = SIGFPE;
		code = FPE_INTDIV;
		addr = tf->eip;
		break;
	case 1:
		signo = SIGTRAP;
		code = TRAP_TRACE;
		addr = tf->eip;
		break;
	case 3:
		signo = SIGTRAP;
		code = TRAP_BRKPT;
		addr = tf->eip;
		break;
	case 6:
		signo = SIGILL;
		code = ILL_ILLOPN;
		addr = tf->eip;
		break;
	case 11:
	case 12:
		signo = SIGBUS;
		code = SI_KERNEL;
		break;
	case 14:
		addr = read_cr2();
		code = (tf->error_code & 1) ? SEGV_ACCERR : SEGV_MAPERR;
		break;
	case 16:
	case 19:
		signo = SIGFPE;
		code = 0;
		addr = tf->eip;
		break;
	case 17:
		signo = SIGBUS;
		code = BUS_ADRALN;
		break;
	default:
		break; /* #GP, #OF, #BR, ...: SIGSEGV, as on Linux */
	}
	t->user_frame = tf;
	t->fault_signo = signo;
	t->fault_eip = tf->eip;
	t->fault_addr = addr;
	signal_force(t, signo, code, addr);
	return true;
}
