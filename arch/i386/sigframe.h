/*
 * The i386 signal frame (struct abi_rt_sigframe of <abi/signal.h>): built on
 * the user stack to run a handler, taken back by rt_sigreturn.
 *
 * The frame is laid out as Linux i386 lays it out, so that a handler finds
 * (sig, siginfo *, ucontext *) both as cdecl arguments on its stack and in
 * eax, edx, ecx (what Linux's regparm(3) handlers expect).  At the handler's
 * first instruction esp = &frame->pretcode and esp + 4 is 16-byte aligned,
 * the alignment the SysV i386 ABI promises a function on entry.
 */
#ifndef TICK386_ARCH_SIGFRAME_H
#define TICK386_ARCH_SIGFRAME_H

#include "arch/i386/trap.h"
#include "lib/types.h"
#include <abi/signal.h>

/*
 * The x87 state of the interrupted code, saved above the frame
 * (uc_mcontext.fpstate points to it) in Linux's struct _fpstate layout,
 * fnsave part only: 108 bytes of fnsave image, then the status word and
 * magic 0xffff ("no fxsave data").  The handler starts with a clean FPU.
 */
#define SIGFRAME_FPSTATE_SIZE 112
#define SIGFRAME_FNSAVE_SIZE 108
#define SIGFRAME_FPSTATE_MAGIC_NOFX 0xffff

/*
 * Where the frame goes for a user stack pointer sp: below sp and below its
 * x87 area, with (frame + 4) % 16 == 0.  0 if there is no room (sp too
 * low).
 */
u32 sigframe_place(u32 sp);
/* The x87 area of the frame at `frame`: 16-aligned, right above it. */
u32 sigframe_fpstate(u32 frame);

/*
 * Write the frame for signo at `frame` (from sigframe_place) and point tf at
 * the handler.  oldmask is the mask rt_sigreturn restores; altstack is the
 * task's sigaltstack (for uc_stack).  Returns 0, or -EFAULT if the user
 * stack cannot take it (tf is then unchanged).
 */
int sigframe_setup(struct trap_frame *tf, u32 frame, int signo, const siginfo_t *info,
		   const struct abi_sigaction *act, abi_sigset_t oldmask, const stack_t *altstack);

/*
 * Copy the registers of a saved sigcontext into tf, keeping only what user
 * mode may hold: cs and ss with RPL 3 (iret then either returns to ring 3
 * or faults, which arch/i386/trap_fixup.c turns into SIGSEGV), the data
 * selectors as saved (a bad one is nulled on the way back), the eflags bits
 * a program may change (IF stays on, IOPL 0, no VM/NT).  Linux i386's
 * restore_sigcontext.
 */
void sigframe_restore_regs(struct trap_frame *tf, const struct sigcontext *sc);

/*
 * rt_sigreturn: read the frame whose sig field is at tf's esp - 4 (the
 * handler's ret popped pretcode), restore the registers into tf and give
 * back the saved mask in *mask and the saved alternate stack (uc_stack) in
 * *altstack, and the x87 state from uc_mcontext.fpstate
 * (a clean FPU if it is NULL).  -EFAULT if the frame cannot be read; tf
 * and the FPU are unchanged then.
 */
int sigframe_return(struct trap_frame *tf, abi_sigset_t *mask, stack_t *altstack);

#endif
