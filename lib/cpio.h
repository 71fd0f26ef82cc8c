/*
 * A reader of "newc" cpio archives (the format of Linux's initramfs, made by
 * `cpio -o -H newc`), over an archive in memory.  Nothing is copied: each
 * entry points into the archive.
 *
 * The format: a sequence of entries, each
 *     a 110-byte ASCII header: the magic "070701" (or "070702", the same
 *         with a checksum, which is not checked), then 13 fields of 8 hex
 *         digits: ino, mode, uid, gid, nlink, mtime, filesize, devmajor,
 *         devminor, rdevmajor, rdevminor, namesize (with the NUL), check;
 *     the name, namesize bytes ending in its NUL, padded with NULs so that
 *         header + name is a multiple of 4 bytes (offsets from the start);
 *     the data, filesize bytes, padded to a multiple of 4.
 * The entry named "TRAILER!!!" ends the archive; what follows (the tool pads
 * to 512-byte blocks) is ignored.
 *
 * Invariant of cpio_next: it reads only bytes inside [archive, archive +
 * len), whatever the archive holds; every entry it returns lies inside the
 * archive, its name NUL-terminated with no NUL before the end.  An archive
 * that breaks the format (bad magic or hex digit, a name or data running
 * past the end, a name not NUL-terminated, no trailer) is refused with
 * -EINVAL, and the reader stays refused.
 */
#ifndef TICK386_LIB_CPIO_H
#define TICK386_LIB_CPIO_H

#include "lib/types.h"

#define CPIO_NEWC_MAGIC "070701"
#define CPIO_HEADER_SIZE 110

struct cpio_entry {
	const char *name; /* NUL-terminated, inside the archive */
	size_t name_len;  /* without the NUL */
	u32 ino, mode, uid, gid, nlink, mtime;
	const void *data; /* size bytes inside the archive */
	u32 size;
};

struct cpio_reader {
	const u8 *archive;
	size_t len;
	size_t pos;	   /* offset of the next header */
	const char *error; /* why the archive was refused, or NULL */
	bool done;	   /* the trailer was read */
};

/* Whether [data, data + len) starts like a newc archive (its magic). */
bool cpio_is_newc(const void *data, size_t len);

void cpio_reader_init(struct cpio_reader *r, const void *archive, size_t len);

/*
 * The next entry: 1 and *e filled, 0 at the trailer (and after), or
 * -EINVAL for a malformed archive (r->error says why; stays -EINVAL).
 */
int cpio_next(struct cpio_reader *r, struct cpio_entry *e);

#endif
