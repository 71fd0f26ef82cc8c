/*
 * The tree, and its unpacking from the initramfs at boot.
 *
 * Entry names in the archive are paths relative to the root ("bin/demo",
 * "./bin/demo" or "/bin/demo" alike); "." is the root itself.  Directories
 * missing from the archive are made on the way (mode 0755), as Linux's
 * initramfs unpacking would refuse but `cpio -o` of a partial list makes
 * easy.  Entries that are neither directories nor regular files (symlinks,
 * devices) are skipped with a message: nothing here could use them yet.
 * A later entry of the same path replaces an earlier file, or updates an
 * earlier directory's attributes.
 */
#include "arch/i386/memlayout.h"
#include "fs/fs.h"
#include "fs/perm.h"
#include "fs/proc.h"
#include "fs/sysfs.h"
#include "fs/tmpfs.h"
#include "kernel/printk.h"
#include "fs/chrdev.h"
#include "lib/cpio.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

#define FS_DEV 1 /* st_dev of the tree: 0:1, as Linux's rootfs */

struct fs_node fs_root = {
	.name = "/",
	.name_len = 1,
	.ino = 1,
	.mode = S_IFDIR | 0755,
	.nlink = 2,
	.dev = FS_DEV,
	.parent = &fs_root,
};

static u32 next_ino = 2;
static unsigned file_count, dir_count, skipped_count;

static struct fs_node *child_named(struct fs_node *dir, const char *name, size_t len)
{
	for (struct fs_node *c = dir->first_child; c; c = c->next_sibling)
		if (c->name_len == len && !memcmp(c->name, name, len))
			return c;
	return NULL;
}

bool fs_dir_entry(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	struct fs_node *c;

	if (dir->ops)
		return dir->ops->entry_at(dir, i, e);
	if (i >= dir->child_count)
		return false;
	for (c = dir->first_child; i--;)
		c = c->next_sibling;
	e->name = c->name;
	e->name_len = c->name_len;
	e->ino = fs_inode(c)->ino;
	e->mode = fs_inode(c)->mode;
	return true;
}

/* The child of n named name, referenced: n's own, or a generated one. */
static int lookup(struct fs_node *n, const char *name, size_t len, struct fs_node **out)
{
	if (n->ops)
		return n->ops->lookup(n, name, len, out);
	*out = child_named(n, name, len);
	if (*out)
		fs_node_get(*out); /* a tmpfs node is counted; the tree's are not */
	return *out ? 0 : -ENOENT;
}

/*
 * The walk keeps, for each symbolic link whose target it is walking, the
 * link (referenced: the target's bytes are the link's) and where the path
 * that named it goes on afterwards: a stack of at most FS_MAX_LINKS
 * frames, on the kernel stack at a fixed cost, so that 40 links nested in
 * each other's targets cost no deeper recursion.  A target's own names
 * are always followed (Linux's link_path_walk); flags concern only the
 * last name of the path itself.
 */
struct walk_frame {
	struct fs_node *link;
	const char *rest;
};

int fs_walk_counted(struct fs_node *start, const char *path, int flags, u32 *links,
		    struct fs_node **out)
{
	struct walk_frame stack[FS_MAX_LINKS];
	struct fs_node *n = fs_node_get(path[0] == '/' ? &fs_root : start), *next;
	const char *p = path;
	u32 depth = 0;
	int rc;

