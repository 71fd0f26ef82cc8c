/*
 * The nine POSIX timer and clock calls and nanosleep: thin stubs over the
 * kernel (numbers in nr.h).  All set errno except clock_nanosleep, which by
 * POSIX returns the error number itself.  clock_gettime and clock_getres
 * call the vDSO's functions when there is one (vdso.c), which answer
 * without a system call what they can and make the call themselves for the
 * rest; both return 0 or -errno, as the call does.  The sleeps are
 * cancellation points (thread.h: __syscall_cp).
 */
#include <errno.h>
#include <signal.h>
#include <time.h>
#include "thread.h"
#include "vdso.h"

static long clock_gettime_syscall(clockid_t clock, struct timespec *tp)
{
	return sys_2(NR_clock_gettime, clock, (long)tp);
}

static long clock_getres_syscall(clockid_t clock, struct timespec *res)
{
	return sys_2(NR_clock_getres, clock, (long)res);
}

static long (*clock_gettime_fn)(clockid_t, struct timespec *) = clock_gettime_syscall;
static long (*clock_getres_fn)(clockid_t, struct timespec *) = clock_getres_syscall;

__attribute__((constructor)) static void clock_vdso_init(void)
{
	void *gettime = __libc_vdso_sym("__vdso_clock_gettime");
	void *getres = __libc_vdso_sym("__vdso_clock_getres");

	if (gettime)
		clock_gettime_fn = (long (*)(clockid_t, struct timespec *))gettime;
	if (getres)
		clock_getres_fn = (long (*)(clockid_t, struct timespec *))getres;
}

/*
 * SIGEV_THREAD runs a function in a new thread at each expiry: the kernel
 * only queues signals, so the libc makes it (timer_thread.c).  To tell, the
 * libc reads the sigevent itself, and a bad pointer must stay EFAULT, as
 * the kernel says it, not become a fault here.  So the kernel is asked
 * first, with the caller's sigevent: it reads all of it before anything
 * else (Linux's order, and tick386's), so any answer but EFAULT says the
 * sigevent is readable, and only then does the libc look at it.  Mostly
 * that answer is the timer itself, at the cost of the call alone (a check
 * by two rt_sigprocmask calls before it cost kbench's timer_create row 404
 * guest instructions of its 1,302).  The kernel takes SIGEV_THREAD as
 * SIGEV_SIGNAL (Linux's good_sigevent): a timer it made for one, never
 * armed, is deleted before the libc makes its own.  EFAULT is the answer
 * whichever pointer was bad: the sigevent, or the id's, which the
 * SIGEV_THREAD path passes on to the kernel too.
 */
int timer_create(clockid_t clock, struct sigevent *sev, timer_t *timerid)
{
	long ret = sys_3(NR_timer_create, clock, (long)sev, (long)timerid);

	if (sev && ret != -EFAULT && __builtin_expect(sev->sigev_notify == SIGEV_THREAD, 0)) {
		if (ret == 0)
			sys_1(NR_timer_delete, *timerid);
		return __timer_create_thread(clock, sev, timerid);
	}
	return (int)sys_ret(ret);
}

/* The raw calls, at this build's numbers, for timer_thread.c. */
long __timer_create_raw(clockid_t clock, struct sigevent *sev, timer_t *timerid)
{
	return sys_3(NR_timer_create, clock, (long)sev, (long)timerid);
}

int timer_settime(timer_t timerid, int flags, const struct itimerspec *value,
		  struct itimerspec *ovalue)
{
	return (int)sys_ret(sys_4(NR_timer_settime, timerid, flags, (long)value, (long)ovalue));
}

int timer_gettime(timer_t timerid, struct itimerspec *value)
{
	return (int)sys_ret(sys_2(NR_timer_gettime, timerid, (long)value));
}

int timer_getoverrun(timer_t timerid)
{
	return (int)sys_ret(sys_1(NR_timer_getoverrun, timerid));
}

int timer_delete(timer_t timerid)
{
	long ret = sys_1(NR_timer_delete, timerid);

	/* no record to forget before the first SIGEV_THREAD timer */
	if (ret == 0 && __timer_thread_used)
		__timer_delete_thread(timerid);
	return (int)sys_ret(ret);
}

int clock_settime(clockid_t clock, const struct timespec *tp)
{
	return (int)sys_ret(sys_2(NR_clock_settime, clock, (long)tp));
}

int clock_gettime(clockid_t clock, struct timespec *tp)
{
	long rc = clock_gettime_fn(clock, tp);

	return __builtin_expect(rc != 0, 0) ? (int)sys_ret(rc) : 0;
}

int clock_getres(clockid_t clock, struct timespec *res)
{
	return (int)sys_ret(clock_getres_fn(clock, res));
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req, struct timespec *rem)
{
	long ret;

	/* glibc refuses it itself (the raw call says EOPNOTSUPP, as Linux). */
	if (clock == CLOCK_THREAD_CPUTIME_ID)
		return EINVAL;
	ret = __syscall_cp(NR_clock_nanosleep, clock, flags, (long)req, (long)rem, 0, 0);
	return sys_is_error(ret) ? (int)-ret : 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return (int)sys_ret(__syscall_cp(__NR_nanosleep, (long)req, (long)rem, 0, 0, 0, 0));
}

/*
 * The CPU-time clock of a process, as glibc makes it: Linux's encoding of
 * the pid (include/abi/time.h), checked by asking the kernel for its
 * resolution; a clock the kernel does not know means no such process.
 */
int clock_getcpuclockid(pid_t pid, clockid_t *clock)
{
	clockid_t id = MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED);
	long ret = sys_2(NR_clock_getres, id, 0);

	if (sys_is_error(ret))
		return -ret == EINVAL ? ESRCH : (int)-ret;
	*clock = id;
	return 0;
}
