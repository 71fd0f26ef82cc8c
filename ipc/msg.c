/*
 * System V message queues (Linux's ipc/msg.c): msgget, msgsnd, msgrcv and
 * msgctl with Linux's errors in Linux's order.  The id, key and permission
 * layer is ipc/sysv_ids.c; this file is the queue.
 *
 * A queue holds its messages oldest first (messages), counts them (qnum)
 * and their bytes (cbytes), and takes a message only while both the bytes
 * and the count stay within qbytes (Linux's msg_fits_inqueue: a queue of
 * qbytes 3 holds at most three empty messages).  msgrcv picks, by msgtyp:
 * 0 the oldest; > 0 the oldest of that type (of another type with
 * MSG_EXCEPT); < 0 the oldest of the lowest type <= -msgtyp; with
 * MSG_COPY (IPC_NOWAIT required) message number msgtyp, copied and left.
 *
 * Sleepers.  A receiver that finds nothing sleeps as a struct
 * msg_receiver on its kernel stack, listed in receivers; as Linux
 * (pipelined_send), a send first offers its message to those receivers,
 * oldest first: the first whose msgtyp matches and whose buffer is big
 * enough gets it (status 0, msg set) and the message never enters the
 * queue; one that matches but whose buffer is too small (no MSG_NOERROR)
 * is ended with -E2BIG and the message goes on.  A sender that finds the
 * queue full sleeps as a struct msg_sender in senders; every receive (and
 * IPC_SET) unlinks all of them with status 0 and wakes them to try again
 * (Linux's ss_wakeup).  IPC_RMID ends everyone listed with -EIDRM.
 * Whoever sets a sleeper's status unlinks it, so a woken sleeper whose
 * status is still MSG_WAITING (a signal: -ERESTARTNOHAND, which a handler
 * turns into EINTR whatever SA_RESTART says, as Linux) unlinks itself, and
 * one whose status is set does not touch the queue again: after -EIDRM it
 * is freed.
 *
 * Lifetime.  A queue is in msg_ids from msgget to IPC_RMID, which takes it
 * off the table, ends its sleepers and frees it with its messages at once:
 * nobody else points at it (a sleeper holds no reference, above).  A
 * message is owned by the queue while listed in messages, else by the one
 * call that holds it (a send before it is queued, a receive after).
 *
 * Locking (one CPU, no preemption in the kernel, and no interrupt handler
 * touches a queue: interrupts off from a test to the sleep, sched_sleep,
 * are what makes each step whole).  With several CPUs:
 *   - msg_ids and the totals msg_hdrs, msg_total_bytes: the table's lock
 *     ([ids lock], Linux's msg_ids rwsem), taken by msgget, IPC_RMID and
 *     IPC_SET, before a queue's;
 *   - every field of a queue but its perm's [ids lock] ones, and the
 *     status and msg of its sleepers: the queue's lock ([queue lock],
 *     Linux's q_perm.lock), held from the lookup to the end of the step
 *     and dropped by the sleep (sched_sleep would drop it as it turns
 *     interrupts on).
 */
#include "ipc/msg.h"
#include "fs/proc.h"
#include "ipc/sysv_ids.h"
#include "ipc/sysv_time.h"
#include "arch/i386/cpu.h"
#include "kernel/signal/signal.h"
#include "kernel/task/cred.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "lib/list.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/msg.h>
#include <limits.h>

#define MSG_WAITING 1 /* a sleeper's status while it is listed */

struct msg_msg {
	struct list_head node; /* [queue lock] in messages while queued */
	long type;
	size_t size;
	u8 text[];
};

struct msg_queue {
	struct kern_ipc_perm perm;
	u64 stime, rtime, ctime;     /* [queue lock] seconds since 1970, 0: never */
	size_t cbytes;		     /* [queue lock] bytes of the queued messages */
	u32 qnum;		     /* [queue lock] queued messages */
	u32 qbytes;		     /* [queue lock] the limit of cbytes and of qnum */
	int lspid, lrpid;	     /* [queue lock] the last sender's, receiver's process */
	struct list_head messages;   /* [queue lock] struct msg_msg, oldest first */
	struct list_head receivers;  /* [queue lock] struct msg_receiver, oldest first */
	struct list_head senders;    /* [queue lock] struct msg_sender, oldest first */
};