	if (!path[0]) {
		rc = -ENOENT;
		goto fail;
	}
	for (;;) {
		const char *name;
		size_t len;
		bool last, slash;

		while (*p == '/')
			p++;
		if (!*p) {
			/* The end of the path or of a link's target: a slash
			 * at its end wants a directory. */
			rc = -ENOTDIR;
			if (p[-1] == '/' && !S_ISDIR(n->mode))
				goto fail;
			if (!depth)
				break;
			depth--;
			fs_node_put(stack[depth].link);
			p = stack[depth].rest;
			continue;
		}
		name = p;
		while (*p && *p != '/')
			p++;
		len = (size_t)(p - name);
		slash = *p == '/';
		while (*p == '/')
			p++;
		last = !depth && !*p; /* the last name of the path itself */
		/* Linux's order: the directory to search first, then the name. */
		rc = -ENOTDIR;
		if (!S_ISDIR(n->mode))
			goto fail;
		rc = fs_permission(n, MAY_EXEC); /* Linux's may_lookup */
		if (rc)
			goto fail;
		if (len == 1 && name[0] == '.')
			continue;
		if (len == 2 && name[0] == '.' && name[1] == '.') {
			next = fs_node_get(n->parent);
		} else {
			rc = -ENAMETOOLONG;
			if (len > NAME_MAX)
				goto fail;
			rc = lookup(n, name, len, &next);
			if (rc)
				goto fail;
			if (next->mounted) { /* the mounted root stands for it */
				struct fs_node *root = fs_node_get(next->mounted);

				fs_node_put(next);
				next = root;
			}
			if (!(last && !slash && (flags & FS_WALK_ENTRY)) && next->link_to) {
				struct fs_node *target = fs_node_get(next->link_to);

				fs_node_put(next); /* a hard link: the node it names */
				next = target;
			}
			/* A symbolic link is followed, unless it is the last
			 * name, asked not to be, and no slash follows it. */
			if (S_ISLNK(next->mode) &&
			    !(last && !slash && (flags & (FS_WALK_NOFOLLOW | FS_WALK_ENTRY)))) {
				rc = -ELOOP;
				if (++*links > FS_MAX_LINKS) {
					fs_node_put(next);
					goto fail;
				}
				/* p goes on after the link's name (its slashes
				 * too: the end check sees them as p[-1]). */
				stack[depth].link = next;
				stack[depth].rest = slash ? p - 1 : p;
				depth++;
				p = next->link;
				if (*p == '/') {
					fs_node_put(n);
					n = fs_node_get(&fs_root);
				}
				continue;
			}
		}
		fs_node_put(n);
		n = next;
	}
	*out = n;
	return 0;
fail:
	while (depth)
		fs_node_put(stack[--depth].link);
	fs_node_put(n);
	return rc;
}

int fs_walk(struct fs_node *start, const char *path, int flags, struct fs_node **out)
{
	u32 links = 0;

	return fs_walk_counted(start, path, flags, &links, out);
}

static struct fs_node *add_child(struct fs_node *dir, const char *name, size_t len, u32 mode)
{
	struct fs_node *n = kzalloc(sizeof(*n));

	if (!n)
		return NULL;
	n->name = name;
	n->name_len = (u32)len;
	n->ino = next_ino++;
	n->mode = mode;
	n->nlink = S_ISDIR(mode) ? 2 : 1;
	n->dev = FS_DEV;
	n->mtime = dir->mtime;
	n->parent = dir;
	if (dir->last_child)
		dir->last_child->next_sibling = n;
	else
		dir->first_child = n;
	dir->last_child = n;
	dir->child_count++;
	if (S_ISDIR(mode)) {
		dir->nlink++;
		dir_count++;
	} else {
		file_count++;
	}
	return n;
}

static void set_attributes(struct fs_node *n, const struct cpio_entry *e)
{
	n->mode = e->mode;
	n->uid = e->uid;
	n->gid = e->gid;
	n->mtime = e->mtime;
	if (S_ISREG(e->mode)) {
		n->data = e->data;
		n->size = e->size;
	}
}

