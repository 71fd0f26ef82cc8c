/*
 * The fixups of the way back to ring 3 (see trap_fixup.h).
 *
 * A fault in ring 0 pushes no esp: the stack pointer at the faulting
 * instruction is the address just above the CPU's part of the new frame,
 * &tf->user_esp.  There lies what the faulting instruction was reading:
 * for `pop ds` the selector, for iretd the iret frame (eip, cs, eflags,
 * esp, ss) of the interrupted return.  The frame being popped, the outer
 * one, starts `offset` bytes below that point (the offset of the word in
 * struct trap_frame); the words of the outer frame below the faulting one
 * are overwritten by the fault's own frame, the ones above are intact.
 *
 * A probe (TRAP_FIXUP_RESUME) is simpler: it goes on at its resume label.
 *
 * Nothing here runs unless a fault happens: the way back costs no
 * instruction for it (make profile-path PATH_NAME=getpid).
 */
#include "arch/i386/trap_fixup.h"
#include "lib/compiler.h"
#include <abi/errno.h>

/* One entry of the section .trap_fixup (linker.ld gathers them). */
struct trap_fixup {
	u32 eip;  /* the instruction that may fault */
	u32 kind; /* TRAP_FIXUP_* (trap_fixup.h; isr.asm's FIXUP_*) */
	/* SELECTOR, IRET: the offset in struct trap_frame of the word the
	 * instruction loads; RESUME: where to go on */
	u32 arg;
};

extern const struct trap_fixup __trap_fixup_start[], __trap_fixup_end[];
extern const char trap_iret_fault_entry[];

/*
 * For trap_iret_fault_entry, which builds the program's fault frame after
 * the fault's own frame is gone.  Written and read with interrupts off
 * between the two (the way back runs with IF clear); per CPU with SMP.
 */
u32 trap_iret_fault_vector, trap_iret_fault_error;

bool trap_fixup(struct trap_frame *tf)
{
	const struct trap_fixup *f;
	u32 *word = &tf->user_esp; /* esp at the fault */
	const struct trap_frame *outer;

	if (trap_from_user(tf))
		return false;
	for (f = __trap_fixup_start; f < __trap_fixup_end; f++)
		if (f->eip == tf->eip)
			break;
	if (f == __trap_fixup_end)
		return false;
	if (f->kind == TRAP_FIXUP_RESUME) {
		tf->eax = (u32)-EFAULT;
		tf->eip = f->arg;
		return true;
	}
	if (tf->vector != 11 && tf->vector != 12 && tf->vector != 13)
		return false; /* a selector or iret refused is #NP, #SS or #GP */
	outer = (const struct trap_frame *)((u32)word - f->arg);
	/* trap_return also ends the kernel's own interrupts, whose kernel
	 * selectors never fault: one that did is a kernel bug. */
	if (!trap_from_user(outer))
		return false;
	switch (f->kind) {
	case TRAP_FIXUP_SELECTOR:
		*word = 0; /* the pop is retried and loads null */
		return true;
	case TRAP_FIXUP_IRET:
		trap_iret_fault_vector = tf->vector;
		trap_iret_fault_error = tf->error_code;
		tf->eip = (u32)trap_iret_fault_entry;
		return true;
	default:
		return false;
	}
}
