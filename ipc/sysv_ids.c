/*
 * System V IPC identifiers: the id tables, the get call's lookup and
 * creation, the permission and ownership checks (ipc/sysv_ids.h).
 */
#include "ipc/sysv_ids.h"
#include "kernel/task/cred.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>

struct kern_ipc_perm *ipc_find_idx(struct ipc_ids *ids, int idx)
{
	if (idx < 0)
		return NULL;
	idx = (int)((u32)idx % IPC_MNI); /* Linux's ipcid_to_idx: a whole id names its slot too */
	return (u32)idx < ids->nslots ? ids->slots[idx] : NULL;
}

struct kern_ipc_perm *ipc_find_id(struct ipc_ids *ids, int id)
{
	struct kern_ipc_perm *p;

	if (id < 0)
		return NULL;
	p = ipc_find_idx(ids, id);
	return p && p->id == id ? p : NULL;
}

int ipc_max_idx(const struct ipc_ids *ids)
{
	if (!ids->in_use)
		return 0;
	if (ids->in_use == IPC_MNI)
		return (int)IPC_MNI - 1;
	return ids->max_idx;
}

static struct kern_ipc_perm *ipc_find_key(struct ipc_ids *ids, int key)
{
	for (int i = 0; i <= ids->max_idx; i++) {
		struct kern_ipc_perm *p = ids->slots[i];

		if (p && p->key == key)
			return p;
	}
	return NULL;
}