struct msg_receiver {
	struct list_head node; /* [queue lock] in receivers while status is MSG_WAITING */
	struct task *task;
	long type;
	int mode;
	size_t maxsize;	    /* the buffer; LONG_MAX with MSG_NOERROR */
	struct msg_msg *msg; /* handed over (status 0): the receiver's */
	long status;	    /* [queue lock] MSG_WAITING, 0, -E2BIG or -EIDRM */
};

struct msg_sender {
	struct list_head node; /* [queue lock] in senders while status is MSG_WAITING */
	struct task *task;
	long status; /* [queue lock] MSG_WAITING, 0 (try again) or -EIDRM */
};

/* msgrcv's ways of choosing (Linux's SEARCH_*). */
enum msg_search { MSG_SEARCH_ANY, MSG_SEARCH_EQUAL, MSG_SEARCH_NOTEQUAL, MSG_SEARCH_LESSEQUAL,
		  MSG_SEARCH_NUMBER };

static struct ipc_ids msg_ids = IPC_IDS_INIT;
/* [ids lock] messages queued and their bytes over every queue (MSG_INFO) */
static u32 msg_hdrs, msg_total_bytes;
/* [ids lock] the sysctls kernel.msgmax, msgmnb, msgmni (root writes them
 * through /proc/sys/kernel: fs/proc_sys_kernel.c) */
int msg_ctlmax = MSGMAX, msg_ctlmnb = MSGMNB, msg_ctlmni = MSGMNI;

static struct msg_queue *msg_find(int id)
{
	struct kern_ipc_perm *p = ipc_find_id(&msg_ids, id);

	return p ? container_of(p, struct msg_queue, perm) : NULL;
}

/* --- msgget ------------------------------------------------------------- */

static long msg_create(int key, int flg, void *arg)
{
	struct msg_queue *q = kzalloc(sizeof(*q));
	int rc;

	(void)arg;
	if (!q)
		return -ENOMEM;
	q->perm.key = key;
	q->perm.mode = (u32)flg & 0777;
	q->qbytes = (u32)msg_ctlmnb;
	q->ctime = ipc_seconds();
	list_init(&q->messages);
	list_init(&q->receivers);
	list_init(&q->senders);
	rc = ipc_addid(&msg_ids, &q->perm, (u32)msg_ctlmni);
	if (rc) {
		kfree(q);
		return rc;
	}
	return q->perm.id;
}

static const struct ipc_get_ops msg_get_ops = {.create = msg_create};

long sys_msgget(int key, int msgflg)
{
	u32 flags = irq_save();
	long rc = ipc_get(&msg_ids, key, msgflg, &msg_get_ops, NULL);

	irq_restore(flags);
	return rc;
}

/* --- sleepers ----------------------------------------------------------- */

/* Every sleeping sender tries again (a receive made room, IPC_SET). */
static void msg_wake_senders(struct msg_queue *q, long status)
{
	struct msg_sender *s, *tmp;

	list_for_each_entry_safe(s, tmp, &q->senders, node) {
		list_del_init(&s->node);
		s->status = status;
		task_wake(s->task);
	}
}

static bool msg_matches(const struct msg_msg *m, long type, int mode)
{
	switch (mode) {
	case MSG_SEARCH_EQUAL:
		return m->type == type;
	case MSG_SEARCH_NOTEQUAL:
		return m->type != type;
	case MSG_SEARCH_LESSEQUAL:
		return m->type <= type;
	default: /* ANY; NUMBER counts (msg_search) */
		return true;
	}
}

/* Offer m to the sleeping receivers (Linux's pipelined_send): true if one
 * took it. */
