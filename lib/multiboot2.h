/*
 * A reader of the Multiboot2 boot information (Multiboot2 Specification
 * 2.0, section 3.6), over a copy in memory whose bounds the caller knows.
 * Nothing is copied: the result points into the information.
 *
 * The format: a fixed part { u32 total_size; u32 reserved; }, then tags,
 * each { u32 type; u32 size; ...payload } where size counts the 8-byte
 * head and the payload but not the padding that brings the next tag to an
 * 8-byte boundary; a tag of type 0 and size 8 ends the list.  total_size
 * counts everything, the fixed part and the end tag included.
 *
 * Invariant of mb2_parse: it reads only bytes inside [mbi, mbi + avail),
 * whatever they hold.  Information that breaks the format is refused whole
 * with -EINVAL (out is then zeroed): the start not 8-byte aligned,
 * total_size below 16 or beyond avail, a tag shorter than its head or than
 * its type needs, or running past total_size, no end tag, a string not
 * NUL-terminated inside its tag, a memory map whose entries are shorter
 * than 24 bytes or do not divide the tag, a module ending before it
 * starts, a framebuffer whose pitch cannot hold a row or whose rows do not
 * fit in 4 GiB, a second copy of a tag that may appear once.
 * Tags of other types are skipped, as the specification asks.
 */
#ifndef TICK386_LIB_MULTIBOOT2_H
#define TICK386_LIB_MULTIBOOT2_H

#include "lib/types.h"

#define MB2_BOOTLOADER_MAGIC 0x36D76289u

#define MB2_TAG_END 0
#define MB2_TAG_CMDLINE 1
#define MB2_TAG_LOADER_NAME 2
#define MB2_TAG_MODULE 3
#define MB2_TAG_BASIC_MEMINFO 4
#define MB2_TAG_MMAP 6
#define MB2_TAG_FRAMEBUFFER 8
#define MB2_TAG_ACPI_OLD 14 /* an ACPI 1.0 RSDP: 20 bytes */
#define MB2_TAG_ACPI_NEW 15 /* an ACPI 2.0+ RSDP (XSDP): 36 bytes */

#define MB2_MODULES_MAX 16
#define MB2_RSDP_MAX 36

/* framebuffer_type of tag 8 */
#define MB2_FB_INDEXED 0
#define MB2_FB_RGB 1
#define MB2_FB_EGA_TEXT 2

/* One memory map entry as it is in the tag (entry_size may be larger). */
struct mb2_mmap_entry {
	u64 base_addr;
	u64 length;
	u32 type; /* 1 available, 3 ACPI reclaimable, 4 NVS, 5 bad */
	u32 reserved;
} __attribute__((packed));

struct mb2_module {
	u32 start, end;	    /* physical, [start, end) */
	const char *string; /* NUL-terminated, inside the information */
};

struct mb2_framebuffer {
	u64 addr; /* physical */
	u32 pitch, width, height;
	u8 bpp;
	u8 type; /* MB2_FB_* */
	/* Type MB2_FB_RGB only: each colour's lowest bit and width. */
	u8 red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

struct mb2_info {
	const char *cmdline; /* NULL if no tag */
	const char *loader;  /* NULL if no tag */
	bool have_meminfo;
	u32 mem_lower_kib, mem_upper_kib;
	const u8 *mmap; /* mmap_count entries of mmap_entry_size bytes */
	u32 mmap_entry_size, mmap_count;
	struct mb2_module modules[MB2_MODULES_MAX];
	u32 module_count;   /* those kept, at most MB2_MODULES_MAX */
	u32 modules_dropped; /* further module tags, not kept */
	bool have_fb;
	struct mb2_framebuffer fb;
	/* The RSDP's bytes (tag 15's if given, else tag 14's), or NULL. */
	const u8 *rsdp;
	u32 rsdp_len; /* at most MB2_RSDP_MAX */
	const char *error; /* why the information was refused, or NULL */
};

/*
 * Read the information at mbi, of which avail bytes may be read.
 * Returns 0 with *out filled, or -EINVAL (out->error says why).
 */
int mb2_parse(const void *mbi, size_t avail, struct mb2_info *out);

/* Entry i (< mmap_count) of the memory map, read without alignment needs. */
struct mb2_mmap_entry mb2_mmap_entry(const struct mb2_info *info, u32 i);

#endif
