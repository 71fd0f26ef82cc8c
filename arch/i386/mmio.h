/*
 * Device registers in memory space (the HPET, the local and I/O APICs) sit
 * near 4 GiB, beyond the kernel's direct map of the first GiB.  They are
 * mapped one 4 KiB page at a time, uncached, into the last 4 MiB of the
 * address space (MMIO_WINDOW_VA), whose page table every address space
 * shares through the kernel half of its page directory: a page mapped once
 * is seen everywhere, at once.  Mappings are never undone.
 */
#ifndef TICK386_ARCH_MMIO_H
#define TICK386_ARCH_MMIO_H

#include "lib/types.h"

/* The virtual address of [phys, phys + len), or NULL when the window is full
 * or the page table cannot be allocated.  A page already mapped is reused.
 * Boot only (before the first task): single-threaded, no lock. */
volatile void *mmio_map(u64 phys, u32 len);

static inline u32 mmio_read32(volatile void *base, u32 off)
{
	return *(volatile u32 *)((volatile u8 *)base + off);
}

static inline void mmio_write32(volatile void *base, u32 off, u32 v)
{
	*(volatile u32 *)((volatile u8 *)base + off) = v;
}

#endif
