/*
 * The address space: user space below 3 GiB, the kernel above.  boot.asm maps
 * physical 0..1 GiB at KERNEL_VMA with 4 MiB pages, so any physical address
 * below DIRECT_MAP_LIMIT is reachable at phys + KERNEL_VMA.  The last 4 MiB
 * of the address space are not the direct map's: arch/i386/mmio.c maps
 * device registers there (the HPET, the APICs), so the direct map ends
 * 4 MiB short of 1 GiB.
 */
#ifndef TICK386_ARCH_MEMLAYOUT_H
#define TICK386_ARCH_MEMLAYOUT_H

#define KERNEL_VMA 0xC0000000u
#define USER_TOP KERNEL_VMA /* first address user space may not touch */
#define USER_BASE 0x00001000u  /* page 0 stays unmapped: NULL faults */
#define DIRECT_MAP_LIMIT 0x3FC00000u
#define MMIO_WINDOW_VA 0xFFC00000u /* 4 MiB, one page table (mmio.c) */
#define PAGE_SIZE 4096u
#define PAGE_SHIFT 12

#define PHYS_TO_VIRT(p) ((void *)((unsigned long)(p) + KERNEL_VMA))
#define VIRT_TO_PHYS(v) ((unsigned long)(v) - KERNEL_VMA)

#endif
