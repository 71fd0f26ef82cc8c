/* The scan code set 1 decoder (drivers/ps2kbd.c), byte by byte. */
#include "drivers/ps2kbd.h"
#include "kernel/ktest.h"
#include "lib/string.h"

/* Decode a sequence of codes; the bytes produced, NUL-terminated. */
static const char *decode(struct ps2kbd_state *st, const u8 *codes, size_t n)
{
	static char out[32];
	size_t len = 0;

	for (size_t i = 0; i < n; i++)
		len += (size_t)ps2kbd_decode(st, codes[i], out + len);
	out[len] = 0;
	return out;
}

#define DECODE(st, ...) decode(st, (const u8[]){__VA_ARGS__}, sizeof((const u8[]){__VA_ARGS__}))

static void test_keys_and_releases(struct ktest *t)
{
	struct ps2kbd_state st = {0};

	/* h i, each pressed (code) and released (code | 0x80), then Enter, Backspace. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x23, 0xA3, 0x17, 0x97, 0x1C, 0x9C, 0x0E), "hi\r\177"), 0);
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x02, 0x0B, 0x39, 0x35, 0x0C), "10 /-"), 0);
}

static void test_shift_and_caps_lock(struct ktest *t)
{
	struct ps2kbd_state st = {0};

	/* Left shift held over a and 1, released before b. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x2A, 0x1E, 0x02, 0xAA, 0x30), "A!b"), 0);
	/* Right shift. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x36, 0x27, 0xB6, 0x27), ":;"), 0);
	/* Caps lock changes letters only; shift then gives lower case. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x3A, 0xBA, 0x1E, 0x02, 0x2A, 0x1E, 0xAA), "A1a"), 0);
}

static void test_ctrl(struct ktest *t)
{
	struct ps2kbd_state st = {0};

	/* Ctrl+C, Ctrl+Z, Ctrl+D, Ctrl+U, Ctrl+\ ; then c after the release. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x1D, 0x2E, 0x2C, 0x20, 0x16, 0x2B, 0x9D, 0x2E),
			     "\003\032\004\025\034c"),
		   0);
	/* Right Ctrl (0xE0 0x1D) too. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0xE0, 0x1D, 0x2E, 0xE0, 0x9D), "\003"), 0);
}

static void test_extended_keys(struct ktest *t)
{
	struct ps2kbd_state st = {0};

	/* Up, left arrows; keypad Enter; an extended release gives nothing. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0xE0, 0x48, 0xE0, 0xC8, 0xE0, 0x4B, 0xE0, 0x1C),
			     "\033[A\033[D\r"),
		   0);
	/* A key without an ASCII meaning (F1) gives nothing. */
	KEXPECT_EQ(t, strcmp(DECODE(&st, 0x3B, 0xBB), ""), 0);
}

KTEST_SUITE(ps2kbd, KTEST_CASE(test_keys_and_releases), KTEST_CASE(test_shift_and_caps_lock),
	    KTEST_CASE(test_ctrl), KTEST_CASE(test_extended_keys));
