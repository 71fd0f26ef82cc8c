/*
 * Two-level i386 paging with 4 KiB pages for user space.
 *
 * A page directory has 1024 entries (PDEs), each covering 4 MiB; a PDE points
 * at a page table of 1024 entries (PTEs), each mapping one 4 KiB page.  The
 * linear address splits as [31..22] PDE index, [21..12] PTE index, [11..0]
 * offset.  The kernel's upper quarter (PDEs 768..1023) is the same in every
 * address space: 4 MiB supervisor pages copied from boot_page_directory, so
 * that a trap from ring 3 finds the kernel mapped and ring 3 cannot touch it
 * (the U/S bit is clear).  Everything below USER_TOP belongs to one task.
 *
 * The CPU checks U/S and R/W at both levels and takes the stricter one, so
 * page tables are installed with P|W|U and each PTE says what is allowed.
 * CR0.WP is on (boot.asm): the kernel too honours read-only PTEs; uaccess
 * checks them before writing, it never relies on a fault.
 */
#ifndef TICK386_ARCH_PAGING_H
#define TICK386_ARCH_PAGING_H

#include "lib/types.h"

#define PTE_PRESENT 0x001u
#define PTE_WRITE 0x002u
#define PTE_USER 0x004u
#define PTE_ACCESSED 0x020u
#define PTE_DIRTY 0x040u
/* Bit 9 is the OS's: a page the address space maps but does not own (the
 * vDSO's, mm/vm.c's vm_map_shared): fork shares it, teardown leaves it. */
#define PTE_SHARED 0x200u
#define PDE_LARGE 0x080u /* 4 MiB page (PSE) */
#define PTE_FLAGS_MASK 0xFFFu
#define PTE_ADDR_MASK 0xFFFFF000u

#define PDE_INDEX(va) ((u32)(va) >> 22)
#define PTE_INDEX(va) (((u32)(va) >> 12) & 0x3FFu)
#define PDE_KERNEL_FIRST 768u /* KERNEL_VMA >> 22 */

extern u32 boot_page_directory[1024];

/* Physical address of the kernel-only directory (boot_page_directory). */
u32 paging_kernel_pd_phys(void);

/*
 * A fresh page directory from the page allocator: user half empty, kernel
 * half copied from the boot directory.  Returns its physical address, 0 if
 * out of memory.
 */
u32 paging_pd_create(void);

/* Free every user page table of pd (not the pages they map) and pd itself. */
void paging_pd_free_tables(u32 pd_phys);

/*
 * The PTE that maps va in pd, or NULL if no page table covers va.  With
 * `create`, a missing page table is allocated (NULL if out of memory).
 * Only for va < USER_TOP.
 */
u32 *paging_pte(u32 pd_phys, u32 va, bool create);

/* Make pd the current address space (CR3); a no-op if it already is. */
void paging_activate(u32 pd_phys);

/* Drop a stale TLB entry of va if pd is the current address space. */
void paging_flush(u32 pd_phys, u32 va);

/*
 * Map the kernel's code and read-only data read-only (CR0.WP makes ring 0
 * honour it): the first 4 MiB above KERNEL_VMA, where the image lies, get
 * 4 KiB pages instead of the boot's 4 MiB one.  Once, in kmain, before the
 * first address space is made (each copies the kernel's directory entries).
 */
void paging_protect_kernel(void);

#endif
