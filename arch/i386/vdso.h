/*
 * The vDSO in every process (arch/i386/vdso.c): the image built from
 * arch/i386/vdso/ and the clock data page (kernel/time/vdso_data.c),
 * mapped at VM_VDSO_BASE (mm/vm.h) and shared by all.
 */
#ifndef TICK386_ARCH_VDSO_H
#define TICK386_ARCH_VDSO_H

#include "arch/i386/trap.h"
#include "mm/vm.h"
#include "lib/types.h"

/* Where the image's ELF header lands: what AT_SYSINFO_EHDR says. */
#define VDSO_IMAGE_VA (VM_VDSO_BASE + PAGE_SIZE)

/* Map the data page and the image into vm (exec, boot programs): 0,
 * -ENOMEM (a page table), -EEXIST. */
int vdso_map(struct vm *vm);

/*
 * A page fault in user mode: if it is one of the vDSO's stores to a
 * caller's pointer (the image's .vdso_fixup table), resume at its fixup,
 * which returns -EFAULT, and say true; false for any other fault.
 */
bool vdso_fixup(struct trap_frame *tf);

#endif
