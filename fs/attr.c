/*
 * Attributes of nodes: truncate, ftruncate (+64), fsync, fdatasync, chmod,
 * fchmod, fchmodat, chown (16- and 32-bit ids), fchownat, utimensat.
 * Only tmpfs nodes change; the read-only tree answers -EROFS once the
 * node is found, as a read-only mount does; then the owner checks
 * (fs/perm.h): chmod and times given by the owner or CAP_FOWNER (-EPERM),
 * chown as Linux's chown_ok and chgrp_ok, truncate and "touch" with write
 * permission (-EACCES).
 */
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "fs/perm.h"
#include "fs/syscalls.h"
#include "fs/tmpfs.h"
#include "kernel/task/cred.h"
#include "kernel/time/clock.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_EMPTY_PATH	    0x1000
#define UTIME_NOW	    ((1l << 30) - 1l)
#define UTIME_OMIT	    ((1l << 30) - 2l)

/* The node of fd, referenced (it outlives a close by another thread). */
static int node_of_fd(int fd, struct fs_node **out, struct file **fp)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	*out = fs_node_get(f->node);
	if (fp)
		*fp = f;
	else
		file_put(f);
	return 0;
}

static int truncate_node(struct fs_node *n, s64 len)
{
	int rc;

	if (len < 0)
		return -EINVAL;
	if (!n->sb)
		return -EROFS;
	rc = shmem_truncate(n->shm, (u64)len);
	if (!rc)
		tmpfs_touch(n, true, true);
	return rc;
}

/* truncate(path): Linux's do_sys_truncate: a directory is -EISDIR, any
 * other non-regular file -EINVAL; the length's sign after the lookup. */
static long do_truncate_path(const char __user *upath, s64 len)
{
	struct fs_node *n;
	int rc;

	if (len < 0)
		return -EINVAL;
	rc = fs_lookup_at(AT_FDCWD, upath, 0, &n);
	if (rc)
		return rc;
	if (S_ISDIR(n->mode))
		rc = -EISDIR;
	else if (!S_ISREG(n->mode))
		rc = -EINVAL;
	else if (n->sb && (rc = fs_permission(n, MAY_WRITE)))
		; /* Linux's vfs_truncate: EROFS, then the permission */
	else
		rc = truncate_node(n, len);
	fs_node_put(n);
	return rc;
}

/* ftruncate: -EINVAL for a file not open for writing or not regular. */
static long do_truncate_fd(int fd, s64 len)
{
	struct file *f;
	int rc;

	if (len < 0)
		return -EINVAL;
	f = fd_get(fd);
	if (!f)
		return -EBADF;
	if (f->ops || !S_ISREG(f->node->mode) || (f->flags & O_ACCMODE) == O_RDONLY)
		rc = -EINVAL;
	else
		rc = truncate_node(f->node, len);
	file_put(f);
	return rc;
}

long sys_truncate(const char __user *path, long len)
{
	return do_truncate_path(path, len);
}

long sys_ftruncate(int fd, u32 len)
{
	return do_truncate_fd(fd, (s64)len); /* Linux i386: the length is unsigned here */
}

long sys_truncate64(const char __user *path, u32 lo, u32 hi)
{
	return do_truncate_path(path, (s64)((u64)hi << 32 | lo));
}

long sys_ftruncate64(int fd, u32 lo, u32 hi)
{
	return do_truncate_fd(fd, (s64)((u64)hi << 32 | lo));
}

/* fsync, fdatasync: memory is the medium, nothing to write.  Files with
 * no fsync of their own (pipes, the console, timerfds) are -EINVAL, as
 * Linux's vfs_fsync_range without an f_op->fsync. */
long sys_fsync(int fd)
{
	struct file *f = fd_get(fd);
	long rc = 0;

	if (!f)
		return -EBADF;
	if (f->ops)
		rc = -EINVAL;
	file_put(f);
	return rc;
}

long sys_fdatasync(int fd)
{
	return sys_fsync(fd);
}

/* chmod: the owner or CAP_FOWNER; set-group-ID only for a member of the
 * file's group or CAP_FSETID, else silently dropped (setattr_prepare). */
