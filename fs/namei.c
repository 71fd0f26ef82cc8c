/*
 * Path lookup with the working directory, and the calls on names: mkdir,
 * rmdir, unlink, rename, link, symlink, readlink (and their *at forms),
 * mknod, chdir, fchdir, getcwd.  unlink and rename act on the entry a
 * name is (a symbolic link, one hard link), never on what it points to.
 * Only tmpfs (fs/tmpfs.h) takes changes; the rest of the tree answers
 * -EROFS, after the checks Linux makes before it asks whether the
 * mount is writable (a name that exists is -EEXIST for mkdir, whatever the
 * mount).  The errors and their order are Linux's (fs/namei.c: the type
 * of the last name first, then the lookup, then the nodes'); each was
 * probed on the Linux host (tests/conformance/tmpfs.c).
 */
#include "fs/namei.h"
#include "fs/perm.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/syscalls.h"
#include "fs/tmpfs.h"
#include "kernel/task/cred.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define AT_REMOVEDIR	 0x200
#define RENAME_NOREPLACE 1
#define RENAME_EXCHANGE	 2
#define RENAME_WHITEOUT	 4

static struct fd_table *fs_of_current(void)
{
	return &current->leader->files;
}

int fs_start(int dirfd, const char *path, struct fs_node **out)
{
	struct file *f;
	int rc = 0;

	if (path[0] == '/') {
		*out = &fs_root;
		return 0;
	}
	if (dirfd == AT_FDCWD) {
		struct fs_node *cwd = fs_of_current()->cwd;

		*out = cwd ? fs_node_get(cwd) : &fs_root;
		return 0;
	}
	f = fd_get(dirfd);
	if (!f)
		return -EBADF;
	if (f->ops || !S_ISDIR(f->node->mode))
		rc = -ENOTDIR;
	else
		*out = fs_node_get(f->node);
	file_put(f);
	return rc;
}

int fs_lookup_at(int dirfd, const char __user *upath, int flags, struct fs_node **out)
{
	struct fs_node *start;
	char *path;
	int rc = fs_get_path(upath, &path);

	if (rc)
		return rc;
	rc = fs_start(dirfd, path, &start);
	if (!rc) {
		rc = fs_walk(start, path, flags, out);
		fs_node_put(start);
	}
	kfree(path);
	return rc;
}

int fs_parent_split(struct fs_node *start, char *path, struct fs_parent *p)
{
	size_t end, begin;
	int rc = 0;

	end = strlen(path);
	while (end > 0 && path[end - 1] == '/')
		end--;
	p->slash = path[end] == '/';
	begin = end;
	while (begin > 0 && path[begin - 1] != '/')
		begin--;
	p->path = path;
	p->name = path + begin;
	p->len = end - begin;
	p->dot = p->len == 1 && p->name[0] == '.';
	p->dotdot = p->len == 2 && p->name[0] == '.' && p->name[1] == '.';
	if (begin == 0) { /* "name": the start itself is the directory */
		p->dir = fs_node_get(end == 0 ? &fs_root : start); /* "/", "//": the root */
	} else {
		char saved = path[begin];

		path[begin] = '\0'; /* "dir/": keeps the slash */
		rc = fs_walk_counted(start, path, 0, &p->links, &p->dir);
		path[begin] = saved;
		if (!rc && !S_ISDIR(p->dir->mode)) {
			fs_node_put(p->dir);
			rc = -ENOTDIR;
		}
	}
	if (rc) {
		p->dir = NULL;
		kfree(path);
		p->path = NULL;
	}
	return rc;
}

int fs_parent_at(int dirfd, const char __user *upath, struct fs_parent *p)
{
	struct fs_node *start;
	char *path;
	int rc;

	memset(p, 0, sizeof(*p));
	rc = fs_get_path(upath, &path);
	if (rc)
		return rc;
	rc = fs_start(dirfd, path, &start);
	if (rc) {
		kfree(path);
		return rc;
	}
	rc = fs_parent_split(start, path, p);
	fs_node_put(start);
	return rc;
}

