/*
 * POSIX timers (see kernel/time/posix_timers.h for the model).
 *
 * Which queue a timer waits in:
 *   CLOCK_REALTIME + TIMER_ABSTIME  -> the REALTIME ktimer queue, by wall
 *        time, so clock_settime moves its expiry (ktimer_clock_was_set);
 *   CLOCK_REALTIME, relative        -> the MONOTONIC queue: POSIX says a
 *        relative timer measures an interval, which setting the clock must
 *        not stretch or shrink (Linux does the same);
 *   CLOCK_TAI                       -> the TAI queue (REALTIME + the TAI
 *        offset), likewise, relative too: Linux turns only a relative
 *        REALTIME timer into a MONOTONIC one, and a relative TAI timer
 *        is an absolute one at now + value;
 *   CLOCK_MONOTONIC, CLOCK_BOOTTIME -> the MONOTONIC queue;
 *   the CPU-time clocks             -> the task's CPU-time queue
 *        (kernel/time/posix_cputimers.c), in nanoseconds of CPU used;
 *   SIGEV_NONE                      -> no queue at all: nothing is ever
 *        delivered, so timer_gettime computes the time left from the
 *        expiry and the interval.
 *
 * Locking: one CPU; everything a timer shares with the interrupt (its
 * ktimer, its signal entry, armed/overrun) is changed with interrupts off.
 */
#include "kernel/time/posix_timers.h"
#include "kernel/time/posix_timer_impl.h"
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/time_user.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "arch/i386/memlayout.h"
#include "mm/slab.h"
#include "kernel/task/task.h"
#include "mm/uaccess.h"
#include "lib/idr.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/signal.h>
#include <abi/time.h>
#include <limits.h>
#include "kernel/trace.h"

static struct kmem_cache *timer_cache;
static struct idr timer_ids;
static unsigned long timers_in_use, timers_peak, bytes_at_peak;

/*
 * The id allocator's layers have a cache of their own: kmalloc would round
 * their 264 bytes up to its 512-byte class, and the memory each timer costs
 * is reported from these two caches' pages.
 */
static struct kmem_cache *id_layer_cache;

static void *id_layer_alloc(size_t size)
{
	void *layer = kmem_cache_alloc(id_layer_cache);

	BUG_ON(size != sizeof(struct idr_layer));
	if (layer)
		memset(layer, 0, size);
	return layer;
}

static void id_layer_free(void *layer)
{
	kmem_cache_free(id_layer_cache, layer);
}

void posix_timers_init(void)
{
	timer_cache = kmem_cache_create("posix_timer", sizeof(struct posix_timer), 8);
	id_layer_cache = kmem_cache_create("timer_id_layer", sizeof(struct idr_layer), 4);
	BUG_ON(!timer_cache || !id_layer_cache);
	idr_init(&timer_ids, id_layer_alloc, id_layer_free);
}

void posix_timers_task_init(struct task *t)
{
	list_init(&t->posix_timers.timers);
	posix_cputimers_task_init(t);
}

/* What the timers hold now: the pages of the timer and id-layer caches. */
static unsigned long timers_memory_bytes(void)
{
	struct kmem_cache_stats timers, layers;

	kmem_cache_get_stats(timer_cache, &timers);
	kmem_cache_get_stats(id_layer_cache, &layers);
	return (unsigned long)(timers.pages + layers.pages) * PAGE_SIZE;
}

static void timers_count_one_more(void)
{
	if (++timers_in_use > timers_peak) {
		timers_peak = timers_in_use;
		bytes_at_peak = timers_memory_bytes();
	}
}

void posix_timers_get_stats(struct posix_timers_stats *s)
{
	s->timers = timers_in_use;
	s->peak_timers = timers_peak;
	s->timer_bytes = sizeof(struct posix_timer);
	s->peak_bytes = bytes_at_peak;
}

void posix_timers_report(void)
{
	struct posix_timers_stats s;

	posix_timers_get_stats(&s);
	kprintf("tick386: posix timers: now %lu, peak %lu, %lu bytes each at the peak "
		"(%lu B struct)\n",
		s.timers, s.peak_timers, s.peak_timers ? s.peak_bytes / s.peak_timers : 0,
		s.timer_bytes);
}