static int chmod_node(struct fs_node *n, u32 mode)
{
	const struct cred *c = current_fscred();

	if (!n->sb)
		return -EROFS;
	if (!fs_owner_or_capable(n))
		return -EPERM;
	if (!cred_in_group(c, n->gid) && !cred_fs_capable(c))
		mode &= ~(u32)S_ISGID;
	n->mode = (n->mode & S_IFMT) | (mode & 07777);
	tmpfs_touch(n, false, true);
	return 0;
}

long sys_fchmodat(int dirfd, const char __user *path, u32 mode)
{
	struct fs_node *n;
	int rc = fs_lookup_at(dirfd, path, 0, &n);

	if (rc)
		return rc;
	rc = chmod_node(n, mode);
	fs_node_put(n);
	return rc;
}

long sys_chmod(const char __user *path, u32 mode)
{
	return sys_fchmodat(AT_FDCWD, path, mode);
}

long sys_fchmod(int fd, u32 mode)
{
	struct fs_node *n;
	int rc = node_of_fd(fd, &n, NULL);

	if (rc)
		return rc;
	/* A pipe's node is pipefs's, which Linux lets root chmod: nothing kept here. */
	rc = n->sb ? chmod_node(n, mode) : (n->mode & S_IFMT) == S_IFIFO ? 0 : -EROFS;
	fs_node_put(n);
	return rc;
}

/*
 * chown: (u32)-1 keeps the id; a change of owner clears set-user-ID, and
 * set-group-ID when the group may execute (Linux's setattr_should_drop_sgid).
 * Without CAP_CHOWN: the owner may "give" the file only to itself, and
 * change its group only to its fsgid or one of its groups (chown_ok,
 * chgrp_ok): -EPERM.
 */
static int chown_node(struct fs_node *n, u32 uid, u32 gid)
{
	const struct cred *c = current_fscred();

	if (!n->sb)
		return -EROFS;
	if (!cred_fs_capable(c)) {
		if (uid != 0xffffffffu && (c->fsuid != n->uid || uid != n->uid))
			return -EPERM;
		if (gid != 0xffffffffu &&
		    (c->fsuid != n->uid || (gid != n->gid && !cred_in_group(c, gid))))
			return -EPERM;
	}
	if (uid != 0xffffffffu)
		n->uid = uid;
	if (gid != 0xffffffffu)
		n->gid = gid;
	if (!S_ISDIR(n->mode) && (uid != 0xffffffffu || gid != 0xffffffffu)) {
		n->mode &= ~(u32)S_ISUID;
		if (n->mode & 010)
			n->mode &= ~(u32)S_ISGID;
	}
	tmpfs_touch(n, false, true);
	return 0;
}

long sys_fchownat(int dirfd, const char __user *upath, u32 uid, u32 gid, int flags)
{
	struct fs_node *n;
	int rc;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	rc = fs_lookup_at(dirfd, upath, flags & AT_SYMLINK_NOFOLLOW, &n);
	if (rc)
		return rc;
	rc = chown_node(n, uid, gid);
	fs_node_put(n);
	return rc;
}

long sys_chown32(const char __user *path, u32 uid, u32 gid)
{
	return sys_fchownat(AT_FDCWD, path, uid, gid, 0);
}

long sys_lchown32(const char __user *path, u32 uid, u32 gid)
{
	return sys_fchownat(AT_FDCWD, path, uid, gid, AT_SYMLINK_NOFOLLOW);
}

long sys_fchown32(int fd, u32 uid, u32 gid)
{
	struct fs_node *n;
	int rc = node_of_fd(fd, &n, NULL);

	if (rc)
		return rc;
	rc = chown_node(n, uid, gid);
	fs_node_put(n);
	return rc;
}

/* The 16-bit forms: 0xffff is "keep". */
static u32 id16(u32 id)
{
	id &= 0xffff;
	return id == 0xffff ? 0xffffffffu : id;
}

long sys_chown16(const char __user *path, u32 uid, u32 gid)
{
	return sys_chown32(path, id16(uid), id16(gid));
}

long sys_lchown16(const char __user *path, u32 uid, u32 gid)
{
	return sys_lchown32(path, id16(uid), id16(gid));
}

long sys_fchown16(int fd, u32 uid, u32 gid)
{
	return sys_fchown32(fd, id16(uid), id16(gid));
}

/* One time of utimensat: UTIME_NOW, UTIME_OMIT, or a time whose tv_nsec
 * is in [0, 1e9): -EINVAL otherwise. */
