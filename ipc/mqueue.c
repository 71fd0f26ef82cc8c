/*
 * A POSIX message queue and its descriptor: mq_timedsend (279),
 * mq_timedreceive (280), mq_notify (281), mq_getsetattr (282), with
 * Linux's errors in Linux's order (ipc/mqueue.c).  Names, mq_open and
 * mq_unlink: ipc/mqueue_name.c; lifetime and locking: ipc/mqueue.h.
 *
 * Messages are kept highest priority first, in sending order within one
 * priority (a new message goes after the last of its priority or above).
 * As Linux, a waiting call is handed its work directly ("pipelined"):
 *  - a send that finds a receiver waiting gives it the message, which never
 *    enters the queue, so it fires no notification;
 *  - a receive that makes room takes the first waiting sender's message
 *    into the queue and wakes that sender.
 * A waiter (struct mq_waiter, on the sleeper's kernel stack) is on a list
 * of the queue only while its call sleeps; whoever hands it its message
 * unlinks it and sets ready, so a woken waiter never races a second
 * hand-over.  Waiters are served oldest first (Linux orders by the tasks'
 * nice value, all equal here).
 *
 * Timeouts are absolute on CLOCK_REALTIME and slept with the timer queue
 * of that clock (sched_sleep), so clock_settime moves them as it moves an
 * absolute clock_nanosleep.  A bad timespec is -EINVAL even when the call
 * would not block (Linux checks it before looking at the queue).  A
 * handler interrupting the sleep gives -ERESTARTSYS: restarted under
 * SA_RESTART (with the same absolute timeout), -EINTR otherwise; a kill
 * ends it at once.
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "kernel/time/time_user.h"
#include "ipc/mqueue.h"
#include "kernel/signal/signal.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/ktimer.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/poll.h>
#include <abi/stat.h>

/* Linux i386's sizes of struct msg_msg and posix_msg_tree_node, which the
 * charge of a queue counts per message slot and per priority (mq_bytes). */
#define MQ_MSG_OVERHEAD	 24
#define MQ_NODE_OVERHEAD 24

struct mq_msg {
	struct list_head node; /* in its queue's msgs, or owned by a waiter */
	u32 prio;
	u32 len;
	u8 data[];
};

struct mq_waiter {
	struct list_head node; /* in receivers or senders while not ready */
	struct task *task;
	struct mq_msg *msg;    /* a sender's message; a receiver's when ready */
	bool ready;	       /* handed over: unlinked by the one who set it */
};

u32 mqueue_bytes, mqueue_count;

/* Linux's mqueue inode's size (FILENT_SIZE): what fstat and lseek's
 * SEEK_END see, whatever read(2)'s line holds. */
#define MQ_FILE_SIZE 80

/* A descriptor fstats as Linux's mqueue inode: a regular file, 0600. */
static struct fs_node mqueue_node = {
	.name = "mqueue:",
	.name_len = 7,
	.ino = 7,
	.mode = S_IFREG | 0600,
	.nlink = 1,
	.size = MQ_FILE_SIZE,
	.parent = &fs_root,
};

u32 mqueue_cost(long maxmsg, long msgsize)
{
	u32 prios = (u32)maxmsg < MQ_PRIO_MAX ? (u32)maxmsg : MQ_PRIO_MAX;

	/* the caller checked that this fits 32 bits (Linux i386's -EOVERFLOW) */
	return (u32)maxmsg * (u32)msgsize + (u32)maxmsg * MQ_MSG_OVERHEAD +
	       prios * MQ_NODE_OVERHEAD;
}

struct mqueue *mqueue_alloc(const char *name, long maxmsg, long msgsize, u32 bytes)
{
	struct mqueue *q = kzalloc(sizeof(*q));
	size_t n = strlen(name);

	if (!q)
		return NULL;
	q->name = kmalloc(n + 1);
	if (!q->name) {
		kfree(q);
		return NULL;
	}
	memcpy(q->name, name, n + 1);
	q->refs = 1;
	q->attr.mq_maxmsg = maxmsg;
	q->attr.mq_msgsize = msgsize;
	q->bytes = bytes;
	mqueue_bytes += bytes;
	mqueue_count++;
	list_init(&q->msgs);
	list_init(&q->receivers);
	list_init(&q->senders);
	return q;
}

void mqueue_put(struct mqueue *q)
{
	struct mq_msg *m, *tmp;

	if (--q->refs)
		return;
	/* no waiter is left: each held a file, so a reference */
	list_for_each_entry_safe(m, tmp, &q->msgs, node)
		kfree(m);
	mqueue_bytes -= q->bytes;
	mqueue_count--;
	kfree(q->name);
	kfree(q);
}

