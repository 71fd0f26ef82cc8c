/*
 * The device window (see mmio.h).  Mappings are handed out from the bottom
 * of the window up, in whole 4 MiB pages (PSE, as the direct map): a
 * device range is mapped from the 4 MiB boundary below its start to the
 * one above its end.  The window never shrinks: devices found at boot stay
 * mapped for as long as the machine runs.
 *
 * The cache type of a 4 MiB page comes from its PWT and PCD bits (with the
 * PAT at its power-on value): PCD|PWT is uncached, PWT alone write-through.
 * The firmware's MTRRs may make the range stricter still (uncached), which
 * is correct if slower.
 */
#include "arch/i386/mmio.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "arch/i386/paging.h"

#define LARGE_PAGE 0x400000u
#define PDE_PWT 0x008u
#define PDE_PCD 0x010u

/* Guarded by boot (one CPU, interrupts off): the next free window page, and
 * whether an address space already copied the kernel's directory. */
static u32 window_used;
static bool sealed;

void mmio_seal(void)
{
	sealed = true;
}

void *mmio_map(u64 phys, u64 size, bool write_through)
{
	u64 first = phys & ~(u64)(LARGE_PAGE - 1);
	u64 end = phys + size;

	if (sealed || size == 0 || end > 0x100000000ull || end < phys)
		return NULL;
	u64 span = (end - first + LARGE_PAGE - 1) & ~(u64)(LARGE_PAGE - 1);
	if (span > MMIO_WINDOW_SIZE - window_used)
		return NULL;

	u32 va = MMIO_WINDOW_BASE + window_used;
	u32 flags = PTE_PRESENT | PTE_WRITE | PDE_LARGE | PDE_PWT | (write_through ? 0 : PDE_PCD);
	for (u64 off = 0; off < span; off += LARGE_PAGE)
		boot_page_directory[PDE_INDEX(va + off)] = (u32)(first + off) | flags;
	window_used += (u32)span;
	write_cr3(read_cr3()); /* boot only: cheap, and no TLB question left open */
	return (void *)(va + (u32)(phys - first));
}
