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
 * Can the kernel read the 8 bytes at p?  rt_sigprocmask copies its set
 * before it looks at `how` (Linux's order, and tick386's), so with how -1
 * it answers EFAULT or EINVAL and changes nothing.  Out of line, so that
 * timer_create's own number is the first it loads (tests/libc/test-tools
 * reads the stubs' numbers from the disassembly).
 */
static __attribute__((noinline)) int readable8(const void *p)
{
	return sys_4(__NR_rt_sigprocmask, -1, (long)p, 0, ABI_SIGSET_SIZE) != -EFAULT;
}

/*
 * SIGEV_THREAD runs a function in a new thread at each expiry: the kernel
 * only queues signals, so the libc makes it (timer_thread.c).  To tell, the
 * libc reads the sigevent itself, and a bad pointer must stay EFAULT, as
 * the kernel says it, not become a fault here: its first and last 8 bytes
 * (its one or two pages) are checked first.
 */
int timer_create(clockid_t clock, struct sigevent *sev, timer_t *timerid)
{
	if (sev) {
		if (!readable8(sev) || !readable8((char *)(sev + 1) - 8)) {
			errno = EFAULT;
			return -1;
		}
		if (sev->sigev_notify == SIGEV_THREAD)
			return __timer_create_thread(clock, sev, timerid);
	}
	return (int)sys_ret(sys_3(NR_timer_create, clock, (long)sev, (long)timerid));
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

	if (ret == 0)
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
