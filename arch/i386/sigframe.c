/*
 * Building and undoing the i386 signal frame (see arch/i386/sigframe.h).
 *
 * The frame is written in place when its pages allow, else assembled in
 * kernel memory and written with copy_to_user (sigframe_setup); either way
 * a bad user stack is found before any register changes.
 * rt_sigreturn reads it back with one copy_from_user and trusts nothing in
 * it: the saved registers go through sigframe_restore_regs, which is the
 * only place that decides what user mode may load into the trap frame that
 * iret will use.
 */
#include "arch/i386/sigframe.h"
#include "arch/i386/cpu.h"
#include "arch/i386/gdt.h"
#include "mm/uaccess.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include <stddef.h>
#include <abi/errno.h>
#include <abi/syscall.h>

/* eflags bits (Intel SDM vol. 1, 3.4.3). */
#define EFLAGS_CF 0x00000001u
#define EFLAGS_FIXED1 0x00000002u /* bit 1 always reads 1 */
#define EFLAGS_PF 0x00000004u
#define EFLAGS_AF 0x00000010u
#define EFLAGS_ZF 0x00000040u
#define EFLAGS_SF 0x00000080u
#define EFLAGS_TF 0x00000100u
#define EFLAGS_DF 0x00000400u
#define EFLAGS_OF 0x00000800u
#define EFLAGS_RF 0x00010000u
#define EFLAGS_NT 0x00004000u
#define EFLAGS_VM 0x00020000u
#define EFLAGS_AC 0x00040000u

/*
 * The flags a program may set in a frame it hands to rt_sigreturn: the
 * arithmetic flags, the direction flag, single-step, resume and alignment
 * check (Linux's FIX_EFLAGS).  Never IF (a user program must not run with
 * interrupts off), IOPL (in/out and cli in ring 3), NT (iret would task
 * switch) or VM (virtual-8086 mode).
 */
#define EFLAGS_USER_CHANGEABLE                                                                     \
	(EFLAGS_CF | EFLAGS_PF | EFLAGS_AF | EFLAGS_ZF | EFLAGS_SF | EFLAGS_TF | EFLAGS_DF |       \
	 EFLAGS_OF | EFLAGS_RF | EFLAGS_AC)

/*
 * retcode for a handler installed without SA_RESTORER:
 * b8 ad 00 00 00   mov $173, %eax   (__NR_rt_sigreturn)
 * cd 80            int $0x80
 * The user stack is executable (32-bit paging has no NX bit).
 */
static const u8 sigreturn_code[8] = {0xb8, __NR_rt_sigreturn, 0, 0, 0, 0xcd, 0x80, 0};

u32 sigframe_place(u32 sp)
{
	u32 fpstate;

	if (sp < sizeof(struct abi_rt_sigframe) + SIGFRAME_FPSTATE_SIZE + 64)
		return 0;
	fpstate = (sp - SIGFRAME_FPSTATE_SIZE) & ~15u;
	return ((fpstate - sizeof(struct abi_rt_sigframe) + 4) & ~15u) - 4;
}

u32 sigframe_fpstate(u32 frame)
{
	return (frame + sizeof(struct abi_rt_sigframe) + 15) & ~15u;
}

/*
 * The FPU state of the current task is live in the x87 unit while it is in
 * the kernel (kernel/task/sched.c saves it only at a switch).  fnsave stores it
 * and then reinitialises the unit; frstor puts a saved image back.
 */
static void fpu_snapshot(u8 *image)
{
	__asm__ volatile("fnsave %0; frstor %0" : "+m"(*(u8(*)[SIGFRAME_FNSAVE_SIZE])image));
}

/* frstor waits: an error the program left pending in the unit would raise
 * #MF here, in ring 0 (CR0.NE is set); fnclex drops it first (the image
 * loaded replaces the whole state anyway). */
static void fpu_load(const u8 *image)
{
	__asm__ volatile("fnclex; frstor %0" : : "m"(*(const u8(*)[SIGFRAME_FNSAVE_SIZE])image));
}

static void fpu_reset(void)
{
	__asm__ volatile("fninit");
}

/* Every field, the selectors' high halves too: sc may be the user's own
 * stack as it was, not a zeroed buffer. */
