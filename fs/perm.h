/*
 * File permissions against the caller's credentials (fs/perm.c): Linux's
 * generic_permission, may_create, may_delete (the sticky bit),
 * inode_owner_or_capable, and who owns a new node.
 */
#ifndef TICK386_FS_PERM_H
#define TICK386_FS_PERM_H

#include "lib/types.h"

#define MAY_EXEC  1
#define MAY_WRITE 2
#define MAY_READ  4

struct fs_node;
struct cred;

/* 0, or -EACCES: may the current call's ids (current_fscred) do mask on n. */
int fs_permission(const struct fs_node *n, int mask);
int fs_permission_cred(const struct cred *c, const struct fs_node *n, int mask);
/* chmod, utimes with times given: the owner (fsuid) or CAP_FOWNER. */
bool fs_owner_or_capable(const struct fs_node *n);
/* A new name in dir: write and search (-EACCES). */
int fs_may_create(const struct fs_node *dir);
/* Removing victim from dir: write and search (-EACCES), the sticky bit (-EPERM). */
int fs_may_delete(const struct fs_node *dir, const struct fs_node *victim);
/* A new node's owner: fsuid, and fsgid or a set-group-ID dir's group
 * (which a new directory inherits, with the bit). */
void fs_init_owner(struct fs_node *n, const struct fs_node *dir);

#endif
