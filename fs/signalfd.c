/*
 * signalfd (321) and signalfd4 (327), as Linux's fs/signalfd.c: the
 * signals of a mask read from a file descriptor instead of delivered.
 *
 * A signalfd holds only its mask.  read takes the reader's own pending
 * signals of that mask (its thread's, then its process's: signal_dequeue,
 * the order sigwaitinfo takes them in), one struct signalfd_siginfo each,
 * as many as the buffer holds; it waits only for the first (EAGAIN with
 * O_NONBLOCK).  A buffer smaller than one record is EINVAL.  poll says
 * POLLIN while the *poller* has one pending (Linux: whoever polls, not
 * whoever made the file).  A timer's signal read here counts its overrun
 * and re-arms the timer (the queue entry's on_deliver) as delivery does.
 *
 * Waiting: a sleeping reader mostly blocks the signals it reads, so no
 * signal wakes its sched_sleep; it waits as poll does (fs/select.h's
 * poll_wait), and queueing any signal calls file_poll_wake
 * (kernel/signal/signal.c).  A signal that does run a handler ends the
 * wait with -ERESTARTSYS (restarted under SA_RESTART), as Linux.
 *
 * Lifetime: the mask is owned by the file (private_data), freed by its
 * last file_put; a reader holds the file through sys_read's reference.
 * Locking: the mask changes in signalfd4 with interrupts off; with several
 * CPUs it would take the process's signal lock (Linux's sighand->siglock),
 * the one that guards the queues read here.
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/select.h"
#include "fs/syscalls.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/poll.h>
#include <abi/signal.h>
#include <abi/signalfd.h>

struct signalfd {
	abi_sigset_t mask; /* never SIGKILL nor SIGSTOP */
};

static struct fs_node signalfd_node = {
	.name = "[signalfd]",
	.name_len = 10,
	.ino = 8,
	.mode = 0600, /* an anonymous inode: no file type bits */
	.nlink = 1,
	.parent = &fs_root,
};

/* Linux's signalfd_copyinfo: the fields of the siginfo's layout
 * (kernel/signal.c's siginfo_layout) and nothing else. */
static void signalfd_fill(struct signalfd_siginfo *out, const siginfo_t *in)
{
	int signo = in->si_signo, code = in->si_code;

	memset(out, 0, sizeof(*out));
	out->ssi_signo = (u32)signo;
	out->ssi_errno = in->si_errno;
	out->ssi_code = code;
	if (code > SI_USER && code < SI_KERNEL) {
		switch (signo) {
		case SIGCHLD:
			out->ssi_pid = (u32)in->si_pid;
			out->ssi_uid = (u32)in->si_uid;
			out->ssi_status = in->si_status;
			out->ssi_utime = (u64)(long long)in->si_utime;
			out->ssi_stime = (u64)(long long)in->si_stime;
			return;
		case SIGILL:
		case SIGFPE:
		case SIGSEGV:
		case SIGBUS:
		case SIGTRAP:
			out->ssi_addr = (u64)(u32)in->si_addr;
			return;
		default:
			if (code <= 6) { /* NSIGPOLL: Linux's SIL_POLL */
				out->ssi_band = (u32)in->si_band;
				out->ssi_fd = in->si_fd;
			}
			return;
		}
	}
	if (code == SI_TIMER) {
		out->ssi_tid = (u32)in->si_tid;
		out->ssi_overrun = (u32)in->si_overrun;
		out->ssi_ptr = (u64)(long long)(long)in->si_ptr; /* (long) si_ptr, as Linux */
		out->ssi_int = in->si_int;
	} else if (code < 0) { /* SI_QUEUE, SI_TKILL, ...: Linux's SIL_RT */
		out->ssi_pid = (u32)in->si_pid;
		out->ssi_uid = (u32)in->si_uid;
		out->ssi_ptr = (u64)(long long)(long)in->si_ptr;
		out->ssi_int = in->si_int;
	} else { /* SI_USER, SI_KERNEL: SIL_KILL */
		out->ssi_pid = (u32)in->si_pid;
		out->ssi_uid = (u32)in->si_uid;
	}
}

