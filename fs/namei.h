/*
 * Path lookup for the system calls: from the working directory, a dirfd
 * (the *at calls) or the root (fs/namei.c).
 */
#ifndef TICK386_FS_NAMEI_H
#define TICK386_FS_NAMEI_H

#include "lib/types.h"
#include "mm/uaccess.h"

struct fs_node;

/* The directory a path starts from: the root for an absolute path, the
 * cwd for AT_FDCWD, dirfd's directory; referenced (fs_node_put).
 * -EBADF, -ENOTDIR. */
int fs_start(int dirfd, const char *path, struct fs_node **out);
/* The node at a user path from dirfd: 0 and *out (referenced), or -errno;
 * flags: FS_WALK_NOFOLLOW or 0 (fs/fs.h). */
int fs_lookup_at(int dirfd, const char __user *upath, int flags, struct fs_node **out);

/* A path split for the calls that make or remove a name. */
struct fs_parent {
	char *path;	  /* the copy, kfreed by fs_parent_done */
	struct fs_node *dir; /* referenced: the directory of the last name */
	const char *name; /* the last name: len bytes in path; len 0: the root */
	size_t len;
	bool slash; /* the path ended with '/' */
	bool dot;   /* the last name is "." */
	bool dotdot;
	u32 links; /* symbolic links followed so far (fs_walk_counted) */
};
/*
 * Walk all but the last name: 0 and *p, or -errno of the walk
 * (-ENOENT, -ENOTDIR, -ENAMETOOLONG of a directory's name).  The last
 * name is not checked (its length neither): the callers do, in Linux's
 * order.
 */
int fs_parent_at(int dirfd, const char __user *upath, struct fs_parent *p);
/* The same from start for path (kmalloc'ed: p takes it, freed on error);
 * p->links goes on counting. */
int fs_parent_split(struct fs_node *start, char *path, struct fs_parent *p);
void fs_parent_done(struct fs_parent *p);
/* The directory entry of dir named p's last name, referenced and mounts
 * crossed, a symbolic link or a hard link's entry itself (fs_inode for
 * its node; "/", ".", ".." are walked): 0, -ENOENT, -ENAMETOOLONG. */
int fs_parent_child(struct fs_parent *p, struct fs_node **out);
/* Whether a new name may be made in p->dir: 0, -EROFS (not tmpfs),
 * -ENOENT (a removed directory), -ENAMETOOLONG. */
int fs_parent_writable(struct fs_parent *p);

/* mknodat(2)'s work: 0, with *out the new node referenced when out is
 * not NULL (bind(2) of an AF_UNIX path: an S_IFSOCK node), or -errno
 * (-EEXIST when the name exists). */
int fs_mknod_at(int dirfd, const char __user *upath, u32 mode, u32 dev, struct fs_node **out);

#endif
