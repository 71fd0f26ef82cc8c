/*
 * Multiboot2 boot information reader: see lib/multiboot2.h for the format
 * and the invariant.  Every length is checked against what is left before
 * it is used, by subtraction (total - off), so no sum can wrap around; the
 * fields are read byte by byte (get32), so a tag needs no alignment beyond
 * the one the format promises and the host test's ASan sees every read.
 */
#include "lib/multiboot2.h"
#include "lib/string.h"
#include <abi/errno.h>

static u32 get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static u64 get64(const u8 *p)
{
	return (u64)get32(p) | (u64)get32(p + 4) << 32;
}

static int refuse(struct mb2_info *out, const char *why)
{
	memset(out, 0, sizeof(*out));
	out->error = why;
	return -EINVAL;
}

/* The string that fills a tag from offset `at`: NUL-terminated inside it. */
static const char *tag_string(const u8 *tag, u32 size, u32 at)
{
	for (u32 i = at; i < size; i++)
		if (tag[i] == '\0')
			return (const char *)(tag + at);
	return NULL;
}

/*
 * Tag 8: the common part is 32 bytes (GRUB's layout: bpp, type, then a
 * 16-bit reserved field), then for RGB the position and width of red,
 * green and blue, one byte each.
 */
static const char *parse_framebuffer(const u8 *tag, u32 size, struct mb2_framebuffer *fb)
{
	if (size < 32)
		return "framebuffer tag too short";
	fb->addr = get64(tag + 8);
	fb->pitch = get32(tag + 16);
	fb->width = get32(tag + 20);
	fb->height = get32(tag + 24);
	fb->bpp = tag[28];
	fb->type = tag[29];
	if (fb->width == 0 || fb->height == 0 || fb->bpp == 0)
		return "framebuffer of no size";
	if ((u64)fb->pitch * fb->height > 0xFFFFFFFFull)
		return "framebuffer larger than 4 GiB";
	if (fb->type == MB2_FB_EGA_TEXT) {
		/* width and height count characters of two bytes each. */
		if ((u64)fb->pitch < (u64)fb->width * 2)
			return "text framebuffer pitch shorter than a row";
		return NULL;
	}
	if ((u64)fb->pitch * 8 < (u64)fb->width * fb->bpp)
		return "framebuffer pitch shorter than a row";
	if (fb->type != MB2_FB_RGB)
		return NULL; /* indexed or unknown: described, not drawable */
	if (size < 38)
		return "RGB framebuffer tag too short";
	if (fb->bpp > 32)
		return "RGB framebuffer deeper than 32 bits";
	const u8 *c = tag + 32;
	for (int i = 0; i < 3; i++) {
		u8 pos = c[2 * i], width = c[2 * i + 1];
		if (width == 0 || width > 16 || pos + width > fb->bpp)
			return "RGB colour field outside the pixel";
	}
	fb->red_pos = c[0];
	fb->red_size = c[1];
	fb->green_pos = c[2];
	fb->green_size = c[3];
	fb->blue_pos = c[4];
	fb->blue_size = c[5];
	return NULL;
}

/* Tags 14 and 15 carry a copy of the RSDP, which starts "RSD PTR ". */
static const char *parse_rsdp(const u8 *tag, u32 size, u32 need, struct mb2_info *out)
{
	if (size - 8 < need)
		return "ACPI RSDP tag too short";
	if (memcmp(tag + 8, "RSD PTR ", 8))
		return "ACPI RSDP tag without the RSDP signature";
	out->rsdp = tag + 8;
	out->rsdp_len = size - 8 < MB2_RSDP_MAX ? size - 8 : MB2_RSDP_MAX;
	return NULL;
}