/* Put m in its place: after every message of its priority or higher. */
static void mq_insert(struct mqueue *q, struct mq_msg *m)
{
	struct mq_msg *pos;

	list_for_each_entry(pos, &q->msgs, node)
		if (pos->prio < m->prio) {
			list_add_tail(&m->node, &pos->node);
			goto out;
		}
	list_add_tail(&m->node, &q->msgs);
out:
	q->attr.mq_curmsgs++;
	q->qsize += m->len;
}

static struct mq_waiter *mq_first_waiter(struct list_head *l)
{
	return list_empty(l) ? NULL : list_first_entry(l, struct mq_waiter, node);
}

static void mq_hand_over(struct mq_waiter *w)
{
	list_del_init(&w->node);
	w->ready = true;
	task_wake(w->task);
}

/*
 * Linux's __do_notify: the queue just went from empty to one message and
 * no receiver waits.  The registration is used once and removed.  Signal 0
 * is accepted at registration and sends nothing, as Linux.
 */
static void mq_do_notify(struct mqueue *q)
{
	if (q->notify_pid && q->attr.mq_curmsgs == 1) {
		int how = q->notify.sigev_notify;

		if ((how == SIGEV_SIGNAL || how == SIGEV_THREAD) && q->notify.sigev_signo) {
			struct task *owner = task_find_process(q->notify_pid);
			siginfo_t info;

			memset(&info, 0, sizeof(info));
			info.si_signo = q->notify.sigev_signo;
			info.si_code = SI_MESGQ;
			info.si_pid = current->tgid; /* the sender */
			info.si_uid = 0;
			info.si_value = q->notify.sigev_value;
			if (how == SIGEV_THREAD) {
				struct task *t = task_find(q->notify.sigev_notify_thread_id);

				if (t && t->tgid == q->notify_pid) /* the helper, if it lives */
					signal_send_thread(t, info.si_signo, &info);
			} else if (owner) {
				signal_send(owner, info.si_signo, &info);
			}
		}
		q->notify_pid = 0;
	}
	file_poll_wake();
}

/* The queue of descriptor mqd, with its file (the caller puts it), or NULL:
 * not open, or not a queue (Linux: both -EBADF). */
static const struct file_ops mqueue_ops;

static struct file *mq_fd_get(int mqd)
{
	struct file *f = fd_get(mqd);

	if (f && f->ops != &mqueue_ops) {
		file_put(f);
		return NULL;
	}
	return f;
}

/* The access mode as Linux's f_mode: O_RDWR|O_WRONLY (3), which mq_open
 * takes when it creates the queue, gives neither. */
static bool mq_may_read(const struct file *f)
{
	return (f->flags & O_ACCMODE) == O_RDONLY || (f->flags & O_ACCMODE) == O_RDWR;
}

static bool mq_may_write(const struct file *f)
{
	return (f->flags & O_ACCMODE) == O_WRONLY || (f->flags & O_ACCMODE) == O_RDWR;
}

/* An absolute CLOCK_REALTIME timeout: KTIME_MAX for none. */
static long mq_timeout(const void __user *uts, bool wide, u64 *deadline)
{
	*deadline = KTIME_MAX;
	if (!uts)
		return 0;
	return get_user_ktime(uts, wide, deadline);
}

/*
 * Sleep as w until handed over, the deadline or a signal (interrupts off,
 * w already listed).  0 when ready, else w is unlinked and -ETIMEDOUT or
 * -ERESTARTSYS.
 */
static long mq_wait(struct mq_waiter *w, u64 deadline)
{
	for (;;) {
		int rc = sched_sleep(KTIMER_REALTIME, deadline);

		if (w->ready)
			return 0;
		if (rc == -EINTR || fatal_signal_pending(current) || signal_pending(current)) {
			list_del_init(&w->node);
			return -ERESTARTSYS;
		}
		if (rc == -ETIMEDOUT) {
			list_del_init(&w->node);
			return -ETIMEDOUT;
		}
	}
}

