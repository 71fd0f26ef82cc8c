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
 */
#ifndef TICK386_FS_FS_H
#define TICK386_FS_FS_H

#include "kernel/bootinfo.h"
#include "lib/types.h"

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
};

extern struct fs_node fs_root;

/* Build the tree from the first initramfs module, if any (kmain, once). */
void fs_init(void);

/* Whether module m is an initramfs (data starts with the newc magic), not a program. */
bool fs_module_is_initramfs(const struct boot_module *m);

/*
 * Resolve path (NUL-terminated, already in kernel memory) from directory
 * start, or from the root if it begins with '/': repeated slashes count as
 * one, "." stays, ".." goes up (the root's ".." is the root).  0 and *out,
 * or -ENOENT (empty path, missing name), -ENOTDIR (a component, or a
 * trailing slash, on a non-directory), -ENAMETOOLONG (a name > NAME_MAX).
 */
int fs_walk(struct fs_node *start, const char *path, struct fs_node **out);

/* The child of directory dir at index i, or NULL past the end. */
struct fs_node *fs_child_at(struct fs_node *dir, u32 i);

#endif
