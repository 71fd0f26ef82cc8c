/*
 * Host tests of lib/multiboot2.c: boot information built tag by tag as the
 * specification (and GRUB, for the framebuffer tag's layout) lays it out,
 * read back field by field; then broken information, each refused with
 * -EINVAL: misaligned, total_size too small or beyond the memory given,
 * a tag shorter than its head or running past the end, no end tag,
 * strings without their NUL, bad memory maps, modules, framebuffers and
 * RSDPs, tags that may appear once appearing twice; the good information
 * cut at every length; and random bytes, which must never be read past
 * their end (each buffer is a heap block of exactly its size, for ASan).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/multiboot2.h"
#include <abi/errno.h>

/* A builder: tags appended to a buffer, each padded to 8 bytes. */
struct mbi {
	uint8_t b[4096];
	uint32_t len;
};

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static uint8_t *tag(struct mbi *m, uint32_t type, uint32_t size)
{
	uint8_t *t = m->b + m->len;
	memset(t, 0, (size + 7) & ~7u);
	put32(t, type);
	put32(t + 4, size);
	m->len += (size + 7) & ~7u;
	return t;
}

static void start(struct mbi *m)
{
	memset(m, 0, sizeof(*m));
	m->len = 8;
}

static void finish(struct mbi *m)
{
	tag(m, MB2_TAG_END, 8);
	put32(m->b, m->len);
}

static void string_tag(struct mbi *m, uint32_t type, const char *s)
{
	uint32_t n = (uint32_t)strlen(s) + 1;
	memcpy(tag(m, type, 8 + n) + 8, s, n);
}

static void module_tag(struct mbi *m, uint32_t s, uint32_t e, const char *str)
{
	uint32_t n = (uint32_t)strlen(str) + 1;
	uint8_t *t = tag(m, MB2_TAG_MODULE, 16 + n);
	put32(t + 8, s);
	put32(t + 12, e);
	memcpy(t + 16, str, n);
}

static uint8_t *fb_tag(struct mbi *m, uint32_t w, uint32_t h, uint32_t pitch, uint8_t bpp)
{
	uint8_t *t = tag(m, MB2_TAG_FRAMEBUFFER, 38);
	uint64_t addr = 0x80000000u;
	memcpy(t + 8, &addr, 8);
	put32(t + 16, pitch);
	put32(t + 20, w);
	put32(t + 24, h);
	t[28] = bpp;
	t[29] = MB2_FB_RGB;
	uint8_t c[6] = {16, 8, 8, 8, 0, 8}; /* x8r8g8b8, what OVMF's GOP gives */
	memcpy(t + 32, c, 6);
	return t;
}

static void rsdp_tag(struct mbi *m, uint32_t type, uint32_t len, char rev)
{
	uint8_t *t = tag(m, type, 8 + len);
	memcpy(t + 8, "RSD PTR ", 8);
	t[8 + 15] = (uint8_t)rev;
}

static void good(struct mbi *m)
{
	start(m);
	string_tag(m, MB2_TAG_CMDLINE, "test=all trace");
	string_tag(m, MB2_TAG_LOADER_NAME, "GRUB 2.06");
	module_tag(m, 0x200000, 0x201000, "init -i");
	module_tag(m, 0x202000, 0x202000, "");
	uint8_t *t = tag(m, MB2_TAG_BASIC_MEMINFO, 16);
	put32(t + 8, 639);
	put32(t + 12, 129920);
	t = tag(m, MB2_TAG_MMAP, 16 + 3 * 24);
	put32(t + 8, 24);
	uint64_t e[3][3] = {{0, 0x9fc00, 1}, {0x100000, 0x7ee0000, 1}, {0xfffc0000, 0x40000, 2}};
	for (int i = 0; i < 3; i++) {
		memcpy(t + 16 + 24 * i, &e[i][0], 8);
		memcpy(t + 24 + 24 * i, &e[i][1], 8);
		put32(t + 32 + 24 * i, (uint32_t)e[i][2]);
	}
	fb_tag(m, 1024, 768, 4096, 32);
	tag(m, 21, 12); /* image load base: not read, skipped */
	rsdp_tag(m, MB2_TAG_ACPI_OLD, 20, 0);
	rsdp_tag(m, MB2_TAG_ACPI_NEW, 36, 2);
	finish(m);
}

