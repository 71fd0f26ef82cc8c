/*
 * tmpfs: a writable file system in memory, Linux's, mounted at boot on /tmp
 * and /dev/shm (fs/tmpfs.c).  Its nodes are struct fs_node (fs/fs.h) with
 * sb set: directories keep the tree's children list, a regular file keeps
 * its bytes in a struct shmem (mm/shmem.h) charged to the mount's quota,
 * so that a full mount gives -ENOSPC and the pages come back on unlink,
 * truncate and the last close.
 *
 * Lifetime of a node (nlink and refs are apart, as Linux's i_nlink and the
 * dentry/inode counts): nlink counts directory entries (one for a file; 2 +
 * subdirectories for a directory; 0 once unlinked or removed), refs counts
 * holders:
 *   - its directory entry, while it is linked (dropped by unlink, rmdir,
 *     rename over it); for a mount's root, the mount;
 *   - each child directory, on its parent (so ".." and getcwd stay valid
 *     under a removed cwd); a file's entry, on its directory, only while
 *     it is linked there (a file whose last name went is an orphan, which
 *     the mount counts, so that umount sees it held);
 *   - a hard link's extra entry (link_to), on the node it names;
 *   - each open file (struct file.node), each process's cwd, each call
 *     between fs_walk and fs_node_put.
 * The last fs_node_put frees the node, its name and its shmem.
 *
 * Locking: nodes change in system calls only, which on one CPU are never
 * preempted and never sleep between a lookup and its use.  With several
 * CPUs a per-mount rename lock (Linux's s_vfs_rename_mutex) would guard
 * parent and the children lists across directories, each directory's own
 * lock (i_rwsem) its children list, child_count and nlink, each node's
 * lock its mode, uid, gid, times and size, and refs would be atomic.
 */
#ifndef TICK386_FS_TMPFS_H
#define TICK386_FS_TMPFS_H

#include "lib/types.h"
#include "mm/shmem.h"

#define TMPFS_MAGIC 0x01021994u

struct file;
struct fs_node;

/* One mount: its budget and its root. */
struct tmpfs_sb {
	struct shmem_quota quota; /* size= in pages: every file's pages (mm/shmem.h) */
	u32 max_inodes;		  /* nr_inodes=: nodes at most */
	u32 inodes;		  /* nodes alive now (the root included) */
	u32 orphans;		  /* files no name holds, alive (open): umount -EBUSY */
	u32 dev;		  /* st_dev: 0:dev, as Linux's anonymous devices */
	struct fs_node *root;	  /* held by the mount (one reference) */
	struct fs_node *mountpoint; /* the directory it covers */
	u32 mode;		  /* mode= at mount (/proc/mounts) */
	struct tmpfs_sb *next;	  /* tmpfs_mounts, in mount order */
};

/* Every tmpfs mount, oldest first (/proc/mounts: fs/mount.c). */
extern struct tmpfs_sb *tmpfs_mounts;
/* Take sb off tmpfs_mounts (umount). */
void tmpfs_unlist(struct tmpfs_sb *sb);

/*
 * Mounts and unmounts made since boot (fs/mount.c; Linux's ns->event): a
 * poll of /proc/mounts reports POLLPRI|POLLERR once when it changed.
 * [global] one CPU, interrupts off; with several, the mount lock.
 */
u32 mount_events(void);

/*
 * The shmem object of an open tmpfs regular file, for mmap: the caller
 * takes its own reference with shmem_get.  NULL for any other file.
 */
struct shmem *tmpfs_shmem(struct file *f);

/* The mounts of boot: /tmp and /dev/shm, size= half of RAM (fs_init). */
void tmpfs_init(void);
u32 tmpfs_default_pages(void);
/* Mount a new tmpfs on directory mp: its sb, or NULL with *err. */
struct tmpfs_sb *tmpfs_mount(struct fs_node *mp, u32 max_pages, u32 mode, int *err);

/*
 * A new node in tmpfs directory dir, linked under name: returned with two
 * references (its entry's and the caller's), or NULL with *err (-ENOSPC:
 * no inode left; -ENOMEM).  The caller checked that name is free.
 */
struct fs_node *tmpfs_create(struct fs_node *dir, const char *name, size_t len, u32 mode,
			     int *err);
/*
 * A new symbolic link to target (NUL-terminated, 1..PATH_MAX-1 bytes) in
 * dir under name, as tmpfs_create: -ENOSPC (no inode, or no page for a
 * long target), -ENOMEM.
 */
#define TMPFS_SHORT_LINK 128 /* a longer target (with its NUL) takes a page */
struct fs_node *tmpfs_symlink(struct fs_node *dir, const char *name, size_t len,
			      const char *target, int *err);
/*
 * A hard link: a new entry in dir under name for target (a tmpfs node of
 * dir's mount, not a directory), whose nlink goes up.  The entry is
 * returned with its directory's reference only (nothing for the caller);
 * NULL with *err: -ENOSPC (Linux's tmpfs counts each link as an inode),
 * -ENOMEM.
 */
struct fs_node *tmpfs_link(struct fs_node *dir, const char *name, size_t len,
			   struct fs_node *target, int *err);
/* Unlink entry n from its directory (unlink, rmdir, rename over it): the
 * node's nlink down (0 for a directory), the entry's reference dropped;
 * a non-directory lets go of its parent then. */
void tmpfs_remove(struct fs_node *n);
/* Move linked n into directory to under name: 0 or -ENOMEM (unchanged). */
int tmpfs_move(struct fs_node *n, struct fs_node *to, const char *name, size_t len);
/* Swap the places and names of two linked nodes (RENAME_EXCHANGE). */
void tmpfs_exchange(struct fs_node *a, struct fs_node *b);
/* Set the times of n to now: mtime with modify, ctime with change. */
void tmpfs_touch(struct fs_node *n, bool modify, bool change);

#endif
