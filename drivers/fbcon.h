/*
 * A text console drawn on a framebuffer: the VGA text screen's behaviour
 * (drivers/vga.c) — cells of a character and an attribute, the same line
 * discipline ("\n" down a line, "\r" to its start, "\b", tabs every 8
 * columns, wrap at the last column, scroll at the last row, ESC [ H and
 * ESC [ J, other escape sequences swallowed), the same 16 colours — with
 * each cell drawn as a glyph of drivers/fbfont.h.  An underline shows
 * where the next character goes, as the VGA cursor does.
 *
 * The cells are the console's own copy of the screen: a change redraws
 * only the cells that differ, and scrolling never reads video memory.
 */
#ifndef TICK386_DRIVERS_FBCON_H
#define TICK386_DRIVERS_FBCON_H

#include "drivers/fb.h"
#include "lib/types.h"

#define FBCON_ATTR_DEFAULT 0x07 /* light grey on black, as VGA_ATTR_DEFAULT */

struct fbcon {
	const struct fb_surface *fb;
	unsigned rows, cols; /* cells that fit on the surface */
	unsigned row, col;   /* where the next character goes */
	u8 attr;
	u8 esc_state;
	bool cursor_drawn;
	u16 *cells;	  /* rows * cols, attribute << 8 | character */
	u32 palette[16]; /* the VGA colours as pixels of this surface */
};

/*
 * Set c up on fb, using cells[max_cells] (the grid is clipped to it), and
 * clear the screen.
 */
void fbcon_setup(struct fbcon *c, const struct fb_surface *fb, u16 *cells, unsigned max_cells);
void fbcon_write(struct fbcon *c, const char *buf, size_t len);
/* The cell at row r, column col (attribute << 8 | character). */
u16 fbcon_cell(const struct fbcon *c, unsigned r, unsigned col);

/*
 * The console output on the loader's framebuffer (boot_info.fb): returns
 * 0 once registered, or -EINVAL when there is no RGB framebuffer it can
 * draw on (the caller then keeps the VGA text screen).
 */
int fbcon_console_init(const struct boot_framebuffer *bfb);

#endif
