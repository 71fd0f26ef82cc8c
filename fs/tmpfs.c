/*
 * tmpfs nodes: made, linked, unlinked, freed; the mounts at boot.  The
 * rules of lifetime and locking are in fs/tmpfs.h; the system calls that
 * use these are in fs/namei.c, fs/open.c, fs/attr.c.
 */
#include "fs/tmpfs.h"
#include "arch/i386/memlayout.h"
#include "fs/perm.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "kernel/printk.h"
#include "kernel/time/clock.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/stat.h>

/* st_dev of the mounts: 0:N from N = 20 on (the tree is 0:1, /proc and
 * /sys have theirs); the number says nothing but "another file system". */
static u32 next_dev = 20;
static u32 next_ino = 2; /* every mount's root is 1, as Linux's tmpfs */

void tmpfs_touch(struct fs_node *n, bool modify, bool change)
{
	u64 ns = clock_realtime_ns();
	u32 s = (u32)(ns / 1000000000u), sub = (u32)(ns % 1000000000u);

	if (modify)
		n->mtime = s, n->mtime_ns = sub;
	if (change)
		n->ctime = s, n->ctime_ns = sub;
}

static void link_child(struct fs_node *dir, struct fs_node *n)
{
	n->parent = fs_node_get(dir);
	n->next_sibling = NULL;
	n->dir_seq = dir->next_seq++; /* the list stays in dir_seq order */
	if (dir->last_child)
		dir->last_child->next_sibling = n;
	else
		dir->first_child = n;
	dir->last_child = n;
	dir->child_count++;
	if (S_ISDIR(n->mode))
		dir->nlink++;
}

/* Take n out of its directory's list; the parent reference stays. */
static void unlink_child(struct fs_node *n)
{
	struct fs_node *dir = n->parent, *prev = NULL, *c;

	for (c = dir->first_child; c && c != n; c = c->next_sibling)
		prev = c;
	if (!c)
		return;
	if (prev)
		prev->next_sibling = n->next_sibling;
	else
		dir->first_child = n->next_sibling;
	if (dir->last_child == n)
		dir->last_child = prev;
	n->next_sibling = NULL;
	dir->child_count--;
	if (S_ISDIR(n->mode))
		dir->nlink--;
}

/*
 * A new node for directory dir under name: counted in the mount's inodes,
 * not yet linked.  NULL with *err: -ENOSPC (no inode left), -ENOMEM.
 */
static struct fs_node *node_new(struct fs_node *dir, const char *name, size_t len, u32 mode,
				int *err)
{
	struct tmpfs_sb *sb = dir->sb;
	struct fs_node *n;
	char *copy;

	if (sb->max_inodes && sb->inodes >= sb->max_inodes) {
		*err = -ENOSPC;
		return NULL;
	}
	n = kzalloc(sizeof(*n));
	copy = kmalloc(len ? len : 1);
	if (!n || !copy) {
		kfree(copy);
		kfree(n);
		*err = -ENOMEM;
		return NULL;
	}
	memcpy(copy, name, len);
	n->name = copy;
	n->name_len = (u32)len;
	n->sb = sb;
	n->dev = sb->dev;
	n->mode = mode;
	sb->inodes++;
	return n;
}

/* Undo node_new. */
static void node_drop(struct fs_node *n)
{
	n->sb->inodes--;
	kfree((char *)n->name);
	kfree(n);
}

/* Give new node n (node_new) its identity and link it into dir. */
static struct fs_node *node_link(struct fs_node *dir, struct fs_node *n)
{
	n->ino = next_ino++;
	n->nlink = S_ISDIR(n->mode) ? 2 : 1;
	fs_init_owner(n, dir); /* fsuid, fsgid or a set-group-ID directory's */
	n->refs = 2; /* its directory entry, and the caller's */
	tmpfs_touch(n, true, true);
	n->atime = n->mtime, n->atime_ns = n->mtime_ns;
	link_child(dir, n);
	tmpfs_touch(dir, true, true);
	return n;
}

struct fs_node *tmpfs_create(struct fs_node *dir, const char *name, size_t len, u32 mode,
			     int *err)
{
	struct fs_node *n = node_new(dir, name, len, mode, err);

	if (!n)
		return NULL;
	if (S_ISREG(mode)) {
		n->shm = shmem_create(&dir->sb->quota);
		if (!n->shm) {
			node_drop(n);
			*err = -ENOMEM;
			return NULL;
		}
	}
	return node_link(dir, n);
}