void fs_parent_done(struct fs_parent *p)
{
	if (p->dir)
		fs_node_put(p->dir);
	kfree(p->path);
	p->dir = NULL;
	p->path = NULL;
}

int fs_parent_child(struct fs_parent *p, struct fs_node **out)
{
	char name[NAME_MAX + 1];

	if (p->len == 0 || p->dot || p->dotdot) {
		/* The root, ".", "..": walk it as a path. */
		const char *what = p->len == 0 ? "/" : p->dot ? "." : "..";

		return fs_walk(p->dir, what, 0, out);
	}
	if (p->len > NAME_MAX)
		return -ENAMETOOLONG;
	memcpy(name, p->name, p->len);
	name[p->len] = '\0';
	return fs_walk(p->dir, name, FS_WALK_ENTRY | FS_WALK_NOFOLLOW, out);
}

int fs_parent_writable(struct fs_parent *p)
{
	if (!p->dir->sb)
		return -EROFS;
	if (p->dir->nlink == 0)
		return -ENOENT; /* a removed directory takes no new name */
	if (p->len > NAME_MAX)
		return -ENAMETOOLONG;
	return fs_may_create(p->dir); /* Linux's may_create: write and search */
}

static u32 umask_mode(u32 mode)
{
	return mode & ~fs_of_current()->umask & 07777;
}

/*
 * The checks of a call that makes a name (Linux's filename_create):
 * "/", ".", ".." and any name that exists (a dangling symbolic link too)
 * are -EEXIST; a trailing slash is -ENOENT unless a directory is made;
 * then whether p.dir takes a new name.  0 with *p to make the name in
 * (fs_parent_done), or -errno with nothing held.
 */
static int parent_create(int dirfd, const char __user *upath, bool dir, struct fs_parent *p)
{
	struct fs_node *n;
	int rc = fs_parent_at(dirfd, upath, p);

	if (rc)
		return rc;
	if (p->len == 0 || p->dot || p->dotdot) {
		rc = -EEXIST;
		goto fail;
	}
	if (p->len > NAME_MAX) {
		rc = -ENAMETOOLONG;
		goto fail;
	}
	rc = fs_parent_child(p, &n);
	if (!rc) {
		fs_node_put(n);
		rc = -EEXIST;
		goto fail;
	}
	if (rc != -ENOENT)
		goto fail;
	rc = -ENOENT;
	if (p->slash && !dir)
		goto fail;
	rc = fs_parent_writable(p);
	if (rc)
		goto fail;
	return 0;
fail:
	fs_parent_done(p);
	return rc;
}

long sys_mkdirat(int dirfd, const char __user *upath, u32 mode)
{
	struct fs_parent p;
	struct fs_node *n;
	int rc = parent_create(dirfd, upath, true, &p);

	if (rc)
		return rc;
	n = tmpfs_create(p.dir, p.name, p.len, S_IFDIR | (umask_mode(mode) & 01777), &rc);
	if (n)
		fs_node_put(n);
	fs_parent_done(&p);
	return rc;
}

long sys_mkdir(const char __user *path, u32 mode)
{
	return sys_mkdirat(AT_FDCWD, path, mode);
}

/* Whether n is the root of a mount or of the tree (rmdir, rename: -EBUSY). */
static bool is_mount_root(const struct fs_node *n)
{
	return n == &fs_root || (n->sb && n->sb->root == n);
}

static long do_rmdir(int dirfd, const char __user *upath)
{
	struct fs_parent p;
	struct fs_node *n;
	int rc = fs_parent_at(dirfd, upath, &p);

	if (rc)
		return rc;
	if (p.dot)
		rc = -EINVAL;
	else if (p.dotdot)
		rc = -ENOTEMPTY;
	else if (p.len == 0)
		rc = -EBUSY;
	else if (p.len > NAME_MAX)
		rc = -ENAMETOOLONG;
	if (rc)
		goto out;
	rc = fs_parent_child(&p, &n);
	if (rc)
		goto out;
	rc = fs_may_delete(p.dir, n); /* Linux's may_delete: before the type */
	if (rc)
		;
	else if (!S_ISDIR(n->mode))
		rc = -ENOTDIR;
	else if (is_mount_root(n)) /* before -EROFS: Linux's root is writable */
		rc = -EBUSY;
	else if (!p.dir->sb)
		rc = -EROFS;
	else if (n->child_count)
		rc = -ENOTEMPTY;
	if (!rc) {
		tmpfs_remove(n);
		n->nlink = 0;
	}
	fs_node_put(n);
out:
	fs_parent_done(&p);
	return rc;
}

