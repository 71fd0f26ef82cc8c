/*
 * read, write, lseek, _llseek and getdents64 on descriptors.  Checks come in
 * Linux's order (vfs_read): the descriptor, its access mode, the buffer's
 * range (access_ok: below the kernel, -EFAULT), then what the file is (a
 * directory: -EISDIR, a timerfd with nothing to read: -EAGAIN), then the
 * buffer's pages (-EFAULT when the bytes move).
 */
#include "fs/file.h"
#include "kernel/task/rlimit.h"
#include "fs/fs.h"
#include "fs/syscalls.h"
#include "fs/tmpfs.h"
#include "lib/string.h"
#include <abi/dirent.h>
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define LLONG_MAX_S64 0x7fffffffffffffffLL

static bool can_read(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_WRONLY;
}

static bool can_write(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_RDONLY;
}

/* read of f, which the caller holds (a timerfd's or the console's read may
 * sleep: the reference keeps the file alive under a close). */
static long file_read(struct file *f, void __user *buf, size_t n)
{
	size_t len;

	if (!can_read(f))
		return -EBADF;
	if (!user_access_ok(buf, n))
		return -EFAULT;
	if (f->ops)
		return f->ops->read(f, buf, n);
	if (S_ISDIR(f->node->mode))
		return -EISDIR;
	if ((long)n < 0)
		return -EINVAL;
	if (f->node->ops && f->node->ops->read)
		return f->node->ops->read(f->node, buf, n, &f->pos);
	if (f->node->sb) {
		long got = shmem_read(f->node->shm, f->pos, buf, n);

		if (got > 0)
			f->pos += (u64)got;
		return got;
	}
	if (f->pos >= f->size)
		return 0;
	len = f->size - (u32)f->pos;
	if (len > n)
		len = n;
	if (copy_to_user(buf, f->data + f->pos, len))
		return -EFAULT;
	f->pos += len;
	return (long)len;
}

