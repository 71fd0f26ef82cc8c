/*
 * System V semaphores (Linux's ipc/sem.c): semget, semop, semtimedop and
 * semctl with Linux's errors in Linux's order, SEM_UNDO.  The id, key and
 * permission layer is ipc/sysv_ids.c; this file is the set.
 *
 * An operation array is all or nothing, applied in its order as Linux's
 * perform_atomic_semop_slow: each operation is tried on the values the
 * ones before it left, and the first that cannot go (a wait for zero on a
 * value not 0, a decrement below 0) undoes those before it; the call then
 * sleeps (or is -EAGAIN if that operation has IPC_NOWAIT), and a result
 * above SEMVMX or an undo adjustment outside [-SEMAEM - 1, SEMAEM] undoes
 * them with -ERANGE.
 *
 * Sleepers.  A call that must wait sleeps as a struct sem_queue on its
 * kernel stack, listed in its set's pending, oldest first.  After every
 * change of the values (a semop that altered, SETVAL, SETALL, an undo at
 * exit) sem_update walks pending and completes, oldest first, every array
 * that can now go, starting again after each that altered a value (it may
 * let an older one go); a sleeper completed so, or ended by -ERANGE or by
 * an IPC_NOWAIT operation that now blocks, is unlinked with its status
 * set, and woken.  IPC_RMID ends every sleeper with -EIDRM.  A sleeper
 * whose status is still SEM_WAITING after its sleep (a signal: -EINTR, not
 * restarted whatever SA_RESTART says, as Linux; its time-out: -EAGAIN)
 * unlinks itself; one whose status is set does not touch the set again.
 * GETNCNT and GETZCNT count the sleepers whose blocking operation (the
 * one that could not go at their last try) is on that semaphore.
 * semtimedop's time-out is relative and slept on CLOCK_MONOTONIC's timer
 * queue (sched_sleep), as Linux's hrtimer sleep.
 *
 * SEM_UNDO.  A process (all its threads: tick386 shares the undo list of a
 * process, which is what CLONE_SYSVSEM asks of threads; a clone that is a
 * new process never shares it) has one struct sem_undo per set it used
 * with SEM_UNDO, listed both in its leader's sem_undos and in the set's
 * undos, holding the adjustment of each semaphore (the opposite of what
 * its SEM_UNDO operations did).  SETVAL zeroes one semaphore's in every
 * undo of the set, SETALL all of them.  At the process's end
 * (sem_process_exit) each adjustment is added back, the value kept within
 * [0, SEMVMX], and the sleepers looked at again.  fork's child starts with
 * none; execve keeps them.  IPC_RMID frees the set's undos.
 *
 * Lifetime.  A set lives from semget to IPC_RMID, which takes it off the
 * table, ends its sleepers, frees its undos and frees it: a sleeper holds
 * no reference (above), and an undo is reached only through the two lists.
 *
 * Locking (one CPU, no preemption in the kernel, no interrupt handler
 * touches a set: interrupts off from a test to the sleep are what makes
 * each step whole).  With several CPUs:
 *   - sem_ids and sem_used (the semaphores of every set, SEMMNS): the
 *     table's lock ([ids lock], Linux's sem_ids rwsem), before a set's;
 *   - a set's values, pids, times, pending, undos and its sleepers' status
 *     and blocking, and the semadj of its undos: the set's lock ([set
 *     lock], Linux's sem_perm.lock);
 *   - a process's sem_undos list: the process's undo lock ([undo lock],
 *     Linux's sem_undo_list.lock), taken inside a set's lock (IPC_RMID
 *     unlinks another process's undos).
 */
#include "ipc/sem.h"
#include "fs/proc.h"
#include "ipc/sysv_ids.h"
#include "ipc/sysv_time.h"
#include "arch/i386/cpu.h"
#include "kernel/signal/signal.h"
#include "kernel/task/cred.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/time_user.h"
#include "lib/list.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/sem.h>

#define SEM_WAITING 1	/* a sleeper's status while it is listed */
#define SEMOPM_FAST 64	/* operations copied onto the stack (Linux's SEMOPM_FAST) */

