/*
 * timerfd: a timer read through a file descriptor (timerfd_create 322,
 * timerfd_settime 325, timerfd_gettime 326), as Linux's fs/timerfd.c.
 *
 * read returns the expirations since the last read as one u64 and zeroes
 * the count; it blocks while the count is 0 (EAGAIN with O_NONBLOCK);
 * poll and select see POLLIN while it is not 0.
 *
 * Linux's model, which costs the interrupt nothing for a periodic timer
 * nobody reads: an expiry only counts one tick and marks the timer
 * `expired`; a periodic one is forwarded (the missed periods counted by one
 * division, lib/ktime.h) and re-armed when it is read or its time asked
 * (timerfd_gettime), not in the interrupt.
 *
 * TFD_TIMER_CANCEL_ON_SET with TFD_TIMER_ABSTIME on CLOCK_REALTIME puts the
 * timer on cancel_list (might_cancel); when the wall clock is set
 * (ktimer_clock_was_set calls timerfd_clock_was_set) each one there is
 * marked clock_moved (Linux: moffs = KTIME_MAX) and made readable.  The
 * mark is taken, once, by the next read (ECANCELED) or the next
 * timerfd_settime that arms it while on the list (ECANCELED too, the
 * timer armed all the same), as Linux's timerfd_canceled: a settime
 * without the flag leaves the list but keeps the mark.
 *
 * Invariants (interrupts off while they change):
 *   the ktimer is armed  =>  !expired;
 *   expired              =>  ticks >= 1;
 *   on cancel_list       <=> might_cancel.
 */
#include "fs/timerfd.h"
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/syscalls.h"
#include "kernel/task/wait.h"
#include "kernel/time/clock.h"
#include "kernel/time/time_user.h"
#include "kernel/time/ktimer.h"
#include "lib/compiler.h"
#include "lib/ktime.h"
#include "lib/list.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/poll.h>
#include <abi/stat.h>
#include <abi/time.h>
#include <abi/timerfd.h>

/*
 * Owned by its file (private_data): freed by the file's last file_put
 * (timerfd_release), so a read sleeping on `readers` holds it through
 * sys_read's reference, whatever close does meanwhile.  Fields change with
 * interrupts off (the ktimer's callback runs in IRQ0).
 */
struct timerfd {
	struct ktimer ktimer; /* KTIMER_REALTIME for an absolute CLOCK_REALTIME time */
	int clockid;
	u64 interval_ns;
	u64 ticks;	     /* expirations not read yet */
	bool expired;	     /* fired, and (if periodic) not yet forwarded */
	bool might_cancel;   /* on cancel_list */
	bool clock_moved;    /* the wall clock was set since ECANCELED was last said */
	struct list_head cancel_link;
	struct wait_queue readers;
};

static struct list_head cancel_list = LIST_HEAD_INIT(cancel_list);

static struct fs_node timerfd_node = {
	.name = "[timerfd]",
	.name_len = 9,
	.ino = 4,
	.mode = 0600, /* Linux's anonymous inode: no file type bits */
	.nlink = 1,
	.parent = &fs_root,
};

static bool clock_ok(int clockid)
{
	switch (clockid) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
#ifdef CLOCK_BOOTTIME
	case CLOCK_BOOTTIME: /* no suspend here: the monotonic clock */
#endif
		return true;
	default:
		return false;
	}
}

static u64 timerfd_now(const struct timerfd *tfd)
{
	return tfd->ktimer.clock == KTIMER_REALTIME ? clock_realtime_ns() : clock_monotonic_ns();
}

static void timerfd_wake(struct timerfd *tfd)
{
	wait_wake_all(&tfd->readers);
	file_poll_wake();
}

static enum ktimer_restart timerfd_fn(struct ktimer *kt, u64 now)
{
	struct timerfd *tfd = container_of(kt, struct timerfd, ktimer);

	(void)now;
	tfd->ticks++;
	tfd->expired = true;
	timerfd_wake(tfd);
	return KTIMER_NORESTART; /* a periodic one is forwarded when read */
}

/*
 * A periodic timer that fired: count the periods missed since and arm the
 * next one (interrupts off).  If its clock was set back before the expiry
 * that was counted (CLOCK_REALTIME, absolute), that expiry has not come
 * yet after all: it is uncounted, and the timer waits for it again, so
 * that every expiry is counted once (Linux's hrtimer_forward_now()
 * returning 0; the read may then find nothing: timerfd_read).
 */
