/*
 * The Global Descriptor Table.  Paging does all the protection, so every
 * segment is flat: base 0, limit 4 GiB.  The user segments differ from the
 * kernel's only in their privilege level (DPL 3).  The TSS exists for one
 * field: esp0, the stack the CPU loads when an interrupt arrives in ring 3.
 */
#include "arch/i386/gdt.h"
#include "lib/compiler.h"
#include "lib/string.h"

struct gdt_entry {
	u16 limit_low;
	u16 base_low;
	u8 base_mid;
	u8 access;      /* present, DPL, type */
	u8 flags_limit; /* granularity, size, limit 19:16 */
	u8 base_high;
} __packed;

struct gdt_pointer {
	u16 limit;
	u32 base;
} __packed;

/* The 32-bit TSS (Intel SDM vol. 3, 8.2.1); the CPU reads ss0:esp0 from it. */
struct tss {
	u32 prev, esp0, ss0, esp1, ss1, esp2, ss2;
	u32 cr3, eip, eflags, eax, ecx, edx, ebx, esp, ebp, esi, edi;
	u32 es, cs, ss, ds, fs, gs, ldt;
	u16 trap, iomap_base;
} __packed;

static struct gdt_entry gdt[GDT_TLS_MIN + GDT_TLS_ENTRIES] __aligned(8);
static struct tss tss __aligned(16);

#define ACCESS_PRESENT 0x80
#define ACCESS_DPL3 0x60
#define ACCESS_CODE_DATA 0x10 /* S bit: code or data, not a system segment */
#define ACCESS_CODE 0x0A      /* executable, readable */
#define ACCESS_DATA 0x02      /* writable */
#define ACCESS_TSS32 0x09     /* available 32-bit TSS */
#define FLAGS_4K_32BIT 0xC0   /* limit counts 4 KiB pages; 32-bit segment */

static void gdt_set(int i, u32 base, u32 limit, u8 access, u8 flags)
{
	gdt[i].limit_low = limit & 0xFFFF;
	gdt[i].base_low = base & 0xFFFF;
	gdt[i].base_mid = (base >> 16) & 0xFF;
	gdt[i].access = access;
	gdt[i].flags_limit = (u8)(flags | ((limit >> 16) & 0x0F));
	gdt[i].base_high = (base >> 24) & 0xFF;
}

void gdt_set_tls(const u64 desc[GDT_TLS_ENTRIES])
{
	u64 *slot = (u64 *)&gdt[GDT_TLS_MIN];

	/* at every switch: a few moves, not memcpy's call (27 instructions,
	 * make profile-path PATH_NAME=deadline) nor gcc's copy loop */
#pragma GCC unroll 8
	for (int i = 0; i < GDT_TLS_ENTRIES; i++)
		slot[i] = desc[i];
}

void tss_set_kernel_stack(u32 esp0)
{
	tss.esp0 = esp0;
}

void gdt_init(void)
{
	struct gdt_pointer ptr = {sizeof(gdt) - 1, (u32)gdt};

	gdt_set(0, 0, 0, 0, 0);
	gdt_set(1, 0, 0xFFFFF, ACCESS_PRESENT | ACCESS_CODE_DATA | ACCESS_CODE, FLAGS_4K_32BIT);
	gdt_set(2, 0, 0xFFFFF, ACCESS_PRESENT | ACCESS_CODE_DATA | ACCESS_DATA, FLAGS_4K_32BIT);
	gdt_set(3, 0, 0xFFFFF, ACCESS_PRESENT | ACCESS_DPL3 | ACCESS_CODE_DATA | ACCESS_CODE,
		FLAGS_4K_32BIT);
	gdt_set(4, 0, 0xFFFFF, ACCESS_PRESENT | ACCESS_DPL3 | ACCESS_CODE_DATA | ACCESS_DATA,
		FLAGS_4K_32BIT);

	memset(&tss, 0, sizeof(tss));
	tss.ss0 = GDT_KERNEL_DS;
	tss.iomap_base = sizeof(tss); /* no I/O bitmap: ring 3 gets no ports */
	gdt_set(5, (u32)&tss, sizeof(tss) - 1, ACCESS_PRESENT | ACCESS_TSS32, 0);

	__asm__ volatile("lgdt %0\n\t"
			 "ljmp %1, $1f\n"
			 "1:\n\t"
			 "movw %w2, %%ax\n\t"
			 "movw %%ax, %%ds\n\t"
			 "movw %%ax, %%es\n\t"
			 "movw %%ax, %%fs\n\t"
			 "movw %%ax, %%gs\n\t"
			 "movw %%ax, %%ss\n\t"
			 :
			 : "m"(ptr), "i"(GDT_KERNEL_CS), "i"(GDT_KERNEL_DS)
			 : "eax", "memory");
	__asm__ volatile("ltr %w0" : : "r"(GDT_TSS));
	/*
	 * No LDT: the null selector in LDTR.  The CPU comes out of reset with
	 * an LDT at linear address 0, limit 0xffff, and the loader need not
	 * change it: a selector with TI = 1 would then take its descriptor
	 * from user memory (a page at 0x1000 could hold a call gate into ring
	 * 0).  With a null LDTR any such selector is a #GP.
	 */
	__asm__ volatile("lldt %w0" : : "r"(0));
}