struct sem {
	int semval; /* [set lock] 0..SEMVMX */
	int sempid; /* [set lock] the process of the last operation on it */
};

struct sem_set {
	struct kern_ipc_perm perm;
	u64 otime, ctime;	  /* [set lock] seconds since 1970; otime 0: never */
	int nsems;		  /* fixed */
	struct list_head pending; /* [set lock] struct sem_queue, oldest first */
	struct list_head undos;	  /* [set lock] struct sem_undo of this set */
	struct sem sems[];
};

struct sem_undo {
	struct list_head proc_node; /* [undo lock] in its process leader's sem_undos */
	struct list_head set_node;  /* [set lock] in set->undos */
	struct sem_set *set;	    /* fixed: freed with it at IPC_RMID */
	short semadj[];		    /* [set lock] one per semaphore of set */
};

struct sem_queue {
	struct list_head node; /* [set lock] in pending while status is SEM_WAITING */
	struct task *task;
	int pid; /* its process */
	const struct abi_sembuf *sops;
	unsigned nsops;
	struct sem_undo *undo; /* NULL without SEM_UNDO */
	bool alter;	       /* some operation is not a wait for zero */
	unsigned blocking;     /* [set lock] the operation that could not go */
	long status;	       /* [set lock] SEM_WAITING, 0 or -errno */
};

static struct ipc_ids sem_ids = IPC_IDS_INIT;
static u32 sem_used; /* [ids lock] semaphores in every set (SEMMNS) */
/* [ids lock] the sysctl kernel.sem: SEMMSL, SEMMNS, SEMOPM, SEMMNI (root
 * writes it through /proc/sys/kernel: fs/proc_sys_kernel.c) */
int sem_ctls[4] = {SEMMSL, SEMMNS, SEMOPM, SEMMNI};
#define sc_semmsl sem_ctls[0]
#define sc_semmns sem_ctls[1]
#define sc_semopm sem_ctls[2]
#define sc_semmni sem_ctls[3]

static struct sem_set *sem_find(int id)
{
	struct kern_ipc_perm *p = ipc_find_id(&sem_ids, id);

	return p ? container_of(p, struct sem_set, perm) : NULL;
}

/* --- semget ------------------------------------------------------------- */

static long sem_create(int key, int flg, void *arg)
{
	int nsems = *(int *)arg;
	struct sem_set *s;
	int rc;

	if (!nsems)
		return -EINVAL;
	if (sem_used + (u32)nsems > (u32)sc_semmns)
		return -ENOSPC;
	s = kzalloc(sizeof(*s) + (size_t)nsems * sizeof(s->sems[0]));
	if (!s)
		return -ENOMEM;
	s->perm.key = key;
	s->perm.mode = (u32)flg & 0777;
	s->nsems = nsems;
	s->ctime = ipc_seconds();
	list_init(&s->pending);
	list_init(&s->undos);
	rc = ipc_addid(&sem_ids, &s->perm, (u32)sc_semmni);
	if (rc) {
		kfree(s);
		return rc;
	}
	sem_used += (u32)nsems;
	return s->perm.id;
}

/* An existing set asked for more semaphores than it has: -EINVAL. */
static int sem_more_checks(struct kern_ipc_perm *p, void *arg)
{
	return *(int *)arg > container_of(p, struct sem_set, perm)->nsems ? -EINVAL : 0;
}

static const struct ipc_get_ops sem_get_ops = {.create = sem_create,
					       .more_checks = sem_more_checks};

long sys_semget(int key, int nsems, int semflg)
{
	u32 flags;
	long rc;

	if (nsems < 0 || nsems > sc_semmsl)
		return -EINVAL;
	flags = irq_save();
	rc = ipc_get(&sem_ids, key, semflg, &sem_get_ops, &nsems);
	irq_restore(flags);
	return rc;
}

/* --- the operations ----------------------------------------------------- */

/*
 * Try sops on s (Linux's perform_atomic_semop_slow): 0 when done (the
 * values, the undo's adjustments and the pids changed), else nothing
 * changed and 1 (it would wait: *blocking is the operation), -EAGAIN (that
 * operation has IPC_NOWAIT) or -ERANGE.
 */
