/*
 * setitimer, getitimer and alarm (see kernel/time/itimer.h for the model).
 *
 * Each itimer keeps its expiry and period in ns: ITIMER_REAL's on
 * CLOCK_MONOTONIC in a ktimer, the CPU ones in CPU ns in the task's
 * CPU-time queue.  Its signal is one preallocated entry (the interrupt
 * never allocates), sent with si_code SI_KERNEL as Linux sends it; an
 * expiry while that signal is pending, from this entry or any other
 * source, adds nothing (a standard signal coalesces).
 *
 * Invariants (interrupts off while they change):
 *   ITIMER_REAL armed   <=>  real_ktimer is active; interval_ns kept apart
 *                            (a periodic one waits, disarmed, from its
 *                            expiry until a SIGALRM is taken: it re-arms
 *                            then, itimer_sigalrm_taken);
 *   a CPU itimer armed  <=>  its cpu_node is in the owner's CPU-time queue.
 */
#include "kernel/time/itimer.h"
#include "arch/i386/cpu.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/posix_timers.h"
#include "lib/compiler.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/signal.h>

#define NS_PER_US 1000ull
#define US_PER_S 1000000

struct itimer {
	u64 interval_ns;	     /* the period; 0: one-shot */
	u64 cpu_expires_ns;	     /* CPU itimers: the armed expiry, CPU ns */
	struct timerq_node cpu_node; /* CPU itimers: in the task's CPU-time queue */
	struct sigqueue_entry sigq;  /* its one signal */
};

struct itimers {
	struct task *task;
	struct ktimer real_ktimer; /* ITIMER_REAL, CLOCK_MONOTONIC */
	struct itimer it[3];	   /* indexed by ITIMER_REAL, _VIRTUAL, _PROF */
	/* RLIMIT_CPU (kernel/task/rlimit.c): armed at the earlier of the
	 * soft and hard limits, in the process's CPU-time queue; its entry
	 * is SIGXCPU, kill_sigq the SIGKILL at the hard limit. */
	struct itimer rlim_cpu;
	struct sigqueue_entry kill_sigq;
};

static const int itimer_signo[3] = {SIGALRM, SIGVTALRM, SIGPROF};

/* ---- expiry ---------------------------------------------------------------- */

static void itimer_send(struct itimers *its, int which)
{
	struct task *t = its->task;

	/*
	 * Linux sends it as any signal from the kernel (kill_pid_info): a
	 * standard signal already pending, from whatever source, swallows it
	 * (legacy_queue).  Otherwise -EBUSY (its own entry still queued)
	 * coalesces likewise, and 1 (ignored, discarded) leaves a periodic
	 * ITIMER_REAL stopped, as on Linux, where nothing dequeues a SIGALRM
	 * to re-arm it.
	 */
	if (t->leader->signal.shared.set & ABI_SIGMASK(itimer_signo[which]))
		return;
	/* SIGVTALRM and SIGPROF: through the thread whose CPU time made them
	 * expire, if it runs (Linux checks them on the running task);
	 * SIGALRM: the process, as Linux's it_real_fn */
	signal_send_entry(which == ITIMER_REAL ? t : signal_timer_target(t), &its->it[which].sigq);
}

static enum ktimer_restart itimer_real_fn(struct ktimer *kt, u64 now)
{
	struct itimers *its = container_of(kt, struct itimers, real_ktimer);

	(void)now;
	itimer_send(its, ITIMER_REAL);
	return KTIMER_NORESTART; /* a periodic one re-arms at delivery */
}

/*
 * A SIGALRM was taken, from whatever source (interrupts off): Linux's
 * dequeue_signal re-arms ITIMER_REAL here when it is periodic and not armed
 * again meanwhile.
 */
void itimer_sigalrm_taken(struct task *t)
{
	struct itimers *its = t->itimers;
	u64 interval, next;

	if (!its)
		return;
	interval = its->it[ITIMER_REAL].interval_ns;
	if (!interval || ktimer_active(&its->real_ktimer))
		return;
	ktime_forward(ktimer_expires(&its->real_ktimer), interval, clock_monotonic_ns(), &next);
	ktimer_start(&its->real_ktimer, next);
}