static bool msg_hand_over(struct msg_queue *q, struct msg_msg *m)
{
	struct msg_receiver *r, *tmp;

	list_for_each_entry_safe(r, tmp, &q->receivers, node) {
		if (!msg_matches(m, r->type, r->mode))
			continue;
		list_del_init(&r->node);
		task_wake(r->task);
		if (r->maxsize < m->size) {
			r->status = -E2BIG;
			continue;
		}
		r->msg = m;
		r->status = 0;
		q->lrpid = r->task->tgid;
		q->rtime = ipc_seconds();
		return true;
	}
	return false;
}

/* Sleep as one listed on q (interrupts off) until its status is set or a
 * signal comes; fatal signals too. */
static void msg_sleep(void)
{
	sched_sleep(KTIMER_MONOTONIC, KTIME_MAX);
}

/* --- msgsnd ------------------------------------------------------------- */

static bool msg_fits(const struct msg_queue *q, size_t size)
{
	return q->cbytes + size <= q->qbytes && q->qnum + 1 <= q->qbytes;
}

long sys_msgsnd(int msqid, const void __user *msgp, size_t msgsz, int msgflg)
{
	struct msg_sender s = {.task = current};
	struct msg_queue *q;
	struct msg_msg *m;
	long mtype, rc;
	u32 flags;

	if (copy_from_user(&mtype, msgp, sizeof(mtype)))
		return -EFAULT;
	if (msgsz > (size_t)msg_ctlmax || (long)msgsz < 0 || msqid < 0)
		return -EINVAL;
	if (mtype < 1)
		return -EINVAL;
	/* the message first, as Linux's load_msg: a fault or no memory
	 * changes nothing */
	m = kmalloc(sizeof(*m) + msgsz);
	if (!m)
		return -ENOMEM;
	if (copy_from_user(m->text, (const u8 __user *)msgp + sizeof(long), msgsz)) {
		kfree(m);
		return -EFAULT;
	}
	m->type = mtype;
	m->size = msgsz;

	flags = irq_save();
	q = msg_find(msqid);
	if (!q) {
		rc = -EINVAL;
		goto out;
	}
	rc = ipc_perms(&q->perm, 0222);
	if (rc)
		goto out;
	while (!msg_fits(q, msgsz)) {
		if (msgflg & IPC_NOWAIT) {
			rc = -EAGAIN;
			goto out;
		}
		s.status = MSG_WAITING;
		list_add_tail(&s.node, &q->senders);
		msg_sleep();
		if (s.status == -EIDRM) {
			rc = -EIDRM; /* q is freed */
			goto out;
		}
		if (s.status == MSG_WAITING)
			list_del_init(&s.node);
		if (signal_pending(current) || fatal_signal_pending(current)) {
			rc = -ERESTARTNOHAND;
			goto out;
		}
	}
	if (!msg_hand_over(q, m)) {
		list_add_tail(&m->node, &q->messages);
		q->cbytes += msgsz;
		q->qnum++;
		msg_hdrs++;
		msg_total_bytes += (u32)msgsz;
	}
	m = NULL;
	q->lspid = current->tgid;
	q->stime = ipc_seconds();
	rc = 0;
out:
	irq_restore(flags);
	kfree(m);
	return rc;
}

/* --- msgrcv ------------------------------------------------------------- */

/* The message msgrcv takes (Linux's find_msg), or NULL. */
static struct msg_msg *msg_search(struct msg_queue *q, long type, int mode)
{
	struct msg_msg *m, *found = NULL;
	long count = 0;

	list_for_each_entry(m, &q->messages, node) {
		if (!msg_matches(m, type, mode))
			continue;
		if (mode == MSG_SEARCH_LESSEQUAL && m->type != 1) {
			type = m->type - 1; /* only a lower type is better now */
			found = m;
		} else if (mode == MSG_SEARCH_NUMBER) {
			if (count == type)
				return m;
		} else {
			return m;
		}
		count++;
	}
	return found;
}

static void msg_unlink(struct msg_queue *q, struct msg_msg *m)
{
	list_del_init(&m->node);
	q->qnum--;
	q->cbytes -= m->size;
	msg_hdrs--;
	msg_total_bytes -= (u32)m->size;
	q->rtime = ipc_seconds();
	q->lrpid = current->tgid;
	msg_wake_senders(q, 0);
}