/*
 * A symbolic link keeps its target as Linux's tmpfs does (shmem_symlink):
 * up to TMPFS_SHORT_LINK bytes with the NUL in the heap, beside the node;
 * a longer one in a page of its own, charged to the mount's quota like a
 * file's page (st_blocks 8; -ENOSPC when the mount is full).
 */
static char *link_page_new(struct shmem_quota *q, int *err)
{
	u32 phys;

	if (q->max_pages && q->used_pages >= q->max_pages) {
		*err = -ENOSPC;
		return NULL;
	}
	phys = pmm_alloc_page();
	if (!phys) {
		*err = -ENOMEM;
		return NULL;
	}
	q->used_pages++;
	return (char *)(phys + KERNEL_VMA); /* the direct map (arch/i386/memlayout.h) */
}

static void link_free(struct fs_node *n)
{
	if (n->size + 1 <= TMPFS_SHORT_LINK) {
		kfree((char *)n->link);
		return;
	}
	pmm_free_page((u32)n->link - KERNEL_VMA);
	n->sb->quota.used_pages--;
}

struct fs_node *tmpfs_symlink(struct fs_node *dir, const char *name, size_t len,
			      const char *target, int *err)
{
	size_t size = strlen(target);
	struct fs_node *n = node_new(dir, name, len, S_IFLNK | 0777, err);
	char *copy;

	if (!n)
		return NULL;
	if (size + 1 <= TMPFS_SHORT_LINK) {
		copy = kmalloc(size + 1);
		if (!copy)
			*err = -ENOMEM;
	} else {
		copy = link_page_new(&dir->sb->quota, err);
	}
	if (!copy) {
		node_drop(n);
		return NULL;
	}
	memcpy(copy, target, size + 1);
	n->link = copy;
	n->size = (u32)size;
	return node_link(dir, n);
}

struct fs_node *tmpfs_link(struct fs_node *dir, const char *name, size_t len,
			   struct fs_node *target, int *err)
{
	struct fs_node *e = node_new(dir, name, len, target->mode & S_IFMT, err);

	if (!e)
		return NULL;
	e->link_to = fs_node_get(target);
	e->ino = target->ino;
	e->refs = 1; /* its directory entry */
	link_child(dir, e);
	target->nlink++;
	tmpfs_touch(target, false, true);
	tmpfs_touch(dir, true, true);
	return e;
}

void tmpfs_remove(struct fs_node *n)
{
	struct fs_node *dir = n->parent, *inode = fs_inode(n);

	unlink_child(n);
	if (S_ISDIR(inode->mode)) {
		inode->nlink = 0;
	} else {
		/* Only a directory needs its parent once unlinked (".."): a
		 * file that other names keep must not pin this one.  A file
		 * left with no name is counted until it is freed. */
		if (--inode->nlink == 0)
			inode->sb->orphans++;
		n->parent = NULL;
	}
	tmpfs_touch(dir, true, true);
	tmpfs_touch(inode, false, true);
	if (!n->parent)
		fs_node_put(dir);
	fs_node_put(n); /* the directory entry's reference */
}

/*
 * Move n (linked in its parent) to directory to under name: the old entry
 * goes, a new name is taken.  0, or -ENOMEM with nothing changed.
 */
int tmpfs_move(struct fs_node *n, struct fs_node *to, const char *name, size_t len)
{
	char *copy = kmalloc(len ? len : 1);
	struct fs_node *from = n->parent;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, name, len);
	unlink_child(n);
	kfree((char *)n->name);
	n->name = copy;
	n->name_len = (u32)len;
	link_child(to, n); /* takes the new parent's reference */
	tmpfs_touch(from, true, true);
	tmpfs_touch(to, true, true);
	tmpfs_touch(n, false, true);
	fs_node_put(from); /* the old parent's reference, last: it may be freed */
	return 0;
}

/* Whether the pointers of two nodes' places can be swapped (RENAME_EXCHANGE):
 * each goes where the other was, names swapped. */
void tmpfs_exchange(struct fs_node *a, struct fs_node *b)
{
	struct fs_node *da = a->parent, *db = b->parent;
	const char *na = a->name;
	u32 la = a->name_len;

	/* Unlink both, swap names, relink: the references on parents move too. */
	unlink_child(a);
	unlink_child(b);
	a->name = b->name, a->name_len = b->name_len;
	b->name = na, b->name_len = la;
	link_child(db, a);
	link_child(da, b);
	fs_node_put(da);
	fs_node_put(db);
	tmpfs_touch(da, true, true);
	tmpfs_touch(db, true, true);
	tmpfs_touch(a, false, true);
	tmpfs_touch(b, false, true);
}

