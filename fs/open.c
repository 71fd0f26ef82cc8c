/*
 * open, openat, close, access, dup, dup2.
 *
 * The tree is read-only, so these answer as Linux does on a read-only
 * mount, in Linux's order (do_open, may_open): O_CREAT|O_EXCL on what
 * exists is -EEXIST; a directory opened with O_CREAT, for writing or with
 * O_TRUNC is -EISDIR; O_DIRECTORY on a file is -ENOTDIR; a file opened for
 * writing or with O_TRUNC is -EROFS, and so is creating a name that does
 * not exist in a directory that does; then the mode bits (fs/perm.h:
 * -EACCES), which root passes except execute without any x bit.
 * tmpfs (fs/tmpfs.h) takes writes, O_CREAT and O_TRUNC; a relative path
 * starts at the process's working directory (fs/namei.c).
 */
#include "fs/chrdev.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/fifo.h"
#include "fs/namei.h"
#include "fs/perm.h"
#include "fs/tmpfs.h"
#include "fs/syscalls.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

int fs_get_path(const char __user *upath, char **out)
{
	/* strncpy_from_user takes at most size - 2 characters and the NUL. */
	char *buf = kmalloc(PATH_MAX + 1);
	long len;

	if (!buf)
		return -ENOMEM;
	len = strncpy_from_user(buf, upath, PATH_MAX + 1);
	if (len < 0) {
		kfree(buf);
		return (int)len;
	}
	if (len == 0) {
		kfree(buf);
		return -ENOENT;
	}
	*out = buf;
	return 0;
}

static int check_open(struct fs_node *n, int flags)
{
	bool writing = (flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC);
	int mask;

	if ((flags & O_CREAT) && (flags & O_EXCL))
		return -EEXIST;
	if (S_ISDIR(n->mode))
		return (writing || (flags & O_CREAT)) ? -EISDIR : fs_permission(n, MAY_READ);
	if (flags & O_DIRECTORY)
		return -ENOTDIR;
	/* A generated file opens for writing as Linux's /proc does for root;
	 * write(2) then refuses (fs_node_ops.write_error).  A device node is
	 * no bytes of the tree: written through its driver (Linux's
	 * sb_permission: -EROFS only for files, directories and links). */
	if (writing && S_ISREG(n->mode) && !n->ops && !n->sb)
		return -EROFS;
	/* Linux's may_open: the access mode's bits (a FIFO's O_TRUNC aside). */
	switch (flags & O_ACCMODE) {
	case O_RDONLY:
		mask = MAY_READ;
		break;
	case O_WRONLY:
		mask = MAY_WRITE;
		break;
	default:
		mask = MAY_READ | MAY_WRITE;
		break;
	}
	if ((flags & O_TRUNC) && S_ISREG(n->mode))
		mask |= MAY_WRITE;
	return fs_permission(n, mask);
}

/* A regular file's bytes for this open: the archive's, or text made now
 * (tmpfs: the node's shmem, read through f->node). */
static int open_bytes(struct file *f, struct fs_node *n)
{
	char *text;
	u32 len;
	int rc;

	if (n->sb)
		return 0;
	if (!n->ops || !n->ops->generate) {
		f->data = n->data;
		f->size = n->size;
		return 0;
	}
	rc = n->ops->generate(n, &text, &len);
	if (rc)
		return rc;
	f->data = (const u8 *)text;
	f->size = len;
	f->text = text;
	return 0;
}

/*
 * The node an open names, made with O_CREAT if missing (tmpfs only):
 * referenced in *out, *created when it is new.  Linux's order: the walk
 * to the directory, O_CREAT of a name with a trailing slash (-EISDIR),
 * then the name, then whether the directory takes a new one.  A last
 * symbolic link is followed (-ELOOP with O_NOFOLLOW); with O_CREAT a
 * dangling one makes its target, walked from the link's directory, as
 * Linux does, and O_EXCL refuses any link (-EEXIST).
 */
