/*
 * SMEP and SMAP (Intel SDM vol. 3, 4.6): CR4 bits 20 and 21, present where
 * CPUID leaf 7 (subleaf 0) sets EBX bits 7 and 20.
 *
 * With SMEP a jump of the kernel into a user page faults instead of running
 * a program's code in ring 0.  With SMAP any access of the kernel to a user
 * page faults while EFLAGS.AC is clear.  The kernel never needs a window
 * (stac ... clac): mm/uaccess.c, the futex words, the signal frames and
 * exec's stack all reach user memory through the direct map of physical
 * memory after walking the task's page tables, never through the user
 * address.  SMAP then catches any stray dereference of a user pointer.
 * The one way around it would be a program's own AC flag, kept into the
 * kernel by int 0x80 and interrupts: each entry clears it (isr.asm's
 * CLAC_SITE, patched here).
 */
#include "arch/i386/cpu_protect.h"
#include "arch/i386/cpu.h"
#include "kernel/printk.h"

#define CPUID7_EBX_SMEP (1u << 7)
#define CPUID7_EBX_SMAP (1u << 20)
#define CR4_SMEP (1u << 20)
#define CR4_SMAP (1u << 21)

extern u8 *const __smap_clac_start[], *const __smap_clac_end[];

static void write_cr4(u32 v)
{
	__asm__ volatile("movl %0, %%cr4" : : "r"(v) : "memory");
}

/* The entries' 3-byte nops become clac (0f 01 ca): the text is still
 * writable (paging_protect_kernel comes after); writing CR4 afterwards
 * serialises, so no stale decoded copy of the nop survives. */
static void smap_patch_entries(void)
{
	for (u8 *const *site = __smap_clac_start; site < __smap_clac_end; site++) {
		(*site)[0] = 0x0f;
		(*site)[1] = 0x01;
		(*site)[2] = 0xca;
	}
}

void cpu_protect_init(void)
{
	u32 max, a, b, c, d;
	u32 cr4 = read_cr4();

	cpuid(0, &max, &b, &c, &d);
	b = 0;
	if (max >= 7)
		cpuid(7, &a, &b, &c, &d);
	if (b & CPUID7_EBX_SMAP)
		smap_patch_entries();
	if (b & CPUID7_EBX_SMEP)
		cr4 |= CR4_SMEP;
	if (b & CPUID7_EBX_SMAP)
		cr4 |= CR4_SMAP;
	write_cr4(cr4);
	kprintf("tick386: cpu: SMEP %s, SMAP %s\n", (b & CPUID7_EBX_SMEP) ? "on" : "absent",
		(b & CPUID7_EBX_SMAP) ? "on" : "absent");
}

bool cpu_smap_on(void)
{
	return (read_cr4() & CR4_SMAP) != 0;
}
