/*
 * System V IPC identifiers (Linux's ipc/util.c), shared by shared memory
 * (ipc/shm.c), message queues and semaphore sets: one id table per kind.
 *
 * An object embeds a struct kern_ipc_perm (its key, owner, creator, mode
 * and id) and the kind's table holds a pointer to it in slot idx.  Its id
 * is seq * IPC_MNI + idx, as Linux's (ipcmni 32768, the default without
 * ipcmni_extend): the slot is found from the id, and an id whose slot was
 * freed and given again reads as stale (-EINVAL) because seq differs.
 *
 * Allocation is Linux's (ipc_idr_alloc): slots are given cyclically, from
 * one past the last one given, in [0, max(in_use * 3 / 2, 64)) capped at
 * IPC_MNI; the table's seq goes up by one each time the cycle wraps (a
 * slot at or below the last one given), back to 0 at IPC_SEQ_MAX.  So on
 * a fresh table the ids are 0, 1, 2 ... and a removed id comes back only
 * after many others, as on Linux.
 *
 * Invariants:
 *   - slots[i] != NULL iff an object has idx i; then slots[i]->id % IPC_MNI
 *     == i; in_use counts them; max_idx is the highest such i (-1: none);
 *   - nslots covers every slot in use (the array grows while objects
 *     exist and is freed when the last one goes) and is at most IPC_MNI.
 *
 * Locking: one lock per table (Linux's ids->rwsem, taken for writing by
 * get and rmid, for reading by the ctl calls' lookups), written
 * [ids lock] on the fields it guards: every field of struct ipc_ids, and
 * of struct kern_ipc_perm key, deleted and the slot.  Each object's own
 * fields (owner, mode, and the kind's data) are guarded by the object's
 * lock (Linux's kern_ipc_perm.lock), [object lock], taken inside the
 * table's.  On one CPU with no preemption in a system call, the kernel
 * takes neither: a call that does not sleep sees and makes its change
 * whole, and no interrupt handler touches an id table.
 */
#ifndef TICK386_IPC_SYSV_IDS_H
#define TICK386_IPC_SYSV_IDS_H

#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/ipc.h>

#define IPC_MNI 32768u	      /* slots per kind; the id's multiplier */
#define IPC_SEQ_MAX 65535u    /* INT_MAX >> 15: the highest seq */
#define IPC_MIN_CYCLE 64u     /* the smallest window of the cyclic allocator */
#define CAP_IPC_LOCK 14	      /* Linux's capability numbers */
#define CAP_IPC_OWNER 15

struct kern_ipc_perm {
	int id;		    /* seq * IPC_MNI + idx [ids lock] */
	int key;	    /* IPC_PRIVATE (0) after IPC_RMID [ids lock] */
	bool deleted;	    /* off the table, waiting for its last user [ids lock] */
	u32 uid, gid;	    /* owner (IPC_SET changes it) [object lock] */
	u32 cuid, cgid;	    /* creator [fixed] */
	u32 mode;	    /* rwxrwxrwx, plus the kind's flags (SHM_DEST...) [object lock] */
	u32 seq;	    /* the id's high part [fixed] */
};

struct ipc_ids {
	u32 in_use;			/* objects in the table */
	u32 seq;			/* seq of the next object */
	int last_idx;			/* slot given last (-1: none yet) */
	int max_idx;			/* highest slot in use (-1: none) */
	u32 next_idx;			/* where the cyclic search starts */
	u32 nslots;			/* length of slots */
	struct kern_ipc_perm **slots;	/* by idx, NULL when free */
};

#define IPC_IDS_INIT {0, 0, -1, -1, 0, 0, NULL}

/*
 * The get call (shmget, msgget, semget), Linux's ipcget: IPC_PRIVATE
 * always creates; another key is looked up, created if absent and
 * IPC_CREAT (-ENOENT without), -EEXIST if present and IPC_CREAT|IPC_EXCL,
 * else checked (more_checks first: shm's size, -EINVAL; then the mode
 * bits of flg against the caller, -EACCES) and its id returned.
 * create(key, flg, arg) builds an object, adds it with ipc_addid and
 * returns its id or -errno, with nothing left behind on failure.
 */
struct ipc_get_ops {
	long (*create)(int key, int flg, void *arg);
	int (*more_checks)(struct kern_ipc_perm *p, void *arg); /* may be NULL */
};
long ipc_get(struct ipc_ids *ids, int key, int flg, const struct ipc_get_ops *ops, void *arg);

/*
 * Put p (its key and mode set) in the table: the owner and creator become
 * the caller's effective ids, p->id and p->seq are given.  0, or -ENOSPC
 * (in_use at limit, or IPC_MNI), -ENOMEM (the table could not grow).
 */
int ipc_addid(struct ipc_ids *ids, struct kern_ipc_perm *p, u32 limit);
/* Take p off the table (its id goes stale, deleted is set); the object
 * itself is the caller's to free. */
void ipc_rmid(struct ipc_ids *ids, struct kern_ipc_perm *p);

/* The object of id, or NULL (-EINVAL for the caller): a negative id, a
 * free slot or a stale seq. */
struct kern_ipc_perm *ipc_find_id(struct ipc_ids *ids, int id);
/* The object in slot idx % IPC_MNI (the *_STAT commands' index; Linux
 * takes an id's low 15 bits so, whatever its seq), or NULL. */
struct kern_ipc_perm *ipc_find_idx(struct ipc_ids *ids, int idx);
/* IPC_INFO's and *_INFO's result: the highest slot in use, 0 if none. */
int ipc_max_idx(const struct ipc_ids *ids);

/* Linux's ipcperms: flag's rwx bits (any of the three triads) against p's
 * mode for the caller (owner or creator, then group, then other), or
 * CAP_IPC_OWNER.  0 or -EACCES. */
int ipc_perms(const struct kern_ipc_perm *p, int flag);
/* IPC_RMID's and IPC_SET's check: the caller's euid is p's owner or
 * creator, or CAP_SYS_ADMIN.  0 or -EPERM. */
int ipc_owner_check(const struct kern_ipc_perm *p);
/* IPC_SET: the owner's ids and the low 9 mode bits from in; -EINVAL for
 * an id of -1 (invalid), nothing changed then. */
int ipc_set_perm(struct kern_ipc_perm *p, u32 uid, u32 gid, u32 mode);
/* The *_STAT layouts of p. */
void ipc_fill_perm64(const struct kern_ipc_perm *p, struct abi_ipc64_perm *out);
void ipc_fill_perm_old(const struct kern_ipc_perm *p, struct abi_ipc_perm_old *out);

/* The ipc(2) *ctl version: IPC_64 taken out of *cmd, or IPC_OLD. */
int ipc_parse_version(int *cmd);

/* ipc (117), the multiplexer: Linux's ksys_ipc on i386. */
long sys_ipc(u32 call, int first, u32 second, u32 third, void __user *ptr, long fifth);

#endif
