/*
 * Text console on a framebuffer (see fbcon.h).  The line discipline is the
 * VGA text driver's, cell for cell, so that the same bytes leave the same
 * screen on both; drawing a cell is a glyph of the font in the attribute's
 * colours.  Output arrives with interrupts off (console_write), so the
 * console's state needs no further lock (single CPU; with SMP the console
 * lock of kernel/console.c would guard it).
 */
#include "drivers/fbcon.h"
#include "drivers/fbfont.h"
#include "kernel/console.h"
#include <abi/errno.h>

enum { PLAIN, ESCAPE, CSI };

/* The 16 colours of the VGA text attribute (the standard VGA palette). */
static const u8 vga_rgb[16][3] = {
	{0x00, 0x00, 0x00}, {0x00, 0x00, 0xAA}, {0x00, 0xAA, 0x00}, {0x00, 0xAA, 0xAA},
	{0xAA, 0x00, 0x00}, {0xAA, 0x00, 0xAA}, {0xAA, 0x55, 0x00}, {0xAA, 0xAA, 0xAA},
	{0x55, 0x55, 0x55}, {0x55, 0x55, 0xFF}, {0x55, 0xFF, 0x55}, {0x55, 0xFF, 0xFF},
	{0xFF, 0x55, 0x55}, {0xFF, 0x55, 0xFF}, {0xFF, 0xFF, 0x55}, {0xFF, 0xFF, 0xFF},
};

static inline u16 blank(const struct fbcon *c)
{
	return (u16)(c->attr << 8 | ' ');
}

static void draw_cell(struct fbcon *c, unsigned r, unsigned col)
{
	u16 cell = c->cells[r * c->cols + col];
	u8 a = (u8)(cell >> 8);

	fb_glyph(c->fb, col * fbfont_width, r * fbfont_height,
		 &fbfont_glyphs[(u8)cell * fbfont_height], fbfont_width, fbfont_height,
		 c->palette[a & 0xF], c->palette[a >> 4 & 0xF]);
}

/* Change one cell, drawing it only if it differs from what is shown. */
static void set_cell(struct fbcon *c, unsigned i, u16 v)
{
	if (c->cells[i] == v)
		return;
	c->cells[i] = v;
	draw_cell(c, i / c->cols, i % c->cols);
}

/* The cursor: the cell's two bottom rows in its foreground colour. */
static void cursor_show(struct fbcon *c)
{
	u16 cell = c->cells[c->row * c->cols + c->col];

	fb_fill(c->fb, c->col * fbfont_width, (c->row + 1) * fbfont_height - 2, fbfont_width, 2,
		c->palette[cell >> 8 & 0xF]);
	c->cursor_drawn = true;
}

static void cursor_hide(struct fbcon *c)
{
	if (c->cursor_drawn)
		draw_cell(c, c->row, c->col);
	c->cursor_drawn = false;
}

/* Move every row up by one and blank the last. */
static void scroll(struct fbcon *c)
{
	unsigned last = (c->rows - 1) * c->cols;

	for (unsigned i = 0; i < last; i++)
		set_cell(c, i, c->cells[i + c->cols]);
	for (unsigned i = last; i < last + c->cols; i++)
		set_cell(c, i, blank(c));
	c->row = c->rows - 1;
}

static void newline(struct fbcon *c)
{
	c->col = 0;
	if (++c->row == c->rows)
		scroll(c);
}

/* ESC [ H homes the cursor, ESC [ J clears from it to the end. */
static void csi_final(struct fbcon *c, char ch)
{
	if (ch == 'H') {
		c->row = c->col = 0;
	} else if (ch == 'J') {
		for (unsigned i = c->row * c->cols + c->col; i < c->rows * c->cols; i++)
			set_cell(c, i, blank(c));
	}
}

static void put(struct fbcon *c, char ch)
{
	switch (c->esc_state) {
	case ESCAPE:
		c->esc_state = ch == '[' ? CSI : PLAIN;
		return;
	case CSI:
		if (ch >= 0x40 && ch <= 0x7E) { /* the final byte ends the sequence */
			c->esc_state = PLAIN;
			csi_final(c, ch);
		}
		return;
	default:
		break;
	}
	switch (ch) {
	case '\033':
		c->esc_state = ESCAPE;
		return;
	case '\n':
		newline(c);
		return;
	case '\r':
		c->col = 0;
		return;
	case '\b':
		if (c->col)
			c->col--;
		return;
	case '\t':
		do
			put(c, ' ');
		while (c->col % 8);
		return;
	default:
		break;
	}
	set_cell(c, c->row * c->cols + c->col, (u16)(c->attr << 8 | (u8)ch));
	if (++c->col == c->cols)
		newline(c);
}

void fbcon_write(struct fbcon *c, const char *buf, size_t len)
{
	cursor_hide(c);
	for (size_t i = 0; i < len; i++)
		put(c, buf[i]);
	cursor_show(c);
}

u16 fbcon_cell(const struct fbcon *c, unsigned r, unsigned col)
{
	return c->cells[r * c->cols + col];
}

void fbcon_setup(struct fbcon *c, const struct fb_surface *fb, u16 *cells, unsigned max_cells)
{
	c->fb = fb;
	c->cols = fb->width / fbfont_width;
	c->rows = fb->height / fbfont_height;
	if (c->cols > max_cells)
		c->cols = max_cells;
	if (c->rows > max_cells / (c->cols ? c->cols : 1))
		c->rows = max_cells / (c->cols ? c->cols : 1);
	c->row = c->col = 0;
	c->attr = FBCON_ATTR_DEFAULT;
	c->esc_state = PLAIN;
	c->cursor_drawn = false;
	c->cells = cells;
	for (int i = 0; i < 16; i++)
		c->palette[i] = fb_pixel(fb, vga_rgb[i][0], vga_rgb[i][1], vga_rgb[i][2]);
	/* The whole surface in the background colour, the margins too. */
	fb_fill(fb, 0, 0, fb->width, fb->height, c->palette[c->attr >> 4]);
	for (unsigned i = 0; i < c->rows * c->cols; i++)
		cells[i] = blank(c);
	cursor_show(c);
}

/*
 * The screen's console.  The cells are static: 240 x 100 holds 1920 x
 * 1600 pixels of an 8 x 16 font; a larger screen shows a grid of that size
 * in its top left corner.
 */
#define FBCON_MAX_CELLS (240 * 100)
static struct fb_surface screen;
static struct fbcon screen_console;
static u16 screen_cells[FBCON_MAX_CELLS];

static void screen_write(const char *buf, size_t len)
{
	fbcon_write(&screen_console, buf, len);
}

static const struct console_output fb_console = {
	.name = "fb",
	.write = screen_write,
	.flush = NULL,
};

int fbcon_console_init(const struct boot_framebuffer *bfb)
{
	if (fb_init(bfb, &screen) < 0)
		return -EINVAL;
	fbcon_setup(&screen_console, &screen, screen_cells, FBCON_MAX_CELLS);
	if (!screen_console.rows || !screen_console.cols)
		return -EINVAL;
	console_register(&fb_console);
	return 0;
}
