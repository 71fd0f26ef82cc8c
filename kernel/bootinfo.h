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

/*
 * The framebuffer the loader set up (multiboot2 tag 8), if any.  An RGB
 * framebuffer (GRUB on UEFI, or on BIOS with a VBE mode) is drawn on by
 * drivers/fbcon.c; EGA text is the VGA text screen (drivers/vga.c).
 */
enum boot_fb_type {
	BOOT_FB_NONE,	  /* none given (multiboot v1 here: QEMU -kernel, VGA text) */
	BOOT_FB_RGB,	  /* direct colour: pixels of bpp bits, fields below */
	BOOT_FB_EGA_TEXT, /* the VGA text screen; width/height in characters */
	BOOT_FB_OTHER,	  /* indexed colour or unknown: not drawn on */
};

struct boot_framebuffer {
	enum boot_fb_type type;
	u64 phys; /* physical address of pixel (0, 0) */
	u32 pitch;	    /* bytes from one row to the next */
	u32 width, height;  /* pixels (characters for EGA text) */
	u8 bpp;		    /* bits per pixel */
	/* BOOT_FB_RGB: each colour's lowest bit and width in a pixel. */
	u8 red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
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
	unsigned protocol; /* 1: multiboot v1, 2: multiboot2 */
	struct boot_framebuffer fb;
	/* The RSDP a multiboot2 loader handed over (its ACPI old/new RSDP
	 * tag, 15 winning over 14), acpi_rsdp_len bytes; 0: none given,
	 * drivers/acpi.c scans the BIOS areas. */
	u8 acpi_rsdp[36];
	u32 acpi_rsdp_len;
};

extern struct boot_info boot_info;

/*
 * Copy the multiboot information, v1 or v2 by the magic the loader left in
 * EAX; returns 0, or -1 if it is unusable (a multiboot2 information that
 * breaks its format is refused whole, with the reason on the console).
 */
int bootinfo_parse(u32 magic, u32 mbi_phys);
/* The multiboot2 half of bootinfo_parse (kernel/bootinfo_mb2.c). */
int bootinfo_parse_mb2(u32 mbi_phys);

/*
 * The value of "key=value" on the kernel command line, copied into buf
 * (NUL-terminated); returns 1 if found.  A bare "key" gives an empty value.
 */
int bootinfo_cmdline_get(const char *key, char *buf, size_t size);

#endif
