/* Open files and descriptor tables: see fs/file.h. */
#include "fs/file.h"
#include "kernel/task/rlimit.h"
#include "fs/fs.h"
#include "kernel/panic.h"
#include "kernel/task/task.h"
#include "mm/kheap.h"
#include <abi/errno.h>

void fs_task_init(struct fd_table *t)
{
	t->fd[0] = &console_in;
	t->fd[1] = &console_out;
	t->fd[2] = &console_out;
	t->cwd = NULL;
	t->umask = 022;
}

void fs_task_fork(struct fd_table *child, const struct fd_table *parent)
{
	for (int fd = 0; fd < FD_MAX; fd++) {
		struct file *f = parent->fd[fd];

		child->fd[fd] = f ? file_get(f) : NULL;
		child->cloexec[fd] = parent->cloexec[fd];
	}
	child->cwd = parent->cwd ? fs_node_get(parent->cwd) : NULL;
	child->umask = parent->umask;
}

void fs_task_exec(struct fd_table *t)
{
	for (int fd = 0; fd < FD_MAX; fd++) {
		if (t->fd[fd] && t->cloexec[fd]) {
			file_flush(t->fd[fd]);
			file_put(t->fd[fd]);
			t->fd[fd] = NULL;
		}
		t->cloexec[fd] = 0;
	}
}

void file_flush(struct file *f)
{
	if (f->ops && f->ops->flush)
		f->ops->flush(f);
}

void file_put(struct file *f)
{
	if (f->is_static)
		return;
	BUG_ON(f->refs == 0); /* a put without its get: the file is freed already */
	if (--f->refs == 0) {
		if (f->epoll_items)
			eventpoll_release(f);
		flock_release(f); /* its flock(2) lock goes with the description */
		if (f->ops && f->ops->release)
			f->ops->release(f);
		kfree(f->text);
		fs_node_put(f->node);
		kfree(f);
	}
}

void fs_task_exit(struct fd_table *t)
{
	for (int fd = 0; fd < FD_MAX; fd++) {
		if (t->fd[fd]) {
			file_flush(t->fd[fd]);
			file_put(t->fd[fd]);
		}
		t->fd[fd] = NULL;
	}
	if (t->cwd)
		fs_node_put(t->cwd);
	t->cwd = NULL;
}

struct file *file_get(struct file *f)
{
	if (!f->is_static)
		f->refs++;
	return f;
}

struct file *fd_get(int fd)
{
	struct file *f;

	if (fd < 0 || fd >= FD_MAX)
		return NULL;
	f = current->leader->files.fd[fd];
	return f ? file_get(f) : NULL;
}

bool fd_available(void)
{
	struct fd_table *t = &current->leader->files;
	int limit = fd_limit();

	for (int fd = 0; fd < limit; fd++)
		if (!t->fd[fd])
			return true;
	return false;
}

int fd_install(struct file *f, bool cloexec)
{
	return fd_install_from(f, 0, cloexec);
}

/* Descriptors at or past RLIMIT_NOFILE's soft limit are not given out
 * (at most FD_MAX, the table's size). */
int fd_limit(void)
{
	u64 n = rlimit_cur(RLIMIT_NOFILE);

	return n < FD_MAX ? (int)n : FD_MAX;
}

int fd_install_from(struct file *f, int from, bool cloexec)
{
	struct fd_table *t = &current->leader->files;
	int limit = fd_limit();

	for (int fd = from; fd < limit; fd++)
		if (!t->fd[fd]) {
			t->fd[fd] = f;
			t->cloexec[fd] = cloexec ? 1 : 0;
			return fd;
		}
	return -EMFILE;
}

void fd_uninstall(int fd)
{
	struct fd_table *t = &current->leader->files;

	t->fd[fd] = NULL;
	t->cloexec[fd] = 0;
}

bool fd_table_has_room(void)
{
	struct fd_table *t = &current->leader->files;

	for (int fd = 0; fd < FD_MAX; fd++)
		if (!t->fd[fd])
			return true;
	return false;
}
