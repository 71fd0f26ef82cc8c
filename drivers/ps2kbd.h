/*
 * The PS/2 keyboard behind the 8042 controller (ports 0x60 and 0x64), IRQ 1.
 * The controller translates the keyboard's codes to scan code set 1 (the
 * BIOS leaves it so): one byte per key press, the same | 0x80 on release,
 * 0xE0 before the keys the XT keyboard did not have.  The decoder is plain
 * code, tested in drivers/ps2kbd_ktest.c; the driver only reads the bytes.
 */
#ifndef TICK386_DRIVERS_PS2KBD_H
#define TICK386_DRIVERS_PS2KBD_H

#include "lib/types.h"

#define PS2KBD_MAX_BYTES 4 /* the longest decoding: an arrow's "\033[A" */

struct ps2kbd_state {
	bool shift_left, shift_right, ctrl, caps_lock, extended;
};

/* Whether a controller answers (status port not 0xFF); drains its buffer. */
bool ps2kbd_init(void);
/* A byte from the keyboard, or -1 when none is waiting (mouse bytes dropped). */
int ps2kbd_read_scancode(void);
/*
 * Decode one scan code byte into the bytes a terminal receives, as Linux's
 * console sends them (Enter "\r", Backspace DEL, Ctrl+letter 1..26, arrows
 * as ANSI sequences): how many were written to out (0 for a release, a
 * modifier or a prefix).
 */
int ps2kbd_decode(struct ps2kbd_state *st, u8 code, char out[PS2KBD_MAX_BYTES]);

#endif