/* Parse an exact-size heap copy of the first n bytes (8-byte aligned). */
static int parse_copy(const struct mbi *m, size_t n, struct mb2_info *out, uint8_t **keep)
{
	/* malloc's blocks are 16-byte aligned; ASan guards the byte after n. */
	uint8_t *c = malloc(n ? n : 1);
	assert_non_null(c);
	assert_true((uintptr_t)c % 8 == 0);
	memcpy(c, m->b, n);
	int rc = mb2_parse(c, n, out);
	if (keep)
		*keep = c;
	else
		free(c);
	return rc;
}

static void test_good_information(void **state)
{
	struct mbi m;
	struct mb2_info info;
	uint8_t *c;

	(void)state;
	good(&m);
	assert_int_equal(parse_copy(&m, m.len, &info, &c), 0);
	assert_null(info.error);
	assert_string_equal(info.cmdline, "test=all trace");
	assert_string_equal(info.loader, "GRUB 2.06");
	assert_int_equal(info.module_count, 2);
	assert_int_equal(info.modules[0].start, 0x200000);
	assert_int_equal(info.modules[0].end, 0x201000);
	assert_string_equal(info.modules[0].string, "init -i");
	assert_string_equal(info.modules[1].string, "");
	assert_true(info.have_meminfo);
	assert_int_equal(info.mem_lower_kib, 639);
	assert_int_equal(info.mem_upper_kib, 129920);
	assert_int_equal(info.mmap_count, 3);
	struct mb2_mmap_entry e = mb2_mmap_entry(&info, 1);
	assert_int_equal(e.base_addr, 0x100000);
	assert_int_equal(e.length, 0x7ee0000);
	assert_int_equal(e.type, 1);
	assert_int_equal(mb2_mmap_entry(&info, 2).type, 2);
	assert_true(info.have_fb);
	assert_int_equal(info.fb.addr, 0x80000000u);
	assert_int_equal(info.fb.width, 1024);
	assert_int_equal(info.fb.height, 768);
	assert_int_equal(info.fb.pitch, 4096);
	assert_int_equal(info.fb.bpp, 32);
	assert_int_equal(info.fb.type, MB2_FB_RGB);
	assert_int_equal(info.fb.red_pos, 16);
	assert_int_equal(info.fb.green_pos, 8);
	assert_int_equal(info.fb.blue_pos, 0);
	assert_int_equal(info.fb.blue_size, 8);
	/* Tag 15 (the 2.0 RSDP) wins over 14. */
	assert_int_equal(info.rsdp_len, 36);
	assert_int_equal(info.rsdp[15], 2);
	assert_memory_equal(info.rsdp, "RSD PTR ", 8);
	free(c);
}

static void test_rsdp_old_only_and_order(void **state)
{
	struct mbi m;
	struct mb2_info info;

	(void)state;
	start(&m);
	rsdp_tag(&m, MB2_TAG_ACPI_OLD, 20, 0);
	finish(&m);
	assert_int_equal(parse_copy(&m, m.len, &info, NULL), 0);
	assert_int_equal(info.rsdp_len, 20);
	/* 15 first, then 14: 15's copy stays. */
	start(&m);
	rsdp_tag(&m, MB2_TAG_ACPI_NEW, 36, 2);
	rsdp_tag(&m, MB2_TAG_ACPI_OLD, 20, 0);
	finish(&m);
	assert_int_equal(parse_copy(&m, m.len, &info, NULL), 0);
	assert_int_equal(info.rsdp_len, 36);
	/* Nothing given: none. */
	start(&m);
	finish(&m);
	assert_int_equal(parse_copy(&m, m.len, &info, NULL), 0);
	assert_null(info.rsdp);
	assert_int_equal(info.rsdp_len, 0);
	assert_false(info.have_fb);
	assert_null(info.cmdline);
}

