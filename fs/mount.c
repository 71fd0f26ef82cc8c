/*
 * mount(2) and umount2(2) of tmpfs, with Linux's options size= (bytes,
 * with k, m, g or a % of RAM; 0: no limit), nr_inodes= and mode=
 * (octal).  The kernel mounts /tmp and /dev/shm itself at boot
 * (fs/tmpfs.c: tick386 has no init scripts); a program mounts more.
 *
 * A mount covers a directory of the tree or of another tmpfs, which it
 * holds (a reference) while mounted.  Differences from Linux: one mount
 * per directory (a second is -EBUSY; Linux stacks them), no bind, move
 * or remount (-EINVAL), file system types other than tmpfs -ENODEV.
 *
 * umount2 refuses a busy mount (-EBUSY) as Linux does: one with an open
 * file, a working directory, a call in progress or a mount inside.  It
 * tells by the references: at rest, every node of a mount is held only
 * by its directory entry and by its children (fs/tmpfs.h), so any other
 * count is a user.  An idle mount is taken apart, bottom up, and every
 * page comes back.
 */
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "fs/proc.h"
#include "fs/syscalls.h"
#include "fs/tmpfs.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include "kernel/task/cred.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>
#include "arch/i386/cpu.h"
#include "fs/select.h"

static void mount_event(void);

#define MS_RDONLY  1
#define MS_NOSUID  2
#define MS_NODEV   4
#define MS_NOEXEC  8
#define MS_REMOUNT 32
#define MS_BIND	   4096
#define MS_MOVE	   8192
#define MS_SILENT  32768
#define MS_MGC_MSK 0xffff0000u
#define MS_MGC_VAL 0xc0ed0000u

#define MNT_FORCE	1
#define MNT_DETACH	2
#define MNT_EXPIRE	4
#define UMOUNT_NOFOLLOW 8

struct mount_opts {
	u32 max_pages, max_inodes, mode;
};

/* A decimal (or 0x hex, 0 octal) number with an optional k/m/g suffix. */
static int parse_size(const char *v, size_t len, u64 *out)
{
	u64 n = 0;
	size_t i = 0;

	if (!len)
		return -EINVAL;
	for (; i < len && v[i] >= '0' && v[i] <= '9'; i++) {
		n = n * 10 + (u64)(v[i] - '0');
		if (n >> 40)
			return -EINVAL;
	}
	if (i == 0)
		return -EINVAL;
	if (i < len) {
		if (i + 1 != len)
			return -EINVAL;
		switch (v[i] | 0x20) {
		case 'k': n <<= 10; break;
		case 'm': n <<= 20; break;
		case 'g': n <<= 30; break;
		case '%': n = (u64)pmm_total_count() * 4096 * n / 100; break;
		default: return -EINVAL;
		}
	}
	*out = n;
	return 0;
}

static int parse_opts(char *data, struct mount_opts *o)
{
	char *p = data;

	o->max_pages = tmpfs_default_pages();
	o->max_inodes = tmpfs_default_pages();
	o->mode = 01777;
	while (p && *p) {
		char *end = p, *eq;
		size_t klen, vlen;
		u64 n;

		while (*end && *end != ',')
			end++;
		eq = p;
		while (eq < end && *eq != '=')
			eq++;
		klen = (size_t)(eq - p);
		vlen = eq < end ? (size_t)(end - eq - 1) : 0;
		if (klen == 4 && !memcmp(p, "size", 4) && eq < end) {
			if (parse_size(eq + 1, vlen, &n) || (n + 4095) / 4096 > 0xffffffffu)
				return -EINVAL;
			o->max_pages = (u32)((n + 4095) / 4096);
		} else if (klen == 9 && !memcmp(p, "nr_inodes", 9) && eq < end) {
			if (parse_size(eq + 1, vlen, &n) || n > 0xffffffffu)
				return -EINVAL;
			o->max_inodes = (u32)n;
		} else if (klen == 4 && !memcmp(p, "mode", 4) && eq < end) {
			u32 m = 0;

			if (!vlen)
				return -EINVAL;
			for (size_t i = 0; i < vlen; i++) {
				char c = eq[1 + i];

				if (c < '0' || c > '7')
					return -EINVAL;
				m = m * 8 + (u32)(c - '0');
				if (m > 07777)
					return -EINVAL;
			}
			o->mode = m;
		} else if (klen) {
			return -EINVAL; /* Linux: an option tmpfs does not know */
		}
		p = *end ? end + 1 : end;
	}
	return 0;
}

