/*
 * The file system: one read-only tree in memory, unpacked at boot from the
 * initramfs (a newc cpio archive given as a multiboot module, fs/initramfs.c).
 *
 * A node is a directory or a regular file.  A file's bytes are not copied:
 * they stay in the archive's module, which the page allocator never hands
 * out (mm/pmm.c reserves modules).  The tree is built before the first task
 * runs and never changes afterwards, so lookups need no locking.
 *
 * Invariants: fs_root is a directory and its own parent; every other node
 * is linked once, in the children list of its parent, a directory; names in
 * one directory are distinct, non-empty, at most NAME_MAX bytes, without '/'
 * and never "." or ".."; a directory's nlink is 2 + its subdirectories.
 *
 * Generated nodes (/proc, fs/proc.c) are the one exception to "never
 * changes": a node with ops answers lookups and listings itself and makes
 * its file's text at open.  The nodes it hands out are made per lookup and
 * counted (refs > 0): whoever gets a node from fs_walk gives it back with
 * fs_node_put, and a generated child holds a reference on its parent, so
 * ".." stays valid.  The tree's own nodes have refs 0 and are never freed.
 */
#ifndef TICK386_FS_FS_H
#define TICK386_FS_FS_H

#include "kernel/bootinfo.h"
#include "lib/types.h"

struct tmpfs_sb;
struct file;
struct shmem;
struct pipe;

struct fs_node {
	const char *name; /* name_len bytes, not NUL-terminated */
	u32 name_len;
	u32 ino, mode, nlink, uid, gid, mtime;
	u32 dev, rdev;
	const u8 *data; /* a regular file's size bytes */
	u32 size;
	struct fs_node *parent;
	struct fs_node *first_child, *last_child, *next_sibling;
	u32 child_count;
	const struct fs_node_ops *ops; /* generated (fs/proc.c), or NULL */
	u32 refs;		       /* generated or tmpfs, counted; 0: permanent */
	/* tmpfs (fs/tmpfs.h): the mount, NULL for the tree and generated
	 * nodes; a regular file's bytes (owned, one shmem reference). */
	struct tmpfs_sb *sb;
	struct shmem *shm;
	u32 atime, ctime; /* seconds; tmpfs keeps nanoseconds too */
	u32 atime_ns, mtime_ns, ctime_ns;
	/* A mount point: the root of what is mounted on it (fs_walk goes
	 * there instead); the mount holds that root. */
	struct fs_node *mounted;
	/* tmpfs directories: each child's place in its directory (given in
	 * order as children are linked), so that getdents64 resumes after
	 * the last entry it gave even when earlier ones were unlinked. */
	u32 dir_seq, next_seq;
	/* A tmpfs FIFO: its pipe while some end is open (fs/pipe.c); NULL. */
	struct pipe *fifo;
	/* A tmpfs symbolic link (S_IFLNK): its target, size bytes and a NUL;
	 * kmalloc'ed, or in the page of shm when longer than
	 * TMPFS_SHORT_LINK (fs/tmpfs.c). */
	const char *link;
	/* A tmpfs hard link's extra directory entry: the node it names
	 * (referenced).  Only the entry's name, parent, place and mode
	 * (the type, for getdents) are its own; every lookup but an unlink's
	 * or a rename's goes on to link_to (fs_inode). */
	struct fs_node *link_to;
};

/* The node a directory entry names: itself, or a hard link's target. */
static inline struct fs_node *fs_inode(struct fs_node *n)
{
	return n->link_to ? n->link_to : n;
}

/* One directory entry as getdents64 reports it. */
struct fs_dirent {
	const char *name; /* name_len bytes: the node's, or buf */
	u32 name_len;
	u32 ino, mode;
	char buf[16];
};

