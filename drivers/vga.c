/*
 * VGA text mode.  The BIOS (or GRUB) leaves the card in mode 3: 80x25
 * characters whose cells the card reads from physical 0xB8000 on every
 * refresh, so writing a cell is all it takes to show a character.  The
 * blinking hardware cursor is the CRT controller's business: its index
 * register is port 0x3D4, its data register 0x3D5, and registers 0x0E/0x0F
 * hold the cursor's cell number (high/low byte).
 *
 * Output from the console arrives with interrupts off (console_write), so
 * the state below needs no further locking.  ANSI escape sequences (ESC [
 * ... letter) are swallowed rather than shown as garbage.
 */
#include "drivers/vga.h"
#include "arch/i386/io.h"
#include "arch/i386/memlayout.h"
#include "kernel/console.h"
#include "lib/string.h"

#define CRTC_INDEX 0x3D4
#define CRTC_DATA 0x3D5
#define CRTC_CURSOR_HIGH 0x0E
#define CRTC_CURSOR_LOW 0x0F

static volatile u16 *const screen = PHYS_TO_VIRT(VGA_TEXT_PHYS);
static unsigned row, col;
static u8 attr = VGA_ATTR_DEFAULT;
static enum { PLAIN, ESCAPE, CSI } esc_state;

static inline u16 blank(void)
{
	return (u16)(attr << 8 | ' ');
}

static void update_cursor(void)
{
	u16 pos = (u16)(row * VGA_COLS + col);
	outb(CRTC_INDEX, CRTC_CURSOR_LOW);
	outb(CRTC_DATA, (u8)pos);
	outb(CRTC_INDEX, CRTC_CURSOR_HIGH);
	outb(CRTC_DATA, (u8)(pos >> 8));
}

/* Move every row up by one and blank the last. */
static void scroll(void)
{
	for (unsigned i = 0; i < (VGA_ROWS - 1) * VGA_COLS; i++)
		screen[i] = screen[i + VGA_COLS];
	for (unsigned i = (VGA_ROWS - 1) * VGA_COLS; i < VGA_ROWS * VGA_COLS; i++)
		screen[i] = blank();
	row = VGA_ROWS - 1;
}

static void newline(void)
{
	col = 0;
	if (++row == VGA_ROWS)
		scroll();
}

/*
 * The two ANSI sequences a full-screen refresh uses ("\033[H\033[2J", what
 * `timers -w` and clear(1) send): H homes the cursor, J clears from it to
 * the end (the whole screen when it is home).  Others are swallowed.
 */
static void csi_final(char c)
{
	if (c == 'H') {
		row = col = 0;
	} else if (c == 'J') {
		for (unsigned i = row * VGA_COLS + col; i < VGA_ROWS * VGA_COLS; i++)
			screen[i] = blank();
	}
}

static void put(char c)
{
	switch (esc_state) {
	case ESCAPE:
		esc_state = c == '[' ? CSI : PLAIN;
		return;
	case CSI:
		if (c >= 0x40 && c <= 0x7E) { /* the final byte ends the sequence */
			esc_state = PLAIN;
			csi_final(c);
		}
		return;
	case PLAIN:
		break;
	}
	switch (c) {
	case '\033':
		esc_state = ESCAPE;
		return;
	case '\n':
		newline();
		return;
	case '\r':
		col = 0;
		return;
	case '\b':
		if (col)
			col--;
		return;
	case '\t':
		do
			put(' ');
		while (col % 8);
		return;
	default:
		break;
	}
	screen[row * VGA_COLS + col] = (u16)(attr << 8 | (u8)c);
	if (++col == VGA_COLS)
		newline();
}

void vga_write(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++)
		put(buf[i]);
	update_cursor();
}

void vga_clear(void)
{
	for (unsigned i = 0; i < VGA_ROWS * VGA_COLS; i++)
		screen[i] = blank();
	row = col = 0;
	esc_state = PLAIN;
	update_cursor();
}

void vga_get_cursor(unsigned *r, unsigned *c)
{
	*r = row;
	*c = col;
}

u16 vga_cell(unsigned r, unsigned c)
{
	return screen[r * VGA_COLS + c];
}

u16 vga_hw_cursor(void)
{
	outb(CRTC_INDEX, CRTC_CURSOR_HIGH);
	u16 pos = (u16)(inb(CRTC_DATA) << 8);
	outb(CRTC_INDEX, CRTC_CURSOR_LOW);
	return pos | inb(CRTC_DATA);
}

static const struct console_output vga_console = {
    .name = "vga",
    .write = vga_write,
    .flush = NULL,
};

void vga_console_init(void)
{
	vga_clear();
	console_register(&vga_console);
}