/* ---- clocks -------------------------------------------------------------- */

/* The clocks whose absolute deadlines have their own queue (they step). */
static bool clock_is_realtime(clockid_t id)
{
	return id == CLOCK_REALTIME || id == CLOCK_TAI;
}

/* The clocks that count like MONOTONIC (BOOTTIME: no suspend here). */
static bool clock_is_monotonic(clockid_t id)
{
	return id == CLOCK_MONOTONIC || id == CLOCK_BOOTTIME;
}

/* Clocks Linux knows but gives no timers (RAW, COARSE; ALARM without an
 * RTC wake alarm): EOPNOTSUPP rather than EINVAL. */
static bool clock_has_no_timers(clockid_t id)
{
	return id == CLOCK_MONOTONIC_RAW || id == CLOCK_REALTIME_COARSE ||
	       id == CLOCK_MONOTONIC_COARSE || id == CLOCK_REALTIME_ALARM ||
	       id == CLOCK_BOOTTIME_ALARM;
}

static bool clock_is_cputime(clockid_t id)
{
	return id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID || id < 0;
}

struct task *posix_cpu_clock_task(clockid_t id, bool *thread)
{
	struct task *t;
	pid_t pid;

	*thread = id == CLOCK_THREAD_CPUTIME_ID;
	if (id == CLOCK_PROCESS_CPUTIME_ID)
		return current->leader;
	if (id == CLOCK_THREAD_CPUTIME_ID)
		return current;
	if (id >= 0 || CPUCLOCK_WHICH(id) >= CPUCLOCK_MAX)
		return NULL;
	pid = CPUCLOCK_PID(id);
	*thread = CPUCLOCK_PERTHREAD(id);
	if (*thread) { /* a thread of the caller's own process only */
		t = pid ? task_find(pid) : current;
		return t && t->leader == current->leader ? t : NULL;
	}
	if (pid == 0)
		return current->leader;
	t = task_find_process(pid);
	return t && t->user ? t : NULL;
}

/* "Now" on the base a timer's expiry is kept in. */
static u64 timer_base_now(const struct posix_timer *pt)
{
	switch (pt->base) {
	case PT_BASE_REALTIME:
		return pt->clockid == CLOCK_TAI ? clock_tai_ns() : clock_realtime_ns();
	case PT_BASE_CPU:
		return pt->cpu_task ? posix_cpu_clock_ns(pt->cpu_task, pt->cpu_thread) : 0;
	default:
		return clock_monotonic_ns();
	}
}

/* ---- expiry and delivery ------------------------------------------------ */

/* Overrun counts saturate at DELAYTIMER_MAX (INT_MAX), never wrap (b >= 0:
 * ktime_forward saturates its count too). */
static int overrun_add(int a, int b)
{
	return a > INT_MAX - b ? INT_MAX : a + b;
}

static bool timer_is_periodic(const struct posix_timer *pt)
{
	return pt->interval_ns != 0;
}

/* Whose id the trace shows: the thread aimed at, or the process. */
static int timer_pid(const struct posix_timer *pt)
{
	return pt->target ? pt->target->pid : pt->owner->pid;
}

/* Start waiting for pt->expires_ns on the timer's base. */
static void timer_enqueue(struct posix_timer *pt)
{
	if (pt->notify == SIGEV_NONE)
		return;
	if (pt->base == PT_BASE_CPU)
		posix_cputimer_arm(pt);
	else
		ktimer_start(&pt->ktimer, pt->expires_ns);
}

static void timer_dequeue(struct posix_timer *pt)
{
	if (pt->base == PT_BASE_CPU)
		posix_cputimer_disarm(pt);
	else
		ktimer_cancel(&pt->ktimer);
}