/* Put one archive entry into the tree; -ENOMEM stops the unpacking. */
static int add_entry(const struct cpio_entry *e)
{
	const char *p = e->name;
	struct fs_node *dir = &fs_root;

	if (!S_ISDIR(e->mode) && !S_ISREG(e->mode)) {
		kprintf("tick386: initramfs: '%s' skipped: mode %#o is not a directory or a "
			"regular file\n", e->name, e->mode);
		skipped_count++;
		return 0;
	}
	for (;;) {
		const char *name;
		size_t len;
		struct fs_node *n;

		while (*p == '/' || (p[0] == '.' && (p[1] == '/' || p[1] == '\0')))
			p++;
		if (!*p) { /* the root itself */
			if (S_ISDIR(e->mode) && dir == &fs_root)
				set_attributes(dir, e);
			return 0;
		}
		name = p;
		while (*p && *p != '/')
			p++;
		len = (size_t)(p - name);
		if (len > NAME_MAX || (len == 2 && name[0] == '.' && name[1] == '.')) {
			kprintf("tick386: initramfs: '%s' skipped: bad name\n", e->name);
			skipped_count++;
			return 0;
		}
		n = child_named(dir, name, len);
		while (*p == '/')
			p++;
		if (!*p) { /* the last component: this entry */
			if (n && (n->mode & S_IFMT) != (e->mode & S_IFMT)) {
				kprintf("tick386: initramfs: '%s' skipped: exists with another type\n",
					e->name);
				skipped_count++;
				return 0;
			}
			if (!n)
				n = add_child(dir, name, len, e->mode);
			if (!n)
				return -ENOMEM;
			set_attributes(n, e);
			return 0;
		}
		if (!n)
			n = add_child(dir, name, len, S_IFDIR | 0755);
		if (!n)
			return -ENOMEM;
		if (!S_ISDIR(n->mode)) {
			kprintf("tick386: initramfs: '%s' skipped: a parent is a file\n", e->name);
			skipped_count++;
			return 0;
		}
		dir = n;
	}
}

bool fs_module_is_initramfs(const struct boot_module *m)
{
	return cpio_is_newc(PHYS_TO_VIRT(m->phys_start), m->phys_end - m->phys_start);
}

void fs_init(void)
{
	for (unsigned i = 0; i < boot_info.module_count; i++) {
		const struct boot_module *m = &boot_info.modules[i];
		struct cpio_reader r;
		struct cpio_entry e;
		int rc;

		if (!fs_module_is_initramfs(m))
			continue;
		cpio_reader_init(&r, PHYS_TO_VIRT(m->phys_start), m->phys_end - m->phys_start);
		while ((rc = cpio_next(&r, &e)) == 1)
			if (add_entry(&e) < 0) {
				kprintf("tick386: initramfs: out of memory\n");
				break;
			}
		if (rc < 0)
			kprintf("tick386: initramfs: module %u: malformed archive (%s) at byte %u; "
				"kept what came before\n", i, r.error, (unsigned)r.pos);
		kprintf("tick386: initramfs: module %u: %u files, %u directories, %u skipped\n", i,
			file_count, dir_count, skipped_count);
		break; /* the first one only */
	}
	proc_init(); /* /proc, with or without an archive */
	tmpfs_init(); /* /tmp, /dev/shm */
	chrdev_init(); /* /dev/null, /dev/zero, /dev/full */
	sysfs_init(); /* /sys: the clock source */
}

struct fs_node *fs_mount_point(const char *name)
{
	struct fs_node *n = child_named(&fs_root, name, strlen(name));

	if (n && S_ISDIR(n->mode))
		return n;
	if (n) /* a file of the archive: a mount point must be a directory */
		return NULL;
	return add_child(&fs_root, name, strlen(name), S_IFDIR | 0555);
}

struct fs_node *fs_tree_child(struct fs_node *dir, const char *name, size_t len)
{
	struct fs_node *n = child_named(dir, name, len);

	if (n)
		return S_ISDIR(n->mode) ? n : NULL;
	return add_child(dir, name, len, S_IFDIR | 0755);
}

struct fs_node *fs_tree_node(struct fs_node *dir, const char *name, size_t len, u32 mode,
			     u32 rdev)
{
	struct fs_node *n = child_named(dir, name, len);

	if (n)
		return (n->mode & S_IFMT) == (mode & S_IFMT) && n->rdev == rdev ? n : NULL;
	n = add_child(dir, name, len, mode);
	if (n)
		n->rdev = rdev;
	return n;
}