static int set_time(u32 *sec, u32 *nsec, s64 tv_sec, long tv_nsec, u64 now)
{
	if (tv_nsec == UTIME_OMIT)
		return 0;
	if (tv_nsec == UTIME_NOW) {
		*sec = (u32)(now / 1000000000u);
		*nsec = (u32)(now % 1000000000u);
		return 0;
	}
	if (tv_nsec < 0 || tv_nsec >= 1000000000l)
		return -EINVAL;
	*sec = (u32)tv_sec;
	*nsec = (u32)tv_nsec;
	return 0;
}

/*
 * Who may set times (Linux's setattr_prepare and notify_change), after
 * -EROFS: a time given (not UTIME_NOW, not UTIME_OMIT) only the owner or
 * CAP_FOWNER (-EPERM); "now" for both (NULL) also whoever may write
 * (-EACCES); "now" for one and UTIME_OMIT for the other, anyone.
 */
static int utimes_permission(struct fs_node *n, const s64 *sec, const long *nsec)
{
	bool touch = !sec || (nsec[0] == UTIME_NOW && nsec[1] == UTIME_NOW);
	bool given = false;

	if (!n->sb)
		return -EROFS;
	for (int i = 0; sec && i < 2; i++)
		given |= nsec[i] != UTIME_NOW && nsec[i] != UTIME_OMIT;
	if (fs_owner_or_capable(n))
		return 0;
	if (given)
		return -EPERM;
	return touch ? fs_permission(n, MAY_WRITE) : 0;
}

/*
 * utimensat with times already in the kernel (NULL: both now).  A NULL
 * path is dirfd itself (Linux's do_utimes on a descriptor: flags must be
 * 0).  Both UTIME_OMIT changes nothing, not even ctime.
 */
static long do_utimensat(int dirfd, const char __user *upath, const s64 *sec, const long *nsec,
			 int flags)
{
	u64 now = clock_realtime_ns();
	struct fs_node *n;
	u32 as, ans, ms, mns;
	int rc;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (sec) {
		for (int i = 0; i < 2; i++)
			if (nsec[i] != UTIME_NOW && nsec[i] != UTIME_OMIT &&
			    (nsec[i] < 0 || nsec[i] >= 1000000000l))
				return -EINVAL;
		if (nsec[0] == UTIME_OMIT && nsec[1] == UTIME_OMIT)
			return 0;
	}
	if (!upath) {
		if (flags & AT_SYMLINK_NOFOLLOW)
			return -EINVAL;
		rc = node_of_fd(dirfd, &n, NULL);
	} else {
		rc = fs_lookup_at(dirfd, upath, flags & AT_SYMLINK_NOFOLLOW, &n);
	}
	if (rc)
		return rc;
	rc = utimes_permission(n, sec, nsec);
	if (rc) {
		fs_node_put(n);
		return rc;
	}
	as = n->atime, ans = n->atime_ns, ms = n->mtime, mns = n->mtime_ns;
	if (!sec) {
		set_time(&as, &ans, 0, UTIME_NOW, now);
		set_time(&ms, &mns, 0, UTIME_NOW, now);
	} else {
		set_time(&as, &ans, sec[0], nsec[0], now);
		set_time(&ms, &mns, sec[1], nsec[1], now);
	}
	n->atime = as, n->atime_ns = ans, n->mtime = ms, n->mtime_ns = mns;
	tmpfs_touch(n, false, true);
	fs_node_put(n);
	return 0;
}

long sys_utimensat(int dirfd, const char __user *path, const void __user *utimes, int flags)
{
	struct {
		s32 sec;
		s32 nsec;
	} ts[2];
	s64 sec[2];
	long nsec[2];

	if (!utimes)
		return do_utimensat(dirfd, path, NULL, NULL, flags);
	if (copy_from_user(ts, utimes, sizeof(ts)))
		return -EFAULT;
	for (int i = 0; i < 2; i++)
		sec[i] = ts[i].sec, nsec[i] = ts[i].nsec;
	return do_utimensat(dirfd, path, sec, nsec, flags);
}

