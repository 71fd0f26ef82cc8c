/*
 * The device window: the top 64 MiB of the address space
 * ([MMIO_WINDOW_BASE, 4 GiB), arch/i386/memlayout.h), where devices whose
 * registers or memory lie above the direct map are mapped for the kernel,
 * with 4 MiB pages of boot_page_directory.
 *
 * Every address space copies the kernel's directory entries when it is
 * created (paging_pd_create), so a mapping made later would be missing
 * from the address spaces that exist: mmio_map works only until the first
 * one is created (boot, before task_init), and refuses afterwards.
 * Lock: none; boot runs on one CPU with interrupts off.
 */
#ifndef TICK386_ARCH_MMIO_H
#define TICK386_ARCH_MMIO_H

#include "lib/types.h"

/*
 * Map [phys, phys + size) for the kernel; write_through asks for the
 * write-through memory type (a framebuffer: reads may be cached, every
 * write reaches the device), otherwise the range is uncached (registers).
 * Returns the kernel address of phys, or NULL when the range is empty,
 * beyond 4 GiB, larger than what is left of the window, or asked for after
 * the first address space was created.
 */
void *mmio_map(u64 phys, u64 size, bool write_through);

/* Called by paging_pd_create: from now on the window is closed. */
void mmio_seal(void);

/* 32-bit device registers at base + off (the HPET, the local and I/O
 * APICs): volatile, one access each, in program order. */
static inline u32 mmio_read32(volatile void *base, u32 off)
{
	return *(volatile u32 *)((volatile u8 *)base + off);
}

static inline void mmio_write32(volatile void *base, u32 off, u32 v)
{
	*(volatile u32 *)((volatile u8 *)base + off) = v;
}

#endif