void tmpfs_node_free(struct fs_node *n)
{
	struct fs_node *parent = n->parent;
	bool root = n->sb->root == n; /* name and parent are the mount point's */

	if (n->shm)
		shmem_put(n->shm);
	if (n->link)
		link_free(n);
	if (!n->link_to && !S_ISDIR(n->mode) && n->nlink == 0)
		n->sb->orphans--;
	n->sb->inodes--;
	if (!root)
		kfree((char *)n->name);
	if (n->link_to)
		fs_node_put(n->link_to);
	kfree(n);
	if (!root && parent)
		fs_node_put(parent);
}

struct shmem *tmpfs_shmem(struct file *f)
{
	if (f->ops || !f->node || !f->node->sb || !S_ISREG(f->node->mode))
		return NULL;
	return f->node->shm;
}

/*
 * A new mount on directory mp of the tree: max_pages of budget (0: none),
 * mode of its root.  Its root stands for mp in every walk (fs_walk) and
 * has mp's name and parent, so ".." and getcwd go on in the tree.
 */
struct tmpfs_sb *tmpfs_mounts;

void tmpfs_unlist(struct tmpfs_sb *sb)
{
	struct tmpfs_sb **pp = &tmpfs_mounts;

	while (*pp && *pp != sb)
		pp = &(*pp)->next;
	if (*pp)
		*pp = sb->next;
}

struct tmpfs_sb *tmpfs_mount(struct fs_node *mp, u32 max_pages, u32 mode, int *err)
{
	struct tmpfs_sb **tail = &tmpfs_mounts;

	struct tmpfs_sb *sb;
	struct fs_node *root;

	if (mp->mounted) {
		*err = -EBUSY;
		return NULL;
	}
	sb = kzalloc(sizeof(*sb));
	root = kzalloc(sizeof(*root));
	if (!sb || !root) {
		kfree(sb);
		kfree(root);
		*err = -ENOMEM;
		return NULL;
	}
	sb->quota.max_pages = max_pages;
	sb->max_inodes = tmpfs_default_pages(); /* Linux's nr_inodes: half the pages */
	sb->dev = next_dev++;
	sb->root = root;
	sb->mountpoint = mp;
	sb->mode = mode & 07777;
	sb->inodes = 1;
	root->name = mp->name; /* the tree's: permanent */
	root->name_len = mp->name_len;
	root->ino = 1;
	root->mode = S_IFDIR | (mode & 07777);
	root->nlink = 2;
	root->dev = sb->dev;
	root->sb = sb;
	root->parent = mp->parent; /* the tree's: permanent, no reference */
	root->refs = 1;		   /* the mount's */
	tmpfs_touch(root, true, true);
	root->atime = root->mtime, root->atime_ns = root->mtime_ns;
	mp->mounted = root;
	while (*tail)
		tail = &(*tail)->next;
	*tail = sb;
	return sb;
}

/* Linux's default size=: half of RAM. */
u32 tmpfs_default_pages(void)
{
	return pmm_total_count() / 2;
}

/* The tree directory at path (absolute, no "." or ".."), made if missing. */
static struct fs_node *tree_dir(const char *path)
{
	struct fs_node *dir = &fs_root;

	while (*path) {
		const char *name;
		size_t len;
		struct fs_node *c;

		while (*path == '/')
			path++;
		name = path;
		while (*path && *path != '/')
			path++;
		len = (size_t)(path - name);
		if (!len)
			break;
		c = fs_tree_child(dir, name, len);
		if (!c)
			return NULL;
		dir = c;
	}
	return dir;
}

void tmpfs_init(void)
{
	static const char *const points[] = {"/tmp", "/dev/shm"};
	static const u32 modes[] = {01777, 01777};

	for (unsigned i = 0; i < 2; i++) {
		struct fs_node *mp = tree_dir(points[i]);
		int err = 0;

		if (!mp || !tmpfs_mount(mp, tmpfs_default_pages(), modes[i], &err))
			kprintf("tick386: tmpfs: %s not mounted (%d)\n", points[i], err);
	}
}
