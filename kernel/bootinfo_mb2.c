/*
 * Multiboot2: what GRUB's `multiboot2` command hands over, on BIOS and on
 * UEFI.  lib/multiboot2.c checks the whole information (every tag's size
 * and alignment, the total size) before anything is copied; this file
 * copies what it found into boot_info, the same fields the v1 path fills,
 * plus the framebuffer and the ACPI RSDP that only multiboot2 gives.
 */
#include "arch/i386/memlayout.h"
#include "kernel/bootinfo.h"
#include "kernel/printk.h"
#include "lib/multiboot2.h"
#include "lib/string.h"

static void copy_cstring(char *dst, size_t size, const char *src)
{
	size_t i = 0;

	for (; src && i + 1 < size && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

static void copy_framebuffer(const struct mb2_framebuffer *f)
{
	struct boot_framebuffer *fb = &boot_info.fb;

	fb->phys = f->addr;
	fb->pitch = f->pitch;
	fb->width = f->width;
	fb->height = f->height;
	fb->bpp = f->bpp;
	fb->red_pos = f->red_pos;
	fb->red_size = f->red_size;
	fb->green_pos = f->green_pos;
	fb->green_size = f->green_size;
	fb->blue_pos = f->blue_pos;
	fb->blue_size = f->blue_size;
	if (f->type == MB2_FB_RGB)
		fb->type = BOOT_FB_RGB;
	else if (f->type == MB2_FB_EGA_TEXT)
		fb->type = BOOT_FB_EGA_TEXT;
	else
		fb->type = BOOT_FB_OTHER;
}

int bootinfo_parse_mb2(u32 mbi_phys)
{
	struct mb2_info info;

	/* Only the direct map can be read: the information must lie in it. */
	if (mbi_phys >= DIRECT_MAP_LIMIT)
		return -1;
	if (mb2_parse(PHYS_TO_VIRT(mbi_phys), DIRECT_MAP_LIMIT - mbi_phys, &info) < 0) {
		kprintf("tick386: multiboot2 information refused: %s\n", info.error);
		return -1;
	}
	boot_info.protocol = 2;
	copy_cstring(boot_info.cmdline, sizeof(boot_info.cmdline), info.cmdline);
	copy_cstring(boot_info.loader, sizeof(boot_info.loader), info.loader);
	if (info.have_meminfo) {
		boot_info.mem_lower_kib = info.mem_lower_kib;
		boot_info.mem_upper_kib = info.mem_upper_kib;
	}
	for (u32 i = 0; i < info.mmap_count && boot_info.mmap_count < BOOT_MMAP_MAX; i++) {
		struct mb2_mmap_entry e = mb2_mmap_entry(&info, i);
		boot_info.mmap[boot_info.mmap_count++] =
			(struct boot_mmap_region){e.base_addr, e.length, e.type};
		if (e.type == 1)
			boot_info.ram_bytes += e.length;
	}
	if (!info.mmap && info.have_meminfo) {
		/* No map: the lower and upper memory sizes are all we have. */
		boot_info.mmap[0] = (struct boot_mmap_region){0, info.mem_lower_kib * 1024ull, 1};
		boot_info.mmap[1] =
			(struct boot_mmap_region){0x100000, info.mem_upper_kib * 1024ull, 1};
		boot_info.mmap_count = 2;
		boot_info.ram_bytes = (info.mem_lower_kib + (u64)info.mem_upper_kib) * 1024;
	}
	/* A module is read through the direct map: one beyond it is dropped. */
	for (u32 i = 0; i < info.module_count && boot_info.module_count < BOOT_MODULES_MAX; i++) {
		const struct mb2_module *m = &info.modules[i];
		if (m->end > DIRECT_MAP_LIMIT) {
			kprintf("tick386: module '%s' at %#x beyond the direct map: dropped\n",
				m->string, m->start);
			continue;
		}
		struct boot_module *bm = &boot_info.modules[boot_info.module_count++];
		bm->phys_start = m->start;
		bm->phys_end = m->end;
		copy_cstring(bm->cmdline, sizeof(bm->cmdline), m->string);
	}
	if (info.modules_dropped)
		kprintf("tick386: %u module(s) beyond the first %u dropped\n", info.modules_dropped,
			MB2_MODULES_MAX);
	if (info.have_fb)
		copy_framebuffer(&info.fb);
	if (info.rsdp) {
		memcpy(boot_info.acpi_rsdp, info.rsdp, info.rsdp_len);
		boot_info.acpi_rsdp_len = info.rsdp_len;
	}
	return 0;
}
