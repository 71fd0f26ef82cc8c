/*
 * /proc/sys: what tick386 has of Linux's sysctl tree, the limits of POSIX
 * message queues (ipc/mqueue_name.c), in Linux's place and format:
 *
 *   /proc/sys/fs/mqueue/msg_max          "10\n"    mq_maxmsg's bound
 *   /proc/sys/fs/mqueue/msgsize_max      "8192\n"  mq_msgsize's bound
 *   /proc/sys/fs/mqueue/msg_default      "10\n"    mq_maxmsg of a NULL attr
 *   /proc/sys/fs/mqueue/msgsize_default  "8192\n"  mq_msgsize of a NULL attr
 *   /proc/sys/fs/mqueue/queues_max       "256\n"   queues at most (ENOSPC)
 *   /proc/sys/fs/pipe-max-size           "1048576\n" F_SETPIPE_SZ's bound
 *                                        without CAP_SYS_RESOURCE (fs/pipe.c)
 *   /proc/sys/kernel/...                 uname's names (fs/proc_sys_kernel.c)
 *
 * Read-only here (0444; a write is -EACCES, as Linux answers for a sysctl
 * without write permission): the limits are the constants of
 * <abi/mqueue.h> and fs/pipe.c's.  Linux's files are 0644 and root may change them.
 *
 * The directories are permanent nodes linked at boot, like /sys's; /proc's
 * root lookup hands out the top one (fs/proc.c).
 */
#include "fs/fs.h"
#include "fs/proc.h"
#include "fs/syscalls.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/mqueue.h>
#include <abi/stat.h>

#define PROC_DEV 3 /* st_dev of /proc (fs/proc.c) */

static int sysctl_generate(struct fs_node *n, char **text, u32 *len);

static const struct fs_node_ops sysctl_ops = {
	.generate = sysctl_generate,
	.write_error = -EACCES,
};

#define DIR_NODE(kname, kino)                                                                      \
	{ .name = kname, .name_len = sizeof(kname) - 1, .ino = kino, .mode = S_IFDIR | 0555,       \
	  .nlink = 2, .dev = PROC_DEV }
#define FILE_NODE(kname, kino)                                                                     \
	{ .name = kname, .name_len = sizeof(kname) - 1, .ino = kino, .mode = S_IFREG | 0444,       \
	  .nlink = 1, .dev = PROC_DEV, .ops = &sysctl_ops }

static struct fs_node sys_dir = DIR_NODE("sys", 0x7f000101);
static struct fs_node fs_dir = DIR_NODE("fs", 0x7f000102);
static struct fs_node mqueue_dir = DIR_NODE("mqueue", 0x7f000103);
static struct fs_node files[] = {
	FILE_NODE("msg_default", 0x7f000104),
	FILE_NODE("msg_max", 0x7f000105),
	FILE_NODE("msgsize_default", 0x7f000106),
	FILE_NODE("msgsize_max", 0x7f000107),
	FILE_NODE("queues_max", 0x7f000108),
};
static struct fs_node pipe_max_size = FILE_NODE("pipe-max-size", 0x7f000109);
static const long values[] = {
	ABI_MQ_DFLT_MSG, ABI_MQ_MSG_MAX, ABI_MQ_DFLT_MSGSIZE, ABI_MQ_MSGSIZE_MAX, ABI_MQ_QUEUES_MAX,
};

static void link_child(struct fs_node *dir, struct fs_node *n)
{
	n->parent = dir;
	if (dir->last_child)
		dir->last_child->next_sibling = n;
	else
		dir->first_child = n;
	dir->last_child = n;
	dir->child_count++;
	if (S_ISDIR(n->mode))
		dir->nlink++;
}

struct fs_node *proc_sys_init(struct fs_node *proc_root)
{
	sys_dir.parent = proc_root;
	link_child(&sys_dir, &fs_dir);
	link_child(&sys_dir, proc_sys_kernel_dir());
	link_child(&fs_dir, &mqueue_dir);
	link_child(&fs_dir, &pipe_max_size);
	for (u32 i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		link_child(&mqueue_dir, &files[i]);
	return &sys_dir;
}

static int sysctl_generate(struct fs_node *n, char **text, u32 *len)
{
	char *buf = kmalloc(16);
	long v = n == &pipe_max_size ? PIPE_MAX_SIZE : values[n - files];

	if (!buf)
		return -ENOMEM;
	*len = (u32)snprintf(buf, 16, "%ld\n", v);
	*text = buf;
	return 0;
}
