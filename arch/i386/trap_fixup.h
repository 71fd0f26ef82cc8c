/*
 * Faults of the way back to ring 3 (arch/i386/isr.asm's USER_RETURN):
 * the loads of the program's data selectors and its iretd may fault in
 * ring 0 when a selector no longer names a segment the program may use.
 * That is the program's doing, never a kernel panic: as Linux's exception
 * table, a list of those instructions says how each fault is fixed up.
 * The same list takes a test's probes (an access expected to fault, such
 * as SMAP's in arch/i386/cpu_protect_ktest.c).
 */
#ifndef TICK386_ARCH_TRAP_FIXUP_H
#define TICK386_ARCH_TRAP_FIXUP_H

#include "arch/i386/trap.h"

/* Kinds of fixup (the same numbers as isr.asm's FIXUP_*). */
#define TRAP_FIXUP_SELECTOR 1 /* a pop of a data selector: load null */
#define TRAP_FIXUP_IRET 2     /* the iretd to ring 3: a fault of the program */
#define TRAP_FIXUP_RESUME 3   /* a probe (a test's): eax = -EFAULT, go on at arg */

/*
 * An entry for the instruction at local label `insn` that goes on at label
 * `resume` if it faults, for inline asm (the probe of SMAP's test):
 *   "1: movl (%1), %0\n2:\n" TRAP_FIXUP_ENTRY("1b", "2b")
 */
#define TRAP_FIXUP_ENTRY(insn, resume)                                                             \
	".pushsection .trap_fixup, \"a\"\n\t.balign 4\n\t.long " insn ", 3, " resume              \
	"\n\t.popsection\n"

/*
 * tf: an exception raised in ring 0.  If it was raised by one of the
 * listed instructions while returning to ring 3, fix it up and return true
 * (trap_return then resumes as the fixup decided):
 *  - a data selector (gs, fs, es, ds) becomes the null selector, as on
 *    Linux (the program sees 0, and a later access through it faults in
 *    ring 3);
 *  - the iret frame (a bad cs or ss) becomes a fault of the program with
 *    the same vector and error code: SIGSEGV for #GP, SIGBUS for #NP and
 *    #SS, as an x86-64 Linux kernel does (no test reaches #NP or #SS:
 *    set_thread_area makes no segment that is not present);
 *  - a probe (TRAP_FIXUP_RESUME) goes on at its resume label, eax -EFAULT.
 * False for any other fault: a kernel bug, for the caller to report.
 */
bool trap_fixup(struct trap_frame *tf);

#endif