static void test_modules_beyond_the_table(void **state)
{
	struct mbi m;
	struct mb2_info info;

	(void)state;
	start(&m);
	for (uint32_t i = 0; i < MB2_MODULES_MAX + 3; i++)
		module_tag(&m, i * 0x1000, i * 0x1000 + 10, "m");
	finish(&m);
	assert_int_equal(parse_copy(&m, m.len, &info, NULL), 0);
	assert_int_equal(info.module_count, MB2_MODULES_MAX);
	assert_int_equal(info.modules_dropped, 3);
	assert_int_equal(info.modules[MB2_MODULES_MAX - 1].start, (MB2_MODULES_MAX - 1) * 0x1000);
}

static void expect_refused(const struct mbi *m, size_t avail, const char *what)
{
	struct mb2_info info;
	int rc = parse_copy(m, avail, &info, NULL);
	if (rc != -EINVAL || info.error == NULL)
		fail_msg("%s: accepted (rc %d)", what, rc);
	assert_false(info.have_fb);
	assert_null(info.rsdp);
}

/* Each case: the good information with one thing broken. */
static void test_broken_information(void **state)
{
	struct mbi m;
	uint8_t *t;

	(void)state;
	/* Not 8-byte aligned: parse at +4 of an aligned copy. */
	good(&m);
	{
		uint8_t *c = malloc(m.len + 8);
		memcpy(c + 4, m.b, m.len);
		struct mb2_info info;
		assert_int_equal(mb2_parse(c + 4, m.len, &info), -EINVAL);
		free(c);
	}
	good(&m);
	put32(m.b, m.len + 8);
	expect_refused(&m, m.len, "total_size beyond the memory given");
	good(&m);
	put32(m.b, 8);
	expect_refused(&m, m.len, "total_size 8");
	expect_refused(&m, 12, "avail below 16");

	/* No end tag: the last tag is unknown and fills total_size. */
	start(&m);
	tag(&m, 21, 8);
	put32(m.b, m.len);
	expect_refused(&m, m.len, "no end tag");

	start(&m);
	t = tag(&m, 21, 8);
	put32(t + 4, 4);
	finish(&m);
	expect_refused(&m, m.len, "tag of size 4");

	start(&m);
	t = tag(&m, 21, 8);
	finish(&m);
	put32(t + 4, 0xFFFFFFF9u); /* would wrap the next offset */
	expect_refused(&m, m.len, "tag size past total_size");

	start(&m);
	t = tag(&m, MB2_TAG_END, 16);
	put32(m.b, m.len);
	expect_refused(&m, m.len, "end tag of size 16");

	start(&m);
	t = tag(&m, MB2_TAG_CMDLINE, 12);
	memcpy(t + 8, "abcd", 4);
	finish(&m);
	expect_refused(&m, m.len, "command line without NUL");

	start(&m);
	t = tag(&m, MB2_TAG_LOADER_NAME, 8);
	finish(&m);
	expect_refused(&m, m.len, "empty loader tag");

	start(&m);
	module_tag(&m, 0x3000, 0x2000, "x");
	finish(&m);
	expect_refused(&m, m.len, "module ends before it starts");

	start(&m);
	t = tag(&m, MB2_TAG_MODULE, 16);
	finish(&m);
	expect_refused(&m, m.len, "module without a string");

	start(&m);
	t = tag(&m, MB2_TAG_MMAP, 16 + 40);
	put32(t + 8, 20);
	finish(&m);
	expect_refused(&m, m.len, "mmap entries of 20 bytes");

	start(&m);
	t = tag(&m, MB2_TAG_MMAP, 16 + 40);
	put32(t + 8, 24);
	finish(&m);
	expect_refused(&m, m.len, "mmap entries not filling the tag");

	start(&m);
	t = tag(&m, MB2_TAG_MMAP, 16 + 24);
	put32(t + 8, 0);
	finish(&m);
	expect_refused(&m, m.len, "mmap entry size 0");

	start(&m);
	t = tag(&m, MB2_TAG_BASIC_MEMINFO, 12);
	finish(&m);
	expect_refused(&m, m.len, "short meminfo");

	start(&m);
	fb_tag(&m, 1024, 768, 4095, 32);
	finish(&m);
	expect_refused(&m, m.len, "pitch shorter than a row");

	start(&m);
	fb_tag(&m, 1024, 0x00100000, 0x4000, 32);
	finish(&m);
	expect_refused(&m, m.len, "framebuffer over 4 GiB");

	start(&m);
	fb_tag(&m, 0, 768, 4096, 32);
	finish(&m);
	expect_refused(&m, m.len, "zero width");

	start(&m);
	t = fb_tag(&m, 1024, 768, 4096, 32);
	t[32] = 30; /* red at bits 30..37 of a 32-bit pixel */
	finish(&m);
	expect_refused(&m, m.len, "colour outside the pixel");

	start(&m);
	t = fb_tag(&m, 1024, 768, 4096, 32);
	put32(t + 4, 34);
	finish(&m);
	expect_refused(&m, m.len, "RGB tag without colour fields");

	start(&m);
	fb_tag(&m, 1024, 768, 4096, 32);
	fb_tag(&m, 800, 600, 3200, 32);
	finish(&m);
	expect_refused(&m, m.len, "two framebuffer tags");

	start(&m);
	string_tag(&m, MB2_TAG_CMDLINE, "a");
	string_tag(&m, MB2_TAG_CMDLINE, "b");
	finish(&m);
	expect_refused(&m, m.len, "two command lines");

	start(&m);
	rsdp_tag(&m, MB2_TAG_ACPI_NEW, 20, 2);
	finish(&m);
	expect_refused(&m, m.len, "2.0 RSDP of 20 bytes");

	start(&m);
	rsdp_tag(&m, MB2_TAG_ACPI_OLD, 20, 0);
	m.b[m.len - 20] = 'X';
	finish(&m);
	expect_refused(&m, m.len, "RSDP without its signature");
}