long sys_rmdir(const char __user *path)
{
	return do_rmdir(AT_FDCWD, path);
}

static long do_unlink(int dirfd, const char __user *upath)
{
	struct fs_parent p;
	struct fs_node *n;
	int rc = fs_parent_at(dirfd, upath, &p);

	if (rc)
		return rc;
	if (p.len == 0 || p.dot || p.dotdot) {
		rc = -EISDIR;
		goto out;
	}
	if (p.len > NAME_MAX) {
		rc = -ENAMETOOLONG;
		goto out;
	}
	rc = fs_parent_child(&p, &n);
	if (rc)
		goto out;
	if (p.slash) /* Linux: a trailing slash on a name that is not a directory */
		rc = S_ISDIR(n->mode) ? -EISDIR : -ENOTDIR;
	else if (!p.dir->sb)
		rc = -EROFS;
	else if ((rc = fs_may_delete(p.dir, n)))
		;
	else if (S_ISDIR(n->mode))
		rc = -EISDIR;
	if (!rc)
		tmpfs_remove(n);
	fs_node_put(n);
out:
	fs_parent_done(&p);
	return rc;
}

long sys_unlink(const char __user *path)
{
	return do_unlink(AT_FDCWD, path);
}

long sys_unlinkat(int dirfd, const char __user *path, int flags)
{
	if (flags & ~AT_REMOVEDIR)
		return -EINVAL;
	return (flags & AT_REMOVEDIR) ? do_rmdir(dirfd, path) : do_unlink(dirfd, path);
}

/* Whether a is b or one of b's ancestors. */
static bool is_ancestor(const struct fs_node *a, const struct fs_node *b)
{
	for (;;) {
		if (a == b)
			return true;
		if (b == &fs_root || !b->sb || b->sb->root == b)
			return false;
		b = b->parent;
	}
}

static int check_rename_over(struct fs_node *from, struct fs_node *to)
{
	from = fs_inode(from), to = fs_inode(to);
	if (S_ISDIR(from->mode) && !S_ISDIR(to->mode))
		return -ENOTDIR;
	if (!S_ISDIR(from->mode) && S_ISDIR(to->mode))
		return -EISDIR;
	if (is_mount_root(to))
		return -EBUSY;
	if (S_ISDIR(to->mode) && to->child_count)
		return -ENOTEMPTY;
	return 0;
}

/*
 * Linux's vfs_rename, its permission part: removing the source from its
 * directory and the target from its own (may_delete: write, search, the
 * sticky bit) or making a name there (may_create); a directory that
 * changes parent rewrites its "..": write on it (and on the target, for
 * an exchange of directories).
 */
static int rename_permission(struct fs_parent *op, struct fs_node *from, struct fs_parent *np,
			     struct fs_node *to, u32 flags)
{
	int rc = fs_may_delete(op->dir, from);

	if (!rc)
		rc = to ? fs_may_delete(np->dir, to) : fs_may_create(np->dir);
	if (rc || op->dir == np->dir)
		return rc;
	if (S_ISDIR(from->mode))
		rc = fs_permission(from, MAY_WRITE);
	if (!rc && to && (flags & RENAME_EXCHANGE) && S_ISDIR(to->mode))
		rc = fs_permission(to, MAY_WRITE);
	return rc;
}