/* Linux's convert_mode: msgtyp < 0 searches by -msgtyp (LONG_MIN: any). */
static int msg_mode(long *type, int msgflg)
{
	if (msgflg & MSG_COPY)
		return MSG_SEARCH_NUMBER;
	if (*type == 0)
		return MSG_SEARCH_ANY;
	if (*type < 0) {
		*type = *type == LONG_MIN ? LONG_MAX : -*type;
		return MSG_SEARCH_LESSEQUAL;
	}
	return (msgflg & MSG_EXCEPT) ? MSG_SEARCH_NOTEQUAL : MSG_SEARCH_EQUAL;
}

long sys_msgrcv(int msqid, void __user *msgp, size_t bufsz, long msgtyp, int msgflg)
{
	struct msg_receiver r = {.task = current};
	struct msg_msg *m = NULL, *copy = NULL;
	struct msg_queue *q;
	size_t copy_max = 0;
	int mode;
	long rc;
	u32 flags;

	if (msqid < 0 || (long)bufsz < 0)
		return -EINVAL;
	if (msgflg & MSG_COPY) {
		if ((msgflg & MSG_EXCEPT) || !(msgflg & IPC_NOWAIT))
			return -EINVAL;
		copy_max = bufsz < (size_t)msg_ctlmax ? bufsz : (size_t)msg_ctlmax;
		copy = kmalloc(sizeof(*copy) + copy_max);
		if (!copy)
			return -ENOMEM;
	}
	mode = msg_mode(&msgtyp, msgflg);

	flags = irq_save();
	q = msg_find(msqid);
	if (!q) {
		rc = -EINVAL;
		goto out;
	}
	rc = ipc_perms(&q->perm, 0444);
	if (rc)
		goto out;
	for (;;) {
		m = msg_search(q, msgtyp, mode);
		if (m) {
			if (bufsz < m->size && !(msgflg & MSG_NOERROR)) {
				m = NULL;
				rc = -E2BIG;
			} else if (msgflg & MSG_COPY) {
				/* Linux's copy_msg: the copy holds min(bufsz, MSGMAX) */
				rc = m->size > copy_max ? -EINVAL : 0;
				if (!rc) {
					copy->type = m->type;
					copy->size = m->size;
					memcpy(copy->text, m->text, m->size);
				}
				m = rc ? NULL : copy;
				copy = rc ? copy : NULL;
			} else {
				msg_unlink(q, m);
				rc = 0;
			}
			break;
		}
		if (msgflg & IPC_NOWAIT) {
			rc = -ENOMSG;
			break;
		}
		r.type = msgtyp;
		r.mode = mode;
		r.maxsize = (msgflg & MSG_NOERROR) ? (size_t)LONG_MAX : bufsz;
		r.status = MSG_WAITING;
		list_add_tail(&r.node, &q->receivers);
		msg_sleep();
		if (r.status != MSG_WAITING) {
			rc = r.status; /* after -EIDRM q is freed */
			m = rc ? NULL : r.msg;
			break;
		}
		list_del_init(&r.node);
		if (signal_pending(current) || fatal_signal_pending(current)) {
			rc = -ERESTARTNOHAND;
			break;
		}
	}
out:
	irq_restore(flags);
	if (m) {
		/* taken from the queue already: a bad buffer loses it, as Linux */
		size_t n = bufsz < m->size ? bufsz : m->size;

		rc = (long)n;
		if (copy_to_user(msgp, &m->type, sizeof(long)) ||
		    copy_to_user((u8 __user *)msgp + sizeof(long), m->text, n))
			rc = -EFAULT;
		kfree(m);
	}
	kfree(copy);
	return rc;
}

/* --- msgctl ------------------------------------------------------------- */

/* IPC_RMID: off the table, every sleeper ended with -EIDRM, freed. */
static void msg_free_queue(struct msg_queue *q)
{
	struct msg_receiver *r, *rtmp;
	struct msg_msg *m, *mtmp;

	ipc_rmid(&msg_ids, &q->perm);
	list_for_each_entry_safe(r, rtmp, &q->receivers, node) {
		list_del_init(&r->node);
		r->status = -EIDRM;
		task_wake(r->task);
	}
	msg_wake_senders(q, -EIDRM);
	list_for_each_entry_safe(m, mtmp, &q->messages, node) {
		msg_hdrs--;
		msg_total_bytes -= (u32)m->size;
		kfree(m);
	}
	kfree(q);
}