static int sem_try(struct sem_set *s, const struct abi_sembuf *sops, unsigned nsops,
		   struct sem_undo *un, int pid, unsigned *blocking)
{
	unsigned i;
	int rc;

	for (i = 0; i < nsops; i++) {
		const struct abi_sembuf *op = &sops[i];
		int result = s->sems[op->sem_num].semval;

		if ((!op->sem_op && result) || result + op->sem_op < 0) {
			*blocking = i;
			rc = (op->sem_flg & IPC_NOWAIT) ? -EAGAIN : 1;
			goto undo;
		}
		result += op->sem_op;
		if (result > SEMVMX) {
			rc = -ERANGE;
			goto undo;
		}
		if (op->sem_flg & SEM_UNDO) {
			int adj = un->semadj[op->sem_num] - op->sem_op;

			if (adj < -SEMAEM - 1 || adj > SEMAEM) {
				rc = -ERANGE;
				goto undo;
			}
			un->semadj[op->sem_num] = (short)adj;
		}
		s->sems[op->sem_num].semval = result;
	}
	for (i = 0; i < nsops; i++)
		s->sems[sops[i].sem_num].sempid = pid;
	return 0;
undo:
	while (i-- > 0) {
		const struct abi_sembuf *op = &sops[i];

		s->sems[op->sem_num].semval -= op->sem_op;
		if (op->sem_flg & SEM_UNDO)
			un->semadj[op->sem_num] += op->sem_op;
	}
	return rc;
}

/* The values changed: complete every sleeper that can go now (above). */
static void sem_update(struct sem_set *s)
{
	struct sem_queue *q, *tmp;
	bool again;

	do {
		again = false;
		list_for_each_entry_safe(q, tmp, &s->pending, node) {
			int rc = sem_try(s, q->sops, q->nsops, q->undo, q->pid, &q->blocking);

			if (rc > 0)
				continue;
			list_del_init(&q->node);
			q->status = rc;
			task_wake(q->task);
			if (rc == 0) {
				s->otime = ipc_seconds();
				if (q->alter) {
					again = true;
					break;
				}
			}
		}
	} while (again);
}

/* The undo of the calling process for s, or NULL. */
static struct sem_undo *sem_undo_find(struct sem_set *s)
{
	struct sem_undo *un;

	list_for_each_entry(un, &current->leader->sem_undos, proc_node)
		if (un->set == s)
			return un;
	return NULL;
}

/*
 * The set of semid, found with interrupts off (*flags), and with undo the
 * calling process's undo for it, made if it has none (Linux's
 * find_alloc_undo): the set is looked up again after the allocation,
 * which happens with interrupts on; -EIDRM if it went meanwhile.
 */
static struct sem_set *sem_lock(int semid, struct sem_undo **undo, u32 *flags, long *err)
{
	struct sem_undo *un;
	struct sem_set *s;
	int nsems;

	*flags = irq_save();
	s = sem_find(semid);
	if (!s) {
		*err = -EINVAL;
		goto fail;
	}
	if (!undo)
		return s;
	*undo = sem_undo_find(s);
	if (*undo)
		return s;
	nsems = s->nsems;
	irq_restore(*flags);
	un = kzalloc(sizeof(*un) + (size_t)nsems * sizeof(un->semadj[0]));
	*flags = irq_save();
	if (!un) {
		*err = -ENOMEM;
		goto fail;
	}
	s = sem_find(semid);
	if (!s || s->nsems != nsems) {
		kfree(un);
		*err = -EIDRM;
		goto fail;
	}
	*undo = sem_undo_find(s); /* another thread's meanwhile */
	if (*undo) {
		kfree(un);
		return s;
	}
	un->set = s;
	list_add_tail(&un->proc_node, &current->leader->sem_undos);
	list_add_tail(&un->set_node, &s->undos);
	*undo = un;
	return s;
fail:
	irq_restore(*flags);
	return NULL;
}

/*
 * semop and semtimedop: ts is the time-out read from user memory (NULL:
 * none), checked here in Linux's order (after the operations are read).
 */