struct signalfd_take {
	abi_sigset_t mask;
	siginfo_t info;
};

/* poll_wait's scan (interrupts off): take one signal of the mask. */
static long signalfd_scan(void *arg)
{
	struct signalfd_take *t = arg;

	return signal_dequeue(current, t->mask, &t->info);
}

static long signalfd_read(struct file *f, void __user *buf, size_t n)
{
	struct signalfd *sfd = f->private_data;
	struct signalfd_take take;
	struct signalfd_siginfo rec;
	size_t count = n / sizeof(rec), done = 0;

	if (!count)
		return -EINVAL;
	take.mask = sfd->mask;
	for (; done < count; done++) {
		long got;

		if (done || (f->flags & O_NONBLOCK))
			got = signalfd_scan(&take);
		else
			got = poll_wait(signalfd_scan, &take, KTIME_MAX);
		if (got == -ERESTARTNOHAND)
			return -ERESTARTSYS;
		if (!got)
			break;
		signalfd_fill(&rec, &take.info);
		if (copy_to_user((u8 __user *)buf + done * sizeof(rec), &rec, sizeof(rec)))
			return done ? (long)(done * sizeof(rec)) : -EFAULT;
	}
	return done ? (long)(done * sizeof(rec)) : -EAGAIN;
}

static long signalfd_write(struct file *f, const void __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EINVAL; /* no write op on Linux's anonymous file */
}

static u32 signalfd_poll(struct file *f)
{
	struct signalfd *sfd = f->private_data;

	return (signal_pending_set(current) & sfd->mask) ? POLLIN | POLLRDNORM : 0;
}

static void signalfd_release(struct file *f)
{
	kfree(f->private_data);
}

static const struct file_ops signalfd_ops = {
	.read = signalfd_read,
	.write = signalfd_write,
	.poll = signalfd_poll,
	.release = signalfd_release,
	.poll_per_task = true,
};

/* Linux's order: flags, size (EINVAL), the mask (EFAULT), then the fd. */
long sys_signalfd4(int ufd, const abi_sigset_t __user *umask, u32 sizemask, int flags)
{
	struct signalfd *sfd;
	struct file *f;
	abi_sigset_t mask;
	int fd;

	if (flags & ~(SFD_CLOEXEC | SFD_NONBLOCK))
		return -EINVAL;
	if (sizemask != sizeof(abi_sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	mask &= ~SIGNAL_UNBLOCKABLE;
	if (ufd != -1) {
		f = fd_get(ufd);
		if (!f)
			return -EBADF;
		if (f->ops != &signalfd_ops) {
			file_put(f);
			return -EINVAL;
		}
		u32 irq = irq_save();
		((struct signalfd *)f->private_data)->mask = mask;
		irq_restore(irq);
		file_put(f);
		file_poll_wake(); /* a poller may now see a pending one */
		return ufd;
	}
	sfd = kzalloc(sizeof(*sfd));
	f = kzalloc(sizeof(*f));
	if (!sfd || !f) {
		kfree(sfd);
		kfree(f);
		return -ENOMEM;
	}
	sfd->mask = mask;
	f->ops = &signalfd_ops;
	f->node = &signalfd_node;
	f->flags = O_RDWR | (flags & O_NONBLOCK);
	f->refs = 1;
	f->private_data = sfd;
	fd = fd_install(f, flags & SFD_CLOEXEC);
	if (fd < 0) {
		kfree(sfd);
		kfree(f);
	}
	return fd;
}

long sys_signalfd(int ufd, const abi_sigset_t __user *umask, u32 sizemask)
{
	return sys_signalfd4(ufd, umask, sizemask, 0);
}
