/*
 * Framebuffer console tests, on surfaces in kmalloc'd memory (so that they
 * run on any machine, with or without a framebuffer): the VGA text
 * screen's line discipline cell for cell (tabs, \r, \b, wrap, scroll, the
 * two escape sequences), and the pixels: every cell's glyph drawn in the
 * attribute's colours at 32, 24 and 16 bits a pixel, scrolled rows redrawn,
 * the cursor's underline.
 */
#include "drivers/fbcon.h"
#include "drivers/fbfont.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "mm/kheap.h"

#define COLS 10
#define ROWS 4

struct rig {
	struct fb_surface fb;
	struct fbcon con;
	u16 cells[COLS * ROWS];
};

/* A surface of COLS x ROWS cells plus a margin of 3 pixels (never drawn
 * on by text), in the layout of x8r8g8b8, r8g8b8 or r5g6b5. */
static struct rig *rig_new(u8 bytes_per_pixel)
{
	struct rig *r = kmalloc(sizeof(*r));
	if (!r)
		return NULL;
	u32 w = COLS * fbfont_width + 3, h = ROWS * fbfont_height + 3;
	r->fb = (struct fb_surface){.pitch = w * bytes_per_pixel + 4, .width = w, .height = h,
				    .bytes_per_pixel = bytes_per_pixel};
	if (bytes_per_pixel == 2)
		r->fb.red_pos = 11, r->fb.red_size = 5, r->fb.green_pos = 5, r->fb.green_size = 6,
		r->fb.blue_pos = 0, r->fb.blue_size = 5;
	else
		r->fb.red_pos = 16, r->fb.red_size = 8, r->fb.green_pos = 8, r->fb.green_size = 8,
		r->fb.blue_pos = 0, r->fb.blue_size = 8;
	r->fb.base = kmalloc(r->fb.pitch * h);
	if (!r->fb.base) {
		kfree(r);
		return NULL;
	}
	memset(r->fb.base, 0x5A, r->fb.pitch * h); /* setup must paint it all */
	fbcon_setup(&r->con, &r->fb, r->cells, COLS * ROWS);
	return r;
}

static void rig_free(struct rig *r)
{
	kfree(r->fb.base);
	kfree(r);
}

static void write_str(struct rig *r, const char *s)
{
	fbcon_write(&r->con, s, strlen(s));
}

/* Is the cell at (row, col) showing byte ch in fg on bg, pixel for pixel?
 * `underline`: its two bottom rows are the cursor (fg). */
static bool cell_shows(const struct rig *r, unsigned row, unsigned col, u8 ch, u32 fg, u32 bg,
		       bool underline)
{
	const u8 *g = &fbfont_glyphs[ch * fbfont_height];
	for (u32 y = 0; y < fbfont_height; y++)
		for (u32 x = 0; x < fbfont_width; x++) {
			bool on = (g[y] & (0x80u >> x)) || (underline && y >= fbfont_height - 2);
			u32 px = fb_read(&r->fb, col * fbfont_width + x, row * fbfont_height + y);
			if (px != (on ? fg : bg))
				return false;
		}
	return true;
}

static bool row_is(const struct rig *r, unsigned row, const char *s)
{
	unsigned c = 0;
	for (; s[c]; c++)
		if ((fbcon_cell(&r->con, row, c) & 0xFF) != (u8)s[c])
			return false;
	for (; c < COLS; c++)
		if ((fbcon_cell(&r->con, row, c) & 0xFF) != ' ')
			return false;
	return true;
}