/* Make the slot array at least n long (n <= IPC_MNI); -ENOMEM. */
static int ipc_grow(struct ipc_ids *ids, u32 n)
{
	struct kern_ipc_perm **slots;
	u32 size = ids->nslots ? ids->nslots : IPC_MIN_CYCLE;

	if (n <= ids->nslots)
		return 0;
	while (size < n)
		size *= 2;
	if (size > IPC_MNI)
		size = IPC_MNI;
	slots = kzalloc(size * sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	if (ids->nslots)
		memcpy(slots, ids->slots, ids->nslots * sizeof(*slots));
	kfree(ids->slots);
	ids->slots = slots;
	ids->nslots = size;
	return 0;
}

/* Linux's idr_alloc_cyclic in [0, window): from next_idx up, then from 0;
 * -1 when every slot of the window is taken. */
static int ipc_free_slot(const struct ipc_ids *ids, u32 window)
{
	u32 start = ids->next_idx < window ? ids->next_idx : 0;

	for (u32 i = start; i < window; i++)
		if (!ids->slots[i])
			return (int)i;
	for (u32 i = 0; i < start; i++)
		if (!ids->slots[i])
			return (int)i;
	return -1;
}

int ipc_addid(struct ipc_ids *ids, struct kern_ipc_perm *p, u32 limit)
{
	const struct cred *c = task_cred(current);
	u32 window = ids->in_use * 3 / 2;
	int idx;

	if (limit > IPC_MNI)
		limit = IPC_MNI;
	if (ids->in_use >= limit)
		return -ENOSPC;
	if (window < IPC_MIN_CYCLE)
		window = IPC_MIN_CYCLE;
	if (window > IPC_MNI)
		window = IPC_MNI;
	if (ipc_grow(ids, window))
		return -ENOMEM;
	idx = ipc_free_slot(ids, window);
	if (idx < 0)
		return -ENOSPC; /* idr_alloc_cyclic's -ENOSPC: the window is full */
	if (idx <= ids->last_idx && ++ids->seq >= IPC_SEQ_MAX)
		ids->seq = 0;
	ids->last_idx = idx;
	ids->next_idx = (u32)idx + 1;
	if (idx > ids->max_idx)
		ids->max_idx = idx;
	ids->in_use++;
	p->seq = ids->seq;
	p->id = (int)(p->seq * IPC_MNI + (u32)idx);
	p->deleted = false;
	p->uid = p->cuid = c->euid;
	p->gid = p->cgid = c->egid;
	ids->slots[idx] = p;
	return 0;
}

void ipc_rmid(struct ipc_ids *ids, struct kern_ipc_perm *p)
{
	int idx = (int)((u32)p->id % IPC_MNI);

	ids->slots[idx] = NULL;
	ids->in_use--;
	p->deleted = true;
	if (idx == ids->max_idx) {
		while (idx >= 0 && !ids->slots[idx])
			idx--;
		ids->max_idx = idx;
	}
	if (!ids->in_use) { /* an empty table holds no memory (Linux's idr frees its nodes) */
		kfree(ids->slots);
		ids->slots = NULL;
		ids->nslots = 0;
	}
}

int ipc_perms(const struct kern_ipc_perm *p, int flag)
{
	const struct cred *c = task_cred(current);
	u32 requested = ((u32)flag >> 6 | (u32)flag >> 3 | (u32)flag) & 07;
	u32 granted = p->mode;

	if (c->euid == p->cuid || c->euid == p->uid)
		granted >>= 6;
	else if (cred_in_group(c, p->cgid) || cred_in_group(c, p->gid))
		granted >>= 3;
	if ((requested & ~granted & 07) && !capable(CAP_IPC_OWNER))
		return -EACCES;
	return 0;
}

int ipc_owner_check(const struct kern_ipc_perm *p)
{
	u32 euid = task_cred(current)->euid;

	if (euid == p->cuid || euid == p->uid || capable(CAP_SYS_ADMIN))
		return 0;
	return -EPERM;
}

int ipc_set_perm(struct kern_ipc_perm *p, u32 uid, u32 gid, u32 mode)
{
	if (uid == CRED_NO_ID || gid == CRED_NO_ID)
		return -EINVAL; /* Linux's uid_valid/gid_valid */
	p->uid = uid;
	p->gid = gid;
	p->mode = (p->mode & ~0777u) | (mode & 0777u);
	return 0;
}

void ipc_fill_perm64(const struct kern_ipc_perm *p, struct abi_ipc64_perm *out)
{
	memset(out, 0, sizeof(*out));
	out->key = p->key;
	out->uid = p->uid;
	out->gid = p->gid;
	out->cuid = p->cuid;
	out->cgid = p->cgid;
	out->mode = (unsigned short)p->mode;
	out->seq = (unsigned short)p->seq;
}

/* Linux's SET_UID/SET_GID of the 16-bit layouts: an id past 65535 reads
 * as the overflow id. */
static unsigned short ipc_id16(u32 id)
{
	return id > 0xffffu ? OVERFLOW_ID : (unsigned short)id;
}

void ipc_fill_perm_old(const struct kern_ipc_perm *p, struct abi_ipc_perm_old *out)
{
	memset(out, 0, sizeof(*out));
	out->key = p->key;
	out->uid = ipc_id16(p->uid);
	out->gid = ipc_id16(p->gid);
	out->cuid = ipc_id16(p->cuid);
	out->cgid = ipc_id16(p->cgid);
	out->mode = (unsigned short)p->mode;
	out->seq = (unsigned short)p->seq;
}

int ipc_parse_version(int *cmd)
{
	if (*cmd & IPC_64) {
		*cmd ^= IPC_64;
		return IPC_64;
	}
	return IPC_OLD;
}

long ipc_get(struct ipc_ids *ids, int key, int flg, const struct ipc_get_ops *ops, void *arg)
{
	struct kern_ipc_perm *p;
	int rc;

	if (key == IPC_PRIVATE)
		return ops->create(key, flg, arg);
	p = ipc_find_key(ids, key);
	if (!p)
		return (flg & IPC_CREAT) ? ops->create(key, flg, arg) : -ENOENT;
	if ((flg & IPC_CREAT) && (flg & IPC_EXCL))
		return -EEXIST;
	rc = ops->more_checks ? ops->more_checks(p, arg) : 0;
	if (!rc)
		rc = ipc_perms(p, flg);
	return rc ? rc : p->id;
}