/* Where RLIMIT_CPU's node goes next: the soft limit, or the hard one
 * if earlier (CPU ns of the process); 0 when neither is set. */
static u64 rlim_cpu_next(const struct rlimit64 *r)
{
	u64 soft = r->rlim_cur, hard = r->rlim_max;

	if (soft == RLIM64_INFINITY)
		return 0; /* as Linux: no soft limit, no check of the hard one */
	if (hard < soft)
		soft = hard;
	return soft >= (RLIM64_INFINITY - 1) / NSEC_PER_SEC ? 0 : soft * NSEC_PER_SEC;
}

/*
 * RLIMIT_CPU reached (Linux's check_process_timers): at the hard limit
 * SIGKILL; at the soft one SIGXCPU, and the soft limit one second on, so
 * that it comes every second until the hard limit.  Both SI_KERNEL, to
 * the process.
 */
static void rlim_cpu_expired(struct task *t, struct itimers *its, u64 used_ns, u64 *next)
{
	struct rlimit64 *r = &t->rlim[RLIMIT_CPU];

	*next = 0;
	if (r->rlim_cur == RLIM64_INFINITY)
		return;
	if (r->rlim_max != RLIM64_INFINITY && used_ns >= r->rlim_max * NSEC_PER_SEC) {
		signal_send_entry(t, &its->kill_sigq);
		return;
	}
	if (used_ns >= r->rlim_cur * NSEC_PER_SEC) {
		r->rlim_cur++;
		signal_send_entry(t, &its->rlim_cpu.sigq);
	}
	*next = rlim_cpu_next(r);
	its->rlim_cpu.cpu_expires_ns = *next;
}

void itimer_rlimit_cpu_update(struct task *t)
{
	struct itimers *its = t->itimers;
	u64 at;

	if (!its)
		return;
	posix_cputimers_disarm_node(t, &its->rlim_cpu.cpu_node);
	at = rlim_cpu_next(&t->rlim[RLIMIT_CPU]);
	its->rlim_cpu.cpu_expires_ns = at;
	if (at)
		posix_cputimers_arm_node(t, &its->rlim_cpu.cpu_node, at);
}

/*
 * ITIMER_VIRTUAL counts user time (kernel/task/vtime.h), which has no
 * queue of its own: it grows no faster than the total, so its node sits in
 * the CPU-time queue at the total CPU time when the user time could reach
 * its expiry at the earliest, and is checked (and put back) there.
 */
#define VIRTUAL_STEP_NS (100 * NS_PER_US)

static u64 virtual_step(u64 left)
{
	return left < VIRTUAL_STEP_NS ? VIRTUAL_STEP_NS : left;
}

/* What the itimer counts: user time for ITIMER_VIRTUAL, all for ITIMER_PROF. */
static u64 itimer_cpu_now(struct task *t, int which, u64 *total)
{
	u64 user;

	*total = task_process_cpu_ns_split(t, &user);
	return which == ITIMER_VIRTUAL ? user : *total;
}

bool itimer_cpu_expired(struct task *t, struct timerq_node *node, u64 used_ns, u64 *next)
{
	struct itimers *its = t->itimers;
	int which;

	if (!its)
		return false;
	if (node == &its->rlim_cpu.cpu_node) {
		rlim_cpu_expired(t, its, used_ns, next);
		return true;
	}
	if (node == &its->it[ITIMER_VIRTUAL].cpu_node)
		which = ITIMER_VIRTUAL;
	else if (node == &its->it[ITIMER_PROF].cpu_node)
		which = ITIMER_PROF;
	else
		return false;
	struct itimer *it = &its->it[which];
	u64 user;

	if (which == ITIMER_PROF) {
		*next = 0;
		if (it->interval_ns)
			ktime_forward(it->cpu_expires_ns, it->interval_ns, used_ns, next);
		it->cpu_expires_ns = *next;
		itimer_send(its, which);
		return true;
	}
	/* ITIMER_VIRTUAL: its node waits for the total CPU time at which the
	 * user time could have reached cpu_expires_ns; not there yet, it waits
	 * again for the rest (at least VIRTUAL_STEP_NS, bounding the
	 * interrupts of a process that stays in the kernel) */
	used_ns = task_process_cpu_ns_split(t, &user);
	if (user < it->cpu_expires_ns) {
		*next = used_ns + virtual_step(it->cpu_expires_ns - user);
		return true;
	}
	*next = 0;
	if (it->interval_ns) {
		u64 nu;

		ktime_forward(it->cpu_expires_ns, it->interval_ns, user, &nu);
		it->cpu_expires_ns = nu;
		*next = ktime_add_sat(used_ns, virtual_step(nu - user));
	} else {
		it->cpu_expires_ns = 0;
	}
	itimer_send(its, which);
	return true;
}