/* What a generated node does instead of the tree's lookups and bytes. */
struct fs_node_ops {
	/* A directory's child: 0 and *out (referenced), or -ENOENT. */
	int (*lookup)(struct fs_node *dir, const char *name, size_t len, struct fs_node **out);
	/* A directory's entry i (0, 1, ...; "." and ".." not included):
	 * true and *e, or false past the end. */
	bool (*entry_at)(struct fs_node *dir, u32 i, struct fs_dirent *e);
	/* A file's text for a new open: 0 and *text (kmalloc'ed, the file
	 * frees it), *len; or -errno (-ENOENT: the process is gone). */
	int (*generate)(struct fs_node *n, char **text, u32 *len);
	/* The last fs_node_put of a counted node. */
	void (*release)(struct fs_node *n);
	int write_error; /* what write(2) on an open file returns (-EIO, -EINVAL) */
	/* A control file's write(2) (/proc/trace_on): the bytes written, or
	 * -errno.  NULL: write_error. */
	long (*write)(struct fs_node *n, const void *ubuf, size_t len);
	/* A file read live, its text made at each read(2) instead of at open
	 * (/proc/PID/fail-nth): the bytes copied from *pos on (advanced), or
	 * -errno.  NULL: the text generate made at open. */
	long (*read)(struct fs_node *n, void *ubuf, size_t len, u64 *pos);
	/* A generated file's poll (/proc/mounts): the mask of <abi/poll.h>,
	 * interrupts off, never sleeping.  NULL: DEFAULT_POLLMASK. */
	u32 (*poll)(struct file *f);
	/* A generated file's open, once its file is made: what the open file
	 * keeps from that moment (/proc/mounts: the mount events so far).
	 * NULL: nothing. */
	void (*opened)(struct file *f);
};

static inline struct fs_node *fs_node_get(struct fs_node *n)
{
	if (n->refs)
		n->refs++;
	return n;
}

void tmpfs_node_free(struct fs_node *n);

static inline void fs_node_put(struct fs_node *n)
{
	if (n->refs && --n->refs == 0) {
		if (n->sb)
			tmpfs_node_free(n);
		else
			n->ops->release(n);
	}
}

extern struct fs_node fs_root;

/* Build the tree from the first initramfs module, if any (kmain, once). */
void fs_init(void);

/* Whether module m is an initramfs (data starts with the newc magic), not a program. */
bool fs_module_is_initramfs(const struct boot_module *m);

/* Linux's MAXSYMLINKS: symbolic links followed in one lookup at most. */
#define FS_MAX_LINKS 40

/* How fs_walk treats the last name of a path. */
#define FS_WALK_NOFOLLOW 0x100 /* a symbolic link is not followed (lstat): the
				* value of AT_SYMLINK_NOFOLLOW, so that the *at
				* calls pass their flags */
#define FS_WALK_ENTRY	 0x1 /* the directory entry itself: a hard link's own
			      * entry, not fs_inode (unlink, rename) */

/*
 * Resolve path (NUL-terminated, already in kernel memory) from directory
 * start, or from the root if it begins with '/': repeated slashes count as
 * one, "." stays, ".." goes up (the root's ".." is the root).  A symbolic
 * link met on the way is followed, its target walked from the link's
 * directory (or the root); the last name's too, unless FS_WALK_NOFOLLOW
 * and no slash follows it (Linux's trailing-slash rule).  0 and *out,
 * or -ENOENT (empty path, missing name, a dangling link), -ENOTDIR (a
 * component, or a trailing slash, on a non-directory), -ENAMETOOLONG (a
 * name > NAME_MAX), -ELOOP (more than FS_MAX_LINKS links followed).
 * *out is referenced: give it back with fs_node_put.  *links counts the
 * links followed so far, across the walks of one system call.
 */
int fs_walk_counted(struct fs_node *start, const char *path, int flags, u32 *links,
		    struct fs_node **out);
int fs_walk(struct fs_node *start, const char *path, int flags, struct fs_node **out);

/* Entry i of directory dir (its children, or a generated listing): true
 * and *e, or false past the end. */
bool fs_dir_entry(struct fs_node *dir, u32 i, struct fs_dirent *e);

/* The directory name under the root that a generated tree is mounted on:
 * the archive's own (its contents hidden) or a new one.  NULL: no memory. */
struct fs_node *fs_mount_point(const char *name);

/* The tree directory dir/name (name permanent), made (0755) if missing;
 * NULL if a file has the name or no memory. */
struct fs_node *fs_tree_child(struct fs_node *dir, const char *name, size_t len);

/* A device node dir/name (name permanent) of the tree: mode (S_IFCHR or
 * S_IFBLK and the bits), rdev; made if missing, the one there if it is
 * one already; NULL if something else has the name or no memory. */
struct fs_node *fs_tree_node(struct fs_node *dir, const char *name, size_t len, u32 mode,
			     u32 rdev);

#endif