/* A short user string (the type): 0, -EFAULT, -ENODEV when too long. */
static int get_type(const char __user *u, char *buf, size_t size)
{
	long len = strncpy_from_user(buf, u, (long)size);

	if (len < 0)
		return (int)len;
	if ((size_t)len >= size - 1)
		return -ENODEV;
	return 0;
}

long sys_mount(const char __user *usrc, const char __user *utarget, const char __user *utype,
	       u32 flags, const void __user *udata)
{
	struct mount_opts o;
	struct fs_node *mp;
	struct tmpfs_sb *sb;
	char type[16], *data = NULL;
	int rc;

	(void)usrc; /* tmpfs has no device: the source is only a name */
	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (flags & (MS_REMOUNT | MS_BIND | MS_MOVE))
		return -EINVAL;
	rc = get_type(utype, type, sizeof(type));
	if (rc)
		return rc;
	if (strcmp(type, "tmpfs"))
		return -ENODEV;
	rc = fs_lookup_at(AT_FDCWD, utarget, 0, &mp);
	if (rc)
		return rc;
	if (!capable(CAP_SYS_ADMIN)) { /* CAP_SYS_ADMIN, once the target is found (path_mount) */
		rc = -EPERM;
		goto out;
	}
	if (!S_ISDIR(mp->mode)) {
		rc = -ENOTDIR;
		goto out;
	}
	if (udata) {
		data = kzalloc(4096);
		if (!data) {
			rc = -ENOMEM;
			goto out;
		}
		if (strncpy_from_user(data, udata, 4096) < 0) {
			rc = -EFAULT;
			goto out;
		}
	}
	rc = parse_opts(data, &o);
	if (rc)
		goto out;
	if (mp->nlink == 0 || mp->mounted || (mp->sb && mp->sb->root == mp)) {
		rc = -EBUSY; /* Linux would stack a mount on a mount: not here */
		goto out;
	}
	sb = tmpfs_mount(mp, o.max_pages, o.mode, &rc);
	if (sb) {
		sb->max_inodes = o.max_inodes;
		fs_node_get(mp); /* the mount holds what it covers */
		rc = 0;
		mount_event();
	}
out:
	kfree(data);
	fs_node_put(mp);
	return rc;
}

static u32 mount_event_count; /* an open /proc/mounts keeps the count it saw */

u32 mount_events(void)
{
	return mount_event_count;
}

/* A mount or unmount happened: pollers of /proc/mounts see it. */
static void mount_event(void)
{
	u32 flags = irq_save();

	mount_event_count++;
	irq_restore(flags);
	file_poll_wake();
}

/* Whether n has holders other than its names and children (+ extra):
 * a directory has its entry and its children, a file each of its names
 * (nlink: its own entry, if it still has it, and each hard link's). */
static bool held(const struct fs_node *n, u32 extra)
{
	u32 names = S_ISDIR(n->mode) ? 1 + n->child_count : n->nlink;

	return n->mounted || n->fifo || n->refs != names + extra;
}

/* Whether a node of the mount is used by anything but the tree itself. */
static bool busy(const struct fs_node *n, u32 extra)
{
	if (n->link_to) /* a hard link: the node it names may be open */
		return n->refs != 1 || held(n->link_to, 0);
	if (held(n, extra))
		return true;
	for (const struct fs_node *c = n->first_child; c; c = c->next_sibling)
		if (busy(c, 0))
			return true;
	return false;
}