static const char *parse_tag(const u8 *tag, u32 type, u32 size, struct mb2_info *out, u32 *seen)
{
	const u32 once = 1u << MB2_TAG_CMDLINE | 1u << MB2_TAG_LOADER_NAME |
			 1u << MB2_TAG_BASIC_MEMINFO | 1u << MB2_TAG_MMAP |
			 1u << MB2_TAG_FRAMEBUFFER | 1u << MB2_TAG_ACPI_OLD | 1u << MB2_TAG_ACPI_NEW;

	if (type < 32 && (once >> type & 1)) {
		if (*seen >> type & 1)
			return "a tag that may appear once appears twice";
		*seen |= 1u << type;
	}
	switch (type) {
	case MB2_TAG_CMDLINE:
		out->cmdline = tag_string(tag, size, 8);
		return out->cmdline ? NULL : "command line not NUL-terminated in its tag";
	case MB2_TAG_LOADER_NAME:
		out->loader = tag_string(tag, size, 8);
		return out->loader ? NULL : "loader name not NUL-terminated in its tag";
	case MB2_TAG_MODULE: {
		if (size < 16)
			return "module tag too short";
		const char *string = tag_string(tag, size, 16);
		u32 start = get32(tag + 8), end = get32(tag + 12);
		if (!string)
			return "module string not NUL-terminated in its tag";
		if (end < start)
			return "module ends before it starts";
		if (out->module_count == MB2_MODULES_MAX) {
			out->modules_dropped++;
			return NULL;
		}
		out->modules[out->module_count++] = (struct mb2_module){start, end, string};
		return NULL;
	}
	case MB2_TAG_BASIC_MEMINFO:
		if (size < 16)
			return "basic memory tag too short";
		out->have_meminfo = true;
		out->mem_lower_kib = get32(tag + 8);
		out->mem_upper_kib = get32(tag + 12);
		return NULL;
	case MB2_TAG_MMAP: {
		if (size < 16)
			return "memory map tag too short";
		u32 entry_size = get32(tag + 8);
		if (entry_size < sizeof(struct mb2_mmap_entry) || entry_size % 8)
			return "memory map entry size below 24 or not a multiple of 8";
		if ((size - 16) % entry_size)
			return "memory map entries do not fill their tag";
		out->mmap = tag + 16;
		out->mmap_entry_size = entry_size;
		out->mmap_count = (size - 16) / entry_size;
		return NULL;
	}
	case MB2_TAG_FRAMEBUFFER: {
		const char *why = parse_framebuffer(tag, size, &out->fb);
		out->have_fb = why == NULL;
		return why;
	}
	case MB2_TAG_ACPI_OLD:
		if (out->rsdp) /* tag 15 came first: it wins */
			return size - 8 < 20 ? "ACPI RSDP tag too short" : NULL;
		return parse_rsdp(tag, size, 20, out);
	case MB2_TAG_ACPI_NEW:
		return parse_rsdp(tag, size, 36, out);
	default:
		return NULL; /* a tag this kernel does not read */
	}
}

int mb2_parse(const void *mbi, size_t avail, struct mb2_info *out)
{
	const u8 *base = mbi;
	u32 total, off = 8, seen = 0;

	memset(out, 0, sizeof(*out));
	if ((uintptr_t)mbi % 8)
		return refuse(out, "information not 8-byte aligned");
	if (avail < 16)
		return refuse(out, "no room for the fixed part and an end tag");
	total = get32(base);
	if (total < 16 || total > avail)
		return refuse(out, "total_size below 16 or beyond the memory given");
	for (;;) {
		if (total - off < 8)
			return refuse(out, "no end tag");
		const u8 *tag = base + off;
		u32 type = get32(tag), size = get32(tag + 4);
		if (size < 8 || size > total - off)
			return refuse(out, "tag size below 8 or past total_size");
		if (type == MB2_TAG_END) {
			if (size != 8)
				return refuse(out, "end tag of size other than 8");
			break;
		}
		const char *why = parse_tag(tag, type, size, out, &seen);
		if (why)
			return refuse(out, why);
		/* The next tag starts at the next 8-byte boundary. */
		u64 step = (u64)size + (8 - size % 8) % 8;
		if (step > total - off)
			return refuse(out, "no end tag");
		off += (u32)step;
	}
	return 0;
}

struct mb2_mmap_entry mb2_mmap_entry(const struct mb2_info *info, u32 i)
{
	const u8 *e = info->mmap + (size_t)i * info->mmap_entry_size;

	return (struct mb2_mmap_entry){get64(e), get64(e + 8), get32(e + 16), get32(e + 20)};
}