/*
 * The timer's expiry has come (interrupts off).  Queue its signal; a
 * periodic timer stays "armed" but waits for the delivery to re-arm.  If
 * the signal is ignored, the signal layer parks a periodic timer's entry
 * (sigq.park_if_ignored) until the action changes, and the delivery then
 * counts the periods missed since this expiry; a one-shot's is discarded.
 */
void posix_timer_expired(struct posix_timer *pt)
{
	trace_event(TRACE_EXPIRE, timer_pid(pt), pt->id, pt->expires_ns, 0);
	if (!timer_is_periodic(pt))
		pt->armed = false;
	if (!pt->target)
		return; /* its thread has ended: the signal is dropped (Linux) */
	/* a process-directed signal: through the running thread of the
	 * process if there is one (Linux 6.3+, signal_timer_target) */
	if (signal_send_entry(pt->sigq.to_thread ? pt->target : signal_timer_target(pt->target),
			      &pt->sigq) == -EBUSY) {
		/*
		 * Still queued: nothing re-arms a timer while its signal waits
		 * (delivery does, settime takes the signal back), so this should
		 * not happen; if it does, the expiry is an overrun, not lost.
		 */
		pt->overrun = overrun_add(pt->overrun, 1);
	}
}

static enum ktimer_restart posix_timer_ktimer_fn(struct ktimer *kt, u64 now)
{
	(void)now;
	posix_timer_expired(container_of(kt, struct posix_timer, ktimer));
	return KTIMER_NORESTART;
}

struct posix_timer *posix_timer_of_ktimer(const struct ktimer *kt)
{
	return kt->fn == posix_timer_ktimer_fn ? container_of(kt, struct posix_timer, ktimer) : NULL;
}

struct posix_timer *posix_timer_next(int *id)
{
	return idr_get_next(&timer_ids, id);
}

/*
 * The signal is being taken by the task (interrupts off): the moment the
 * Linux 6.13 model re-arms a periodic timer.  The periods missed since the
 * expiry that queued the signal are its overrun, by one division.
 */
static void posix_timer_on_deliver(struct sigqueue_entry *e, siginfo_t *info)
{
	struct posix_timer *pt = container_of(e, struct posix_timer, sigq);

	if (timer_is_periodic(pt) && pt->armed) {
		u64 now = timer_base_now(pt);

		if (now < pt->expires_ns) {
			/*
			 * A wall clock set back before the expiry that queued
			 * this signal: the timer stays at that expiry, which
			 * comes again and is counted then, so this signal
			 * counts none: si_overrun -1, as Linux (hrtimer_forward
			 * returns 0 and the overrun starts at -1).
			 */
			pt->overrun--;
		} else {
			int missed = ktime_forward(pt->expires_ns, pt->interval_ns, now,
						   &pt->expires_ns);
			pt->overrun = overrun_add(pt->overrun, missed);
		}
		trace_event(TRACE_REARM, timer_pid(pt), pt->id, pt->expires_ns, (u64)pt->overrun);
		timer_enqueue(pt);
	}
	pt->overrun_last = pt->overrun;
	pt->overrun = 0;
	info->si_overrun = pt->overrun_last;
}

/* ---- lookup ------------------------------------------------------------- */

/* The caller's timer with this id, or NULL: another process's is not found. */
static struct posix_timer *timer_lookup(timer_t id)
{
	struct posix_timer *pt;

	if (id < 0)
		return NULL;
	pt = idr_find(&timer_ids, id);
	if (!pt || pt->owner != current->leader)
		return NULL;
	return pt;
}

/* ---- time left ---------------------------------------------------------- */

/*
 * The remaining time and interval as timer_gettime reports them.  A timer
 * whose expiry has passed but whose interrupt has not run yet reports 1 ns:
 * an armed timer reads as zero only if it is a SIGEV_NONE one-shot whose
 * time has come (zero means disarmed).  Reading changes nothing.
 */
