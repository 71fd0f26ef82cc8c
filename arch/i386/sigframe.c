/*
 * Building and undoing the i386 signal frame (see arch/i386/sigframe.h).
 *
 * The frame is assembled in kernel memory and written with one
 * copy_to_user, so a bad user stack is found before any register changes.
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

static void fpu_load(const u8 *image)
{
	__asm__ volatile("frstor %0" : : "m"(*(const u8(*)[SIGFRAME_FNSAVE_SIZE])image));
}

static void fpu_reset(void)
{
	__asm__ volatile("fninit");
}

static void save_regs(struct sigcontext *sc, const struct trap_frame *tf, abi_sigset_t oldmask)
{
	sc->gs = (u16)tf->gs;
	sc->fs = (u16)tf->fs;
	sc->es = (u16)tf->es;
	sc->ds = (u16)tf->ds;
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
	sc->eflags = tf->eflags;
	sc->esp_at_signal = tf->user_esp;
	sc->ss = (u16)tf->user_ss;
	sc->oldmask = (unsigned long)oldmask;
	sc->cr2 = tf->vector == TRAP_PAGE_FAULT ? read_cr2() : 0;
}

int sigframe_setup(struct trap_frame *tf, u32 frame, int signo, const siginfo_t *info,
		   const struct abi_sigaction *act, abi_sigset_t oldmask, const stack_t *altstack)
{
	struct abi_rt_sigframe kf;
	u8 fp[SIGFRAME_FPSTATE_SIZE] __attribute__((aligned(16)));
	u32 fpstate = sigframe_fpstate(frame);
	u16 status, magic = SIGFRAME_FPSTATE_MAGIC_NOFX;

	if (!frame)
		return -EFAULT;
	fpu_snapshot(fp);
	memcpy(&status, fp + 4, sizeof(status)); /* the fnsave image's status word */
	memcpy(fp + SIGFRAME_FNSAVE_SIZE, &status, sizeof(status));
	memcpy(fp + SIGFRAME_FNSAVE_SIZE + 2, &magic, sizeof(magic));
	if (copy_to_user((void __user *)fpstate, fp, sizeof(fp)))
		return -EFAULT;
	memset(&kf, 0, sizeof(kf));
	if (act->flags & SA_RESTORER)
		kf.pretcode = (unsigned long)act->restorer;
	else
		kf.pretcode = frame + offsetof(struct abi_rt_sigframe, retcode);
	kf.sig = signo;
	kf.pinfo = (siginfo_t *)(frame + offsetof(struct abi_rt_sigframe, info));
	kf.puc = (struct ucontext *)(frame + offsetof(struct abi_rt_sigframe, uc));
	kf.info = *info;
	kf.uc.uc_stack = *altstack;
	save_regs(&kf.uc.uc_mcontext, tf, oldmask);
	kf.uc.uc_mcontext.fpstate = (void *)fpstate;
	kf.uc.uc_sigmask = oldmask;
	memcpy(kf.retcode, sigreturn_code, sizeof(kf.retcode));
	if (copy_to_user((void __user *)frame, &kf, sizeof(kf)))
		return -EFAULT;

	tf->eip = (u32)act->handler;
	tf->user_esp = frame;
	/* Linux passes the arguments in registers too (regparm(3) handlers). */
	tf->eax = (u32)signo;
	tf->edx = (u32)kf.pinfo;
	tf->ecx = (u32)kf.puc;
	tf->cs = GDT_USER_CS;
	tf->user_ss = GDT_USER_DS;
	tf->ds = tf->es = GDT_USER_DS;
	/* The ABI says DF is clear at a call; no single-stepping into it. */
	tf->eflags &= ~(EFLAGS_DF | EFLAGS_TF | EFLAGS_RF);
	fpu_reset(); /* the handler starts with a clean FPU, as on Linux */
	return 0;
}

int sigframe_restore_regs(struct trap_frame *tf, const struct sigcontext *sc)
{
	if ((sc->cs & 3) != 3 || (sc->ss & 3) != 3)
		return -EPERM;
	/*
	 * Only one code and one data segment exist for ring 3; any other RPL-3
	 * value (the one a Linux program saved, say) would make iret fault in
	 * the kernel, so the selectors are ours, not the frame's.
	 */
	tf->cs = GDT_USER_CS;
	tf->user_ss = GDT_USER_DS;
	tf->ds = tf->es = GDT_USER_DS;
	/* fs and gs may also name a thread's TLS slot (set_thread_area) or
	 * be null, as a program using %gs for its thread pointer saves them. */
	tf->fs = gdt_user_fs_gs_ok(sc->fs) ? sc->fs : GDT_USER_DS;
	tf->gs = gdt_user_fs_gs_ok(sc->gs) ? sc->gs : GDT_USER_DS;
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
	return 0;
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
	if (sigframe_restore_regs(tf, &uc.uc_mcontext))
		return -EPERM;
	if (fpstate)
		fpu_load(fp);
	else
		fpu_reset();
	*mask = uc.uc_sigmask;
	*altstack = uc.uc_stack;
	return 0;
}
