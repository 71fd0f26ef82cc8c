/*
 * Time structures and clock ids of the tick386 ABI (Linux i386 layouts; the
 * clock ids of the 2002 POSIX timer patch).
 *
 * Shared by the kernel and user/libc, whose <time.h> and <sys/time.h> include
 * this file; the names are the POSIX ones because the shapes are the POSIX
 * ones.  On host builds (HOST_BUILD) glibc's <time.h> and <sys/time.h>
 * provide the structures (same members) and this file adds what glibc lacks.
 */
#ifndef TICK386_ABI_TIME_H
#define TICK386_ABI_TIME_H

#include <abi/types.h>

#ifdef HOST_BUILD
#include <sys/time.h>
#include <time.h>
#else

/* 8 bytes on i386: { long tv_sec; long tv_nsec; }. */
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};

/* Argument of timer_settime/timer_gettime: 16 bytes, interval first. */
struct itimerspec {
	struct timespec it_interval; /* period; zero for a one-shot timer */
	struct timespec it_value;    /* time to the next expiry; zero = disarmed */
};

/* gettimeofday: microseconds. */
struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};

/* gettimeofday's obsolete second argument; tick386 reports zeros. */
struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

/* times(): clock ticks of ABI_USER_HZ. */
struct tms {
	clock_t tms_utime;
	clock_t tms_stime;
	clock_t tms_cutime;
	clock_t tms_cstime;
};

#endif /* HOST_BUILD */

/*
 * Clock ids.  0..3 are the POSIX clocks with the numbers every Linux has.
 * 4 and 5 are the patch's high-resolution variants of REALTIME and
 * MONOTONIC; beware that mainline Linux later gave 4 to CLOCK_MONOTONIC_RAW
 * and 5 to CLOCK_REALTIME_COARSE, so the same number means another clock on
 * a Linux host.
 */
#ifndef CLOCK_REALTIME
#define CLOCK_REALTIME           0
#endif
#ifndef CLOCK_MONOTONIC
#define CLOCK_MONOTONIC          1
#endif
#ifndef CLOCK_PROCESS_CPUTIME_ID
#define CLOCK_PROCESS_CPUTIME_ID 2
#endif
#ifndef CLOCK_THREAD_CPUTIME_ID
#define CLOCK_THREAD_CPUTIME_ID  3
#endif
#define CLOCK_REALTIME_HR        4
#define CLOCK_MONOTONIC_HR       5
/* Number of clock ids: valid ids are 0 .. ABI_NR_CLOCKS - 1. */
#define ABI_NR_CLOCKS            6

/*
 * The CPU-time clock of a given process or thread, as Linux encodes it in
 * a negative clock id: (~pid << 3) | per-thread bit 4 | which (PROF 0,
 * VIRT 1, SCHED 2; 3 is no clock).  pid 0 means the caller.
 * clock_getcpuclockid gives MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED).
 */
#define CPUCLOCK_PROF            0
#define CPUCLOCK_VIRT            1
#define CPUCLOCK_SCHED           2
#define CPUCLOCK_MAX             3
#define CPUCLOCK_PERTHREAD_MASK  4
#define CPUCLOCK_WHICH(clock)    ((clock) & (clockid_t)3)
#define CPUCLOCK_PERTHREAD(clock) (((clock) & (clockid_t)CPUCLOCK_PERTHREAD_MASK) != 0)
#define CPUCLOCK_PID(clock)      ((pid_t) ~((clock) >> 3))
#define MAKE_PROCESS_CPUCLOCK(pid, clock) ((clockid_t)((~(unsigned)(pid)) << 3) | (clockid_t)(clock))
#define MAKE_THREAD_CPUCLOCK(tid, clock) \
	MAKE_PROCESS_CPUCLOCK(tid, (clock) | CPUCLOCK_PERTHREAD_MASK)

/* flags of timer_settime and clock_nanosleep; other bits are ignored. */
#ifndef TIMER_ABSTIME
#define TIMER_ABSTIME            1
#endif

/* Overrun counts saturate here (POSIX's DELAYTIMER_MAX). */
#ifndef DELAYTIMER_MAX
#define DELAYTIMER_MAX           2147483647
#endif

/* The unit of times() and of sysconf(_SC_CLK_TCK), as Linux's USER_HZ. */
#define ABI_USER_HZ              100

#endif
