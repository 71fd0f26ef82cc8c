/*
 * newc cpio reader: see lib/cpio.h for the format and the invariant.
 * Every length is checked against what is left of the archive before it is
 * used, by subtraction (len - pos), so no sum can wrap around.
 */
#include "lib/cpio.h"
#include "lib/string.h"
#include <abi/errno.h>

#define CPIO_TRAILER "TRAILER!!!"

/* Header fields, in order, after the 6-byte magic. */
enum {
	F_INO, F_MODE, F_UID, F_GID, F_NLINK, F_MTIME, F_FILESIZE, F_DEVMAJOR,
	F_DEVMINOR, F_RDEVMAJOR, F_RDEVMINOR, F_NAMESIZE, F_CHECK, F_COUNT
};

bool cpio_is_newc(const void *data, size_t len)
{
	const char *p = data;

	return len >= 6 && !memcmp(p, "07070", 5) && (p[5] == '1' || p[5] == '2');
}

void cpio_reader_init(struct cpio_reader *r, const void *archive, size_t len)
{
	r->archive = archive;
	r->len = len;
	r->pos = 0;
	r->error = NULL;
	r->done = false;
}

/* 8 hex digits (either case) into *out; false if any is not a hex digit. */
static bool parse_hex8(const u8 *p, u32 *out)
{
	u32 v = 0;

	for (int i = 0; i < 8; i++) {
		u8 c = p[i];
		u32 d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return false;
		v = v << 4 | d;
	}
	*out = v;
	return true;
}

static int refuse(struct cpio_reader *r, const char *why)
{
	r->error = why;
	return -EINVAL;
}

/* Bytes needed to pad off up to a multiple of 4. */
static size_t pad4(size_t off)
{
	return (4 - (off & 3)) & 3;
}

int cpio_next(struct cpio_reader *r, struct cpio_entry *e)
{
	const u8 *h = r->archive + r->pos;
	size_t left = r->len - r->pos; /* pos <= len always */
	size_t name_off, data_off, after;
	u32 f[F_COUNT];

	if (r->error)
		return -EINVAL;
	if (r->done)
		return 0;
	if (left < CPIO_HEADER_SIZE)
		return refuse(r, left ? "truncated header" : "no trailer");
	if (!cpio_is_newc(h, left))
		return refuse(r, "bad magic");
	for (int i = 0; i < F_COUNT; i++)
		if (!parse_hex8(h + 6 + 8 * i, &f[i]))
			return refuse(r, "bad hex digit in header");
	if (f[F_NAMESIZE] == 0)
		return refuse(r, "empty name");
	if (f[F_NAMESIZE] > left - CPIO_HEADER_SIZE)
		return refuse(r, "name past the end");
	name_off = CPIO_HEADER_SIZE;
	if (h[name_off + f[F_NAMESIZE] - 1] != '\0' ||
	    strnlen((const char *)h + name_off, f[F_NAMESIZE]) != f[F_NAMESIZE] - 1)
		return refuse(r, "name not NUL-terminated where its size says");
	data_off = name_off + f[F_NAMESIZE];
	/* The padding after the name must be there too (offsets count from the
	 * archive's start, which is 4-aligned by the format). */
	data_off += pad4(r->pos + data_off);
	if (data_off > left)
		return refuse(r, "name padding past the end");
	if (f[F_FILESIZE] > left - data_off)
		return refuse(r, "data past the end");
	after = data_off + f[F_FILESIZE];
	/* The last entry's data padding may be cut off at the very end. */
	after += pad4(r->pos + after);
	if (after > left)
		after = left;

	e->name = (const char *)h + name_off;
	e->name_len = f[F_NAMESIZE] - 1;
	e->ino = f[F_INO];
	e->mode = f[F_MODE];
	e->uid = f[F_UID];
	e->gid = f[F_GID];
	e->nlink = f[F_NLINK];
	e->mtime = f[F_MTIME];
	e->data = h + data_off;
	e->size = f[F_FILESIZE];
	r->pos += after;
	if (!strcmp(e->name, CPIO_TRAILER)) {
		r->done = true;
		return 0;
	}
	return 1;
}