/* Unlink everything under directory n, deepest first. */
static void take_apart(struct fs_node *n)
{
	while (n->first_child) {
		struct fs_node *c = n->first_child;

		take_apart(c);
		tmpfs_remove(c);
	}
}

long sys_umount2(const char __user *utarget, int flags)
{
	struct fs_node *root, *mp;
	struct tmpfs_sb *sb;
	int rc;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	rc = fs_lookup_at(AT_FDCWD, utarget, (flags & UMOUNT_NOFOLLOW) ? FS_WALK_NOFOLLOW : 0, &root);
	if (rc)
		return rc;
	if (!capable(CAP_SYS_ADMIN)) { /* CAP_SYS_ADMIN (can_umount), before "is it a mount" */
		fs_node_put(root);
		return -EPERM;
	}
	sb = root->sb;
	if (!sb || sb->root != root) {
		fs_node_put(root);
		return -EINVAL; /* not the root of a mount */
	}
	/* The mount's reference and ours on the root; a file with no name
	 * left is held by something (an open file), so the mount is too. */
	if (sb->orphans || busy(root, 1)) {
		fs_node_put(root);
		return -EBUSY;
	}
	mp = sb->mountpoint;
	take_apart(root);
	mp->mounted = NULL;
	tmpfs_unlist(sb);
	fs_node_put(root);	/* ours */
	fs_node_put(root);	/* the mount's: frees the root, the last node */
	kfree(sb);
	fs_node_put(mp);	/* the mount held what it covered */
	mount_event();
	return 0;
}

/* ---- /proc/mounts ----------------------------------------------------------- */

/* A name as Linux's seq_escape(" \t\n\\"): those four in octal. */
static void print_escaped(struct proc_text *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\\')
			proc_printf(out, "\\%03o", c);
		else
			proc_printf(out, "%c", c);
	}
}

#define MOUNT_DEPTH_MAX 128

/* The path of the directory a mount covers (its root has its name and
 * parent), from the tree's root down. */
static void print_mount_path(struct proc_text *out, const struct fs_node *root)
{
	const struct fs_node *up[MOUNT_DEPTH_MAX];
	int depth = 0;

	for (const struct fs_node *n = root; n && n != &fs_root && depth < MOUNT_DEPTH_MAX;
	     n = n->parent)
		up[depth++] = n;
	if (!depth)
		proc_printf(out, "/");
	while (depth--) {
		proc_printf(out, "/");
		print_escaped(out, up[depth]->name, up[depth]->name_len);
	}
}

/*
 * Linux's format (show_vfsmnt): source, mount point, type, options, "0 0".
 * The tree is read-only (ro); /proc and /sys are generated; each tmpfs
 * shows, as shmem_show_options, size= (KiB) and nr_inodes= when not the
 * defaults (half of RAM, half of RAM's pages) and mode= when not 1777.
 * tick386 keeps no mount flags: rw,relatime as Linux's defaults.
 */
void proc_mounts(struct proc_text *out)
{
	proc_printf(out, "rootfs / rootfs ro 0 0\n");
	proc_printf(out, "proc /proc proc rw,relatime 0 0\n");
	proc_printf(out, "sysfs /sys sysfs rw,relatime 0 0\n");
	for (const struct tmpfs_sb *sb = tmpfs_mounts; sb; sb = sb->next) {
		proc_printf(out, "tmpfs ");
		print_mount_path(out, sb->root);
		proc_printf(out, " tmpfs rw,relatime");
		if (sb->quota.max_pages != tmpfs_default_pages())
			proc_printf(out, ",size=%luk", (unsigned long)sb->quota.max_pages * 4);
		if (sb->max_inodes != tmpfs_default_pages())
			proc_printf(out, ",nr_inodes=%lu", (unsigned long)sb->max_inodes);
		if (sb->mode != 01777)
			proc_printf(out, ",mode=%03lo", (unsigned long)sb->mode);
		proc_printf(out, " 0 0\n");
	}
}