static long sem_timedop(int semid, const struct abi_sembuf __user *usops, unsigned nsops,
			const struct timespec64 *ts)
{
	struct abi_sembuf fast[SEMOPM_FAST], *sops = fast;
	struct sem_queue q = {.task = current, .pid = current->tgid};
	struct sem_undo *un = NULL;
	unsigned max = 0, blocking = 0;
	bool undos = false, alter = false;
	u64 deadline = KTIME_MAX;
	struct sem_set *s;
	long rc;
	u32 flags;

	if (nsops < 1 || semid < 0)
		return -EINVAL;
	if (nsops > (unsigned)sc_semopm)
		return -E2BIG;
	if (nsops > SEMOPM_FAST) {
		sops = kmalloc(nsops * sizeof(*sops));
		if (!sops)
			return -ENOMEM;
	}
	if (copy_from_user(sops, usops, nsops * sizeof(*sops))) {
		rc = -EFAULT;
		goto out_free;
	}
	if (ts) {
		ktime_t rel;

		rc = ktime_from_timespec64(ts, &rel); /* -EINVAL: Linux's timespec64_valid */
		if (rc)
			goto out_free;
		deadline = ktime_add_sat(clock_monotonic_ns(), rel);
	}
	for (unsigned i = 0; i < nsops; i++) {
		if (sops[i].sem_num > max)
			max = sops[i].sem_num;
		undos |= (sops[i].sem_flg & SEM_UNDO) != 0;
		alter |= sops[i].sem_op != 0;
	}
	s = sem_lock(semid, undos ? &un : NULL, &flags, &rc);
	if (!s)
		goto out_free;
	if (max >= (unsigned)s->nsems) {
		rc = -EFBIG;
		goto out_unlock;
	}
	rc = ipc_perms(&s->perm, alter ? 0222 : 0444);
	if (rc)
		goto out_unlock;
	rc = sem_try(s, sops, nsops, un, q.pid, &blocking);
	if (rc == 0) {
		s->otime = ipc_seconds();
		if (alter)
			sem_update(s);
		goto out_unlock;
	}
	if (rc < 0)
		goto out_unlock;
	q.sops = sops;
	q.nsops = nsops;
	q.undo = un;
	q.alter = alter;
	q.blocking = blocking;
	q.status = SEM_WAITING;
	list_add_tail(&q.node, &s->pending);
	for (;;) {
		int slept = sched_sleep(KTIMER_MONOTONIC, deadline);

		if (q.status != SEM_WAITING) {
			rc = q.status; /* after -EIDRM s is freed */
			break;
		}
		if (slept == -EINTR || signal_pending(current) || fatal_signal_pending(current)) {
			list_del_init(&q.node);
			rc = -EINTR;
			break;
		}
		if (slept == -ETIMEDOUT) {
			list_del_init(&q.node);
			rc = -EAGAIN;
			break;
		}
	}
out_unlock:
	irq_restore(flags);
out_free:
	if (sops != fast)
		kfree(sops);
	return rc;
}

/* ipc(2)'s SEMOP and SEMTIMEDOP, and 420 (wide: struct __kernel_timespec). */
long sem_timedop_user(int semid, const void __user *sops, unsigned nsops,
		      const void __user *timeout, bool wide)
{
	struct timespec64 ts;

	if (!timeout)
		return sem_timedop(semid, sops, nsops, NULL);
	if (get_user_timespec(timeout, wide, &ts))
		return -EFAULT;
	return sem_timedop(semid, sops, nsops, &ts);
}

long sys_semtimedop_time64(int semid, const void __user *sops, unsigned nsops,
			   const struct abi_timespec64 __user *timeout)
{
	return sem_timedop_user(semid, sops, nsops, timeout, true);
}

/* --- undo at exit ------------------------------------------------------- */