long sys_utimensat_time64(int dirfd, const char __user *path, const void __user *utimes,
			  int flags)
{
	struct {
		s64 sec;
		s64 nsec;
	} ts[2];
	s64 sec[2];
	long nsec[2];

	if (!utimes)
		return do_utimensat(dirfd, path, NULL, NULL, flags);
	if (copy_from_user(ts, utimes, sizeof(ts)))
		return -EFAULT;
	for (int i = 0; i < 2; i++) {
		sec[i] = ts[i].sec;
		/* Linux's get_timespec64 drops the upper half of tv_nsec on a
		 * 32-bit ABI task. */
		nsec[i] = (long)(s32)ts[i].nsec;
	}
	return do_utimensat(dirfd, path, sec, nsec, flags);
}

/*
 * fallocate (Linux i386 #324; offset and length in two words each).
 * tmpfs does what Linux's shmem_fallocate does: mode 0 and KEEP_SIZE back
 * the range with pages, PUNCH_HOLE|KEEP_SIZE frees it; any other mode is
 * -EOPNOTSUPP.  The checks come in vfs_fallocate's order: the range and
 * the mode, then the file (open for writing, its type, the range against
 * the largest size), then the file system.
 */
#define FALLOC_FL_KEEP_SIZE	 0x01
#define FALLOC_FL_PUNCH_HOLE	 0x02
#define FALLOC_FL_COLLAPSE_RANGE 0x08
#define FALLOC_FL_ZERO_RANGE	 0x10
#define FALLOC_FL_INSERT_RANGE	 0x20
#define FALLOC_FL_UNSHARE_RANGE	 0x40
#define FALLOC_FL_WRITE_ZEROES	 0x80
/* The modes: one at a time, KEEP_SIZE beside some (Linux 6.13+). */
#define FALLOC_FL_MODE_MASK                                                                         \
	(FALLOC_FL_PUNCH_HOLE | FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_ZERO_RANGE | FALLOC_FL_INSERT_RANGE | \
	 FALLOC_FL_UNSHARE_RANGE | FALLOC_FL_WRITE_ZEROES)

static long do_fallocate(struct file *f, int mode, s64 off, s64 len)
{
	u32 type = f->node ? f->node->mode & S_IFMT : 0;
	int rc;

	if (off < 0 || len <= 0)
		return -EINVAL;
	if ((u32)mode & ~(u32)(FALLOC_FL_MODE_MASK | FALLOC_FL_KEEP_SIZE))
		return -EOPNOTSUPP;
	switch (mode & FALLOC_FL_MODE_MASK) {
	case 0:
	case FALLOC_FL_UNSHARE_RANGE:
	case FALLOC_FL_ZERO_RANGE:
		break;
	case FALLOC_FL_PUNCH_HOLE:
		if (!(mode & FALLOC_FL_KEEP_SIZE))
			return -EOPNOTSUPP;
		break;
	case FALLOC_FL_COLLAPSE_RANGE:
	case FALLOC_FL_INSERT_RANGE:
	case FALLOC_FL_WRITE_ZEROES:
		if (mode & FALLOC_FL_KEEP_SIZE)
			return -EOPNOTSUPP;
		break;
	default: /* two modes at once */
		return -EOPNOTSUPP;
	}
	if ((f->flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	if (type == S_IFIFO)
		return -ESPIPE;
	if (type == S_IFDIR)
		return -EISDIR;
	if (type != S_IFREG && type != S_IFBLK)
		return -ENODEV;
	if ((u64)off + (u64)len > SHMEM_MAX_BYTES || off + len < 0)
		return -EFBIG;
	if (f->ops || !f->node->sb)
		return -EOPNOTSUPP; /* the read-only tree and /proc have no fallocate */
	if (mode & ~(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE))
		return -EOPNOTSUPP; /* as shmem_fallocate */
	if (mode & FALLOC_FL_PUNCH_HOLE)
		rc = shmem_punch(f->node->shm, (u64)off, (u64)len);
	else
		rc = shmem_allocate(f->node->shm, (u64)off, (u64)len, mode & FALLOC_FL_KEEP_SIZE);
	if (!rc)
		tmpfs_touch(f->node, true, true);
	return rc;
}

long sys_fallocate(int fd, int mode, u32 off_lo, u32 off_hi, u32 len_lo, u32 len_hi)
{
	struct file *f = fd_get(fd);
	long rc;

	if (!f)
		return -EBADF;
	rc = do_fallocate(f, mode, (s64)((u64)off_hi << 32 | off_lo), (s64)((u64)len_hi << 32 | len_lo));
	file_put(f);
	return rc;
}
