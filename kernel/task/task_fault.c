/*
 * Faults from ring 3: a CPU exception raised by user code becomes the
 * signal Linux sends for it (arch/i386/trap.c calls task_user_fault).
 * A page fault just below the stack grows the stack instead; one of the
 * vDSO's stores to a caller's bad pointer becomes -EFAULT (arch/i386/vdso.c).
 */
#include "arch/i386/cpu.h"
#include "arch/i386/trap.h"
#include "arch/i386/vdso.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "mm/mmap.h"
#include "mm/vm.h"
#include <abi/signal.h>

/*
 * The si_code of an x87 error (#MF, raised at the program's next waiting
 * x87 instruction after the one that failed, CR0.NE being set): the
 * exceptions flagged in the status word that the control word does not
 * mask, the first of invalid operation, divide by zero, overflow,
 * underflow (or denormal), precision, as Linux's fpu__exception_code.  0
 * if none is (a spurious #MF: no signal).  The task's x87 state is live in
 * the unit while it is in the kernel; fnstsw and fnstcw do not wait, and
 * leave the error pending, as in the frame the handler's sigcontext holds.
 */
static int fpu_error_code(void)
{
	u16 sw, cw, err;

	__asm__ volatile("fnstsw %0; fnstcw %1" : "=m"(sw), "=m"(cw));
	err = sw & ~cw & 0x3f;
	if (err & 0x01)
		return FPE_FLTINV;
	if (err & 0x04)
		return FPE_FLTDIV;
	if (err & 0x08)
		return FPE_FLTOVF;
	if (err & 0x12)
		return FPE_FLTUND;
	if (err & 0x20)
		return FPE_FLTRES;
	return 0;
}

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
	/* A page of a mapping, touched for the first time: mapped, and the
	 * instruction runs again; or the signal Linux sends (prot, past the
	 * end of a file), or the OOM kill. */
	if (tf->vector == 14 &&
	    mmap_fault(&t->leader->vm, read_cr2(), tf->error_code & 2, &signo, &code)) {
		if (!signo)
			return true;
		if (signo == SIGKILL) {
			kprintf("Out of memory: killed process %d (%s)\n", t->leader->pid,
				t->leader->name);
			task_kill_async(t, SIGKILL);
			return true;
		}
		if (vdso_fixup(tf))
			return true;
		addr = read_cr2();
		goto send;
	}
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
		signo = SIGTRAP; /* int3: Linux's do_int3_user sends it plain */
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
		code = fpu_error_code();
		if (!code)
			return true; /* no unmasked error: spurious, as Linux */
		signo = SIGFPE;
		addr = tf->eip;
		break;
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
send:
	t->user_frame = tf;
	t->fault_signo = signo;
	t->fault_eip = tf->eip;
	t->fault_addr = addr;
	signal_force(t, signo, code, addr);
	return true;
}