static int open_node(int dirfd, const char __user *upath, int flags, u32 mode,
		     struct fs_node **out, bool *created)
{
	struct fs_parent p;
	struct fs_node *n;
	char *target;
	int rc;

	*created = false;
	if (!(flags & O_CREAT)) {
		rc = fs_lookup_at(dirfd, upath, (flags & O_NOFOLLOW) ? FS_WALK_NOFOLLOW : 0, out);
		if (!rc && S_ISLNK((*out)->mode)) {
			fs_node_put(*out);
			rc = -ELOOP;
		}
		return rc;
	}
	rc = fs_parent_at(dirfd, upath, &p);
	if (rc)
		return rc;
	for (;;) {
		if (p.len == 0 || p.dot || p.dotdot || p.slash) {
			rc = -EISDIR;
			goto out;
		}
		rc = fs_parent_child(&p, &n);
		if (rc)
			break;
		*out = fs_node_get(fs_inode(n));
		fs_node_put(n);
		if (!S_ISLNK((*out)->mode))
			goto out;
		n = *out;
		rc = (flags & O_EXCL) ? -EEXIST : (flags & O_NOFOLLOW) ? -ELOOP : 0;
		if (!rc && ++p.links > FS_MAX_LINKS)
			rc = -ELOOP;
		target = rc ? NULL : kmalloc(n->size + 1);
		if (!rc && !target)
			rc = -ENOMEM;
		if (rc) {
			fs_node_put(n);
			goto out;
		}
		/* The target from the link's directory: the path is now it. */
		memcpy(target, n->link, n->size + 1);
		fs_node_put(n);
		{
			struct fs_parent q = {.links = p.links};

			rc = fs_parent_split(p.dir, target, &q);
			fs_parent_done(&p);
			p = q;
		}
		if (rc)
			return rc;
	}
	if (rc != -ENOENT)
		goto out;
	rc = fs_parent_writable(&p);
	if (rc)
		goto out;
	*out = tmpfs_create(p.dir, p.name, p.len,
			    S_IFREG | (mode & ~current->leader->files.umask & 07777), &rc);
	*created = *out != NULL; /* its entry's reference, and ours */
out:
	fs_parent_done(&p);
	return rc;
}

long sys_openat(int dirfd, const char __user *upath, int flags, u32 mode)
{
	struct fs_node *n;
	struct file *f;
	bool created;
	int rc;

	/* Linux 6.4 on: O_CREAT with O_DIRECTORY is never meant. */
	if ((flags & O_CREAT) && (flags & O_DIRECTORY))
		return -EINVAL;
	/* Linux takes the descriptor first: a full table is -EMFILE before
	 * any lookup, and no file is made for an open that cannot succeed. */
	if (!fd_table_has_room())
		return -EMFILE;
	/* The struct file before the name (Linux's alloc_empty_file in
	 * path_openat): its -ENOMEM leaves no file made by O_CREAT behind. */
	f = kzalloc(sizeof(*f));
	if (!f)
		return -ENOMEM;
	rc = open_node(dirfd, upath, flags, mode, &n, &created);
	if (rc)
		goto out_free;
	rc = created ? 0 : check_open(n, flags);
	if (rc)
		goto out_put;
	if (S_ISFIFO(n->mode) && n->sb) {
		kfree(f); /* the FIFO's end is a pipe file (fs/pipe.c) */
		return fifo_open(n, flags); /* takes n's reference */
	}
	if (S_ISBLK(n->mode) || S_ISSOCK(n->mode)) {
		/* A block device (no driver here), a socket's name: -ENXIO as
		 * Linux (no bytes of their own to read) */
		rc = -ENXIO;
		goto out_put;
	}
	/* A character device: its driver by number (fs/chrdev.c), or -ENXIO. */
	rc = S_ISCHR(n->mode) ? chrdev_open(f, n) : 0;
	if (rc)
		goto out_put;
	f->node = n;
	f->flags = (u32)flags;
	f->refs = 1;
	rc = S_ISREG(n->mode) ? open_bytes(f, n) : 0;
	if (!rc && n->ops && n->ops->opened)
		n->ops->opened(f);
	if (!rc)
		rc = fd_install(f, flags & O_CLOEXEC);
	if (rc >= 0) {
		/* O_TRUNC after the open can no longer fail (Linux: do_truncate
		 * in do_open, after the file is made). */
		if ((flags & O_TRUNC) && n->sb && S_ISREG(n->mode) && n->shm->size) {
			shmem_truncate(n->shm, 0);
			tmpfs_touch(n, true, true);
		}
		return rc; /* the file holds n's reference now */
	}
	kfree(f->text);
out_put:
	fs_node_put(n);
out_free:
	kfree(f);
	return rc;
}

