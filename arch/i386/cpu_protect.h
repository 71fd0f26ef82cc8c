/*
 * Protections of the kernel that the CPU may offer beyond paging's bits:
 * SMEP (ring 0 never runs code of a user page) and SMAP (ring 0 never reads
 * or writes a user page, unless EFLAGS.AC opens a window).
 */
#ifndef TICK386_ARCH_CPU_PROTECT_H
#define TICK386_ARCH_CPU_PROTECT_H

#include "lib/types.h"

/* Turn on SMEP and SMAP where CPUID says the CPU has them (and print which);
 * once, in kmain, while the kernel's code is still writable. */
void cpu_protect_init(void);

/* Whether SMAP is on (the test of arch/i386/cpu_protect_ktest.c). */
bool cpu_smap_on(void);

#endif
