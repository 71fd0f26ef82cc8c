/*
 * File permissions: Linux's generic_permission and the checks around it
 * (fs/namei.c, fs/attr.c), against the ids of current_fscred()
 * (kernel/task/cred.h): the owner's bits when fsuid owns the node, the
 * group's when fsgid or a supplementary group is its group (only looked
 * at where the group's bits and the others' differ, as Linux), else the
 * others'.  Privilege is fsuid 0 (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH,
 * CAP_FOWNER): reading and writing anything, searching any directory,
 * executing a file only with some x bit.
 *
 * The read-only tree (the initramfs) and /proc have their own answer to a
 * write (-EROFS, or their write_error), given by the callers in Linux's
 * order; these functions look at the mode bits only.
 */
#include "fs/perm.h"
#include "fs/fs.h"
#include "kernel/task/cred.h"
#include <abi/errno.h>
#include <abi/stat.h>

static int dac_check(const struct cred *c, const struct fs_node *n, int mask)
{
	u32 mode = n->mode;

	mask &= MAY_READ | MAY_WRITE | MAY_EXEC;
	if (c->fsuid == n->uid) {
		mode >>= 6;
	} else if ((mask & (mode ^ (mode >> 3))) && cred_in_group(c, n->gid)) {
		mode >>= 3;
	}
	return (mask & ~mode) ? -EACCES : 0;
}

int fs_permission_cred(const struct cred *c, const struct fs_node *n, int mask)
{
	if (!dac_check(c, n, mask))
		return 0;
	if (!cred_fs_capable(c))
		return -EACCES;
	if (S_ISDIR(n->mode))
		return 0; /* DAC_OVERRIDE: any access to a directory */
	if (!(mask & MAY_EXEC) || (n->mode & 0111))
		return 0;
	return -EACCES;
}

int fs_permission(const struct fs_node *n, int mask)
{
	return fs_permission_cred(current_fscred(), n, mask);
}

bool fs_owner_or_capable(const struct fs_node *n)
{
	const struct cred *c = current_fscred();

	return c->fsuid == n->uid || cred_fs_capable(c);
}

int fs_may_create(const struct fs_node *dir)
{
	return fs_permission(dir, MAY_WRITE | MAY_EXEC);
}

/*
 * Linux's may_delete, its permission part: write and search on the
 * directory (-EACCES); in a sticky directory (/tmp, 1777) only the file's
 * owner, the directory's owner or a privileged caller (-EPERM).
 */
int fs_may_delete(const struct fs_node *dir, const struct fs_node *victim)
{
	const struct cred *c = current_fscred();
	int rc = fs_permission(dir, MAY_WRITE | MAY_EXEC);

	if (rc)
		return rc;
	if ((dir->mode & S_ISVTX) && c->fsuid != victim->uid && c->fsuid != dir->uid &&
	    !cred_fs_capable(c))
		return -EPERM;
	return 0;
}

void fs_init_owner(struct fs_node *n, const struct fs_node *dir)
{
	const struct cred *c = current_fscred();

	n->uid = c->fsuid;
	n->gid = c->fsgid;
	if (dir && (dir->mode & S_ISGID)) { /* a set-group-ID directory's group (BSD's rule) */
		n->gid = dir->gid;
		if (S_ISDIR(n->mode))
			n->mode |= S_ISGID;
	}
}