static u64 timer_read(const struct posix_timer *pt)
{
	u64 left = 0;

	if (pt->armed) {
		u64 now = timer_base_now(pt);
		u64 expires = pt->expires_ns;
		/* queued or parked; or never to be delivered (its thread ended),
		 * which Linux shows as a timer running on, its overrun growing */
		bool waiting_redelivery = signal_entry_queued(&pt->sigq) || !pt->target;

		if (timer_is_periodic(pt) && expires <= now &&
		    (pt->notify == SIGEV_NONE || waiting_redelivery)) {
			ktime_forward(expires, pt->interval_ns, now, &expires);
		}
		if (expires > now) {
			left = expires - now;
		} else if (pt->notify == SIGEV_NONE && !timer_is_periodic(pt)) {
			/*
			 * A one-shot SIGEV_NONE timer whose time has come reads 0 but
			 * stays armed, as in Linux: with the wall clock set back
			 * before its expiry it reads the time left again, whether
			 * or not it was read meanwhile.
			 */
			left = 0;
		} else {
			left = 1;
		}
	}
	return left;
}

/* ---- the system calls --------------------------------------------------- */

static int sigevent_check(const struct sigevent *ev)
{
	switch (ev->sigev_notify) {
	case SIGEV_NONE:
		return 0;
	case SIGEV_SIGNAL:
	case SIGEV_THREAD:
	case SIGEV_THREAD_ID:
		/*
		 * SIGEV_THREAD: the C library runs the function in a thread of
		 * its own; the kernel under it (Linux's good_sigevent) takes it
		 * as SIGEV_SIGNAL: the signal must be valid and is queued to the
		 * process at each expiry.
		 */
		if (ev->sigev_signo <= 0 || ev->sigev_signo > SIGRTMAX)
			return -EINVAL;
		/* SIGEV_THREAD_ID: a live thread of the caller's process. */
		if (ev->sigev_notify == SIGEV_THREAD_ID) {
			struct task *t = task_find(ev->sigev_notify_thread_id);

			if (!t || t->leader != current->leader)
				return -EINVAL;
		}
		return 0;
	default:
		return -EINVAL;
	}
}

long sys_timer_create(clockid_t clockid, const struct sigevent __user *uevent, timer_t __user *uid)
{
	struct sigevent ev;
	struct posix_timer *pt;
	bool cpu_thread;
	int id, rc;
	u32 flags;

	/*
	 * Linux's order: the sigevent is read first, then the clock is known
	 * or not, then the sigevent makes sense; the id is written out before
	 * a CPU-time clock's process is looked for.
	 */
	if (uevent && copy_from_user(&ev, uevent, sizeof(ev)))
		return -EFAULT;
	if (clock_has_no_timers(clockid))
		return -EOPNOTSUPP;
	if (!clock_is_realtime(clockid) && !clock_is_monotonic(clockid) &&
	    !clock_is_cputime(clockid))
		return -EINVAL;
	if (uevent) {
		rc = sigevent_check(&ev);
		if (rc)
			return rc;
	}
	/* Refuse a bad id pointer before anything exists that must be undone. */
	if (!user_range_ok(uid, sizeof(*uid), true))
		return -EFAULT;
	flags = irq_save();
	rc = clock_is_cputime(clockid) && !posix_cpu_clock_task(clockid, &cpu_thread) ? -EINVAL : 0;
	irq_restore(flags);
	if (rc)
		return rc; /* no such process, or another process's thread */
	if (current->kill_signo)
		return -EINVAL; /* being killed: a timer aimed at it would dangle */

	pt = kmem_cache_alloc(timer_cache);
	if (!pt)
		return -EAGAIN;
	memset(pt, 0, sizeof(*pt));
	id = idr_alloc(&timer_ids, pt);
	if (id < 0) {
		rc = id == -ENOMEM ? -EAGAIN : id;
		goto out_free;
	}

	pt->id = id;
	pt->owner = current->leader;
	pt->target = current->leader;
	pt->clockid = clockid;
	if (uevent) {
		pt->notify = ev.sigev_notify;
		pt->signo = ev.sigev_signo;
		pt->value = ev.sigev_value;
	} else {
		/* POSIX: a NULL sigevent is SIGEV_SIGNAL, SIGALRM, sival_int = the id. */
		pt->notify = SIGEV_SIGNAL;
		pt->signo = SIGALRM;
		pt->value.sival_int = id;
	}
	pt->base = clock_is_cputime(clockid) ? PT_BASE_CPU : PT_BASE_MONOTONIC;
	ktimer_init(&pt->ktimer, KTIMER_MONOTONIC, posix_timer_ktimer_fn);
	signal_entry_init(&pt->sigq, posix_timer_on_deliver);
	pt->sigq.info.si_signo = pt->signo;
	pt->sigq.info.si_code = SI_TIMER;
	pt->sigq.info.si_tid = id;
	pt->sigq.info.si_value = pt->value;

	if (copy_to_user(uid, &id, sizeof(id))) {
		rc = -EFAULT;
		goto out_remove_id;
	}
	flags = irq_save();
	if (pt->notify == SIGEV_THREAD_ID) {
		/* NULL if the thread ended meanwhile: the signals are dropped. */
		pt->target = task_find(ev.sigev_notify_thread_id);
		if (pt->target && pt->target->leader != current->leader)
			pt->target = NULL;
		pt->sigq.to_thread = true;
	}
	list_add_tail(&pt->owner_link, &current->leader->posix_timers.timers);
	list_init(&pt->cpu_link);
	if (pt->base == PT_BASE_CPU) {
		/* NULL if that process exited meanwhile: the timer never fires. */
		pt->cpu_task = posix_cpu_clock_task(clockid, &pt->cpu_thread);
		if (pt->cpu_task)
			list_add_tail(&pt->cpu_link,
				      &posix_cputimer_base(pt->cpu_task, pt->cpu_thread)->timers);
	}
	timers_count_one_more();
	irq_restore(flags);
	return 0;

out_remove_id:
	idr_remove(&timer_ids, id);
out_free:
	kmem_cache_free(timer_cache, pt);
	return rc;
}

