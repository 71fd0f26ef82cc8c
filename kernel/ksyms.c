#include "kernel/ksyms.h"
#include "kernel/printk.h"

/* Sorted by address; bounds from linker.ld.  Empty in the first link. */
extern const struct ksym __ksyms_start[], __ksyms_end[];
extern const char __text_start[], __text_end[];

const char *ksym_lookup(u32 addr, u32 *offset)
{
	const struct ksym *lo = __ksyms_start, *hi = __ksyms_end;

	if (addr < (u32)__text_start || addr >= (u32)__text_end || lo == hi)
		return NULL;
	/* Binary search for the last symbol at or below addr. */
	while (hi - lo > 1) {
		const struct ksym *mid = lo + (hi - lo) / 2;
		if (mid->addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (lo->addr > addr)
		return NULL;
	*offset = addr - lo->addr;
	return lo->name;
}

void ksym_print_addr(u32 addr)
{
	u32 offset;
	const char *name = ksym_lookup(addr, &offset);

	if (name)
		kprintf("    [<%08x>] %s+%#x\n", addr, name, offset);
	else
		kprintf("    [<%08x>] ?\n", addr);
}
