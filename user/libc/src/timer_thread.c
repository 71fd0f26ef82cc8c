/*
 * SIGEV_THREAD timers, made as glibc makes them (and the same helper runs
 * the SIGEV_THREAD notifications of message queues: mqueue_notify.c).
 *
 * The kernel only queues signals.  On the first SIGEV_THREAD timer the libc
 * starts one helper thread, with every signal blocked, which waits in
 * sigwaitinfo for SIGCANCEL (glibc's SIGTIMER is the same signal).  Each
 * such timer is a kernel timer of notification SIGEV_THREAD_ID aimed at
 * the helper, with SIGCANCEL and, as its value, the address of the libc's
 * record of the timer (function, value, thread attributes).  For every
 * signal the helper takes, it starts a detached thread that calls the
 * function with the value; that thread keeps the helper's mask, every
 * signal blocked, as glibc's do.  The overrun is the kernel's, counted at the helper's
 * sigwaitinfo, as for any timer.
 *
 * The records are on one list under a lock: the helper copies what it
 * needs under the lock, and timer_delete unlinks and frees a record only
 * after the kernel deleted the timer (which drops its queued signal), so no
 * signal ever names a freed record.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "thread.h"

struct thread_timer {
	struct thread_timer *next;
	timer_t id;
	void (*function)(union sigval);
	union sigval value;
	pthread_attr_t attr; /* the caller's, made detached */
};

static volatile int timers_lock;
static struct thread_timer *timers;
static pthread_once_t helper_once = PTHREAD_ONCE_INIT;
static int helper_tid; /* 0: no helper */

/*
 * Nonzero once a SIGEV_THREAD timer has been asked for (0 again only in a
 * fork child, which has none): before, no record exists, and timer_delete
 * leaves the list and its lock alone (35 of the 672 guest instructions of
 * kbench's timer_delete row).  Set before the kernel makes the timer, so a
 * delete of its id by another thread, which can come only after the kernel
 * made it, sees the flag and then waits on the lock for the record.
 */
volatile int __timer_thread_used;

struct expiry {
	void (*function)(union sigval);
	union sigval value;
};

static void *run_function(void *arg)
{
	struct expiry e = *(struct expiry *)arg;

	free(arg);
	e.function(e.value);
	return NULL;
}

static void *helper(void *arg)
{
	abi_sigset_t set = ABI_SIGMASK(SIGCANCEL);

	(void)arg;
	for (;;) {
		struct thread_timer *t;
		struct expiry *e;
		pthread_attr_t attr;
		pthread_t thread;
		siginfo_t si;

		if (sys_4(__NR_rt_sigtimedwait, (long)&set, (long)&si, 0, ABI_SIGSET_SIZE) !=
		    SIGCANCEL)
			continue;
		if (si.si_code == SI_MESGQ) { /* a queue's SIGEV_THREAD (mqueue_notify.c) */
			__mq_notify_run(si.si_int);
			continue;
		}
		if (si.si_code != SI_TIMER)
			continue;
		e = malloc(sizeof(*e));
		if (!e)
			continue; /* glibc too drops the expiry: nothing better to do */
		lock(&timers_lock);
		for (t = timers; t; t = t->next)
			if (t == si.si_ptr && t->id == si.si_tid)
				break;
		if (t) {
			e->function = t->function;
			e->value = t->value;
			attr = t->attr;
		}
		unlock(&timers_lock);
		if (!t || pthread_create(&thread, &attr, run_function, e) != 0)
			free(e);
	}
	return NULL;
}

/* The helper inherits a mask with every signal blocked, SIGCANCEL included. */
static void start_helper(void)
{
	abi_sigset_t all = ~(abi_sigset_t)0, old;
	pthread_attr_t attr;
	pthread_t thread;

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	sys_4(__NR_rt_sigprocmask, SIG_SETMASK, (long)&all, (long)&old, ABI_SIGSET_SIZE);
	if (pthread_create(&thread, &attr, helper, NULL) == 0)
		helper_tid = ((struct pthread *)thread)->tid;
	sys_4(__NR_rt_sigprocmask, SIG_SETMASK, (long)&old, 0, ABI_SIGSET_SIZE);
}

int __thread_helper_tid(void)
{
	__timer_thread_used = 1;
	pthread_once(&helper_once, start_helper);
	return helper_tid;
}

int __timer_create_thread(clockid_t clock, const struct sigevent *sev, timer_t *timerid)
{
	struct thread_timer *t;
	struct sigevent kev;
	long ret;

	__timer_thread_used = 1;
	pthread_once(&helper_once, start_helper);
	if (!helper_tid) {
		errno = EAGAIN;
		return -1;
	}
	t = malloc(sizeof(*t));
	if (!t) {
		errno = EAGAIN;
		return -1;
	}
	t->function = sev->sigev_notify_function;
	t->value = sev->sigev_value;
	if (sev->sigev_notify_attributes)
		t->attr = *(const pthread_attr_t *)sev->sigev_notify_attributes;
	else
		pthread_attr_init(&t->attr);
	pthread_attr_setdetachstate(&t->attr, PTHREAD_CREATE_DETACHED);

	memset(&kev, 0, sizeof(kev));
	kev.sigev_notify = SIGEV_THREAD_ID;
	kev.sigev_signo = SIGCANCEL;
	kev.sigev_value.sival_ptr = t;
	kev.sigev_notify_thread_id = helper_tid;
	/* Listed before the helper can look for it: the lock is held across. */
	lock(&timers_lock);
	ret = __timer_create_raw(clock, &kev, timerid); /* a bad timerid is EFAULT */
	if (sys_is_error(ret)) {
		unlock(&timers_lock);
		free(t);
		errno = (int)-ret;
		return -1;
	}
	t->id = *timerid;
	t->next = timers;
	timers = t;
	unlock(&timers_lock);
	return 0;
}

/* After the kernel deleted timer id: forget its record, if it had one. */
void __timer_delete_thread(timer_t id)
{
	struct thread_timer **p, *t = NULL;

	lock(&timers_lock);
	for (p = &timers; *p; p = &(*p)->next)
		if ((*p)->id == id) {
			t = *p;
			*p = t->next;
			break;
		}
	unlock(&timers_lock);
	free(t);
}

/* A child of fork has no timers and no helper (the helper was the parent's). */
void __timer_fork_child(void)
{
	struct thread_timer *t, *next;

	for (t = timers; t; t = next) {
		next = t->next;
		free(t);
	}
	timers = NULL;
	timers_lock = 0;
	__timer_thread_used = 0;
	helper_tid = 0;
	helper_once = PTHREAD_ONCE_INIT;
}