static void save_regs(struct sigcontext *sc, const struct trap_frame *tf, abi_sigset_t oldmask)
{
	sc->gs = (u16)tf->gs;
	sc->__gsh = 0;
	sc->fs = (u16)tf->fs;
	sc->__fsh = 0;
	sc->es = (u16)tf->es;
	sc->__esh = 0;
	sc->ds = (u16)tf->ds;
	sc->__dsh = 0;
	sc->edi = tf->edi;
	sc->esi = tf->esi;
	sc->ebp = tf->ebp;
	sc->esp = tf->user_esp;
	sc->ebx = tf->ebx;
	sc->edx = tf->edx;
	sc->ecx = tf->ecx;
	sc->eax = tf->eax;
	sc->trapno = tf->vector;
	sc->err = tf->vector == TRAP_SYSCALL ? 0 : tf->error_code;
	sc->eip = tf->eip;
	sc->cs = (u16)tf->cs;
	sc->__csh = 0;
	sc->eflags = tf->eflags;
	sc->esp_at_signal = tf->user_esp;
	sc->ss = (u16)tf->user_ss;
	sc->__ssh = 0;
	sc->oldmask = (unsigned long)oldmask;
	sc->cr2 = tf->vector == TRAP_PAGE_FAULT ? read_cr2() : 0;
}

/* The fnsave image's status word and the "no fxsave data" magic after it
 * (Linux's struct _fpstate: status, magic). */
static void fpstate_finish(u8 *fp)
{
	u16 status, magic = SIGFRAME_FPSTATE_MAGIC_NOFX;

	/* __builtin_memcpy: two-byte moves, not calls (-ffreestanding) */
	__builtin_memcpy(&status, fp + 4, sizeof(status));
	__builtin_memcpy(fp + SIGFRAME_FNSAVE_SIZE, &status, sizeof(status));
	__builtin_memcpy(fp + SIGFRAME_FNSAVE_SIZE + 2, &magic, sizeof(magic));
}

/* Every byte of the frame for user address `frame`, written at f. */
static void frame_fill(struct abi_rt_sigframe *f, u32 frame, u32 fpstate,
		       const struct trap_frame *tf, int signo, const siginfo_t *info,
		       const struct abi_sigaction *act, abi_sigset_t oldmask,
		       const stack_t *altstack)
{
	if (act->flags & SA_RESTORER)
		f->pretcode = (unsigned long)act->restorer;
	else
		f->pretcode = frame + offsetof(struct abi_rt_sigframe, retcode);
	f->sig = signo;
	f->pinfo = (siginfo_t *)(frame + offsetof(struct abi_rt_sigframe, info));
	f->puc = (struct ucontext *)(frame + offsetof(struct abi_rt_sigframe, uc));
	memcpy(&f->info, info, sizeof(*info)); /* rep movsl: gcc's own copy loop took 4 a word */
	f->uc.uc_flags = 0;
	f->uc.uc_link = NULL;
	f->uc.uc_stack = *altstack;
	save_regs(&f->uc.uc_mcontext, tf, oldmask);
	f->uc.uc_mcontext.fpstate = (void *)fpstate;
	f->uc.uc_sigmask = oldmask;
	__builtin_memcpy(f->retcode, sigreturn_code, sizeof(f->retcode));
}

/*
 * Two ways, one content.  When the frame and its x87 area each lie in one
 * writable page (user_write_ptr), the frame is written in place and fnsave
 * stores straight into the x87 area, leaving the unit initialised, as the
 * handler wants it: no kernel copy, no zeroing, no copy out (787 of the
 * 3280 instructions from IRQ 0 to a handler were the frame before, make
 * profile-path PATH_NAME=deadline).  Otherwise (a frame across a page
 * boundary, a page not there yet) it is assembled in kernel memory and
 * written with copy_to_user, which finds a bad stack before anything
 * changes.
 */
