/*
 * The MMIO window (arch/i386/mmio.h): PDE 1023 of the boot page directory
 * points at one page table, made at the first mmio_map.  Every page
 * directory copies the kernel half of the boot one when it is made
 * (paging_pd_create), and the first mapping is made at boot before any
 * task exists, so all of them share this page table and see every later
 * PTE.  PTEs are present, writable, cache-disabled and write-through
 * (PCD|PWT): a device register must be read from the device each time.
 */
#include "arch/i386/mmio.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "arch/i386/paging.h"
#include "lib/string.h"
#include "mm/pmm.h"

#define PTE_PWT 0x008u
#define PTE_PCD 0x010u
#define WINDOW_PAGES 1024u

static u32 *window; /* the page table, through the direct map; boot only */

static int window_init(void)
{
	u32 phys = pmm_alloc_page();

	if (!phys)
		return -1;
	window = PHYS_TO_VIRT(phys);
	memset(window, 0, PAGE_SIZE);
	boot_page_directory[PDE_INDEX(MMIO_WINDOW_VA)] = phys | PTE_PRESENT | PTE_WRITE;
	write_cr3(read_cr3()); /* the old 4 MiB PDE may be cached in the TLB */
	return 0;
}

/* The slot mapping page `page` (a PTE address), mapped if need be; -1 if full. */
static int map_page(u32 page)
{
	int free_slot = -1;

	for (u32 i = 0; i < WINDOW_PAGES; i++) {
		if (!(window[i] & PTE_PRESENT)) {
			if (free_slot < 0)
				free_slot = (int)i;
		} else if ((window[i] & PTE_ADDR_MASK) == page) {
			return (int)i;
		}
	}
	if (free_slot >= 0) {
		window[free_slot] = page | PTE_PRESENT | PTE_WRITE | PTE_PCD | PTE_PWT;
		invlpg(MMIO_WINDOW_VA + (u32)free_slot * PAGE_SIZE);
	}
	return free_slot;
}

volatile void *mmio_map(u64 phys, u32 len)
{
	u32 first, pages, off = (u32)phys & (PAGE_SIZE - 1);
	int slot = -1;

	if (len == 0 || phys >= (1ull << 32) || phys + len > (1ull << 32))
		return NULL;
	if (!window && window_init() < 0)
		return NULL;
	first = (u32)phys & PTE_ADDR_MASK;
	pages = (off + len + PAGE_SIZE - 1) / PAGE_SIZE;
	/* a range of several pages needs consecutive slots: take them as
	 * they come and check (boot maps a handful of single pages) */
	for (u32 i = 0; i < pages; i++) {
		int s = map_page(first + i * PAGE_SIZE);

		if (s < 0 || (i > 0 && s != slot + 1))
			return NULL;
		slot = s;
	}
	return (volatile u8 *)(MMIO_WINDOW_VA + (u32)(slot - (int)pages + 1) * PAGE_SIZE) + off;
}