static long msg_info(int cmd, void __user *buf)
{
	struct abi_msginfo mi;
	u32 flags = irq_save();
	int max = ipc_max_idx(&msg_ids);

	memset(&mi, 0, sizeof(mi));
	mi.msgmni = msg_ctlmni;
	mi.msgmax = msg_ctlmax;
	mi.msgmnb = msg_ctlmnb;
	mi.msgssz = MSGSSZ;
	mi.msgseg = MSGSEG;
	if (cmd == MSG_INFO) {
		mi.msgpool = (int)msg_ids.in_use;
		mi.msgmap = (int)msg_hdrs;
		mi.msgtql = (int)msg_total_bytes;
	} else {
		mi.msgpool = MSGPOOL;
		mi.msgmap = MSGMNB; /* Linux's MSGMAP and MSGTQL are MSGMNB */
		mi.msgtql = MSGMNB;
	}
	irq_restore(flags);
	if (copy_to_user(buf, &mi, sizeof(mi)))
		return -EFAULT;
	return max;
}

static u16 msg_u16(u32 v)
{
	return v > 0xffff ? 0xffff : (u16)v;
}

/* IPC_STAT, MSG_STAT, MSG_STAT_ANY: the id (0 for IPC_STAT) or -errno. */
static long msg_stat(int msqid, int cmd, void __user *buf, int version)
{
	struct abi_msqid64_ds ds;
	struct msg_queue *q;
	long rc;
	u32 flags = irq_save();

	if (cmd == IPC_STAT) {
		q = msg_find(msqid);
	} else {
		struct kern_ipc_perm *p = ipc_find_idx(&msg_ids, msqid);

		q = p ? container_of(p, struct msg_queue, perm) : NULL;
	}
	if (!q) {
		irq_restore(flags);
		return -EINVAL;
	}
	rc = cmd == MSG_STAT_ANY ? 0 : ipc_perms(&q->perm, 0444);
	if (rc) {
		irq_restore(flags);
		return rc;
	}
	memset(&ds, 0, sizeof(ds));
	ipc_fill_perm64(&q->perm, &ds.msg_perm);
	ds.msg_stime = (unsigned long)q->stime;
	ds.msg_stime_high = (unsigned long)(q->stime >> 32);
	ds.msg_rtime = (unsigned long)q->rtime;
	ds.msg_rtime_high = (unsigned long)(q->rtime >> 32);
	ds.msg_ctime = (unsigned long)q->ctime;
	ds.msg_ctime_high = (unsigned long)(q->ctime >> 32);
	ds.msg_cbytes = q->cbytes;
	ds.msg_qnum = q->qnum;
	ds.msg_qbytes = q->qbytes;
	ds.msg_lspid = q->lspid;
	ds.msg_lrpid = q->lrpid;
	rc = cmd == IPC_STAT ? 0 : q->perm.id;
	if (version == IPC_OLD) {
		struct abi_msqid_ds_old old;

		memset(&old, 0, sizeof(old));
		ipc_fill_perm_old(&q->perm, &old.msg_perm);
		irq_restore(flags);
		old.msg_stime = (int)ds.msg_stime;
		old.msg_rtime = (int)ds.msg_rtime;
		old.msg_ctime = (int)ds.msg_ctime;
		old.msg_lcbytes = ds.msg_cbytes;
		old.msg_lqbytes = ds.msg_qbytes;
		old.msg_cbytes = msg_u16(ds.msg_cbytes);
		old.msg_qnum = msg_u16(ds.msg_qnum);
		old.msg_qbytes = msg_u16(ds.msg_qbytes);
		old.msg_lspid = (u16)ds.msg_lspid;
		old.msg_lrpid = (u16)ds.msg_lrpid;
		return copy_to_user(buf, &old, sizeof(old)) ? -EFAULT : rc;
	}
	irq_restore(flags);
	return copy_to_user(buf, &ds, sizeof(ds)) ? -EFAULT : rc;
}

