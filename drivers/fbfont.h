/*
 * The console font: 256 glyphs indexed by the byte printed, read as code
 * page 437 (what the VGA text screen shows for the same byte).  The array
 * is made at build time by tools/psf2c from a PSF font of Debian's
 * console-setup-linux (mk/fbfont.mk names the file); it is not in the tree.
 * Each glyph is fbfont_height bytes, one a row, leftmost pixel in the top
 * bit, fbfont_width (at most 8) pixels wide.
 */
#ifndef TICK386_DRIVERS_FBFONT_H
#define TICK386_DRIVERS_FBFONT_H

#include "lib/types.h"

extern const u32 fbfont_width, fbfont_height;
extern const u8 fbfont_glyphs[]; /* 256 * fbfont_height bytes */

#endif
