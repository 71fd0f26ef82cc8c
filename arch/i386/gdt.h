/* Segments: a flat GDT (base 0, limit 4 GiB) for ring 0 and ring 3, and a TSS. */
#ifndef TICK386_ARCH_GDT_H
#define TICK386_ARCH_GDT_H

#include "lib/types.h"

/* Selectors: index * 8 | requested privilege level. */
#define GDT_KERNEL_CS 0x08
#define GDT_KERNEL_DS 0x10
#define GDT_USER_CS (0x18 | 3)
#define GDT_USER_DS (0x20 | 3)
#define GDT_TSS 0x28

void gdt_init(void);

/* The kernel stack the CPU switches to on a trap from ring 3. */
void tss_set_kernel_stack(u32 esp0);

#endif
