/*
 * The VGA text screen: 80 columns by 25 rows at physical 0xB8000, a mirror
 * of the serial console for real PCs.  Each cell is two bytes: the character
 * (code page 437) and an attribute (background << 4 | foreground).
 */
#ifndef TICK386_DRIVERS_VGA_H
#define TICK386_DRIVERS_VGA_H

#include "lib/types.h"

#define VGA_COLS 80
#define VGA_ROWS 25
#define VGA_TEXT_PHYS 0xB8000u
#define VGA_ATTR_DEFAULT 0x07 /* light grey on black */

/* Clear the screen and register it as a console output. */
void vga_console_init(void);

void vga_write(const char *buf, size_t len);
void vga_clear(void);

/* Where the next character goes. */
void vga_get_cursor(unsigned *row, unsigned *col);
/* The 16-bit cell (attribute << 8 | character) at row, col. */
u16 vga_cell(unsigned row, unsigned col);
/* The cursor position the CRT controller holds (row * 80 + col). */
u16 vga_hw_cursor(void);

#endif