/* IPC_SET's fields from either layout (Linux's copy_msqid_from_user). */
static long msg_set_args(const void __user *buf, int version, struct abi_msqid64_ds *ds)
{
	if (version == IPC_OLD) {
		struct abi_msqid_ds_old old;

		if (copy_from_user(&old, buf, sizeof(old)))
			return -EFAULT;
		memset(ds, 0, sizeof(*ds));
		ds->msg_perm.uid = old.msg_perm.uid;
		ds->msg_perm.gid = old.msg_perm.gid;
		ds->msg_perm.mode = old.msg_perm.mode;
		ds->msg_qbytes = old.msg_qbytes ? old.msg_qbytes : old.msg_lqbytes;
		return 0;
	}
	return copy_from_user(ds, buf, sizeof(*ds)) ? -EFAULT : 0;
}

/* IPC_RMID and IPC_SET (ds): the owner's or CAP_SYS_ADMIN. */
static long msg_ctl_down(int msqid, int cmd, const struct abi_msqid64_ds *ds)
{
	struct msg_queue *q;
	long rc;
	u32 flags = irq_save();

	q = msg_find(msqid);
	if (!q) {
		rc = -EINVAL;
		goto out;
	}
	rc = ipc_owner_check(&q->perm);
	if (rc)
		goto out;
	if (cmd == IPC_RMID) {
		msg_free_queue(q);
		goto out;
	}
	if (ds->msg_qbytes > (unsigned long)msg_ctlmnb && !capable(CAP_SYS_RESOURCE)) {
		rc = -EPERM;
		goto out;
	}
	rc = ipc_set_perm(&q->perm, ds->msg_perm.uid, ds->msg_perm.gid, ds->msg_perm.mode);
	if (rc)
		goto out;
	q->qbytes = (u32)ds->msg_qbytes;
	q->ctime = ipc_seconds();
	msg_wake_senders(q, 0); /* a bigger qbytes may take them now */
out:
	irq_restore(flags);
	return rc;
}

long msg_ctl(int msqid, int cmd, void __user *buf, int version)
{
	struct abi_msqid64_ds ds;
	long rc;

	if (msqid < 0 || cmd < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case MSG_INFO:
		return msg_info(cmd, buf);
	case IPC_STAT:
	case MSG_STAT:
	case MSG_STAT_ANY:
		return msg_stat(msqid, cmd, buf, version);
	case IPC_SET:
		rc = msg_set_args(buf, version, &ds);
		if (rc)
			return rc;
		return msg_ctl_down(msqid, cmd, &ds);
	case IPC_RMID:
		return msg_ctl_down(msqid, cmd, NULL);
	default:
		return -EINVAL;
	}
}

long sys_msgctl(int msqid, int cmd, void __user *buf)
{
	return msg_ctl(msqid, cmd, buf, IPC_64);
}

/* /proc/sysvipc/msg: Linux's sysvipc_msg_proc_show, one queue a line. */
void msg_proc_show(struct proc_text *out)
{
	u32 flags = irq_save();

	proc_printf(out, "       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid "
			 " cuid  cgid      stime      rtime      ctime\n");
	for (int i = 0; i <= msg_ids.max_idx; i++) {
		struct kern_ipc_perm *p = ipc_find_idx(&msg_ids, i);
		struct msg_queue *q;

		if (!p)
			continue;
		q = container_of(p, struct msg_queue, perm);
		proc_printf(out, "%10d %10d  %4o  %10lu %10lu %5u %5u %5u %5u %5u %5u %10llu %10llu %10llu\n",
			    p->key, p->id, p->mode & 0777, (unsigned long)q->cbytes,
			    (unsigned long)q->qnum, q->lspid, q->lrpid, p->uid, p->gid, p->cuid, p->cgid,
			    (unsigned long long)q->stime, (unsigned long long)q->rtime,
			    (unsigned long long)q->ctime);
	}
	irq_restore(flags);
}