/* ---- reading and setting (interrupts off) ---------------------------------- */

static void ns_to_timeval(u64 ns, struct timeval *tv)
{
	tv->tv_sec = (long)(ns / NSEC_PER_SEC);
	tv->tv_usec = (long)(ns % NSEC_PER_SEC / NS_PER_US); /* truncated, as Linux */
}

static u64 timeval_to_ns(const struct timeval *tv)
{
	return ktime_add_sat((u64)tv->tv_sec * NSEC_PER_SEC, (u64)tv->tv_usec * NS_PER_US);
}

static void itimer_read(struct task *t, int which, struct itimerval *v)
{
	struct itimers *its = t->itimers;
	u64 left = 0;

	memset(v, 0, sizeof(*v));
	if (!its)
		return;
	if (which == ITIMER_REAL) {
		if (ktimer_active(&its->real_ktimer)) {
			left = ktime_sub_floor(ktimer_expires(&its->real_ktimer), clock_monotonic_ns());
			if (left < NS_PER_US)
				left = NS_PER_US; /* armed never reads 0 (Linux's itimer_get_remtime) */
		}
	} else if (timerq_is_armed(&its->it[which].cpu_node)) {
		u64 total;

		left = ktime_sub_floor(its->it[which].cpu_expires_ns, itimer_cpu_now(t, which, &total));
		if (left < NS_PER_US)
			left = NS_PER_US;
	}
	ns_to_timeval(left, &v->it_value);
	ns_to_timeval(its->it[which].interval_ns, &v->it_interval);
}

static void itimer_stop(struct task *t, struct itimers *its, int which)
{
	if (which == ITIMER_REAL)
		ktimer_cancel(&its->real_ktimer);
	else
		posix_cputimers_disarm_node(t, &its->it[which].cpu_node);
}

/* value_ns 0 disarms.  As Linux: ITIMER_REAL forgets the interval then,
 * the CPU ones keep it (getitimer shows it). */
static void itimer_set(struct task *t, struct itimers *its, int which, u64 value_ns,
		       u64 interval_ns)
{
	itimer_stop(t, its, which);
	if (which == ITIMER_REAL) {
		its->it[which].interval_ns = value_ns ? interval_ns : 0;
		if (value_ns)
			ktimer_start(&its->real_ktimer,
				     ktime_add_sat(clock_monotonic_ns(), value_ns));
		return;
	}
	its->it[which].interval_ns = interval_ns;
	if (value_ns) {
		u64 total, now = itimer_cpu_now(t, which, &total);

		its->it[which].cpu_expires_ns = ktime_add_sat(now, value_ns);
		/* ITIMER_VIRTUAL: at the earliest total CPU time (above) */
		posix_cputimers_arm_node(t, &its->it[which].cpu_node, ktime_add_sat(total, value_ns));
	}
}

static struct itimers *itimers_alloc(struct task *t)
{
	struct itimers *its = kzalloc(sizeof(*its));

	if (!its)
		return NULL;
	its->task = t;
	ktimer_init(&its->real_ktimer, KTIMER_MONOTONIC, itimer_real_fn);
	for (int which = 0; which < 3; which++) {
		struct itimer *it = &its->it[which];

		signal_entry_init(&it->sigq, NULL);
		it->sigq.info.si_signo = itimer_signo[which];
		it->sigq.info.si_code = SI_KERNEL;
	}
	signal_entry_init(&its->rlim_cpu.sigq, NULL);
	its->rlim_cpu.sigq.info.si_signo = SIGXCPU;
	its->rlim_cpu.sigq.info.si_code = SI_KERNEL;
	signal_entry_init(&its->kill_sigq, NULL);
	its->kill_sigq.info.si_signo = SIGKILL;
	its->kill_sigq.info.si_code = SI_KERNEL;
	return its;
}