void sem_process_exit(struct task *leader)
{
	u32 flags = irq_save();

	while (!list_empty(&leader->sem_undos)) {
		struct sem_undo *un = list_first_entry(&leader->sem_undos, struct sem_undo, proc_node);
		struct sem_set *s = un->set;

		for (int i = 0; i < s->nsems; i++) {
			struct sem *sem = &s->sems[i];

			if (!un->semadj[i])
				continue;
			sem->semval += un->semadj[i];
			if (sem->semval < 0)
				sem->semval = 0;
			if (sem->semval > SEMVMX)
				sem->semval = SEMVMX;
			sem->sempid = leader->tgid;
		}
		list_del(&un->proc_node);
		list_del(&un->set_node);
		sem_update(s);
		irq_restore(flags);
		kfree(un);
		flags = irq_save();
	}
	irq_restore(flags);
}

/* --- semctl ------------------------------------------------------------- */

/* IPC_RMID: off the table, every sleeper ended with -EIDRM, undos freed. */
static void sem_free_set(struct sem_set *s)
{
	struct sem_queue *q, *qtmp;
	struct sem_undo *un, *utmp;

	ipc_rmid(&sem_ids, &s->perm);
	sem_used -= (u32)s->nsems;
	list_for_each_entry_safe(q, qtmp, &s->pending, node) {
		list_del_init(&q->node);
		q->status = -EIDRM;
		task_wake(q->task);
	}
	list_for_each_entry_safe(un, utmp, &s->undos, set_node) {
		list_del(&un->proc_node);
		list_del(&un->set_node);
		kfree(un);
	}
	kfree(s);
}

static long sem_info(int cmd, void __user *buf)
{
	struct abi_seminfo si;
	u32 flags = irq_save();
	int max = ipc_max_idx(&sem_ids);

	si.semmni = sc_semmni;
	si.semmns = sc_semmns;
	si.semmsl = sc_semmsl;
	si.semopm = sc_semopm;
	si.semvmx = SEMVMX;
	si.semmnu = SEMMNU;
	si.semmap = SEMMAP;
	si.semume = SEMUME;
	if (cmd == SEM_INFO) {
		si.semusz = (int)sem_ids.in_use;
		si.semaem = (int)sem_used;
	} else {
		si.semusz = SEMUSZ;
		si.semaem = SEMAEM;
	}
	irq_restore(flags);
	if (copy_to_user(buf, &si, sizeof(si)))
		return -EFAULT;
	return max;
}

/* IPC_STAT, SEM_STAT, SEM_STAT_ANY: the id (0 for IPC_STAT) or -errno. */
static long sem_stat(int semid, int cmd, void __user *buf, int version)
{
	struct abi_semid64_ds ds;
	struct abi_semid_ds_old old;
	struct sem_set *s;
	long rc;
	u32 flags = irq_save();

	if (cmd == IPC_STAT) {
		s = sem_find(semid);
	} else {
		struct kern_ipc_perm *p = ipc_find_idx(&sem_ids, semid);

		s = p ? container_of(p, struct sem_set, perm) : NULL;
	}
	if (!s) {
		irq_restore(flags);
		return -EINVAL;
	}
	rc = cmd == SEM_STAT_ANY ? 0 : ipc_perms(&s->perm, 0444);
	if (rc) {
		irq_restore(flags);
		return rc;
	}
	memset(&ds, 0, sizeof(ds));
	memset(&old, 0, sizeof(old));
	ipc_fill_perm64(&s->perm, &ds.sem_perm);
	ipc_fill_perm_old(&s->perm, &old.sem_perm);
	ds.sem_otime = (unsigned long)s->otime;
	ds.sem_otime_high = (unsigned long)(s->otime >> 32);
	ds.sem_ctime = (unsigned long)s->ctime;
	ds.sem_ctime_high = (unsigned long)(s->ctime >> 32);
	ds.sem_nsems = (unsigned long)s->nsems;
	rc = cmd == IPC_STAT ? 0 : s->perm.id;
	irq_restore(flags);
	if (version == IPC_OLD) {
		old.sem_otime = (int)ds.sem_otime;
		old.sem_ctime = (int)ds.sem_ctime;
		old.sem_nsems = (unsigned short)ds.sem_nsems;
		return copy_to_user(buf, &old, sizeof(old)) ? -EFAULT : rc;
	}
	return copy_to_user(buf, &ds, sizeof(ds)) ? -EFAULT : rc;
}

