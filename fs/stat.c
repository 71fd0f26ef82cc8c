/*
 * stat, fstat (the old 64-byte struct stat, whose 16-bit and 32-bit fields
 * give -EOVERFLOW for what does not fit) and stat64, fstat64 (96 bytes):
 * layouts in <abi/stat.h>.  All three times are the archive's mtime.
 */
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "mm/shmem.h"
#include "fs/syscalls.h"
#include "fs/tmpfs.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define FS_BLKSIZE 4096

static void fill_stat64(const struct fs_node *n, struct abi_stat64 *st)
{
	memset(st, 0, sizeof(*st));
	st->st_dev = n->dev;
	st->st_ino32 = n->ino;
	st->st_ino = n->ino;
	st->st_mode = n->mode;
	st->st_nlink = n->nlink;
	st->st_uid = n->uid;
	st->st_gid = n->gid;
	st->st_rdev = n->rdev;
	st->st_size = n->size;
	st->st_blksize = FS_BLKSIZE;
	st->st_blocks = ((u64)n->size + 511) / 512;
	st->st_atime_sec = st->st_mtime_sec = st->st_ctime_sec = n->mtime;
	if (n->sb) {
		/* tmpfs: the pages held (Linux's i_blocks); a directory is 20
		 * bytes an entry, "." and ".." included (BOGO_DIRENT_SIZE). */
		st->st_size = n->shm ? n->shm->size : S_ISDIR(n->mode) ? 20u * (2 + n->child_count) : 0;
		st->st_blocks = n->shm ? (u64)n->shm->pages * (4096 / 512) : 0;
		if (S_ISLNK(n->mode)) { /* the target's length; a long one's page */
			st->st_size = n->size;
			st->st_blocks = n->size + 1 > TMPFS_SHORT_LINK ? 4096 / 512 : 0;
		}
		st->st_atime_sec = n->atime;
		st->st_atime_nsec = n->atime_ns;
		st->st_mtime_nsec = n->mtime_ns;
		st->st_ctime_sec = n->ctime;
		st->st_ctime_nsec = n->ctime_ns;
	}
}

static int fill_stat(const struct fs_node *n, struct abi_stat *st)
{
	struct abi_stat64 s;

	fill_stat64(n, &s);
	if (s.st_nlink > 0xffff || s.st_uid > 0xffff || s.st_gid > 0xffff ||
	    s.st_size > 0x7fffffff)
		return -EOVERFLOW;
	memset(st, 0, sizeof(*st));
	st->st_dev = (unsigned long)s.st_dev;
	st->st_ino = s.st_ino32;
	st->st_mode = (unsigned short)s.st_mode;
	st->st_nlink = (unsigned short)s.st_nlink;
	st->st_uid = (unsigned short)s.st_uid;
	st->st_gid = (unsigned short)s.st_gid;
	st->st_rdev = (unsigned long)s.st_rdev;
	st->st_size = (unsigned long)s.st_size;
	st->st_blksize = s.st_blksize;
	st->st_blocks = (unsigned long)s.st_blocks;
	st->st_atime_sec = s.st_atime_sec;
	st->st_mtime_sec = s.st_mtime_sec;
	st->st_ctime_sec = s.st_ctime_sec;
	st->st_atime_nsec = s.st_atime_nsec;
	st->st_mtime_nsec = s.st_mtime_nsec;
	st->st_ctime_nsec = s.st_ctime_nsec;
	return 0;
}

static int node_of_path(const char __user *upath, int flags, struct fs_node **out)
{
	return fs_lookup_at(AT_FDCWD, upath, flags, out);
}

/* fd's node, referenced as node_of_path's (fs_node_put): it outlives the
 * file, which another thread may close meanwhile. */
static int node_of_fd(int fd, struct fs_node **out)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	*out = fs_node_get(f->node);
	file_put(f);
	return 0;
}

/* rc: the lookup's result; then write the old or the 64-bit layout. */
static long put_stat(int rc, const struct fs_node *n, void __user *ust)
{
	struct abi_stat st;

	if (!rc)
		rc = fill_stat(n, &st);
	if (rc)
		return rc;
	return copy_to_user(ust, &st, sizeof(st)) ? -EFAULT : 0;
}

static long put_stat64(int rc, const struct fs_node *n, void __user *ust)
{
	struct abi_stat64 st;

	if (rc)
		return rc;
	fill_stat64(n, &st);
	return copy_to_user(ust, &st, sizeof(st)) ? -EFAULT : 0;
}

static long do_stat(const char __user *path, int flags, void __user *st)
{
	struct fs_node *n = NULL;
	int rc = node_of_path(path, flags, &n);
	long ret = put_stat(rc, n, st);

	if (n)
		fs_node_put(n);
	return ret;
}

long sys_stat(const char __user *path, void __user *st)
{
	return do_stat(path, 0, st);
}

/* lstat, lstat64: stat of a last symbolic link itself. */
long sys_lstat(const char __user *path, void __user *st)
{
	return do_stat(path, FS_WALK_NOFOLLOW, st);
}