/* mq_timedsend and mq_timedsend_time64 (`wide`: the timespec's layout). */
static long mq_timedsend_common(int mqd, const char __user *umsg, size_t len, u32 prio,
				const void __user *uts, bool wide)
{
	struct mq_waiter w = {.task = current};
	struct mqueue *q;
	struct mq_msg *m;
	struct file *f;
	u64 deadline;
	u32 flags;
	long rc;

	if (prio >= MQ_PRIO_MAX)
		return -EINVAL;
	rc = mq_timeout(uts, wide, &deadline);
	if (rc)
		return rc;
	f = mq_fd_get(mqd);
	if (!f)
		return -EBADF;
	q = f->private_data;
	if (!mq_may_write(f)) {
		rc = -EBADF;
		goto out;
	}
	if (len > (size_t)q->attr.mq_msgsize) {
		rc = -EMSGSIZE;
		goto out;
	}
	/* the message first, as Linux's load_msg: a fault or no memory
	 * changes nothing in the queue */
	m = kmalloc(sizeof(*m) + len);
	if (!m) {
		rc = -ENOMEM;
		goto out;
	}
	if (copy_from_user(m->data, umsg, len)) {
		kfree(m);
		rc = -EFAULT;
		goto out;
	}
	m->prio = prio;
	m->len = (u32)len;
	rc = 0;
	flags = irq_save();
	if (q->attr.mq_curmsgs == q->attr.mq_maxmsg) {
		if (f->flags & O_NONBLOCK) {
			rc = -EAGAIN;
		} else {
			w.msg = m;
			list_add_tail(&w.node, &q->senders);
			rc = mq_wait(&w, deadline);
		}
		if (rc)
			kfree(m); /* not handed over: still ours */
	} else {
		struct mq_waiter *r = mq_first_waiter(&q->receivers);

		if (r) {
			r->msg = m;
			mq_hand_over(r);
		} else {
			mq_insert(q, m);
			mq_do_notify(q);
		}
	}
	irq_restore(flags);
out:
	file_put(f);
	return rc;
}

long sys_mq_timedsend(int mqd, const char __user *umsg, size_t len, u32 prio,
		      const struct timespec __user *uts)
{
	return mq_timedsend_common(mqd, umsg, len, prio, uts, false);
}

long sys_mq_timedsend_time64(int mqd, const char __user *umsg, size_t len, u32 prio,
			     const struct abi_timespec64 __user *uts)
{
	return mq_timedsend_common(mqd, umsg, len, prio, uts, true);
}

/* mq_timedreceive and mq_timedreceive_time64. */
static long mq_timedreceive_common(int mqd, char __user *umsg, size_t len, u32 __user *uprio,
				   const void __user *uts, bool wide)
{
	struct mq_waiter w = {.task = current};
	struct mqueue *q;
	struct mq_msg *m = NULL;
	struct file *f;
	u64 deadline;
	u32 flags;
	long rc;

	rc = mq_timeout(uts, wide, &deadline);
	if (rc)
		return rc;
	f = mq_fd_get(mqd);
	if (!f)
		return -EBADF;
	q = f->private_data;
	if (!mq_may_read(f)) {
		rc = -EBADF;
		goto out;
	}
	if (len < (size_t)q->attr.mq_msgsize) {
		rc = -EMSGSIZE;
		goto out;
	}
	flags = irq_save();
	if (q->attr.mq_curmsgs == 0) {
		if (f->flags & O_NONBLOCK) {
			rc = -EAGAIN;
		} else {
			list_add_tail(&w.node, &q->receivers);
			rc = mq_wait(&w, deadline);
			m = w.msg;
		}
	} else {
		struct mq_waiter *s;

		m = list_first_entry(&q->msgs, struct mq_msg, node);
		list_del_init(&m->node);
		q->attr.mq_curmsgs--;
		q->qsize -= m->len;
		/* room now: the oldest waiting sender's message goes in */
		s = mq_first_waiter(&q->senders);
		if (s) {
			mq_insert(q, s->msg);
			mq_hand_over(s);
		}
		file_poll_wake();
	}
	irq_restore(flags);
	if (rc == 0) {
		/* taken from the queue already: a bad buffer loses it, as Linux */
		rc = (long)m->len;
		if ((uprio && copy_to_user(uprio, &m->prio, sizeof(m->prio))) ||
		    copy_to_user(umsg, m->data, m->len))
			rc = -EFAULT;
		kfree(m);
	}
out:
	file_put(f);
	return rc;
}

long sys_mq_timedreceive(int mqd, char __user *umsg, size_t len, u32 __user *uprio,
			 const struct timespec __user *uts)
{
	return mq_timedreceive_common(mqd, umsg, len, uprio, uts, false);
}

long sys_mq_timedreceive_time64(int mqd, char __user *umsg, size_t len, u32 __user *uprio,
				const struct abi_timespec64 __user *uts)
{
	return mq_timedreceive_common(mqd, umsg, len, uprio, uts, true);
}

