/*
 * Page directories and page tables (see paging.h).  Every table lives in a
 * page from the physical allocator and is reached through the kernel's
 * direct map, so a directory can be edited whether or not it is current.
 */
#include "arch/i386/paging.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "arch/i386/mmio.h"
#include "mm/pmm.h"
#include "lib/string.h"
#include "kernel/printk.h"
#include "lib/compiler.h"

static inline u32 *table_virt(u32 phys)
{
	return (u32 *)PHYS_TO_VIRT(phys & PTE_ADDR_MASK);
}

u32 paging_kernel_pd_phys(void)
{
	return VIRT_TO_PHYS(boot_page_directory);
}

u32 paging_pd_create(void)
{
	u32 phys = pmm_alloc_page(); /* zeroed: the user half starts empty */
	u32 *pd;

	if (!phys)
		return 0;
	mmio_seal(); /* this copy of the kernel half would miss later device mappings */
	pd = table_virt(phys);
	memcpy(&pd[PDE_KERNEL_FIRST], &boot_page_directory[PDE_KERNEL_FIRST],
	       (1024 - PDE_KERNEL_FIRST) * sizeof(u32));
	return phys;
}

void paging_pd_free_tables(u32 pd_phys)
{
	u32 *pd = table_virt(pd_phys);

	for (u32 i = 0; i < PDE_KERNEL_FIRST; i++) {
		if (pd[i] & PTE_PRESENT) {
			pmm_free_page(pd[i] & PTE_ADDR_MASK);
			pd[i] = 0;
		}
	}
	pmm_free_page(pd_phys);
}

u32 *paging_pte(u32 pd_phys, u32 va, bool create)
{
	u32 *pd = table_virt(pd_phys);
	u32 *pde = &pd[PDE_INDEX(va)];

	if (PDE_INDEX(va) >= PDE_KERNEL_FIRST)
		return NULL;
	if (!(*pde & PTE_PRESENT)) {
		u32 pt;

		if (!create)
			return NULL;
		pt = pmm_alloc_page();
		if (!pt)
			return NULL;
		*pde = pt | PTE_PRESENT | PTE_WRITE | PTE_USER;
	}
	return &table_virt(*pde)[PTE_INDEX(va)];
}

void paging_activate(u32 pd_phys)
{
	if ((read_cr3() & PTE_ADDR_MASK) != pd_phys)
		write_cr3(pd_phys);
}

void paging_flush(u32 pd_phys, u32 va)
{
	if ((read_cr3() & PTE_ADDR_MASK) == pd_phys)
		invlpg(va);
}

/*
 * The page table of the first 4 MiB above KERNEL_VMA once the image is
 * protected: physical 0..4 MiB, 4 KiB pages, read-only from __text_start
 * to the end of .rodata (linker.ld puts .data on the next page), writable
 * elsewhere (the low megabyte, .data, .bss, the free pages after the
 * image).  Never changed after paging_protect_kernel.
 */
static u32 kernel_low_table[1024] __aligned(PAGE_SIZE);

extern const char __text_start[], __rodata_end[];

void paging_protect_kernel(void)
{
	u32 ro_first = VIRT_TO_PHYS(__text_start) & PTE_ADDR_MASK;
	u32 ro_end = (VIRT_TO_PHYS(__rodata_end) + PAGE_SIZE - 1) & PTE_ADDR_MASK;

	for (u32 i = 0; i < 1024; i++) {
		u32 phys = i * PAGE_SIZE;
		bool ro = phys >= ro_first && phys < ro_end;

		kernel_low_table[i] = phys | PTE_PRESENT | (ro ? 0 : PTE_WRITE);
	}
	/* an image past 4 MiB would keep the rest writable: say so */
	if (ro_end > 1024 * PAGE_SIZE)
		kprintf("tick386: kernel image past 4 MiB: its end stays writable\n");
	boot_page_directory[PDE_KERNEL_FIRST] =
	    VIRT_TO_PHYS(kernel_low_table) | PTE_PRESENT | PTE_WRITE;
	write_cr3(read_cr3()); /* drop the 4 MiB TLB entry */
}
