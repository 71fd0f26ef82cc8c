/*
 * Kernel symbols for backtraces.  The kernel is linked twice: the first link
 * has an empty table; tools/gen-ksyms turns its `nm` output into a table in
 * section .ksyms (read-only data placed after .text, so no code address
 * moves) and the second link includes it.
 */
#ifndef TICK386_KERNEL_KSYMS_H
#define TICK386_KERNEL_KSYMS_H

#include "lib/types.h"

struct ksym {
	u32 addr;
	const char *name;
};

/* The function containing addr, or NULL; *offset is addr - its start. */
const char *ksym_lookup(u32 addr, u32 *offset);

/* Print "  [<addr>] name+0xoff" on the console. */
void ksym_print_addr(u32 addr);

#endif
