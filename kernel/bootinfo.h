/*
 * What the loader told us, copied out of the multiboot structures at boot
 * (they live in memory the page allocator will hand out later).
 */
#ifndef TICK386_KERNEL_BOOTINFO_H
#define TICK386_KERNEL_BOOTINFO_H

#include "lib/types.h"

#define BOOT_CMDLINE_MAX 256
#define BOOT_MODULES_MAX 16
#define BOOT_MMAP_MAX 32

struct boot_module {
	u32 phys_start, phys_end; /* [start, end) */
	char cmdline[128];        /* "program arg1 arg2" */
};

struct boot_mmap_region {
	u64 base, length;
	u32 type; /* 1: available RAM */
};

struct boot_info {
	char cmdline[BOOT_CMDLINE_MAX];
	char loader[64];
	u32 mem_lower_kib, mem_upper_kib;
	struct boot_mmap_region mmap[BOOT_MMAP_MAX];
	unsigned mmap_count;
	struct boot_module modules[BOOT_MODULES_MAX];
	unsigned module_count;
	u64 ram_bytes; /* available RAM by the memory map */
	/* The RSDP a multiboot2 loader handed over (its ACPI old/new RSDP
	 * tag), acpi_rsdp_len bytes; 0: none given, drivers/acpi.c scans. */
	u8 acpi_rsdp[36];
	u32 acpi_rsdp_len;
};

extern struct boot_info boot_info;

/* Copy the multiboot information; returns 0, or -1 if it is unusable. */
int bootinfo_parse(u32 magic, u32 mbi_phys);

/*
 * The value of "key=value" on the kernel command line, copied into buf
 * (NUL-terminated); returns 1 if found.  A bare "key" gives an empty value.
 */
int bootinfo_cmdline_get(const char *key, char *buf, size_t size);

#endif
