/*
 * PS/2 keyboard: scan code set 1 (drivers/ps2kbd.h).  The 8042's status
 * port (0x64) says whether a byte waits (bit 0) and whether it came from
 * the mouse (bit 5); the byte is read from the data port (0x60), which
 * also lets the controller raise IRQ 1 again for the next one.
 */
#include "drivers/ps2kbd.h"
#include "arch/i386/io.h"

#define KBD_DATA 0x60
#define KBD_STATUS 0x64
#define STATUS_OUTPUT_FULL 0x01
#define STATUS_FROM_MOUSE 0x20

#define SC_RELEASE 0x80
#define SC_EXTENDED 0xE0
#define SC_CTRL 0x1D
#define SC_SHIFT_LEFT 0x2A
#define SC_SHIFT_RIGHT 0x36
#define SC_CAPS_LOCK 0x3A

/* Set 1 codes 0x00..0x39 to ASCII (US layout), without and with Shift. */
static const char plain[0x3A] = {
	0,   033, '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '=', 0177, '\t',
	'q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p', '[', ']', '\r', 0,  'a', 's',
	'd', 'f', 'g', 'h', 'j', 'k', 'l', ';', '\'', '`', 0,  '\\', 'z', 'x', 'c', 'v',
	'b', 'n', 'm', ',', '.', '/', 0,   '*', 0,   ' ',
};
static const char shifted[0x3A] = {
	0,   033, '!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '_', '+', 0177, '\t',
	'Q', 'W', 'E', 'R', 'T', 'Y', 'U', 'I', 'O', 'P', '{', '}', '\r', 0,  'A', 'S',
	'D', 'F', 'G', 'H', 'J', 'K', 'L', ':', '"', '~', 0,   '|', 'Z', 'X', 'C', 'V',
	'B', 'N', 'M', '<', '>', '?', 0,   '*', 0,   ' ',
};

bool ps2kbd_init(void)
{
	if (inb(KBD_STATUS) == 0xFF)
		return false;
	for (int i = 0; i < 32 && (inb(KBD_STATUS) & STATUS_OUTPUT_FULL); i++)
		(void)inb(KBD_DATA);
	return true;
}

int ps2kbd_read_scancode(void)
{
	for (;;) {
		u8 status = inb(KBD_STATUS);

		if (status == 0xFF || !(status & STATUS_OUTPUT_FULL))
			return -1;
		u8 code = inb(KBD_DATA);
		if (!(status & STATUS_FROM_MOUSE))
			return code;
	}
}

/* The keys after 0xE0 that a terminal sees: arrows, keypad Enter and '/'. */
static int decode_extended(u8 key, char *out)
{
	static const char arrows[] = {[0x48] = 'A', [0x50] = 'B', [0x4D] = 'C', [0x4B] = 'D'};

	if (key == 0x1C) {
		out[0] = '\r';
		return 1;
	}
	if (key == 0x35) {
		out[0] = '/';
		return 1;
	}
	if (key < sizeof(arrows) && arrows[key]) {
		out[0] = '\033';
		out[1] = '[';
		out[2] = arrows[key];
		return 3;
	}
	return 0;
}

int ps2kbd_decode(struct ps2kbd_state *st, u8 code, char out[PS2KBD_MAX_BYTES])
{
	bool release = code & SC_RELEASE, extended = st->extended;
	u8 key = code & ~SC_RELEASE;
	char c;

	if (code == SC_EXTENDED) {
		st->extended = true;
		return 0;
	}
	st->extended = false;
	if (key == SC_CTRL) { /* left, or right after 0xE0 */
		st->ctrl = !release;
		return 0;
	}
	if (!extended && key == SC_SHIFT_LEFT) {
		st->shift_left = !release;
		return 0;
	}
	if (!extended && key == SC_SHIFT_RIGHT) {
		st->shift_right = !release;
		return 0;
	}
	if (release)
		return 0;
	if (extended)
		return decode_extended(key, out);
	if (key == SC_CAPS_LOCK) {
		st->caps_lock = !st->caps_lock;
		return 0;
	}
	if (key >= sizeof(plain) || !plain[key])
		return 0;
	bool shift = st->shift_left || st->shift_right;
	c = shift ? shifted[key] : plain[key];
	if (st->caps_lock && plain[key] >= 'a' && plain[key] <= 'z')
		c = shift ? plain[key] : shifted[key];
	if (st->ctrl) {
		if (plain[key] >= 'a' && plain[key] <= 'z')
			c = (char)(plain[key] & 0x1F); /* ^A = 1 .. ^Z = 26 */
		else if (c == '[' || c == '\\' || c == ']')
			c = (char)(c & 0x1F); /* ^[ ESC, ^\ FS (SIGQUIT), ^] GS */
	}
	out[0] = c;
	return 1;
}