long sys_fstat(int fd, void __user *st)
{
	struct fs_node *n = NULL;
	int rc = node_of_fd(fd, &n);
	long ret = put_stat(rc, n, st);

	if (n)
		fs_node_put(n);
	return ret;
}

static long do_stat64(const char __user *path, int flags, void __user *st)
{
	struct fs_node *n = NULL;
	int rc = node_of_path(path, flags, &n);
	long ret = put_stat64(rc, n, st);

	if (n)
		fs_node_put(n);
	return ret;
}

long sys_stat64(const char __user *path, void __user *st)
{
	return do_stat64(path, 0, st);
}

long sys_lstat64(const char __user *path, void __user *st)
{
	return do_stat64(path, FS_WALK_NOFOLLOW, st);
}

long sys_fstat64(int fd, void __user *st)
{
	struct fs_node *n = NULL;
	int rc = node_of_fd(fd, &n);
	long ret = put_stat64(rc, n, st);

	if (n)
		fs_node_put(n);
	return ret;
}

#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_NO_AUTOMOUNT	    0x800
#define AT_EMPTY_PATH	    0x1000

/* fstatat64: dirfd and a path; with AT_EMPTY_PATH an empty path is dirfd
 * itself (AT_FDCWD: the cwd). */
long sys_fstatat64(int dirfd, const char __user *upath, void __user *ust, int flags)
{
	struct fs_node *n = NULL;
	long ret;
	int rc;
	char c;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH))
		return -EINVAL;
	if ((flags & AT_EMPTY_PATH) && !copy_from_user(&c, upath, 1) && c == '\0') {
		if (dirfd == AT_FDCWD)
			rc = fs_start(AT_FDCWD, "", &n);
		else
			rc = node_of_fd(dirfd, &n);
	} else {
		rc = fs_lookup_at(dirfd, upath, flags & AT_SYMLINK_NOFOLLOW, &n);
	}
	ret = put_stat64(rc, n, ust);
	if (n && !rc)
		fs_node_put(n);
	return ret;
}

/* statx (383): Linux's struct statx, 256 bytes; the basic fields only. */
struct abi_statx_ts {
	s64 tv_sec;
	u32 tv_nsec;
	s32 reserved;
};

struct abi_statx {
	u32 stx_mask, stx_blksize;
	u64 stx_attributes;
	u32 stx_nlink, stx_uid, stx_gid;
	u16 stx_mode, spare0;
	u64 stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	struct abi_statx_ts stx_atime, stx_btime, stx_ctime, stx_mtime;
	u32 stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	u64 spare[14];
};

_Static_assert(sizeof(struct abi_statx) == 256, "Linux's struct statx");

#define AT_STATX_SYNC_TYPE 0x6000
#define STATX_BASIC_STATS  0x7ffu
#define STATX_RESERVED	   0x80000000u

long sys_statx(int dirfd, const char __user *upath, int flags, u32 mask, void __user *ubuf)
{
	struct abi_statx sx;
	struct abi_stat64 st;
	struct fs_node *n = NULL;
	int rc;
	char c;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH | AT_STATX_SYNC_TYPE))
		return -EINVAL;
	if ((flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE || (mask & STATX_RESERVED))
		return -EINVAL;
	if ((flags & AT_EMPTY_PATH) && !copy_from_user(&c, upath, 1) && c == '\0')
		rc = dirfd == AT_FDCWD ? fs_start(AT_FDCWD, "", &n) : node_of_fd(dirfd, &n);
	else
		rc = fs_lookup_at(dirfd, upath, flags & AT_SYMLINK_NOFOLLOW, &n);
	if (rc)
		return rc;
	fill_stat64(n, &st);
	fs_node_put(n);
	memset(&sx, 0, sizeof(sx));
	sx.stx_mask = STATX_BASIC_STATS;
	sx.stx_blksize = st.st_blksize;
	sx.stx_nlink = st.st_nlink;
	sx.stx_uid = st.st_uid;
	sx.stx_gid = st.st_gid;
	sx.stx_mode = (u16)st.st_mode;
	sx.stx_ino = st.st_ino;
	sx.stx_size = st.st_size;
	sx.stx_blocks = st.st_blocks;
	sx.stx_atime.tv_sec = st.st_atime_sec, sx.stx_atime.tv_nsec = st.st_atime_nsec;
	sx.stx_mtime.tv_sec = st.st_mtime_sec, sx.stx_mtime.tv_nsec = st.st_mtime_nsec;
	sx.stx_ctime.tv_sec = st.st_ctime_sec, sx.stx_ctime.tv_nsec = st.st_ctime_nsec;
	sx.stx_rdev_major = (u32)(st.st_rdev >> 8) & 0xfff;
	sx.stx_rdev_minor = (u32)(st.st_rdev & 0xff);
	sx.stx_dev_major = (u32)(st.st_dev >> 8) & 0xfff;
	sx.stx_dev_minor = (u32)(st.st_dev & 0xff);
	return copy_to_user(ubuf, &sx, sizeof(sx)) ? -EFAULT : 0;
}