long sys_renameat2(int olddfd, const char __user *uold, int newdfd, const char __user *unew,
		   u32 flags)
{
	struct fs_parent op, np;
	struct fs_node *from = NULL, *to = NULL;
	int rc;

	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE | RENAME_WHITEOUT))
		return -EINVAL;
	if ((flags & RENAME_EXCHANGE) && (flags & (RENAME_NOREPLACE | RENAME_WHITEOUT)))
		return -EINVAL;
	rc = fs_parent_at(olddfd, uold, &op);
	if (rc)
		return rc;
	rc = fs_parent_at(newdfd, unew, &np);
	if (rc) {
		fs_parent_done(&op);
		return rc;
	}
	if (op.len == 0 || op.dot || op.dotdot || np.len == 0 || np.dot || np.dotdot) {
		rc = -EBUSY;
		goto out;
	}
	if (op.dir->sb != np.dir->sb) {
		rc = -EXDEV;
		goto out;
	}
	if (op.len > NAME_MAX || np.len > NAME_MAX) {
		rc = -ENAMETOOLONG;
		goto out;
	}
	if (!op.dir->sb) {
		rc = fs_parent_child(&op, &from);
		if (!rc)
			rc = -EROFS;
		goto out;
	}
	if (flags & RENAME_WHITEOUT) {
		rc = -EINVAL; /* tmpfs has whiteouts; tick386 has no overlay to use them */
		goto out;
	}
	rc = fs_parent_child(&op, &from);
	if (rc)
		goto out;
	rc = fs_parent_child(&np, &to);
	if (rc && rc != -ENOENT)
		goto out;
	if (rc == -ENOENT && (flags & RENAME_EXCHANGE))
		goto out;
	rc = 0;
	if (to && (flags & RENAME_NOREPLACE)) {
		rc = -EEXIST;
		goto out;
	}
	/* A trailing slash wants directories on both sides (Linux). */
	if ((op.slash || np.slash) && !S_ISDIR(from->mode)) {
		rc = -ENOTDIR;
		goto out;
	}
	if ((flags & RENAME_EXCHANGE) && np.slash && !S_ISDIR(to->mode)) {
		rc = -ENOTDIR;
		goto out;
	}
	if (to && fs_inode(from) == fs_inode(to))
		goto out; /* the same node (two hard links of it): nothing to do, 0 */
	if (is_mount_root(from)) {
		rc = -EBUSY;
		goto out;
	}
	/* The source may not go under itself; nor the target, exchanged. */
	if (is_ancestor(from, np.dir)) {
		rc = -EINVAL;
		goto out;
	}
	if (to && is_ancestor(to, op.dir)) {
		rc = (flags & RENAME_EXCHANGE) ? -EINVAL : -ENOTEMPTY;
		goto out;
	}
	rc = rename_permission(&op, from, &np, to, flags);
	if (rc)
		goto out;
	if (flags & RENAME_EXCHANGE) {
		if (is_mount_root(to)) {
			rc = -EBUSY;
			goto out;
		}
		tmpfs_exchange(from, to);
		goto out;
	}
	if (to) {
		rc = check_rename_over(from, to);
		if (rc)
			goto out;
	}
	if (np.dir->nlink == 0) {
		rc = -ENOENT;
		goto out;
	}
	rc = tmpfs_move(from, np.dir, np.name, np.len);
	if (!rc && to)
		tmpfs_remove(to);
out:
	if (from)
		fs_node_put(from);
	if (to)
		fs_node_put(to);
	fs_parent_done(&np);
	fs_parent_done(&op);
	return rc;
}

long sys_renameat(int olddfd, const char __user *uold, int newdfd, const char __user *unew)
{
	return sys_renameat2(olddfd, uold, newdfd, unew, 0);
}

long sys_rename(const char __user *uold, const char __user *unew)
{
	return sys_renameat2(AT_FDCWD, uold, AT_FDCWD, unew, 0);
}

/* mknod: regular files, FIFOs, device nodes and socket names. */
long sys_mknodat(int dirfd, const char __user *upath, u32 mode, u32 dev)
{
	return fs_mknod_at(dirfd, upath, mode, dev, NULL);
}