/* Set which of the current task to value (interrupts on), the old value in
 * *old if asked. */
static long do_setitimer(int which, const struct itimerval *value, struct itimerval *old)
{
	struct task *t = current->leader;
	u64 value_ns = timeval_to_ns(&value->it_value);
	u32 flags;

	if (which < ITIMER_REAL || which > ITIMER_PROF)
		return -EINVAL;
	if (!t->itimers) { /* a kernel thread: it has none and arms none */
		if (old)
			memset(old, 0, sizeof(*old));
		return value_ns ? -EINVAL : 0;
	}
	flags = irq_save();
	if (old)
		itimer_read(t, which, old);
	itimer_set(t, t->itimers, which, value_ns, timeval_to_ns(&value->it_interval));
	irq_restore(flags);
	return 0;
}

static bool timeval_valid(const struct timeval *tv)
{
	return tv->tv_sec >= 0 && tv->tv_usec >= 0 && tv->tv_usec < US_PER_S;
}

/* ---- the system calls ------------------------------------------------------ */

long sys_setitimer(int which, const struct itimerval __user *uvalue,
		   struct itimerval __user *uovalue)
{
	struct itimerval value, old;
	long rc;

	/* Linux's order: the new value is read and checked before `which`.
	 * A NULL value disarms (Linux allows it, with a warning). */
	memset(&value, 0, sizeof(value));
	if (uvalue && copy_from_user(&value, uvalue, sizeof(value)))
		return -EFAULT;
	if (!timeval_valid(&value.it_value) || !timeval_valid(&value.it_interval))
		return -EINVAL;
	rc = do_setitimer(which, &value, uovalue ? &old : NULL);
	if (rc)
		return rc;
	if (uovalue && copy_to_user(uovalue, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

long sys_getitimer(int which, struct itimerval __user *uvalue)
{
	struct itimerval value;
	u32 flags;

	if (which < ITIMER_REAL || which > ITIMER_PROF)
		return -EINVAL;
	flags = irq_save();
	itimer_read(current->leader, which, &value);
	irq_restore(flags);
	return copy_to_user(uvalue, &value, sizeof(value)) ? -EFAULT : 0;
}

/*
 * alarm(seconds): ITIMER_REAL once, after that many seconds (0 cancels).
 * Returns the seconds that were left, rounded to the nearest, and never 0
 * while time was left (Linux's alarm_setitimer).
 */
long sys_alarm(unsigned int seconds)
{
	struct itimerval value, old;
	unsigned int left;

	if (seconds > INT32_MAX)
		seconds = INT32_MAX; /* a 32-bit long, as Linux on i386 */
	memset(&value, 0, sizeof(value));
	value.it_value.tv_sec = (long)seconds;
	if (do_setitimer(ITIMER_REAL, &value, &old))
		return 0; /* a kernel thread */
	left = (unsigned int)old.it_value.tv_sec;
	if ((!left && old.it_value.tv_usec) || old.it_value.tv_usec >= US_PER_S / 2)
		left++;
	return (long)left;
}

int itimers_task_init(struct task *t)
{
	t->itimers = itimers_alloc(t);
	return t->itimers ? 0 : -ENOMEM;
}

void itimers_task_exit(struct task *t)
{
	struct itimers *its = t->itimers;
	u32 flags;

	if (!its)
		return;
	flags = irq_save();
	for (int which = 0; which < 3; which++) {
		itimer_stop(t, its, which);
		signal_entry_remove(t, &its->it[which].sigq);
	}
	posix_cputimers_disarm_node(t, &its->rlim_cpu.cpu_node);
	signal_entry_remove(t, &its->rlim_cpu.sigq);
	signal_entry_remove(t, &its->kill_sigq);
	t->itimers = NULL;
	irq_restore(flags);
	kfree(its);
}
