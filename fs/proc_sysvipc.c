/*
 * /proc/sysvipc/{msg,sem}: System V message queues and semaphore sets, one
 * a line in Linux's format (ipc/msg.c msg_proc_show, ipc/sem.c
 * sem_proc_show), what ipcs and LTP's tests read.  Read-only (0444); the
 * text is made at open.  The nodes are static (refs 0), as /proc/sys's.
 */
#include "fs/fs.h"
#include "fs/proc.h"
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/stat.h>

static int sysvipc_generate(struct fs_node *n, char **text, u32 *len);
static int sysvipc_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out);
static bool sysvipc_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e);

static const struct fs_node_ops sysvipc_dir_ops = {
	.lookup = sysvipc_lookup,
	.entry_at = sysvipc_entry_at,
};
static const struct fs_node_ops sysvipc_file_ops = {
	.generate = sysvipc_generate,
	.write_error = -EIO,
};

static struct fs_node sysvipc_dir = {
	.name = "sysvipc", .name_len = 7, .ino = 0x7f000120, .mode = S_IFDIR | 0555,
	.nlink = 2, .dev = 3, .ops = &sysvipc_dir_ops,
};

static struct fs_node sysvipc_files[] = {
	{ .name = "msg", .name_len = 3, .ino = 0x7f000121, .mode = S_IFREG | 0444, .nlink = 1,
	  .dev = 3, .ops = &sysvipc_file_ops, .parent = &sysvipc_dir },
	{ .name = "sem", .name_len = 3, .ino = 0x7f000122, .mode = S_IFREG | 0444, .nlink = 1,
	  .dev = 3, .ops = &sysvipc_file_ops, .parent = &sysvipc_dir },
};

struct fs_node *proc_sysvipc_dir(struct fs_node *proc_root)
{
	sysvipc_dir.parent = proc_root;
	return &sysvipc_dir;
}

static int sysvipc_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	(void)dir;
	for (u32 i = 0; i < ARRAY_SIZE(sysvipc_files); i++)
		if (sysvipc_files[i].name_len == len && !memcmp(sysvipc_files[i].name, name, len)) {
			*out = &sysvipc_files[i];
			return 0;
		}
	return -ENOENT;
}

static bool sysvipc_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	(void)dir;
	if (i >= ARRAY_SIZE(sysvipc_files))
		return false;
	e->name = sysvipc_files[i].name;
	e->name_len = sysvipc_files[i].name_len;
	e->ino = sysvipc_files[i].ino;
	e->mode = sysvipc_files[i].mode;
	return true;
}

static int sysvipc_generate(struct fs_node *n, char **text, u32 *len)
{
	struct proc_text out = { .buf = kmalloc(256), .cap = 256 };

	if (!out.buf)
		return -ENOMEM;
	if (n == &sysvipc_files[0])
		msg_proc_show(&out);
	else
		sem_proc_show(&out);
	if (out.nomem) {
		kfree(out.buf);
		return -ENOMEM;
	}
	*text = out.buf;
	*len = out.len;
	return 0;
}
