/*
 * open, openat, close, access, dup, dup2.
 *
 * The tree is read-only, so these answer as Linux does on a read-only
 * mount, in Linux's order (do_open, may_open): O_CREAT|O_EXCL on what
 * exists is -EEXIST; a directory opened with O_CREAT, for writing or with
 * O_TRUNC is -EISDIR; O_DIRECTORY on a file is -ENOTDIR; a file opened for
 * writing or with O_TRUNC is -EROFS, and so is creating a name that does
 * not exist in a directory that does.  Tasks run as root, so permission
 * bits never refuse reading; access(X_OK) wants an x bit on a file.
 * There is no current directory yet: it is the root.
 */
#include "fs/file.h"
#include "fs/fs.h"
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

/* The directory a relative path of the *at calls starts from: *out is
 * referenced (fs_node_put), so that a close of dirfd meanwhile cannot
 * free a generated directory under the walk. */
static int start_dir(int dirfd, const char *path, struct fs_node **out)
{
	struct file *f;
	int rc = 0;

	if (path[0] == '/' || dirfd == AT_FDCWD) {
		*out = &fs_root;
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

/* O_CREAT of a missing name: -EROFS if its directory exists, else why not. */
static int create_error(struct fs_node *start, char *path)
{
	size_t len = strlen(path);
	struct fs_node *dir;
	int rc;

	while (len > 0 && path[len - 1] == '/')
		len--;
	while (len > 0 && path[len - 1] != '/')
		len--;
	if (len == 0)
		return S_ISDIR(start->mode) ? -EROFS : -ENOTDIR;
	path[len] = '\0'; /* keeps the slash: "dir/" */
	rc = fs_walk(start, path, &dir);
	if (rc)
		return rc;
	rc = S_ISDIR(dir->mode) ? -EROFS : -ENOTDIR;
	fs_node_put(dir);
	return rc;
}

static int check_open(struct fs_node *n, int flags)
{
	bool writing = (flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC);

	if ((flags & O_CREAT) && (flags & O_EXCL))
		return -EEXIST;
	if (S_ISDIR(n->mode))
		return (writing || (flags & O_CREAT)) ? -EISDIR : 0;
	if (flags & O_DIRECTORY)
		return -ENOTDIR;
	/* A generated file opens for writing as Linux's /proc does for root;
	 * write(2) then refuses (fs_node_ops.write_error). */
	if (writing && !n->ops)
		return -EROFS;
	return 0;
}

/* A regular file's bytes for this open: the archive's, or text made now. */
static int open_bytes(struct file *f, struct fs_node *n)
{
	char *text;
	u32 len;
	int rc;

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

long sys_openat(int dirfd, const char __user *upath, int flags, u32 mode)
{
	struct fs_node *start, *n;
	struct file *f;
	char *path;
	int rc;

	(void)mode; /* only used to create, which a read-only tree never does */
	rc = fs_get_path(upath, &path);
	if (rc)
		return rc;
	rc = start_dir(dirfd, path, &start);
	if (rc)
		goto out;
	rc = fs_walk(start, path, &n);
	if (rc == -ENOENT && (flags & O_CREAT))
		rc = create_error(start, path);
	fs_node_put(start);
	if (rc)
		goto out;
	rc = check_open(n, flags);
	if (rc)
		goto out_put;
	f = kzalloc(sizeof(*f));
	if (!f) {
		rc = -ENOMEM;
		goto out_put;
	}
	f->node = n;
	f->flags = (u32)flags;
	f->refs = 1;
	rc = S_ISREG(n->mode) ? open_bytes(f, n) : 0;
	if (!rc)
		rc = fd_install(f, flags & O_CLOEXEC);
	if (rc >= 0)
		goto out; /* the file holds n's reference now */
	kfree(f->text);
	kfree(f);
out_put:
	fs_node_put(n);
out:
	kfree(path);
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

long sys_access(const char __user *upath, int mode)
{
	struct fs_node *n;
	char *path;
	int rc;

	if (mode & ~(R_OK | W_OK | X_OK))
		return -EINVAL;
	rc = fs_get_path(upath, &path);
	if (rc)
		return rc;
	rc = fs_walk(&fs_root, path, &n);
	kfree(path);
	if (rc)
		return rc;
	if ((mode & W_OK) && (S_ISDIR(n->mode) || S_ISREG(n->mode)) && !n->ops)
		rc = -EROFS;
	else if ((mode & X_OK) && !S_ISDIR(n->mode) && !(n->mode & 0111))
		rc = -EACCES;
	fs_node_put(n);
	return rc;
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
	if (newfd < 0 || newfd >= FD_MAX) {
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