int fs_mknod_at(int dirfd, const char __user *upath, u32 mode, u32 dev, struct fs_node **out)
{
	struct fs_parent p;
	struct fs_node *n;
	u32 type = mode & S_IFMT;
	int rc;

	if (type == 0)
		type = S_IFREG;
	if (type == S_IFDIR)
		return -EPERM;
	if (type != S_IFREG && type != S_IFIFO && type != S_IFCHR && type != S_IFBLK &&
	    type != S_IFSOCK)
		return -EINVAL;
	rc = parent_create(dirfd, upath, false, &p);
	if (rc)
		return rc;
	if ((type == S_IFCHR || type == S_IFBLK) && !cred_fs_capable(current_fscred())) {
		fs_parent_done(&p);
		return -EPERM; /* CAP_MKNOD, after may_create (Linux's vfs_mknod) */
	}
	/* Root may make device nodes (CAP_MKNOD) and sockets' names: they
	 * are made, but opening a device is -ENXIO (no driver behind). */
	n = tmpfs_create(p.dir, p.name, p.len, type | umask_mode(mode), &rc);
	if (n) {
		if (type == S_IFCHR || type == S_IFBLK)
			n->rdev = dev;
		if (out)
			*out = n; /* the caller's reference */
		else
			fs_node_put(n);
	}
	fs_parent_done(&p);
	return rc;
}

long sys_mknod(const char __user *path, u32 mode, u32 dev)
{
	return sys_mknodat(AT_FDCWD, path, mode, dev);
}

#define AT_SYMLINK_FOLLOW 0x400
#define AT_EMPTY_PATH	  0x1000

/*
 * The node linkat names: the path's (a last symbolic link itself unless
 * AT_SYMLINK_FOLLOW), or with AT_EMPTY_PATH and "" olddfd's open file
 * (root has the CAP_DAC_READ_SEARCH Linux asks for).
 */
static int link_source(int olddfd, const char __user *uold, int flags, struct fs_node **out)
{
	struct file *f;
	char c;

	if ((flags & AT_EMPTY_PATH) && !copy_from_user(&c, uold, 1) && c == '\0') {
		if (olddfd == AT_FDCWD)
			return fs_start(AT_FDCWD, "", out);
		f = fd_get(olddfd);
		if (!f)
			return -EBADF;
		*out = fs_node_get(f->node);
		file_put(f);
		return 0;
	}
	return fs_lookup_at(olddfd, uold, (flags & AT_SYMLINK_FOLLOW) ? 0 : FS_WALK_NOFOLLOW, out);
}

/*
 * link, linkat: a new name for a node of the same tmpfs mount.  Linux's
 * order (do_linkat): the flags, the source's lookup, the new name's checks
 * (parent_create), -EXDEV for another mount, then -EPERM for a directory
 * and -ENOENT for a node no name holds any more.
 */
long sys_linkat(int olddfd, const char __user *uold, int newdfd, const char __user *unew,
		int flags)
{
	struct fs_parent p;
	struct fs_node *old;
	int rc;

	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	rc = link_source(olddfd, uold, flags, &old);
	if (rc)
		return rc;
	rc = parent_create(newdfd, unew, false, &p);
	if (rc)
		goto out;
	if (old->sb != p.dir->sb || old->ops)
		rc = -EXDEV;
	else if (S_ISDIR(old->mode))
		rc = -EPERM;
	else if (old->nlink == 0)
		rc = -ENOENT;
	else
		tmpfs_link(p.dir, p.name, p.len, old, &rc); /* NULL: rc -ENOSPC, -ENOMEM */
	fs_parent_done(&p);
out:
	fs_node_put(old);
	return rc;
}

long sys_link(const char __user *uold, const char __user *unew)
{
	return sys_linkat(AT_FDCWD, uold, AT_FDCWD, unew, 0);
}

/* symlink, symlinkat: the target is any string of 1 to PATH_MAX - 1 bytes
 * (-ENOENT, -ENAMETOOLONG), read before the new name's checks. */
