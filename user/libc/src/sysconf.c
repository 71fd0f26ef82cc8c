/*
 * sysconf: what this system offers.  Options the kernel implements answer
 * 200809L, those it lacks -1; limits without a fixed bound (timers come
 * from a cache, CHILD_MAX) answer -1 without setting errno, as POSIX wants
 * for an indeterminate limit.  An unknown name is EINVAL.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

long sysconf(int name)
{
	switch (name) {
	case _SC_CLK_TCK:
		return ABI_USER_HZ;
	case _SC_PAGESIZE:
		return PAGESIZE;
	case _SC_VERSION:
	case _SC_TIMERS:
	case _SC_MONOTONIC_CLOCK:
	case _SC_CPUTIME:
	case _SC_THREAD_CPUTIME:
	case _SC_REALTIME_SIGNALS:
	case _SC_CLOCK_SELECTION:
	case _SC_TIMEOUTS:
		return 200809L;
	case _SC_TIMER_MAX:
	case _SC_CHILD_MAX:
		return -1;
	case _SC_DELAYTIMER_MAX:
		return DELAYTIMER_MAX;
	case _SC_SIGQUEUE_MAX:
		return ABI_SIGQUEUE_MAX;
	case _SC_RTSIG_MAX:
		return RTSIG_MAX;
	case _SC_THREADS:
	case _SC_THREAD_ATTR_STACKADDR:
	case _SC_THREAD_ATTR_STACKSIZE:
	case _SC_THREAD_PROCESS_SHARED: /* pshared objects work wherever memory is shared */
	case _SC_SEMAPHORES:
	case _SC_BARRIERS:
	case _SC_READER_WRITER_LOCKS:
	case _SC_SPIN_LOCKS:
		return 200809L;
	case _SC_SEM_VALUE_MAX:
		return INT_MAX; /* SEM_VALUE_MAX */
	case _SC_SEM_NSEMS_MAX: /* no bound (glibc's answer too) */
		return -1;
	case _SC_THREAD_DESTRUCTOR_ITERATIONS:
		return PTHREAD_DESTRUCTOR_ITERATIONS;
	case _SC_THREAD_KEYS_MAX:
		return PTHREAD_KEYS_MAX;
	case _SC_THREAD_STACK_MIN:
		return PTHREAD_STACK_MIN;
	case _SC_THREAD_THREADS_MAX:
		return -1;
	case _SC_ATEXIT_MAX:
		return ATEXIT_MAX;
	case _SC_OPEN_MAX: { /* RLIMIT_NOFILE's soft limit, as glibc */
		struct rlimit r;

		if (getrlimit(RLIMIT_NOFILE, &r))
			return -1;
		return r.rlim_cur == RLIM_INFINITY ? -1 : (long)r.rlim_cur;
	}
	case _SC_STREAM_MAX:
		return 3;
	case _SC_ARG_MAX:
		return 32 * PAGESIZE;
	case _SC_NPROCESSORS_CONF:
	case _SC_NPROCESSORS_ONLN:
		return 1;
	case _SC_LINE_MAX:
		return LINE_MAX;
	case _SC_IOV_MAX:
		return IOV_MAX;
	case _SC_HOST_NAME_MAX:
		return HOST_NAME_MAX;
	case _SC_LOGIN_NAME_MAX:
		return LOGIN_NAME_MAX;
	case _SC_TTY_NAME_MAX:
		return TTY_NAME_MAX;
	case _SC_NGROUPS_MAX:
		return NGROUPS_MAX;
	case _SC_TZNAME_MAX:
		return _POSIX_TZNAME_MAX;
	case _SC_SYMLOOP_MAX:
		return _POSIX_SYMLOOP_MAX;
	case _SC_MINSIGSTKSZ:
		return MINSIGSTKSZ;
	case _SC_SIGSTKSZ:
		return SIGSTKSZ;
	case _SC_JOB_CONTROL:
	case _SC_SAVED_IDS:
	case _SC_PRIORITY_SCHEDULING:
	case _SC_ASYNCHRONOUS_IO:
	case _SC_FSYNC:
	case _SC_MAPPED_FILES:
	case _SC_MEMLOCK:
	case _SC_MEMORY_PROTECTION:
	case _SC_MESSAGE_PASSING:
	case _SC_THREAD_PRIORITY_SCHEDULING:
	case _SC_THREAD_PRIO_INHERIT:
	case _SC_THREAD_PRIO_PROTECT:
	case _SC_PHYS_PAGES:
	case _SC_AVPHYS_PAGES:
		return -1;
	default:
		errno = EINVAL;
		return -1;
	}
}
