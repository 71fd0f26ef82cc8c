/*
 * The names of message queues, mq_open (277) and mq_unlink (278), as
 * Linux's mqueue file system: one flat directory, so a name is one path
 * component.  user/libc strips the leading '/' of "/name" (as glibc), and
 * the kernel is given "name": empty is -ENOENT (getname), "." "..", or a
 * '/' inside, -EACCES (lookup_one_len), more than NAME_MAX bytes
 * -ENAMETOOLONG.
 *
 * The table is a list of the named queues; it holds one reference on each
 * (ipc/mqueue.h).  tick386 has no capabilities: its callers get Linux's
 * checks of a caller without CAP_SYS_RESOURCE (what the Linux host's root
 * in a container gets too): mq_maxmsg <= msg_max (10), mq_msgsize <=
 * msgsize_max (8192), at most queues_max (256) queues (-ENOSPC), and the
 * RLIMIT_MSGQUEUE charge of all queues (819200 bytes: -EMFILE beyond).
 * Linux's order on creation: -ENOSPC, -EINVAL, -EOVERFLOW, -EMFILE.
 */
#include "fs/file.h"
#include "fs/syscalls.h"
#include "ipc/mqueue.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>

/* [name table] the named queues, by their list node table */
static struct list_head mq_names = {&mq_names, &mq_names};

static struct mqueue *mq_lookup(const char *name)
{
	struct mqueue *q;

	list_for_each_entry(q, &mq_names, table)
		if (!strcmp(q->name, name))
			return q;
	return NULL;
}

/* Linux's lookup_one_len and simple_lookup on the kernel's name. */
static long mq_check_name(const char *name)
{
	size_t n = strlen(name);

	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return -EACCES;
	for (size_t i = 0; i < n; i++)
		if (name[i] == '/')
			return -EACCES;
	if (n > MQ_NAME_MAX)
		return -ENAMETOOLONG;
	return 0;
}

/* Linux's checks of a new queue's attributes (an uncapable caller's bounds). */
static long mq_check_attr(const struct mq_attr *a)
{
	if (a->mq_maxmsg <= 0 || a->mq_msgsize <= 0)
		return -EINVAL;
	if (a->mq_maxmsg > ABI_MQ_MSG_MAX || a->mq_msgsize > ABI_MQ_MSGSIZE_MAX)
		return -EINVAL;
	return 0;
}

static long mq_create(const char *name, const struct mq_attr *ua, struct mqueue **out)
{
	long maxmsg = ABI_MQ_DFLT_MSG, msgsize = ABI_MQ_DFLT_MSGSIZE;
	u64 total;
	u32 bytes;
	long rc;

	if (mqueue_count >= ABI_MQ_QUEUES_MAX)
		return -ENOSPC;
	if (ua) {
		rc = mq_check_attr(ua);
		if (rc)
			return rc;
		maxmsg = ua->mq_maxmsg;
		msgsize = ua->mq_msgsize;
	}
	/* Linux i386's unsigned long (32 bits): -EOVERFLOW when the charge
	 * does not fit it, as Linux checks before the rlimit */
	total = (u64)maxmsg * (u64)msgsize;
	if (total > 0xffffffffull ||
	    total + (u64)mqueue_cost(maxmsg, 0) > 0xffffffffull)
		return -EOVERFLOW;
	/* RLIMIT_MSGQUEUE: -EMFILE when the charge of every queue would pass it */
	bytes = mqueue_cost(maxmsg, msgsize);
	if ((u64)mqueue_bytes + bytes > ABI_MQ_BYTES_MAX)
		return -EMFILE;
	*out = mqueue_alloc(name, maxmsg, msgsize, bytes);
	return *out ? 0 : -ENOMEM;
}

long sys_mq_open(const char __user *uname, int oflag, u32 mode, const struct mq_attr __user *uattr)
{
	struct mq_attr attr;
	struct mqueue *q, *created = NULL;
	struct file *f;
	char *name;
	long rc;
	int fd;

	(void)mode; /* every caller is root: the permission never refuses */
	if (uattr && copy_from_user(&attr, uattr, sizeof(attr)))
		return -EFAULT;
	rc = fs_get_path(uname, &name);
	if (rc)
		return rc;
	/* Linux takes the descriptor before it looks at the name */
	if (!fd_available()) {
		rc = -EMFILE;
		goto out;
	}
	rc = mq_check_name(name);
	if (rc)
		goto out;
	q = mq_lookup(name);
	if (!q) {
		if (!(oflag & O_CREAT)) {
			rc = -ENOENT;
			goto out;
		}
		rc = mq_create(name, uattr ? &attr : NULL, &created);
		if (rc)
			goto out;
		q = created;
	} else if ((oflag & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL)) {
		rc = -EEXIST;
		goto out;
	} else if ((oflag & O_ACCMODE) == O_ACCMODE) {
		rc = -EINVAL;
		goto out;
	}
	f = mqueue_file(q, oflag);
	if (!f) {
		rc = -ENOMEM;
		goto drop;
	}
	/* Linux's mq_open descriptors are close-on-exec (get_unused_fd_flags(O_CLOEXEC)) */
	fd = fd_install(f, true);
	if (fd < 0) {
		rc = fd;
		file_put(f); /* the file's reference of q goes */
		goto drop;
	}
	if (created) {
		created->named = true;
		list_add_tail(&created->table, &mq_names); /* the table keeps alloc's reference */
	}
	rc = fd;
	goto out;
drop:
	if (created)
		mqueue_put(created);
out:
	kfree(name);
	return rc;
}

long sys_mq_unlink(const char __user *uname)
{
	struct mqueue *q;
	char *name;
	long rc;

	rc = fs_get_path(uname, &name);
	if (rc)
		return rc;
	rc = mq_check_name(name);
	if (rc)
		goto out;
	q = mq_lookup(name);
	if (!q) {
		rc = -ENOENT;
		goto out;
	}
	list_del_init(&q->table);
	q->named = false;
	mqueue_put(q); /* the name's reference: the queue lives on while open */
out:
	kfree(name);
	return rc;
}