long sys_open(const char __user *path, int flags, u32 mode)
{
	return sys_openat(AT_FDCWD, path, flags, mode);
}

/*
 * close drops the descriptor's reference only: a call of another thread
 * that holds the file (a read sleeping on it) keeps it, and the last
 * file_put frees it (fs/file.h).
 */
long sys_close(int fd)
{
	struct fd_table *t = &current->leader->files;
	struct file *f;

	if (fd < 0 || fd >= FD_MAX || !t->fd[fd])
		return -EBADF;
	f = t->fd[fd];
	t->fd[fd] = NULL;
	t->cloexec[fd] = 0;
	file_flush(f);
	file_put(f);
	return 0;
}

#define AT_EACCESS	    0x200
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_EMPTY_PATH	    0x1000

/*
 * access, faccessat, faccessat2: the mode bits against the real ids
 * (Linux's access_override_creds: fsuid and fsgid become the real ones
 * for the lookup and the check, and privilege is real uid 0), or the
 * effective ones with AT_EACCESS.  F_OK only finds the file.
 */
long sys_faccessat2(int dirfd, const char __user *upath, int mode, int flags)
{
	const struct cred *c = task_cred(current);
	struct cred real = *c;
	struct fs_node *n;
	int rc;

	if (mode & ~(R_OK | W_OK | X_OK))
		return -EINVAL;
	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (!(flags & AT_EACCESS) && (c->fsuid != c->uid || c->fsgid != c->gid)) {
		real.fsuid = c->uid;
		real.fsgid = c->gid;
		current->fs_cred = &real;
	}
	rc = fs_lookup_at(dirfd, upath, flags & AT_SYMLINK_NOFOLLOW, &n);
	if (rc)
		goto out;
	if ((mode & W_OK) && (S_ISDIR(n->mode) || S_ISREG(n->mode)) && !n->ops && !n->sb)
		rc = -EROFS;
	else if (mode)
		rc = fs_permission(n, mode); /* R_OK, W_OK, X_OK are MAY_READ, _WRITE, _EXEC */
	fs_node_put(n);
out:
	current->fs_cred = NULL;
	return rc;
}

long sys_faccessat(int dirfd, const char __user *path, int mode)
{
	return sys_faccessat2(dirfd, path, mode, 0);
}

long sys_access(const char __user *path, int mode)
{
	return sys_faccessat2(AT_FDCWD, path, mode, 0);
}

/* Put f at newfd, a reference of the descriptor's own. */
static void fd_share(struct file *f, int fd)
{
	current->leader->files.fd[fd] = file_get(f);
	current->leader->files.cloexec[fd] = 0;
}

long sys_dup(int oldfd)
{
	struct file *f = fd_get(oldfd);
	int fd;

	if (!f)
		return -EBADF;
	fd = fd_install(f, false); /* the new descriptor takes the call's reference */
	if (fd < 0)
		file_put(f);
	return fd;
}

long sys_dup2(int oldfd, int newfd)
{
	struct file *f = fd_get(oldfd), *old;

	if (!f)
		return -EBADF;
	if (newfd < 0 || newfd >= fd_limit()) {
		file_put(f);
		return -EBADF;
	}
	if (newfd != oldfd) {
		old = current->leader->files.fd[newfd];
		fd_share(f, newfd);
		if (old) {
			file_flush(old);
			file_put(old);
		}
	}
	file_put(f);
	return newfd;
}