static void test_line_discipline(struct ktest *t)
{
	struct rig *r = rig_new(4);
	KASSERT_TRUE(t, r != NULL);
	KEXPECT_EQ(t, r->con.cols, COLS);
	KEXPECT_EQ(t, r->con.rows, ROWS);
	write_str(r, "\nab\tc");
	KEXPECT_EQ(t, r->con.row, 1);
	KEXPECT_EQ(t, r->con.col, 9);
	KEXPECT_EQ(t, fbcon_cell(&r->con, 1, 0), FBCON_ATTR_DEFAULT << 8 | 'a');
	KEXPECT_EQ(t, fbcon_cell(&r->con, 1, 8), FBCON_ATTR_DEFAULT << 8 | 'c');
	write_str(r, "\rxy\b\033[1;31mz"); /* the escape sequence is swallowed */
	KEXPECT_EQ(t, r->con.col, 2);
	KEXPECT_TRUE(t, row_is(r, 1, "xz      c"));
	/* Wrap at the last column. */
	write_str(r, "\r0123456789AB");
	KEXPECT_TRUE(t, row_is(r, 1, "0123456789"));
	KEXPECT_TRUE(t, row_is(r, 2, "AB"));
	/* Scroll at the last row: every row moves up. */
	write_str(r, "\nline3\nline4");
	KEXPECT_EQ(t, r->con.row, ROWS - 1);
	KEXPECT_TRUE(t, row_is(r, 0, "0123456789"));
	KEXPECT_TRUE(t, row_is(r, 1, "AB"));
	KEXPECT_TRUE(t, row_is(r, 2, "line3"));
	KEXPECT_TRUE(t, row_is(r, 3, "line4"));
	/* ESC [ H ESC [ J: home, clear to the end. */
	write_str(r, "\033[H\033[2J");
	KEXPECT_EQ(t, r->con.row, 0);
	KEXPECT_EQ(t, r->con.col, 0);
	for (unsigned i = 0; i < ROWS; i++)
		KEXPECT_TRUE(t, row_is(r, i, ""));
	rig_free(r);
}

/* The pixels: glyphs in light grey on black, the cursor, the margin. */
static void check_pixels(struct ktest *t, u8 bytes_per_pixel, u32 grey, u32 black)
{
	struct rig *r = rig_new(bytes_per_pixel);
	KASSERT_TRUE(t, r != NULL);
	KEXPECT_EQ(t, r->con.palette[7], grey);
	KEXPECT_EQ(t, r->con.palette[0], black);
	/* The margin right and below the grid is background too. */
	KEXPECT_EQ(t, fb_read(&r->fb, r->fb.width - 1, r->fb.height - 1), black);
	write_str(r, "A@\n\n\nzq");
	KEXPECT_TRUE(t, cell_shows(r, 0, 0, 'A', grey, black, false));
	KEXPECT_TRUE(t, cell_shows(r, 0, 1, '@', grey, black, false));
	KEXPECT_TRUE(t, cell_shows(r, 3, 1, 'q', grey, black, false));
	KEXPECT_TRUE(t, cell_shows(r, 3, 2, ' ', grey, black, true)); /* the cursor */
	/* A glyph that is not what was written does not match: the check can fail. */
	KEXPECT_FALSE(t, cell_shows(r, 0, 0, 'B', grey, black, false));
	/* Scrolling redraws the rows from the cells. */
	write_str(r, "\n");
	KEXPECT_TRUE(t, cell_shows(r, 0, 0, ' ', grey, black, false));
	KEXPECT_TRUE(t, cell_shows(r, 2, 0, 'z', grey, black, false));
	KEXPECT_TRUE(t, cell_shows(r, 2, 2, ' ', grey, black, false)); /* the old cursor gone */
	KEXPECT_TRUE(t, cell_shows(r, 3, 0, ' ', grey, black, true));
	rig_free(r);
}

static void test_pixels_32_24_16_bpp(struct ktest *t)
{
	check_pixels(t, 4, 0xAAAAAA, 0);
	check_pixels(t, 3, 0xAAAAAA, 0);
	/* r5g6b5: 0xAA is 21 of 31 and 42 of 63. */
	check_pixels(t, 2, 21u << 11 | 42u << 5 | 21u, 0);
}

KTEST_SUITE(fbcon, KTEST_CASE(test_line_discipline), KTEST_CASE(test_pixels_32_24_16_bpp));
