/*
 * The kernel heap: blocks of any size.  Small blocks (up to 2 KiB) come from
 * power-of-two slab caches (16 B .. 2 KiB); bigger ones are whole runs of
 * contiguous pages, their length kept in the page allocator's owner word.
 * Blocks are at least 8-byte aligned; blocks of a power-of-two size up to
 * 64 B are aligned to their size, big blocks to a page.
 */
#ifndef TICK386_KERNEL_KHEAP_H
#define TICK386_KERNEL_KHEAP_H

#include "lib/types.h"

void kheap_init(void); /* after pmm_init */

void *kmalloc(size_t n); /* NULL when out of memory; kmalloc(0) is a valid 1-byte block */
void *kzalloc(size_t n); /* zeroed */
void kfree(void *p);	 /* NULL is ignored */

/* Usable size of a block (at least what was asked for). */
size_t ksize(const void *p);

#endif
