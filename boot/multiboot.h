/*
 * Multiboot v1 information structure, as the loader leaves it in memory
 * (Multiboot Specification 0.6.96, section 3.3).  Only the parts tick386 reads.
 */
#ifndef TICK386_BOOT_MULTIBOOT_H
#define TICK386_BOOT_MULTIBOOT_H

#include "lib/compiler.h"
#include "lib/types.h"

#define MULTIBOOT_BOOTLOADER_MAGIC 0x2BADB002u

#define MULTIBOOT_INFO_MEMORY (1u << 0)
#define MULTIBOOT_INFO_CMDLINE (1u << 2)
#define MULTIBOOT_INFO_MODS (1u << 3)
#define MULTIBOOT_INFO_ELF_SHDR (1u << 5)
#define MULTIBOOT_INFO_MEM_MAP (1u << 6)
#define MULTIBOOT_INFO_LOADER_NAME (1u << 9)

struct multiboot_info {
	u32 flags;
	u32 mem_lower_kib; /* memory below 1 MiB */
	u32 mem_upper_kib; /* memory from 1 MiB to the first hole */
	u32 boot_device;
	u32 cmdline; /* physical address of a NUL-terminated string */
	u32 mods_count;
	u32 mods_addr; /* physical address of struct multiboot_module[] */
	u32 elf_num, elf_size, elf_addr, elf_shndx;
	u32 mmap_length;
	u32 mmap_addr; /* physical address of the first struct multiboot_mmap_entry */
	u32 drives_length, drives_addr;
	u32 config_table;
	u32 boot_loader_name;
} __packed;

struct multiboot_module {
	u32 mod_start; /* physical, inclusive */
	u32 mod_end;   /* physical, exclusive */
	u32 string;    /* physical address of the module's command line */
	u32 reserved;
} __packed;

#define MULTIBOOT_MEMORY_AVAILABLE 1

/* `size` does not count itself: the next entry is at (char *)e + e->size + 4. */
struct multiboot_mmap_entry {
	u32 size;
	u64 addr;
	u64 len;
	u32 type;
} __packed;

#endif
