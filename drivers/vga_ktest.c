/*
 * VGA text screen tests: characters land in the cells at 0xB8000, lines
 * scroll, and the CRT controller's cursor follows.  Skipped when the loader
 * set a graphics mode (UEFI, or a VBE mode): the text memory is then not
 * what the card shows, and may not even read back (drivers/fbcon_ktest.c
 * tests the console drawn there instead).
 */
#include "arch/i386/cpu.h"
#include "drivers/vga.h"
#include "kernel/bootinfo.h"
#include "kernel/ktest.h"
#include "lib/vsnprintf.h"

/* Does row r start with the string s (and blanks after it)? */
static bool row_is(unsigned r, const char *s)
{
	unsigned c = 0;
	for (; s[c]; c++)
		if ((vga_cell(r, c) & 0xFF) != (u8)s[c])
			return false;
	for (; c < VGA_COLS; c++)
		if ((vga_cell(r, c) & 0xFF) != ' ')
			return false;
	return true;
}

static bool graphics_mode(struct ktest *t)
{
	if (boot_info.fb.type != BOOT_FB_RGB && boot_info.fb.type != BOOT_FB_OTHER)
		return false;
	ktest_skip(t, "the loader set a graphics mode: no VGA text screen");
	return true;
}

static void test_text_lands_in_cells(struct ktest *t)
{
	if (graphics_mode(t))
		return;
	u32 flags = irq_save(); /* no console output from IRQs in between */
	vga_write("\nab\tc", 5);
	unsigned r, c;
	vga_get_cursor(&r, &c);
	KEXPECT_EQ(t, c, 9);
	KEXPECT_EQ(t, vga_cell(r, 0), VGA_ATTR_DEFAULT << 8 | 'a');
	KEXPECT_EQ(t, vga_cell(r, 1), VGA_ATTR_DEFAULT << 8 | 'b');
	KEXPECT_EQ(t, vga_cell(r, 8), VGA_ATTR_DEFAULT << 8 | 'c');
	KEXPECT_EQ(t, vga_hw_cursor(), r * VGA_COLS + 9);
	vga_write("\rxy\b\033[1;31mz", 12); /* escape swallowed */
	vga_get_cursor(&r, &c);
	KEXPECT_EQ(t, c, 2);
	KEXPECT_EQ(t, vga_cell(r, 0) & 0xFF, 'x');
	KEXPECT_EQ(t, vga_cell(r, 1) & 0xFF, 'z');
	KEXPECT_EQ(t, vga_hw_cursor(), r * VGA_COLS + 2);
	vga_write("\n", 1);
	irq_restore(flags);
}

static void test_scrolls_at_the_bottom(struct ktest *t)
{
	if (graphics_mode(t))
		return;
	char line[32];
	u32 flags = irq_save();
	for (unsigned i = 0; i < 40; i++) {
		int n = snprintf(line, sizeof(line), "scroll line %u\n", i);
		vga_write(line, (size_t)n);
	}
	unsigned r, c;
	vga_get_cursor(&r, &c);
	KEXPECT_EQ(t, r, VGA_ROWS - 1);
	KEXPECT_EQ(t, c, 0);
	KEXPECT_TRUE(t, row_is(VGA_ROWS - 2, "scroll line 39"));
	KEXPECT_TRUE(t, row_is(0, "scroll line 16"));
	KEXPECT_TRUE(t, row_is(VGA_ROWS - 1, ""));
	/* A line longer than the screen wraps. */
	for (unsigned i = 0; i < VGA_COLS + 3; i++)
		vga_write("w", 1);
	vga_get_cursor(&r, &c);
	KEXPECT_EQ(t, c, 3);
	KEXPECT_EQ(t, vga_cell(r - 1, VGA_COLS - 1) & 0xFF, 'w');
	KEXPECT_EQ(t, vga_hw_cursor(), r * VGA_COLS + 3);
	vga_write("\n", 1);
	irq_restore(flags);
}

KTEST_SUITE(vga, KTEST_CASE(test_text_lands_in_cells), KTEST_CASE(test_scrolls_at_the_bottom));
