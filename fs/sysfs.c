/*
 * /sys, as much of it as tick386 has to say: the clock source, in Linux's
 * place and format (kernel/time/clocksource.c's sysfs attributes):
 *
 *   /sys/devices/system/clocksource/clocksource0/available_clocksource
 *       "tsc hpet acpi_pm pit \n": the usable sources, best rated first,
 *       each followed by a space (0444)
 *   /sys/devices/system/clocksource/clocksource0/current_clocksource
 *       "tsc\n" (0644); writing a name switches to it.  As Linux's
 *       current_clocksource_store: an empty write does nothing, one of 32
 *       bytes or more is -EINVAL; one trailing newline is dropped; a name no usable
 *       source has selects the best rated one; the write returns its length.
 *
 * The directories are permanent nodes linked into the tree at boot (the
 * tree's own lookups serve them); the two files are generated like /proc's
 * (fs/fs.h): their text is made at open.
 */
#include "fs/sysfs.h"
#include "fs/fs.h"
#include "kernel/time/clock.h"
#include "kernel/time/clocksource.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/stat.h>

#define SYSFS_DEV 4 /* st_dev: another file system than the tree and /proc (3) */
#define CS_NAME_LEN 32 /* Linux's longest clock source name + 1 */

enum sysfs_kind { SYSFS_AVAILABLE, SYSFS_CURRENT };

static int sysfs_generate(struct fs_node *n, char **text, u32 *len);
static long current_write(struct fs_node *n, const void *ubuf, size_t len);

static const struct fs_node_ops available_ops = {
	.generate = sysfs_generate,
	.write_error = -EIO,
};
static const struct fs_node_ops current_ops = {
	.generate = sysfs_generate,
	.write = current_write,
};

#define DIR_NODE(kname, kino)                                                                      \
	{ .name = kname, .name_len = sizeof(kname) - 1, .ino = kino, .mode = S_IFDIR | 0755,       \
	  .nlink = 2, .dev = SYSFS_DEV }
#define FILE_NODE(kname, kino, kmode, kops)                                                        \
	{ .name = kname, .name_len = sizeof(kname) - 1, .ino = kino, .mode = S_IFREG | kmode,      \
	  .nlink = 1, .dev = SYSFS_DEV, .ops = kops }

/* Boot builds the links; nothing changes after (the tree's rule). */
static struct fs_node devices = DIR_NODE("devices", 0x7e000001);
static struct fs_node systemdir = DIR_NODE("system", 0x7e000002);
static struct fs_node clocksource_dir = DIR_NODE("clocksource", 0x7e000003);
static struct fs_node clocksource0 = DIR_NODE("clocksource0", 0x7e000004);
static struct fs_node available =
	FILE_NODE("available_clocksource", 0x7e000005, 0444, &available_ops);
static struct fs_node current_file =
	FILE_NODE("current_clocksource", 0x7e000006, 0644, &current_ops);

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

void sysfs_init(void)
{
	struct fs_node *root = fs_mount_point("sys");

	if (!root)
		return;
	link_child(root, &devices);
	link_child(&devices, &systemdir);
	link_child(&systemdir, &clocksource_dir);
	link_child(&clocksource_dir, &clocksource0);
	link_child(&clocksource0, &available);
	link_child(&clocksource0, &current_file);
}

static int sysfs_generate(struct fs_node *n, char **text, u32 *len)
{
	char *buf = kmalloc(64);

	if (!buf)
		return -ENOMEM;
	if (n == &available) {
		*len = (u32)clocksource_list(buf, 64);
	} else {
		const char *name = clocksource_name(clock_source());
		size_t l = strlen(name);

		memcpy(buf, name, l);
		buf[l] = '\n';
		*len = (u32)l + 1;
	}
	*text = buf;
	return 0;
}

static long current_write(struct fs_node *n, const void *ubuf, size_t len)
{
	char name[CS_NAME_LEN];
	size_t l = len;

	(void)n;
	if (len == 0)
		return 0; /* Linux's sysfs_kf_write: nothing to store */
	if (len >= CS_NAME_LEN)
		return -EINVAL;
	if (copy_from_user(name, ubuf, len))
		return -EFAULT;
	if (name[l - 1] == '\n')
		l--;
	name[l] = '\0';
	/* Linux: the override names a source, or the best one is taken */
	if (clock_set_source(name) < 0)
		clock_set_source(clocksource_name(clocksource_best()));
	return (long)len;
}
