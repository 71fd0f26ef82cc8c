/*
 * The physical page allocator.  It owns every 4 KiB page of RAM below
 * DIRECT_MAP_LIMIT (960 MiB) that the memory map calls available, minus what is
 * already in use at boot: the first 1 MiB (BIOS data, VGA memory, option
 * ROMs), the kernel image and the multiboot modules.  Pages are reached
 * through the direct map: PHYS_TO_VIRT(pmm_alloc_page()).
 *
 * Every page handed out is zeroed.  All calls are safe with interrupts on
 * (they take irq_save), but IRQ handlers must not allocate.
 */
#ifndef TICK386_KERNEL_PMM_H
#define TICK386_KERNEL_PMM_H

#include "lib/types.h"

void pmm_init(void);

/* Physical address of a zeroed 4 KiB page, or 0 when memory is exhausted. */
u32 pmm_alloc_page(void);
void pmm_free_page(u32 phys);

/*
 * `count` physically contiguous zeroed pages (the kernel heap's big blocks
 * and multi-page slabs); 0 if no run that long is free.  Free with the same
 * count.
 */
u32 pmm_alloc_pages(u32 count);
void pmm_free_pages(u32 phys, u32 count);

/*
 * The same, never failed on purpose: for the slab allocator's own slabs,
 * whose object allocation is the failure point (mm/fault_inject.h).
 */
u32 pmm_alloc_pages_uncounted(u32 count);

u32 pmm_free_count(void);  /* free pages now */
u32 pmm_total_count(void); /* pages managed (free + allocated since boot) */

/* True if the page at `phys` is managed by the allocator (RAM, not reserved). */
bool pmm_page_managed(u32 phys);

/*
 * One word of owner information per managed page, for the heap and the slab
 * caches: which slab a page belongs to, or how long a big block is.  0 while
 * the page is free.
 */
void pmm_set_owner(u32 phys, u32 owner);
u32 pmm_get_owner(u32 phys);

/* Bytes of available RAM the loader reported, and how much lies beyond the
 * direct map (unusable by this kernel). */
u64 pmm_ram_bytes(void);
u64 pmm_ignored_bytes(void);

#endif
