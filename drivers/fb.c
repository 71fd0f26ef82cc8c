/*
 * Linear framebuffer drawing (see fb.h).  A pixel is written with one store
 * of its width (2 or 4 bytes), or three byte stores at 24 bits, so a
 * half-written pixel is never seen.  Nothing here reads the framebuffer
 * except fb_read: on a real card reading video memory is slow, so the
 * console above keeps its own copy of what the screen shows.
 */
#include "drivers/fb.h"
#include "arch/i386/mmio.h"
#include <abi/errno.h>

/* A channel of 8 bits scaled to `size` bits at `pos`. */
static u32 channel(u8 v, u8 pos, u8 size)
{
	u32 c = size <= 8 ? (u32)v >> (8 - size) : (u32)v << (size - 8);
	return c << pos;
}

u32 fb_pixel(const struct fb_surface *fb, u8 r, u8 g, u8 b)
{
	return channel(r, fb->red_pos, fb->red_size) | channel(g, fb->green_pos, fb->green_size) |
	       channel(b, fb->blue_pos, fb->blue_size);
}

static inline void put_pixel(u8 *p, u8 bytes, u32 pixel)
{
	switch (bytes) {
	case 4:
		*(u32 *)p = pixel;
		break;
	case 3:
		p[0] = (u8)pixel;
		p[1] = (u8)(pixel >> 8);
		p[2] = (u8)(pixel >> 16);
		break;
	default:
		*(u16 *)p = (u16)pixel;
		break;
	}
}

u32 fb_read(const struct fb_surface *fb, u32 x, u32 y)
{
	const u8 *p = fb->base + y * fb->pitch + x * fb->bytes_per_pixel;

	switch (fb->bytes_per_pixel) {
	case 4:
		return *(const u32 *)p;
	case 3:
		return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16;
	default:
		return *(const u16 *)p;
	}
}

void fb_fill(const struct fb_surface *fb, u32 x, u32 y, u32 w, u32 h, u32 pixel)
{
	if (x >= fb->width || y >= fb->height)
		return;
	if (w > fb->width - x)
		w = fb->width - x;
	if (h > fb->height - y)
		h = fb->height - y;
	for (u32 j = 0; j < h; j++) {
		u8 *p = fb->base + (y + j) * fb->pitch + x * fb->bytes_per_pixel;
		for (u32 i = 0; i < w; i++, p += fb->bytes_per_pixel)
			put_pixel(p, fb->bytes_per_pixel, pixel);
	}
}

void fb_glyph(const struct fb_surface *fb, u32 x, u32 y, const u8 *rows, u32 w, u32 h, u32 fg,
	      u32 bg)
{
	for (u32 j = 0; j < h; j++) {
		u8 *p = fb->base + (y + j) * fb->pitch + x * fb->bytes_per_pixel;
		u8 bits = rows[j];
		if (fb->bytes_per_pixel == 4) { /* the common case, one store a pixel */
			u32 *q = (u32 *)p;
			for (u32 i = 0; i < w; i++)
				q[i] = bits & (0x80u >> i) ? fg : bg;
			continue;
		}
		for (u32 i = 0; i < w; i++, p += fb->bytes_per_pixel)
			put_pixel(p, fb->bytes_per_pixel, bits & (0x80u >> i) ? fg : bg);
	}
}

int fb_init(const struct boot_framebuffer *bfb, struct fb_surface *out)
{
	if (bfb->type != BOOT_FB_RGB || (bfb->bpp != 16 && bfb->bpp != 24 && bfb->bpp != 32 &&
					 bfb->bpp != 15))
		return -EINVAL;
	u8 *base = mmio_map(bfb->phys, (u64)bfb->pitch * bfb->height, true);
	if (!base)
		return -EINVAL;
	*out = (struct fb_surface){
		.base = base,
		.pitch = bfb->pitch,
		.width = bfb->width,
		.height = bfb->height,
		.bytes_per_pixel = (u8)((bfb->bpp + 7) / 8),
		.red_pos = bfb->red_pos,
		.red_size = bfb->red_size,
		.green_pos = bfb->green_pos,
		.green_size = bfb->green_size,
		.blue_pos = bfb->blue_pos,
		.blue_size = bfb->blue_size,
	};
	return 0;
}
