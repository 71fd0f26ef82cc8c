#include "kernel/bootinfo.h"
#include "arch/i386/memlayout.h"
#include "boot/multiboot.h"
#include "lib/multiboot2.h"
#include "lib/string.h"

struct boot_info boot_info;

static void copy_string(char *dst, size_t size, u32 phys)
{
	const char *src = PHYS_TO_VIRT(phys);
	size_t i = 0;

	if (phys >= DIRECT_MAP_LIMIT) {
		dst[0] = '\0';
		return;
	}
	for (; i + 1 < size && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

int bootinfo_parse(u32 magic, u32 mbi_phys)
{
	const struct multiboot_info *mbi;

	if (magic == MB2_BOOTLOADER_MAGIC)
		return bootinfo_parse_mb2(mbi_phys);
	if (magic != MULTIBOOT_BOOTLOADER_MAGIC || mbi_phys >= DIRECT_MAP_LIMIT)
		return -1;
	mbi = PHYS_TO_VIRT(mbi_phys);
	boot_info.protocol = 1;

	if (mbi->flags & MULTIBOOT_INFO_CMDLINE)
		copy_string(boot_info.cmdline, sizeof(boot_info.cmdline), mbi->cmdline);
	if (mbi->flags & MULTIBOOT_INFO_LOADER_NAME)
		copy_string(boot_info.loader, sizeof(boot_info.loader), mbi->boot_loader_name);
	if (mbi->flags & MULTIBOOT_INFO_MEMORY) {
		boot_info.mem_lower_kib = mbi->mem_lower_kib;
		boot_info.mem_upper_kib = mbi->mem_upper_kib;
	}
	if (mbi->flags & MULTIBOOT_INFO_MEM_MAP) {
		u32 off = 0;
		while (off + sizeof(struct multiboot_mmap_entry) <= mbi->mmap_length &&
		       boot_info.mmap_count < BOOT_MMAP_MAX) {
			const struct multiboot_mmap_entry *e = PHYS_TO_VIRT(mbi->mmap_addr + off);
			struct boot_mmap_region *r = &boot_info.mmap[boot_info.mmap_count++];
			r->base = e->addr;
			r->length = e->len;
			r->type = e->type;
			if (e->type == MULTIBOOT_MEMORY_AVAILABLE)
				boot_info.ram_bytes += e->len;
			off += e->size + 4;
		}
	} else if (mbi->flags & MULTIBOOT_INFO_MEMORY) {
		/* No map: the lower and upper memory sizes are all we have. */
		boot_info.mmap[0] = (struct boot_mmap_region){0, mbi->mem_lower_kib * 1024ull, 1};
		boot_info.mmap[1] =
			(struct boot_mmap_region){0x100000, mbi->mem_upper_kib * 1024ull, 1};
		boot_info.mmap_count = 2;
		boot_info.ram_bytes = (mbi->mem_lower_kib + (u64)mbi->mem_upper_kib) * 1024;
	}
	if (mbi->flags & MULTIBOOT_INFO_MODS) {
		const struct multiboot_module *m = PHYS_TO_VIRT(mbi->mods_addr);
		for (u32 i = 0; i < mbi->mods_count && i < BOOT_MODULES_MAX; i++) {
			struct boot_module *bm = &boot_info.modules[boot_info.module_count++];
			bm->phys_start = m[i].mod_start;
			bm->phys_end = m[i].mod_end;
			copy_string(bm->cmdline, sizeof(bm->cmdline), m[i].string);
		}
	}
	return 0;
}

int bootinfo_cmdline_get(const char *key, char *buf, size_t size)
{
	size_t keylen = strlen(key);
	const char *p = boot_info.cmdline;

	while (*p) {
		while (*p == ' ')
			p++;
		const char *word = p;
		while (*p && *p != ' ')
			p++;
		size_t wordlen = (size_t)(p - word);
		if (wordlen >= keylen && !strncmp(word, key, keylen) &&
		    (wordlen == keylen || word[keylen] == '=')) {
			const char *value = word + keylen + (wordlen > keylen);
			size_t n = (size_t)(p - value);
			if (size) {
				if (n >= size)
					n = size - 1;
				memcpy(buf, value, n);
				buf[n] = '\0';
			}
			return 1;
		}
	}
	return 0;
}
