/*
 * The address space: user space below 3 GiB, the kernel above.  boot.asm maps
 * physical 0..960 MiB at KERNEL_VMA with 4 MiB pages, so any physical
 * address below DIRECT_MAP_LIMIT is reachable at phys + KERNEL_VMA.  The top
 * 64 MiB of the address space, [MMIO_WINDOW_BASE, 4 GiB), are the device
 * window (arch/i386/mmio.c): memory-mapped devices above the RAM, such as
 * the framebuffer a UEFI or VBE loader hands over (QEMU puts it at
 * 0x80000000 or 0xFD000000, far beyond any direct map).
 */
#ifndef TICK386_ARCH_MEMLAYOUT_H
#define TICK386_ARCH_MEMLAYOUT_H

#define KERNEL_VMA 0xC0000000u
#define USER_TOP KERNEL_VMA /* first address user space may not touch */
#define USER_BASE 0x00001000u  /* page 0 stays unmapped: NULL faults */
#define DIRECT_MAP_LIMIT 0x3C000000u /* boot.asm's DIRECT_MAP_PDES * 4 MiB */
#define MMIO_WINDOW_BASE (KERNEL_VMA + DIRECT_MAP_LIMIT)
#define MMIO_WINDOW_SIZE 0x04000000u
#define PAGE_SIZE 4096u
#define PAGE_SHIFT 12

#define PHYS_TO_VIRT(p) ((void *)((unsigned long)(p) + KERNEL_VMA))
#define VIRT_TO_PHYS(v) ((unsigned long)(v) - KERNEL_VMA)

#endif