/* SETVAL (Linux's semctl_setval): ERANGE before anything. */
static long sem_setval(int semid, int semnum, int val)
{
	struct sem_undo *un;
	struct sem_set *s;
	long rc = 0;
	u32 flags;

	if (val > SEMVMX || val < 0)
		return -ERANGE;
	flags = irq_save();
	s = sem_find(semid);
	if (!s) {
		rc = -EINVAL;
		goto out;
	}
	if (semnum < 0 || semnum >= s->nsems) {
		rc = -EINVAL;
		goto out;
	}
	rc = ipc_perms(&s->perm, 0222);
	if (rc)
		goto out;
	list_for_each_entry(un, &s->undos, set_node)
		un->semadj[semnum] = 0;
	s->sems[semnum].semval = val;
	s->sems[semnum].sempid = current->tgid;
	s->ctime = ipc_seconds();
	sem_update(s);
out:
	irq_restore(flags);
	return rc;
}

/* The number of semaphores of semid, for a buffer made before the set is
 * locked again; -EINVAL. */
static long sem_nsems(int semid)
{
	u32 flags = irq_save();
	struct sem_set *s = sem_find(semid);
	long n = s ? s->nsems : -EINVAL;

	irq_restore(flags);
	return n;
}

/* GETALL, SETALL (arg a user array of nsems unsigned shorts). */
static long sem_all(int semid, int cmd, void __user *arg)
{
	long nsems = sem_nsems(semid), rc = 0;
	struct sem_undo *un;
	struct sem_set *s;
	u16 *vals;
	u32 flags;

	if (nsems < 0)
		return nsems;
	vals = kmalloc((size_t)nsems * sizeof(*vals));
	if (!vals)
		return -ENOMEM;
	flags = irq_save();
	s = sem_find(semid);
	if (!s || s->nsems != nsems) {
		rc = s ? -EIDRM : -EINVAL;
		goto out_unlock;
	}
	rc = ipc_perms(&s->perm, cmd == SETALL ? 0222 : 0444);
	if (rc)
		goto out_unlock;
	if (cmd == GETALL) {
		for (long i = 0; i < nsems; i++)
			vals[i] = (u16)s->sems[i].semval;
		irq_restore(flags);
		if (copy_to_user(arg, vals, (size_t)nsems * sizeof(*vals)))
			rc = -EFAULT;
		goto out_free;
	}
	irq_restore(flags);
	if (copy_from_user(vals, arg, (size_t)nsems * sizeof(*vals))) {
		rc = -EFAULT;
		goto out_free;
	}
	for (long i = 0; i < nsems; i++)
		if (vals[i] > SEMVMX) {
			rc = -ERANGE;
			goto out_free;
		}
	flags = irq_save();
	s = sem_find(semid);
	if (!s || s->nsems != nsems) {
		rc = -EIDRM;
		goto out_unlock;
	}
	for (long i = 0; i < nsems; i++) {
		s->sems[i].semval = vals[i];
		s->sems[i].sempid = current->tgid;
	}
	list_for_each_entry(un, &s->undos, set_node)
		memset(un->semadj, 0, (size_t)nsems * sizeof(un->semadj[0]));
	s->ctime = ipc_seconds();
	sem_update(s);
out_unlock:
	irq_restore(flags);
out_free:
	kfree(vals);
	return rc;
}

/* GETVAL, GETPID, GETNCNT, GETZCNT. */
static long sem_get_one(int semid, int semnum, int cmd)
{
	struct sem_queue *q;
	struct sem_set *s;
	long rc;
	u32 flags = irq_save();

	s = sem_find(semid);
	if (!s) {
		rc = -EINVAL;
		goto out;
	}
	rc = ipc_perms(&s->perm, 0444);
	if (rc)
		goto out;
	if (semnum < 0 || semnum >= s->nsems) {
		rc = -EINVAL;
		goto out;
	}
	switch (cmd) {
	case GETVAL:
		rc = s->sems[semnum].semval;
		break;
	case GETPID:
		rc = s->sems[semnum].sempid;
		break;
	default: /* GETNCNT, GETZCNT */
		rc = 0;
		list_for_each_entry(q, &s->pending, node) {
			const struct abi_sembuf *op = &q->sops[q->blocking];

			if (op->sem_num == semnum && (cmd == GETNCNT ? op->sem_op < 0 : !op->sem_op))
				rc++;
		}
	}
out:
	irq_restore(flags);
	return rc;
}