long sys_mq_notify(int mqd, const struct sigevent __user *usev)
{
	struct sigevent sev;
	struct mqueue *q;
	struct file *f;
	long rc = 0;

	if (usev) {
		if (copy_from_user(&sev, usev, sizeof(sev)))
			return -EFAULT;
		if (sev.sigev_notify != SIGEV_NONE && sev.sigev_notify != SIGEV_SIGNAL &&
		    sev.sigev_notify != SIGEV_THREAD)
			return -EINVAL;
		if (sev.sigev_notify == SIGEV_SIGNAL &&
		    (sev.sigev_signo < 0 || sev.sigev_signo > ABI_NSIG))
			return -EINVAL;
		/* Linux's SIGEV_THREAD names a netlink socket in sigev_signo,
		 * through which glibc's helper thread hears of the message.
		 * tick386 has no sockets; its SIGEV_THREAD is what user/libc
		 * needs for the same helper (src/mqueue_notify.c): the signal
		 * sigev_signo aimed at the thread sigev_notify_thread_id of the
		 * caller's process, as SIGEV_THREAD_ID for a timer.  A raw call
		 * with Linux's meaning thus gets -EINVAL here, not -EBADF or
		 * -ENOTSOCK; through the C library the two agree. */
		if (sev.sigev_notify == SIGEV_THREAD) {
			struct task *t = task_find(sev.sigev_notify_thread_id);

			if (sev.sigev_signo <= 0 || sev.sigev_signo > ABI_NSIG || !t ||
			    t->tgid != current->tgid)
				return -EINVAL;
		}
	}
	f = mq_fd_get(mqd);
	if (!f)
		return -EBADF;
	q = f->private_data;
	if (!usev) {
		if (q->notify_pid == current->tgid)
			q->notify_pid = 0;
	} else if (q->notify_pid) {
		rc = -EBUSY; /* also for the registered process itself */
	} else {
		q->notify = sev;
		q->notify_pid = current->tgid;
	}
	file_put(f);
	return rc;
}

long sys_mq_getsetattr(int mqd, const struct mq_attr __user *unew, struct mq_attr __user *uold)
{
	struct mq_attr new, old;
	struct mqueue *q;
	struct file *f;

	if (unew && copy_from_user(&new, unew, sizeof(new)))
		return -EFAULT;
	if (unew && (new.mq_flags & ~O_NONBLOCK))
		return -EINVAL;
	f = mq_fd_get(mqd);
	if (!f)
		return -EBADF;
	q = f->private_data;
	old = q->attr;
	old.mq_flags = (long)(f->flags & O_NONBLOCK);
	if (unew)
		f->flags = (f->flags & ~(u32)O_NONBLOCK) | ((u32)new.mq_flags & O_NONBLOCK);
	file_put(f);
	if (uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* Linux's mqueue_poll_file: readable with a message, writable with room. */
static u32 mqueue_poll(struct file *f)
{
	struct mqueue *q = f->private_data;
	u32 mask = 0;

	if (q->attr.mq_curmsgs)
		mask |= POLLIN | POLLRDNORM;
	if (q->attr.mq_curmsgs < q->attr.mq_maxmsg)
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}

/* read(2) of a queue: Linux's line of its state (mqueue_read_file), from
 * the file's offset: the bytes queued, the registration's kind, signal
 * (SIGEV_SIGNAL only) and process. */
static long mqueue_read(struct file *f, void __user *buf, size_t n)
{
	struct mqueue *q = f->private_data;
	char line[80];
	u32 len;

	len = (u32)snprintf(line, sizeof(line), "QSIZE:%-10lu NOTIFY:%-5d SIGNO:%-5d NOTIFY_PID:%-6d\n",
			    (unsigned long)q->qsize, q->notify_pid ? q->notify.sigev_notify : 0,
			    q->notify_pid && q->notify.sigev_notify == SIGEV_SIGNAL ?
				    q->notify.sigev_signo :
				    0,
			    q->notify_pid);
	if (f->pos >= len)
		return 0;
	if (n > len - f->pos)
		n = len - (u32)f->pos;
	if (copy_to_user(buf, line + f->pos, n))
		return -EFAULT;
	f->pos += n;
	return (long)n;
}

/* write(2) of a queue: Linux's queue file has no write, -EINVAL. */
static long mqueue_write(struct file *f, const void __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EINVAL;
}

/* Each close by the registered process removes its registration (Linux's
 * mqueue_flush_file), also when other descriptors stay open. */
static void mqueue_flush(struct file *f)
{
	struct mqueue *q = f->private_data;

	if (q->notify_pid && q->notify_pid == current->tgid)
		q->notify_pid = 0;
}

static void mqueue_release(struct file *f)
{
	mqueue_put(f->private_data);
}

static const struct file_ops mqueue_ops = {
	.read = mqueue_read,
	.write = mqueue_write,
	.poll = mqueue_poll,
	.flush = mqueue_flush,
	.release = mqueue_release,
	.seekable = true,
};

struct file *mqueue_file(struct mqueue *q, int oflag)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->ops = &mqueue_ops;
	f->node = &mqueue_node;
	f->flags = (u32)oflag & (O_ACCMODE | O_NONBLOCK);
	f->refs = 1;
	f->size = MQ_FILE_SIZE;
	f->private_data = q;
	q->refs++;
	return f;
}