/* The good information cut short, at every length, both ways. */
static void test_cut_at_every_length(void **state)
{
	struct mbi m;

	(void)state;
	good(&m);
	uint32_t full = m.len;
	for (uint32_t n = 0; n < full; n++) {
		/* total_size says full, the memory given is shorter. */
		expect_refused(&m, n, "memory cut short");
		/* total_size itself says n: the end tag is lost. */
		struct mbi cut = m;
		put32(cut.b, n);
		expect_refused(&cut, n < 8 ? 8 : n, "total_size cut short");
	}
}

/*
 * Random bytes, and the good information with random bytes changed: never
 * a read outside the buffer (ASan), and whatever is accepted points inside.
 */
static void test_random_bytes(void **state)
{
	struct mbi m;
	unsigned accepted = 0;

	(void)state;
	srand(386);
	for (int round = 0; round < 20000; round++) {
		good(&m);
		if (round % 2) {
			for (uint32_t i = 8; i < m.len; i++)
				m.b[i] = (uint8_t)rand();
		} else {
			for (int k = 0; k < 1 + round % 4; k++)
				m.b[8 + (uint32_t)rand() % (m.len - 8)] = (uint8_t)rand();
		}
		struct mb2_info info;
		uint8_t *c;
		int rc = parse_copy(&m, m.len, &info, &c);
		if (rc == 0) {
			accepted++;
			if (info.cmdline)
				assert_true((const uint8_t *)info.cmdline >= c &&
					    (const uint8_t *)info.cmdline < c + m.len);
			if (info.mmap)
				assert_true(info.mmap + (size_t)info.mmap_count * info.mmap_entry_size <=
					    c + m.len);
			for (uint32_t i = 0; i < info.module_count; i++)
				assert_true(strlen(info.modules[i].string) < m.len);
			if (info.rsdp)
				assert_true(info.rsdp + info.rsdp_len <= c + m.len);
		} else {
			assert_int_equal(rc, -EINVAL);
			assert_non_null(info.error);
		}
		free(c);
	}
	/* Some single-byte changes land in string bytes: those are accepted. */
	assert_true(accepted > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_information),
		cmocka_unit_test(test_rsdp_old_only_and_order),
		cmocka_unit_test(test_modules_beyond_the_table),
		cmocka_unit_test(test_broken_information),
		cmocka_unit_test(test_cut_at_every_length),
		cmocka_unit_test(test_random_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