int sigframe_setup(struct trap_frame *tf, u32 frame, int signo, const siginfo_t *info,
		   const struct abi_sigaction *act, abi_sigset_t oldmask, const stack_t *altstack)
{
	u32 fpstate = sigframe_fpstate(frame);
	struct abi_rt_sigframe *f;
	u8 *fp;

	if (!frame)
		return -EFAULT;
	/* one page for both, mostly (they are about 400 bytes together) */
	f = user_write_ptr((void __user *)frame, fpstate + SIGFRAME_FPSTATE_SIZE - frame);
	if (f) {
		fp = (u8 *)f + (fpstate - frame);
	} else {
		f = user_write_ptr((void __user *)frame, sizeof(*f));
		fp = f ? user_write_ptr((void __user *)fpstate, SIGFRAME_FPSTATE_SIZE) : NULL;
	}
	if (f && fp) {
		__asm__ volatile("fnsave %0" : "=m"(*(u8(*)[SIGFRAME_FNSAVE_SIZE])fp));
		fpstate_finish(fp);
		frame_fill(f, frame, fpstate, tf, signo, info, act, oldmask, altstack);
	} else {
		struct abi_rt_sigframe kf;
		u8 kfp[SIGFRAME_FPSTATE_SIZE] __attribute__((aligned(16)));

		fpu_snapshot(kfp);
		fpstate_finish(kfp);
		if (copy_to_user((void __user *)fpstate, kfp, sizeof(kfp)))
			return -EFAULT;
		frame_fill(&kf, frame, fpstate, tf, signo, info, act, oldmask, altstack);
		if (copy_to_user((void __user *)frame, &kf, sizeof(kf)))
			return -EFAULT;
		fpu_reset(); /* the handler starts with a clean FPU, as on Linux */
	}

	tf->eip = (u32)act->handler;
	tf->user_esp = frame;
	/* Linux passes the arguments in registers too (regparm(3) handlers). */
	tf->eax = (u32)signo;
	tf->edx = frame + offsetof(struct abi_rt_sigframe, info);
	tf->ecx = frame + offsetof(struct abi_rt_sigframe, uc);
	tf->cs = GDT_USER_CS;
	tf->user_ss = GDT_USER_DS;
	tf->ds = tf->es = GDT_USER_DS;
	/* The ABI says DF is clear at a call; no single-stepping into it. */
	tf->eflags &= ~(EFLAGS_DF | EFLAGS_TF | EFLAGS_RF);
	return 0;
}

void sigframe_restore_regs(struct trap_frame *tf, const struct sigcontext *sc)
{
	/*
	 * Linux's way: the selectors are the frame's, with RPL 3 forced on
	 * cs and ss (so iret can only go to ring 3), and nothing else checked
	 * here.  The way back to ring 3 loads them, and a selector that names
	 * no segment the program may use faults there and is fixed up
	 * (arch/i386/trap_fixup.c): a data selector becomes null, a bad cs or
	 * ss costs the program a SIGSEGV.  A kernel data selector loads in
	 * ring 0 and iret nulls it (its DPL is below the new CPL).
	 */
	tf->cs = (u16)sc->cs | 3u;
	tf->user_ss = (u16)sc->ss | 3u;
	tf->ds = (u16)sc->ds;
	tf->es = (u16)sc->es;
	tf->fs = (u16)sc->fs;
	tf->gs = (u16)sc->gs;
	tf->edi = sc->edi;
	tf->esi = sc->esi;
	tf->ebp = sc->ebp;
	tf->user_esp = sc->esp;
	tf->ebx = sc->ebx;
	tf->edx = sc->edx;
	tf->ecx = sc->ecx;
	tf->eax = sc->eax;
	tf->eip = sc->eip;
	tf->eflags = (tf->eflags & ~EFLAGS_USER_CHANGEABLE) | (sc->eflags & EFLAGS_USER_CHANGEABLE);
	tf->eflags =
	    (tf->eflags & ~(EFLAGS_IOPL | EFLAGS_NT | EFLAGS_VM)) | EFLAGS_IF | EFLAGS_FIXED1;
}

int sigframe_return(struct trap_frame *tf, abi_sigset_t *mask, stack_t *altstack)
{
	struct ucontext uc;
	u32 frame = tf->user_esp - 4;

	if (copy_from_user(&uc, (const void __user *)(frame + offsetof(struct abi_rt_sigframe, uc)),
			   sizeof(uc)))
		return -EFAULT;
	u8 fp[SIGFRAME_FNSAVE_SIZE] __attribute__((aligned(16)));
	const void __user *fpstate = uc.uc_mcontext.fpstate;

	/*
	 * Any image is safe to load: frstor cannot fault on its contents, and
	 * an exception left pending in it reaches the program as SIGFPE at its
	 * next x87 instruction (the kernel itself uses no x87 instruction that
	 * waits for one).
	 */
	if (fpstate && copy_from_user(fp, fpstate, sizeof(fp)))
		return -EFAULT;
	sigframe_restore_regs(tf, &uc.uc_mcontext);
	if (fpstate)
		fpu_load(fp);
	else
		fpu_reset();
	*mask = uc.uc_sigmask;
	*altstack = uc.uc_stack;
	return 0;
}