/* Disarm and drop a queued or parked signal of the old setting (interrupts off). */
static void timer_stop(struct posix_timer *pt)
{
	trace_event(TRACE_DISARM, timer_pid(pt), pt->id, pt->armed, 0);
	timer_dequeue(pt);
	signal_entry_remove(pt->owner, &pt->sigq);
	pt->armed = false;
	pt->overrun = 0;
}

/* timer_settime and timer_settime64 (`wide`: the itimerspecs' layout). */
/* Inline into both entry points, so that `wide` is a constant there. */
static inline __attribute__((always_inline)) long
timer_settime_common(timer_t id, int flags, const void __user *unew,
				 void __user *uold, bool wide)
{
	struct posix_timer *pt;
	u64 value_ns, interval_ns, old_value = 0, old_interval = 0;
	u32 irqflags;
	int rc;

	if (!unew)
		return -EINVAL;
	rc = get_user_itimerspec(unew, wide, &value_ns, &interval_ns);
	if (rc)
		return rc;
	pt = timer_lookup(id);
	if (!pt)
		return -EINVAL;
	/* Linux writes the old value after setting; we check first, so a bad
	 * pointer leaves the timer as it was. */
	if (uold && !user_range_ok(uold, user_itimerspec_size(wide), true))
		return -EFAULT;
	if (pt->base == PT_BASE_CPU && !pt->cpu_task)
		return -ESRCH; /* the process whose CPU time it counted is gone (Linux) */

	irqflags = irq_save();
	if (uold) { /* the old value only when asked: a clock read and two divisions */
		old_value = timer_read(pt);
		old_interval = pt->interval_ns;
	}
	timer_stop(pt);
	pt->overrun_last = 0; /* re-arming resets the overrun */
	/* Linux: disarming forgets the interval (6.13 on every clock; 6.1 kept
	 * it on the CPU-time ones) */
	pt->interval_ns = value_ns ? interval_ns : 0;
	/* Only a periodic timer's ignored signal waits for the action to change. */
	pt->sigq.park_if_ignored = timer_is_periodic(pt);
	if (value_ns) {
		/* Flag bits other than TIMER_ABSTIME are ignored, as in Linux. */
		if (((flags & TIMER_ABSTIME) && clock_is_realtime(pt->clockid)) ||
		    pt->clockid == CLOCK_TAI) {
			pt->base = PT_BASE_REALTIME;
			ktimer_init(&pt->ktimer,
				    pt->clockid == CLOCK_TAI ? KTIMER_TAI : KTIMER_REALTIME,
				    posix_timer_ktimer_fn);
			pt->expires_ns = (flags & TIMER_ABSTIME)
					     ? value_ns
					     : ktime_add_sat(clock_tai_ns(), value_ns);
		} else {
			if (pt->base == PT_BASE_REALTIME) {
				pt->base = PT_BASE_MONOTONIC;
				ktimer_init(&pt->ktimer, KTIMER_MONOTONIC, posix_timer_ktimer_fn);
			}
			if (flags & TIMER_ABSTIME)
				pt->expires_ns = value_ns; /* monotonic or CPU time */
			else
				pt->expires_ns = ktime_add_sat(timer_base_now(pt), value_ns);
		}
		pt->armed = true;
		trace_event(TRACE_ARM, timer_pid(pt), pt->id, pt->expires_ns, pt->interval_ns);
		timer_enqueue(pt);
	}
	irq_restore(irqflags);

	if (uold && put_user_itimerspec(uold, wide, old_value, old_interval))
		return -EFAULT;
	return 0;
}

