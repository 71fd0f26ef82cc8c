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

/*
 * Entries 6..8 are the thread-local storage slots of set_thread_area, as on
 * Linux i386 (GDT_ENTRY_TLS_MIN): selector (6 + i) * 8 + 3.  They hold the
 * current task's descriptors, loaded at each switch.
 */
#define GDT_TLS_MIN 6
#define GDT_TLS_ENTRIES 3

void gdt_init(void);
/* Load the current task's three TLS descriptors (raw 8-byte entries). */
void gdt_set_tls(const u64 desc[GDT_TLS_ENTRIES]);

/* The kernel stack the CPU switches to on a trap from ring 3. */
void tss_set_kernel_stack(u32 esp0);

#endif
