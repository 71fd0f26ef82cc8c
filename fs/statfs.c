/*
 * statfs, fstatfs, statfs64, fstatfs64 (Linux i386 layouts): what a mount
 * holds.  tmpfs says TMPFS_MAGIC and its budget in pages (LTP's
 * tst_fs_type reads f_type); the tree says ramfs's magic, read-only;
 * /proc and /sys their own magics.
 */
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "fs/proc.h"
#include "fs/syscalls.h"
#include "fs/tmpfs.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define RAMFS_MAGIC	 0x858458f6u
#define PROC_SUPER_MAGIC 0x9fa0u
#define ST_RDONLY	 1u
#define ST_VALID	 0x20u

struct abi_statfs64 {
	u32 f_type, f_bsize;
	u64 f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	s32 f_fsid[2];
	u32 f_namelen, f_frsize, f_flags, f_spare[4];
} __attribute__((packed)); /* 84 bytes: i386 aligns u64 to 4 */

struct abi_statfs {
	u32 f_type, f_bsize, f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	s32 f_fsid[2];
	u32 f_namelen, f_frsize, f_flags, f_spare[4];
};

static void fill_statfs(const struct fs_node *n, struct abi_statfs64 *st)
{
	memset(st, 0, sizeof(*st));
	st->f_bsize = 4096;
	st->f_frsize = 4096;
	st->f_namelen = NAME_MAX;
	st->f_flags = ST_VALID;
	if (n->sb) {
		const struct tmpfs_sb *sb = n->sb;

		st->f_type = TMPFS_MAGIC;
		st->f_blocks = sb->quota.max_pages;
		st->f_bfree = st->f_bavail = sb->quota.max_pages - sb->quota.used_pages;
		st->f_files = sb->max_inodes;
		st->f_ffree = sb->max_inodes - sb->inodes;
		st->f_fsid[0] = (s32)sb->dev;
	} else if (n->ops) {
		st->f_type = PROC_SUPER_MAGIC; /* /proc and /sys alike */
	} else {
		st->f_type = RAMFS_MAGIC;
		st->f_flags |= ST_RDONLY;
	}
}

/* The old layout's counts are 32 bits: -EOVERFLOW past them (Linux's
 * put_compat_statfs does the same on a 32-bit ABI). */
static long put_statfs(const struct fs_node *n, void __user *ubuf)
{
	struct abi_statfs64 s;
	struct abi_statfs o;

	fill_statfs(n, &s);
	if ((s.f_blocks | s.f_bfree | s.f_bavail | s.f_files | s.f_ffree) >> 32)
		return -EOVERFLOW;
	memset(&o, 0, sizeof(o));
	o.f_type = s.f_type, o.f_bsize = s.f_bsize;
	o.f_blocks = (u32)s.f_blocks, o.f_bfree = (u32)s.f_bfree, o.f_bavail = (u32)s.f_bavail;
	o.f_files = (u32)s.f_files, o.f_ffree = (u32)s.f_ffree;
	o.f_fsid[0] = s.f_fsid[0], o.f_fsid[1] = s.f_fsid[1];
	o.f_namelen = s.f_namelen, o.f_frsize = s.f_frsize, o.f_flags = s.f_flags;
	return copy_to_user(ubuf, &o, sizeof(o)) ? -EFAULT : 0;
}

static long put_statfs64(const struct fs_node *n, void __user *ubuf)
{
	struct abi_statfs64 s;

	fill_statfs(n, &s);
	return copy_to_user(ubuf, &s, sizeof(s)) ? -EFAULT : 0;
}

static int node_of_fd(int fd, struct fs_node **out)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	*out = fs_node_get(f->node);
	file_put(f);
	return 0;
}

long sys_statfs(const char __user *path, void __user *buf)
{
	struct fs_node *n;
	int rc = fs_lookup_at(AT_FDCWD, path, 0, &n);
	long ret;

	if (rc)
		return rc;
	ret = put_statfs(n, buf);
	fs_node_put(n);
	return ret;
}

long sys_fstatfs(int fd, void __user *buf)
{
	struct fs_node *n;
	int rc = node_of_fd(fd, &n);
	long ret;

	if (rc)
		return rc;
	ret = put_statfs(n, buf);
	fs_node_put(n);
	return ret;
}

/* statfs64 and fstatfs64 take the size of the caller's struct: Linux
 * i386 wants 84, its sizeof, else -EINVAL. */
long sys_statfs64(const char __user *path, u32 size, void __user *buf)
{
	struct fs_node *n;
	long ret;
	int rc;

	if (size != sizeof(struct abi_statfs64))
		return -EINVAL;
	rc = fs_lookup_at(AT_FDCWD, path, 0, &n);
	if (rc)
		return rc;
	ret = put_statfs64(n, buf);
	fs_node_put(n);
	return ret;
}

long sys_fstatfs64(int fd, u32 size, void __user *buf)
{
	struct fs_node *n;
	long ret;
	int rc;

	if (size != sizeof(struct abi_statfs64))
		return -EINVAL;
	rc = node_of_fd(fd, &n);
	if (rc)
		return rc;
	ret = put_statfs64(n, buf);
	fs_node_put(n);
	return ret;
}