long sys_timer_settime(timer_t id, int flags, const struct itimerspec __user *unew,
		       struct itimerspec __user *uold)
{
	return timer_settime_common(id, flags, unew, uold, false);
}

long sys_timer_settime64(timer_t id, int flags, const struct abi_itimerspec64 __user *unew,
			 struct abi_itimerspec64 __user *uold)
{
	return timer_settime_common(id, flags, unew, uold, true);
}

static inline __attribute__((always_inline)) long
timer_gettime_common(timer_t id, void __user *uvalue, bool wide)
{
	struct posix_timer *pt = timer_lookup(id);
	u64 value, interval;
	u32 flags;

	if (!pt)
		return -EINVAL;
	flags = irq_save();
	value = timer_read(pt);
	interval = pt->interval_ns;
	irq_restore(flags);
	return put_user_itimerspec(uvalue, wide, value, interval);
}

long sys_timer_gettime(timer_t id, struct itimerspec __user *uvalue)
{
	return timer_gettime_common(id, uvalue, false);
}

long sys_timer_gettime64(timer_t id, struct abi_itimerspec64 __user *uvalue)
{
	return timer_gettime_common(id, uvalue, true);
}

long sys_timer_getoverrun(timer_t id)
{
	struct posix_timer *pt = timer_lookup(id);

	if (!pt)
		return -EINVAL;
	return pt->overrun_last;
}

static void timer_destroy(struct posix_timer *pt)
{
	u32 flags = irq_save();

	timer_stop(pt);
	list_del(&pt->owner_link);
	list_del_init(&pt->cpu_link);
	timers_in_use--;
	irq_restore(flags);
	idr_remove(&timer_ids, pt->id);
	kmem_cache_free(timer_cache, pt);
}

long sys_timer_delete(timer_t id)
{
	struct posix_timer *pt = timer_lookup(id);

	if (!pt)
		return -EINVAL;
	timer_destroy(pt);
	return 0;
}

void posix_timers_thread_exit(struct task *t)
{
	struct posix_timer *pt;
	u32 flags = irq_save();

	posix_cputimers_thread_exit(t);
	if (t->leader->nr_threads > 1) { /* else the process's exit deletes them all */
		list_for_each_entry(pt, &t->leader->posix_timers.timers, owner_link) {
			if (pt->target != t)
				continue;
			signal_entry_remove(pt->owner, &pt->sigq);
			pt->target = NULL;
		}
	}
	irq_restore(flags);
}

void posix_timers_task_exit(struct task *t)
{
	while (!list_empty(&t->posix_timers.timers))
		timer_destroy(
		    list_first_entry(&t->posix_timers.timers, struct posix_timer, owner_link));
}