long sys_symlinkat(const char __user *utarget, int dirfd, const char __user *upath)
{
	struct fs_parent p;
	struct fs_node *n;
	char *target;
	int rc = fs_get_path(utarget, &target);

	if (rc)
		return rc;
	rc = parent_create(dirfd, upath, false, &p);
	if (rc)
		goto out;
	n = tmpfs_symlink(p.dir, p.name, p.len, target, &rc);
	if (n)
		fs_node_put(n);
	fs_parent_done(&p);
out:
	kfree(target);
	return rc;
}

long sys_symlink(const char __user *utarget, const char __user *upath)
{
	return sys_symlinkat(utarget, AT_FDCWD, upath);
}

/* readlink, readlinkat: the target's first bufsiz bytes, no NUL added;
 * -EINVAL for bufsiz <= 0 (first) and for anything but a symbolic link. */
long sys_readlinkat(int dirfd, const char __user *upath, char __user *ubuf, int bufsiz)
{
	struct fs_node *n;
	u32 len;
	int rc;

	if (bufsiz <= 0)
		return -EINVAL;
	rc = fs_lookup_at(dirfd, upath, FS_WALK_NOFOLLOW, &n);
	if (rc)
		return rc;
	len = n->size < (u32)bufsiz ? n->size : (u32)bufsiz;
	if (!S_ISLNK(n->mode))
		rc = -EINVAL;
	else
		rc = copy_to_user(ubuf, n->link, len) ? -EFAULT : (int)len;
	fs_node_put(n);
	return rc;
}

long sys_readlink(const char __user *upath, char __user *ubuf, int bufsiz)
{
	return sys_readlinkat(AT_FDCWD, upath, ubuf, bufsiz);
}

static void set_cwd(struct fs_node *n)
{
	struct fd_table *t = fs_of_current();
	struct fs_node *old = t->cwd;

	t->cwd = n == &fs_root ? NULL : n; /* the caller's reference moves here */
	if (old)
		fs_node_put(old);
}

long sys_chdir(const char __user *upath)
{
	struct fs_node *n;
	int rc = fs_lookup_at(AT_FDCWD, upath, 0, &n);

	if (rc)
		return rc;
	rc = S_ISDIR(n->mode) ? fs_permission(n, MAY_EXEC) : -ENOTDIR;
	if (rc) {
		fs_node_put(n);
		return rc;
	}
	set_cwd(n);
	return 0;
}

long sys_fchdir(int fd)
{
	struct file *f = fd_get(fd);
	int rc = 0;

	if (!f)
		return -EBADF;
	if (f->ops || !S_ISDIR(f->node->mode))
		rc = -ENOTDIR;
	else
		rc = fs_permission(f->node, MAY_EXEC);
	if (!rc)
		set_cwd(fs_node_get(f->node));
	file_put(f);
	return rc;
}

/*
 * getcwd: the names from the cwd up to the root, built from the end of a
 * PATH_MAX buffer.  The length with the NUL, or -ENOENT (the cwd was
 * removed), -ERANGE (size too small), -ENAMETOOLONG (deeper than PATH_MAX).
 */
long sys_getcwd(char __user *ubuf, u32 size)
{
	struct fs_node *n = fs_of_current()->cwd;
	char *buf;
	u32 pos = PATH_MAX, len;
	long rc;

	if (n && n->nlink == 0)
		return -ENOENT;
	buf = kmalloc(PATH_MAX);
	if (!buf)
		return -ENOMEM;
	buf[--pos] = '\0';
	if (!n || n == &fs_root)
		buf[--pos] = '/';
	for (; n && n != &fs_root; n = n->parent) {
		if (pos < n->name_len + 1) {
			kfree(buf);
			return -ENAMETOOLONG;
		}
		pos -= n->name_len;
		memcpy(buf + pos, n->name, n->name_len);
		buf[--pos] = '/';
	}
	len = PATH_MAX - pos;
	if (len > size)
		rc = -ERANGE;
	else
		rc = copy_to_user(ubuf, buf + pos, len) ? -EFAULT : (long)len;
	kfree(buf);
	return rc;
}

long sys_umask(u32 mask)
{
	struct fd_table *t = fs_of_current();
	u32 old = t->umask;

	t->umask = mask & 0777;
	return (long)old;
}