/* IPC_SET's fields from either layout (Linux's copy_semid_from_user). */
static long sem_set_args(const void __user *buf, int version, struct abi_semid64_ds *ds)
{
	if (version == IPC_OLD) {
		struct abi_semid_ds_old old;

		if (copy_from_user(&old, buf, sizeof(old)))
			return -EFAULT;
		memset(ds, 0, sizeof(*ds));
		ds->sem_perm.uid = old.sem_perm.uid;
		ds->sem_perm.gid = old.sem_perm.gid;
		ds->sem_perm.mode = old.sem_perm.mode;
		return 0;
	}
	return copy_from_user(ds, buf, sizeof(*ds)) ? -EFAULT : 0;
}

/* IPC_RMID and IPC_SET (ds): the owner's or CAP_SYS_ADMIN. */
static long sem_ctl_down(int semid, int cmd, const struct abi_semid64_ds *ds)
{
	struct sem_set *s;
	long rc;
	u32 flags = irq_save();

	s = sem_find(semid);
	if (!s) {
		rc = -EINVAL;
		goto out;
	}
	rc = ipc_owner_check(&s->perm);
	if (rc)
		goto out;
	if (cmd == IPC_RMID) {
		sem_free_set(s);
		goto out;
	}
	rc = ipc_set_perm(&s->perm, ds->sem_perm.uid, ds->sem_perm.gid, ds->sem_perm.mode);
	if (!rc)
		s->ctime = ipc_seconds();
out:
	irq_restore(flags);
	return rc;
}

long sem_ctl(int semid, int semnum, int cmd, unsigned long arg, int version)
{
	void __user *p = (void __user *)arg;
	struct abi_semid64_ds ds;
	long rc;

	if (semid < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SEM_INFO:
		return sem_info(cmd, p);
	case IPC_STAT:
	case SEM_STAT:
	case SEM_STAT_ANY:
		return sem_stat(semid, cmd, p, version);
	case GETALL:
	case SETALL:
		return sem_all(semid, cmd, p);
	case GETVAL:
	case GETPID:
	case GETNCNT:
	case GETZCNT:
		return sem_get_one(semid, semnum, cmd);
	case SETVAL:
		return sem_setval(semid, semnum, (int)arg);
	case IPC_SET:
		rc = sem_set_args(p, version, &ds);
		if (rc)
			return rc;
		return sem_ctl_down(semid, cmd, &ds);
	case IPC_RMID:
		return sem_ctl_down(semid, cmd, NULL);
	default:
		return -EINVAL;
	}
}

long sys_semctl(int semid, int semnum, int cmd, unsigned long arg)
{
	return sem_ctl(semid, semnum, cmd, arg, IPC_64);
}

/* /proc/sysvipc/sem: Linux's sysvipc_sem_proc_show, one set a line. */
void sem_proc_show(struct proc_text *out)
{
	u32 flags = irq_save();

	proc_printf(out, "       key      semid perms      nsems   uid   gid  cuid  cgid      otime "
			 "     ctime\n");
	for (int i = 0; i <= sem_ids.max_idx; i++) {
		struct kern_ipc_perm *p = ipc_find_idx(&sem_ids, i);
		struct sem_set *s;

		if (!p)
			continue;
		s = container_of(p, struct sem_set, perm);
		proc_printf(out, "%10d %10d  %4o %10u %5u %5u %5u %5u %10llu %10llu\n", p->key, p->id,
			    p->mode & 0777, (unsigned)s->nsems, p->uid, p->gid, p->cuid, p->cgid,
			    (unsigned long long)s->otime, (unsigned long long)s->ctime);
	}
	irq_restore(flags);
}