static void timerfd_forward(struct timerfd *tfd)
{
	u64 expires = ktimer_expires(&tfd->ktimer), now = timerfd_now(tfd), next;

	if (!tfd->expired || !tfd->interval_ns)
		return;
	tfd->expired = false;
	if (now < expires) {
		tfd->ticks--; /* >= 1: the expiry counted it */
		ktimer_start(&tfd->ktimer, expires);
		return;
	}
	tfd->ticks += (u64)ktime_forward(expires, tfd->interval_ns, now, &next);
	ktimer_start(&tfd->ktimer, next);
}

void timerfd_clock_was_set(void)
{
	struct timerfd *tfd;

	list_for_each_entry(tfd, &cancel_list, cancel_link)
	{
		tfd->clock_moved = true;
		tfd->ticks++; /* readable: a reader wakes, to hear ECANCELED */
		timerfd_wake(tfd);
	}
}

/* Linux's timerfd_canceled (interrupts off): take the mark, if on the list. */
static bool timerfd_canceled(struct timerfd *tfd)
{
	if (!tfd->might_cancel || !tfd->clock_moved)
		return false;
	tfd->clock_moved = false;
	return true;
}

/* ---- the file ---------------------------------------------------------------- */

static long timerfd_read(struct file *f, void __user *buf, size_t n)
{
	struct timerfd *tfd = f->private_data;
	u64 ticks = 0;
	long ret = 0;
	u32 flags;

	if (n < sizeof(u64))
		return -EINVAL;
	flags = irq_save();
	while (!tfd->ticks) {
		if (f->flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (wait_sleep(&tfd->readers, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	if (timerfd_canceled(tfd)) { /* the clock moved: the count means nothing */
		tfd->ticks = 0;
		tfd->expired = false;
		ret = -ECANCELED;
	} else if (tfd->ticks) {
		timerfd_forward(tfd);
		ticks = tfd->ticks;
		tfd->ticks = 0;
		/* The clock went back before the one expiry counted: nothing to
		 * read after all.  Linux answers EAGAIN without blocking, and 0
		 * (a read of no bytes) to a blocking read (probed, 6.1 i386). */
		if (!ticks)
			ret = (f->flags & O_NONBLOCK) ? -EAGAIN : 0;
	}
	irq_restore(flags);
	if (ret || !ticks)
		return ret;
	return copy_to_user(buf, &ticks, sizeof(ticks)) ? -EFAULT : (long)sizeof(ticks);
}

static long timerfd_write(struct file *f, const void __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EINVAL; /* Linux's anonymous file has no write */
}

static u32 timerfd_poll(struct file *f)
{
	struct timerfd *tfd = f->private_data;

	return tfd->ticks ? POLLIN | POLLRDNORM : 0;
}

static void cancel_list_leave(struct timerfd *tfd)
{
	if (tfd->might_cancel)
		list_del(&tfd->cancel_link);
	tfd->might_cancel = false;
}

static void timerfd_release(struct file *f)
{
	struct timerfd *tfd = f->private_data;
	u32 flags = irq_save();

	ktimer_cancel(&tfd->ktimer);
	cancel_list_leave(tfd);
	irq_restore(flags);
	kfree(tfd);
}

static const struct file_ops timerfd_ops = {
	.read = timerfd_read,
	.write = timerfd_write,
	.poll = timerfd_poll,
	.release = timerfd_release,
};

/* The timerfd at fd, its file held (*filep, for file_put): -EBADF, or
 * -EINVAL when fd is another kind of file. */
static long timerfd_get(int fd, struct file **filep, struct timerfd **out)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	if (f->ops != &timerfd_ops) {
		file_put(f);
		return -EINVAL;
	}
	*filep = f;
	*out = f->private_data;
	return 0;
}

/* ---- the system calls ------------------------------------------------------- */

long sys_timerfd_create(int clockid, int flags)
{
	struct timerfd *tfd;
	struct file *f;
	int fd;

	if ((flags & ~(TFD_CLOEXEC | TFD_NONBLOCK)) || !clock_ok(clockid))
		return -EINVAL;
	tfd = kzalloc(sizeof(*tfd));
	f = kzalloc(sizeof(*f));
	if (!tfd || !f)
		goto nomem;
	tfd->clockid = clockid;
	ktimer_init(&tfd->ktimer, KTIMER_MONOTONIC, timerfd_fn);
	wait_queue_init(&tfd->readers);
	list_init(&tfd->cancel_link);
	f->ops = &timerfd_ops;
	f->node = &timerfd_node;
	f->flags = O_RDWR | (flags & O_NONBLOCK);
	f->refs = 1;
	f->private_data = tfd;
	fd = fd_install(f, flags & TFD_CLOEXEC);
	if (fd < 0) {
		kfree(tfd);
		kfree(f);
	}
	return fd;
nomem:
	kfree(tfd);
	kfree(f);
	return -ENOMEM;
}

/* The current setting (interrupts off): the time left, 0 when disarmed. */
static u64 timerfd_read_setting(struct timerfd *tfd)
{
	u64 left = 0;

	timerfd_forward(tfd);
	if (ktimer_active(&tfd->ktimer))
		left = ktime_sub_floor(ktimer_expires(&tfd->ktimer), timerfd_now(tfd));
	return left;
}

/* timerfd_settime and timerfd_settime64 (`wide`: the itimerspecs' layout). */
static long timerfd_settime_common(int fd, int flags, const void __user *unew,
				   void __user *uold, bool wide)
{
	struct timerfd *tfd;
	struct file *f;
	u64 value_ns, interval_ns, old_value, old_interval;
	bool absolute = flags & TFD_TIMER_ABSTIME;
	u32 irqflags;
	long ret;

	/* Linux's order: the value, then the flags and the value's fields,
	 * then the descriptor. */
	ret = get_user_itimerspec(unew, wide, &value_ns, &interval_ns);
	if (ret == -EFAULT)
		return ret;
	if (ret || (flags & ~(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET)))
		return -EINVAL;
	ret = timerfd_get(fd, &f, &tfd);
	if (ret)
		return ret;

	irqflags = irq_save();
	/* Linux's timerfd_setup_cancel: on the list or off it, the mark kept */
	if (absolute && tfd->clockid == CLOCK_REALTIME && (flags & TFD_TIMER_CANCEL_ON_SET)) {
		if (!tfd->might_cancel)
			list_add_tail(&tfd->cancel_link, &cancel_list);
		tfd->might_cancel = true;
	} else {
		cancel_list_leave(tfd);
	}
	old_value = timerfd_read_setting(tfd);
	old_interval = tfd->interval_ns;
	ktimer_cancel(&tfd->ktimer);
	tfd->ticks = 0;
	tfd->expired = false;
	tfd->interval_ns = interval_ns; /* kept even when disarming, as Linux */
	if (absolute && tfd->clockid == CLOCK_REALTIME) {
		/* an absolute wall-clock time: moved by clock_settime */
		ktimer_init(&tfd->ktimer, KTIMER_REALTIME, timerfd_fn);
	} else {
		ktimer_init(&tfd->ktimer, KTIMER_MONOTONIC, timerfd_fn);
		if (!absolute && value_ns)
			value_ns = ktime_add_sat(clock_monotonic_ns(), value_ns);
	}
	ret = 0;
	if (value_ns) {
		ktimer_start(&tfd->ktimer, value_ns);
		if (timerfd_canceled(tfd))
			ret = -ECANCELED; /* Linux: armed, but the clock moved since it was last said */
	}
	irq_restore(irqflags);
	file_put(f);

	if (!ret && uold && put_user_itimerspec(uold, wide, old_value, old_interval))
		return -EFAULT;
	return ret;
}

long sys_timerfd_settime(int fd, int flags, const struct itimerspec __user *unew,
			 struct itimerspec __user *uold)
{
	return timerfd_settime_common(fd, flags, unew, uold, false);
}

long sys_timerfd_settime64(int fd, int flags, const struct abi_itimerspec64 __user *unew,
			   struct abi_itimerspec64 __user *uold)
{
	return timerfd_settime_common(fd, flags, unew, uold, true);
}

static long timerfd_gettime_common(int fd, void __user *ucur, bool wide)
{
	struct timerfd *tfd;
	struct file *f;
	long ret = timerfd_get(fd, &f, &tfd);
	u64 value, interval;
	u32 flags;

	if (ret)
		return ret;
	flags = irq_save();
	value = timerfd_read_setting(tfd);
	interval = tfd->interval_ns;
	irq_restore(flags);
	file_put(f);
	return put_user_itimerspec(ucur, wide, value, interval);
}

long sys_timerfd_gettime(int fd, struct itimerspec __user *ucur)
{
	return timerfd_gettime_common(fd, ucur, false);
}

long sys_timerfd_gettime64(int fd, struct abi_itimerspec64 __user *ucur)
{
	return timerfd_gettime_common(fd, ucur, true);
}
