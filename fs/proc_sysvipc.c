/*
 * /proc/sysvipc: the System V IPC objects, one file per kind built, in
 * Linux's place and format (ipc/util.c's sysvipc proc interface):
 *
 *   /proc/sysvipc/msg   the message queues (ipc/msg.c's text)
 *   /proc/sysvipc/sem   the semaphore sets (ipc/sem.c's text)
 *   /proc/sysvipc/shm   the shared memory segments (ipc/shm.c's text)
 *
 * The nodes are permanent, linked at boot under /proc's root
 * (fs/proc.c hands the directory out); a file's text is made at open.
 */
#include "fs/fs.h"
#include "fs/proc.h"
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "ipc/shm.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/stat.h>

#define PROC_DEV 3 /* st_dev of /proc (fs/proc.c) */

static int sysvipc_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out);
static bool sysvipc_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e);
static int sysvipc_generate(struct fs_node *n, char **text, u32 *len);

static const struct fs_node_ops sysvipc_dir_ops = {
	.lookup = sysvipc_lookup,
	.entry_at = sysvipc_entry_at,
};
static const struct fs_node_ops sysvipc_file_ops = {
	.generate = sysvipc_generate,
	.write_error = -EIO, /* 0444: the open for writing is EACCES first */
};

static struct fs_node sysvipc_dir = {
	.name = "sysvipc", .name_len = 7, .ino = 0x7f000120, .mode = S_IFDIR | 0555,
	.nlink = 2, .dev = PROC_DEV, .ops = &sysvipc_dir_ops,
};

struct sysvipc_file {
	struct fs_node node;
	void (*show)(struct proc_text *out);
};

static struct sysvipc_file sysvipc_files[] = {
	{ .node = { .name = "msg", .name_len = 3, .ino = 0x7f000122, .mode = S_IFREG | 0444,
		    .nlink = 1, .dev = PROC_DEV, .ops = &sysvipc_file_ops },
	  .show = msg_proc_show },
	{ .node = { .name = "sem", .name_len = 3, .ino = 0x7f000123, .mode = S_IFREG | 0444,
		    .nlink = 1, .dev = PROC_DEV, .ops = &sysvipc_file_ops },
	  .show = sem_proc_show },
	{ .node = { .name = "shm", .name_len = 3, .ino = 0x7f000121, .mode = S_IFREG | 0444,
		    .nlink = 1, .dev = PROC_DEV, .ops = &sysvipc_file_ops },
	  .show = shm_proc_show },
};

struct fs_node *proc_sysvipc_init(struct fs_node *proc_root)
{
	sysvipc_dir.parent = proc_root;
	for (u32 i = 0; i < ARRAY_SIZE(sysvipc_files); i++)
		sysvipc_files[i].node.parent = &sysvipc_dir;
	return &sysvipc_dir;
}

static int sysvipc_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	(void)dir;
	for (u32 i = 0; i < ARRAY_SIZE(sysvipc_files); i++)
		if (sysvipc_files[i].node.name_len == len &&
		    !memcmp(sysvipc_files[i].node.name, name, len)) {
			*out = &sysvipc_files[i].node;
			return 0;
		}
	return -ENOENT;
}

static bool sysvipc_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	(void)dir;
	if (i >= ARRAY_SIZE(sysvipc_files))
		return false;
	e->name = sysvipc_files[i].node.name;
	e->name_len = sysvipc_files[i].node.name_len;
	e->ino = sysvipc_files[i].node.ino;
	e->mode = sysvipc_files[i].node.mode;
	return true;
}

static int sysvipc_generate(struct fs_node *n, char **text, u32 *len)
{
	struct proc_text out = { .buf = kmalloc(512), .cap = 512 };

	if (!out.buf)
		return -ENOMEM;
	container_of(n, struct sysvipc_file, node)->show(&out);
	if (out.nomem) {
		kfree(out.buf);
		return -ENOMEM;
	}
	*text = out.buf;
	*len = out.len;
	return 0;
}
