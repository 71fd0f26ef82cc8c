/*
 * Extended attributes: the twelve calls of Linux i386 (226..237).
 * tick386's file systems keep none, so they answer as Linux 6.13 does for
 * a file system without xattr support (no IOP_XATTR), in its order:
 *   1. set: flags other than XATTR_CREATE|XATTR_REPLACE -EINVAL;
 *   2. the name is copied: -EFAULT, -ERANGE when empty or 256 bytes or
 *      more; set: a size over XATTR_SIZE_MAX -E2BIG, the value copied
 *      (-EFAULT);
 *   3. the path is looked up (-ENOENT, ...), or the fd (-EBADF): since
 *      6.13 the f* calls copy the name before they look at the fd;
 *   4. set, remove: the read-only tree -EROFS (mnt_want_write);
 *   5. xattr_permission: "user." on what is neither a regular file nor a
 *      directory -EPERM to write, -ENODATA to read;
 *   6. -EOPNOTSUPP (xattr_resolve_name finds no handler).
 * list copies nothing and answers 0, an empty list (no LSM lists a
 * security label), whatever the buffer.  tick386 has no symbolic links:
 * the l* calls are the path calls.
 */
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "fs/syscalls.h"
#include "lib/string.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define XATTR_CREATE   1
#define XATTR_REPLACE  2
#define XATTR_NAME_MAX 255
#define XATTR_SIZE_MAX 65536

/* Linux's import_xattr_name: 0, -EFAULT or -ERANGE. */
static int xattr_name(const char __user *uname, char name[XATTR_NAME_MAX + 2])
{
	long n = strncpy_from_user(name, uname, XATTR_NAME_MAX + 2);

	if (n == -EFAULT)
		return -EFAULT;
	if (n <= 0 || n > XATTR_NAME_MAX)
		return -ERANGE; /* empty, 256 bytes, or longer (-ENAMETOOLONG) */
	return 0;
}

/* Steps 1 and 2 of a set: the value is only read, a byte at a time
 * (tick386 keeps it nowhere: the bytes must be readable, as Linux's
 * vmemdup_user finds out). */
static int set_args(const char __user *uname, const void __user *value, size_t size, int flags,
		    char name[XATTR_NAME_MAX + 2])
{
	int rc;

	if (flags & ~(XATTR_CREATE | XATTR_REPLACE))
		return -EINVAL;
	rc = xattr_name(uname, name);
	if (rc)
		return rc;
	if (size > XATTR_SIZE_MAX)
		return -E2BIG;
	if (size) {
		const u8 __user *p = value;
		u8 chunk[256];
		size_t off;

		if (!user_access_ok(value, size))
			return -EFAULT;
		for (off = 0; off < size; off += sizeof(chunk)) {
			size_t n = size - off < sizeof(chunk) ? size - off : sizeof(chunk);

			if (copy_from_user(chunk, p + off, n))
				return -EFAULT;
		}
	}
	return 0;
}

/* Steps 4 to 6 on node n; ro: it lies in the read-only tree. */
static long xattr_node(const struct fs_node *n, bool ro, const char *name, bool write)
{
	if (write && ro)
		return -EROFS;
	if (!strncmp(name, "user.", 5) && !S_ISREG(n->mode) && !S_ISDIR(n->mode))
		return write ? -EPERM : -ENODATA;
	return -EOPNOTSUPP;
}

static long xattr_path(const char __user *path, const char *name, bool write)
{
	struct fs_node *n;
	long rc = fs_lookup_at(AT_FDCWD, path, 0, &n);

	if (rc)
		return rc;
	rc = xattr_node(n, !n->sb, name, write);
	fs_node_put(n);
	return rc;
}

/* A file with ops (a pipe, the console, an eventfd...) is a node of an
 * internal writable mount on Linux: never -EROFS. */
static long xattr_fd(int fd, const char *name, bool write)
{
	struct file *f = fd_get(fd);
	long rc;

	if (!f)
		return -EBADF;
	rc = f->node ? xattr_node(f->node, !f->ops && !f->node->sb, name, write) : -EOPNOTSUPP;
	file_put(f);
	return rc;
}

long sys_setxattr(const char __user *path, const char __user *uname, const void __user *value,
		  size_t size, int flags)
{
	char name[XATTR_NAME_MAX + 2];
	int rc = set_args(uname, value, size, flags, name);

	return rc ? rc : xattr_path(path, name, true);
}

long sys_fsetxattr(int fd, const char __user *uname, const void __user *value, size_t size,
		   int flags)
{
	char name[XATTR_NAME_MAX + 2];
	int rc = set_args(uname, value, size, flags, name);

	return rc ? rc : xattr_fd(fd, name, true);
}

long sys_getxattr(const char __user *path, const char __user *uname, void __user *value,
		  size_t size)
{
	char name[XATTR_NAME_MAX + 2];
	int rc = xattr_name(uname, name);

	(void)value, (void)size;
	return rc ? rc : xattr_path(path, name, false);
}

long sys_fgetxattr(int fd, const char __user *uname, void __user *value, size_t size)
{
	char name[XATTR_NAME_MAX + 2];
	int rc = xattr_name(uname, name);

	(void)value, (void)size;
	return rc ? rc : xattr_fd(fd, name, false);
}

long sys_removexattr(const char __user *path, const char __user *uname)
{
	char name[XATTR_NAME_MAX + 2];
	int rc = xattr_name(uname, name);

	return rc ? rc : xattr_path(path, name, true);
}

long sys_fremovexattr(int fd, const char __user *uname)
{
	char name[XATTR_NAME_MAX + 2];
	int rc = xattr_name(uname, name);

	return rc ? rc : xattr_fd(fd, name, true);
}

long sys_listxattr(const char __user *path, char __user *list, size_t size)
{
	struct fs_node *n;
	long rc = fs_lookup_at(AT_FDCWD, path, 0, &n);

	(void)list, (void)size;
	if (rc)
		return rc;
	fs_node_put(n);
	return 0;
}

long sys_flistxattr(int fd, char __user *list, size_t size)
{
	struct file *f = fd_get(fd);

	(void)list, (void)size;
	if (!f)
		return -EBADF;
	file_put(f);
	return 0;
}
