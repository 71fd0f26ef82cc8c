/*
 * A linear framebuffer: rows of pixels, `pitch` bytes apart, each pixel
 * bpp bits holding red, green and blue at the positions the loader gave
 * (multiboot2 tag 8, kernel/bootinfo.h).  Only what a text console needs:
 * a colour made into a pixel, rectangles filled, and a glyph drawn.
 *
 * A surface is plain memory to this code: the screen's (mapped through the
 * device window by fb_init) or any buffer (the tests draw into kmalloc'd
 * memory and read the pixels back).
 */
#ifndef TICK386_DRIVERS_FB_H
#define TICK386_DRIVERS_FB_H

#include "kernel/bootinfo.h"
#include "lib/types.h"

struct fb_surface {
	u8 *base;	   /* pixel (0, 0) */
	u32 pitch;	   /* bytes per row */
	u32 width, height; /* pixels */
	u8 bytes_per_pixel; /* 2, 3 or 4 */
	u8 red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

/*
 * The loader's framebuffer as a surface: RGB, 16, 24 or 32 bits per pixel,
 * mapped in the device window.  Returns 0, or -EINVAL (not RGB, another
 * depth, beyond 4 GiB or too large for the window).
 */
int fb_init(const struct boot_framebuffer *bfb, struct fb_surface *out);

/* The pixel value of an 8-bit-per-channel colour on this surface. */
u32 fb_pixel(const struct fb_surface *fb, u8 r, u8 g, u8 b);
/* The pixel at (x, y), as stored. */
u32 fb_read(const struct fb_surface *fb, u32 x, u32 y);
/* Fill the rectangle (clipped to the surface). */
void fb_fill(const struct fb_surface *fb, u32 x, u32 y, u32 w, u32 h, u32 pixel);
/*
 * Draw a 1-bit glyph of w <= 8 columns and h rows, one byte a row with the
 * leftmost pixel in the top bit (the PSF layout), fg where a bit is set and
 * bg elsewhere.  The glyph must lie inside the surface.
 */
void fb_glyph(const struct fb_surface *fb, u32 x, u32 y, const u8 *rows, u32 w, u32 h, u32 fg,
	      u32 bg);

#endif