long sys_read(int fd, void __user *buf, size_t n)
{
	struct file *f = fd_get(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_read(f, buf, n);
	file_put(f);
	return ret;
}

static long file_write(struct file *f, const void __user *buf, size_t n)
{
	if (!can_write(f))
		return -EBADF;
	if (!user_access_ok(buf, n))
		return -EFAULT; /* Linux's vfs_write, before the file has a say */
	if (f->ops)
		return f->ops->write(f, buf, n);
	if (f->node->ops) /* a generated file: only control files take writes */
		return f->node->ops->write ? f->node->ops->write(f->node, buf, n)
					   : f->node->ops->write_error;
	if (f->node->sb) {
		long done;

		if (f->flags & O_APPEND)
			f->pos = f->node->shm->size;
		done = tmpfs_write(f->node, f->pos, buf, n);
		if (done > 0)
			f->pos += (u64)done;
		return done;
	}
	return -EBADF; /* the tree is read-only: never opened for writing */
}

/* A write to tmpfs file n at pos: shmem's answer, the times moved when
 * something was written; 0 bytes is 0 (nothing charged). */
long tmpfs_write(struct fs_node *n, u64 pos, const void __user *buf, size_t len)
{
	long done;

	if (len == 0)
		return 0;
	if ((long)len < 0)
		len = 0x7ffff000; /* Linux's MAX_RW_COUNT */
	if (len > 0x7ffff000)
		len = 0x7ffff000;
	done = rlimit_fsize_write(pos, len); /* SIGXFSZ and -EFBIG at the limit */
	if (done < 0)
		return done;
	done = shmem_write(n->shm, pos, buf, (size_t)done);
	if (done > 0)
		tmpfs_touch(n, true, true);
	return done;
}

/* rw_verify_area's rule for an offset of a file without unsigned offsets:
 * pos + n must not pass the largest offset (n negative is the call's own
 * -EINVAL). */
static bool pos_count_ok(s64 pos, size_t n)
{
	return (long)n < 0 || (u64)pos + n <= (u64)LLONG_MAX_S64;
}

/* pread64, pwrite64: at pos, f's offset untouched.  Only files of the
 * tree and tmpfs have offsets (-ESPIPE for pipes and the console). */
static long file_pread(struct file *f, void __user *buf, size_t n, s64 pos)
{
	u64 saved = f->pos;
	long ret;

	if (!can_read(f))
		return -EBADF;
	if (f->ops && !f->ops->positional)
		return -ESPIPE;
	if (pos < 0)
		return -EINVAL;
	if (!user_access_ok(buf, n))
		return -EFAULT;
	if (f->ops) /* a device: the offset and count as rw_verify_area's */
		return pos_count_ok(pos, n) ? f->ops->read(f, buf, n) : -EINVAL;
	if (S_ISDIR(f->node->mode))
		return -EISDIR;
	if (f->node->sb)
		return shmem_read(f->node->shm, (u64)pos, buf, n);
	f->pos = (u64)pos; /* the tree's bytes and generated text */
	ret = file_read(f, buf, n);
	f->pos = saved;
	return ret;
}

long sys_pread64(int fd, void __user *buf, size_t n, u32 pos_lo, u32 pos_hi)
{
	struct file *f = fd_get(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_pread(f, buf, n, (s64)((u64)pos_hi << 32 | pos_lo));
	file_put(f);
	return ret;
}

static long file_pwrite(struct file *f, const void __user *buf, size_t n, s64 pos)
{
	if (!can_write(f))
		return -EBADF;
	if (f->ops && !f->ops->positional)
		return -ESPIPE;
	if (pos < 0)
		return -EINVAL;
	if (!user_access_ok(buf, n))
		return -EFAULT;
	if (f->ops)
		return pos_count_ok(pos, n) ? f->ops->write(f, buf, n) : -EINVAL;
	if (!f->node->sb)
		return file_write(f, buf, n); /* a control file of /proc */
	/* Linux: O_APPEND appends, whatever the offset asked. */
	return tmpfs_write(f->node, (f->flags & O_APPEND) ? f->node->shm->size : (u64)pos, buf,
			   n);
}

long sys_pwrite64(int fd, const void __user *buf, size_t n, u32 pos_lo, u32 pos_hi)
{
	struct file *f = fd_get(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_pwrite(f, buf, n, (s64)((u64)pos_hi << 32 | pos_lo));
	file_put(f);
	return ret;
}

/* SEEK_DATA, SEEK_HOLE on tmpfs (Linux's shmem_file_llseek): a page
 * present is data, a missing page a hole, the end of file a hole. */
static s64 seek_data_hole(struct fs_node *n, s64 offset, bool data)
{
	u64 size = n->shm->size;
	u64 pos = (u64)offset;

	if (offset < 0 || pos >= size)
		return -ENXIO;
	while (pos < size) {
		bool present = shmem_findpage(n->shm, (u32)(pos / 4096)) != 0;

		if (present == data)
			return (s64)pos;
		pos = (pos / 4096 + 1) * 4096;
	}
	return data ? -ENXIO : (s64)size;
}

long sys_write(int fd, const void __user *buf, size_t n)
{
	struct file *f = fd_get(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_write(f, buf, n);
	file_put(f);
	return ret;
}

/*
 * The new offset of f, or -errno.  Files: any offset >= 0, past the end
 * too.  Directories: the entry index, SEEK_SET and SEEK_CUR only (as
 * Linux's in-memory file systems, dcache_dir_lseek).  A generated file has
 * no end to seek from (-EINVAL, as Linux's seq_lseek).  The console cannot
 * seek.
 */
static s64 seek(struct file *f, s64 offset, int whence)
{
	s64 base;

	if (f->ops && f->ops->llseek) /* Linux's ksys_lseek: whence first */
		return (u32)whence > SEEK_HOLE ? -EINVAL : f->ops->llseek(f, offset, whence);
	if (f->ops && !f->ops->seekable)
		return -ESPIPE;
	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = (s64)f->pos;
		break;
	case SEEK_END:
		if (!f->ops && (S_ISDIR(f->node->mode) || f->node->ops))
			return -EINVAL;
		base = f->node->sb ? (s64)f->node->shm->size : f->size;
		break;
	case SEEK_DATA:
	case SEEK_HOLE:
		if (!f->node->sb || !S_ISREG(f->node->mode))
			return -EINVAL;
		return seek_data_hole(f->node, offset, whence == SEEK_DATA);
	default:
		return -EINVAL;
	}
	if ((offset > 0 && base > LLONG_MAX_S64 - offset) || base + offset < 0)
		return -EINVAL;
	return base + offset;
}

long sys_lseek(int fd, long offset, int whence)
{
	struct file *f = fd_get(fd);
	s64 pos;

	if (!f)
		return -EBADF;
	pos = seek(f, offset, whence);
	if (pos > 0x7fffffff)
		pos = -EOVERFLOW;
	if (pos >= 0)
		f->pos = (u64)pos;
	file_put(f);
	return (long)pos;
}

long sys_llseek(int fd, u32 offset_high, u32 offset_low, void __user *result, int whence)
{
	struct file *f = fd_get(fd);
	s64 pos;

	if (!f)
		return -EBADF;
	pos = seek(f, (s64)((u64)offset_high << 32 | offset_low), whence);
	if (pos >= 0)
		f->pos = (u64)pos;
	file_put(f);
	if (pos < 0)
		return (long)pos;
	/* As Linux: the offset has moved even when the result cannot be written. */
	if (copy_to_user(result, &pos, sizeof(pos)))
		return -EFAULT;
	return 0;
}

static u8 dirent_type(u32 mode)
{
	if (S_ISDIR(mode))
		return DT_DIR;
	if (S_ISREG(mode))
		return DT_REG;
	if (S_ISCHR(mode))
		return DT_CHR;
	if (S_ISFIFO(mode))
		return DT_FIFO;
	if (S_ISLNK(mode))
		return DT_LNK;
	if (S_ISBLK(mode))
		return DT_BLK;
	if (S_ISSOCK(mode))
		return DT_SOCK;
	return DT_UNKNOWN;
}

/*
 * Directory entries from f->pos on: position 0 is ".", 1 is "..", 2 + i
 * the i-th child (tmpfs: 2 + the child's dir_seq, which unlinks do not
 * move, so that a reader removing what it reads misses nothing).  Each record's d_off is the position after it.  Returns
 * the bytes written, 0 at the end, -EINVAL when even the first record does
 * not fit in count.  Linux keeps count in an int (fs/readdir.c): one above
 * INT_MAX is negative there, so no record fits (-EINVAL, as the Linux
 * host answers 0xffffffff); it does no access_ok of the whole count, each
 * record's bytes are checked as they are written.
 */
static long file_getdents64(struct file *f, void __user *dirent, u32 count)
{
	union {
		struct abi_dirent64 d;
		char bytes[(ABI_DIRENT64_NAME_OFFSET + NAME_MAX + 1 + 7) & ~7];
	} rec;
	struct fs_node *dir;
	struct fs_dirent e;
	u32 done = 0;

	if (f->ops || !S_ISDIR(f->node->mode))
		return -ENOTDIR;
	if (count > 0x7fffffffu)
		count = 0; /* negative as Linux's int: room for nothing */
	dir = f->node;
	for (;;) {
		const char *name;
		u32 len, reclen;
		u64 next = f->pos + 1;

		if (f->pos == 0) {
			e.ino = dir->ino, e.mode = dir->mode, name = ".", len = 1;
		} else if (f->pos == 1) {
			e.ino = dir->parent->ino, e.mode = dir->parent->mode, name = "..", len = 2;
		} else if (dir->sb) {
			/* tmpfs: the first child placed at or after the cursor */
			const struct fs_node *c = dir->first_child;

			while (c && c->dir_seq < f->pos - 2)
				c = c->next_sibling;
			if (!c)
				break;
			e.ino = c->ino, e.mode = c->mode, name = c->name, len = c->name_len;
			next = (u64)c->dir_seq + 3;
		} else {
			if (f->pos - 2 >= 0xffffffffu || !fs_dir_entry(dir, (u32)f->pos - 2, &e))
				break;
			name = e.name, len = e.name_len;
		}
		reclen = (ABI_DIRENT64_NAME_OFFSET + len + 1 + 7) & ~7u;
		if (reclen > count - done) {
			if (!done)
				return -EINVAL;
			break;
		}
		memset(&rec, 0, reclen);
		rec.d.d_ino = e.ino;
		rec.d.d_off = (s64)next;
		rec.d.d_reclen = (u16)reclen;
		rec.d.d_type = dirent_type(e.mode);
		memcpy(rec.d.d_name, name, len);
		if (copy_to_user((char __user *)dirent + done, &rec, reclen))
			return -EFAULT;
		done += reclen;
		f->pos = next;
	}
	return (long)done;
}

long sys_getdents64(int fd, void __user *dirent, u32 count)
{
	struct file *f = fd_get(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_getdents64(f, dirent, count);
	file_put(f);
	return ret;
}
