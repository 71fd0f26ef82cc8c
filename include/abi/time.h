/*
 * Time structures and clock ids of the tick386 ABI (Linux i386 layouts and
 * clock ids).
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

/* gettimeofday's second argument: kept and returned as Linux's sys_tz. */
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
 * The 64-bit-time calls of Linux i386 (403..423, the *_time64 names) take
 * Linux's struct __kernel_timespec: 64-bit seconds and a 64-bit tv_nsec
 * field, 16 bytes, the same on every ABI.  A 32-bit task's kernel ignores
 * the upper half of tv_nsec (Linux's get_timespec64), so a tv_nsec whose
 * low 32 bits are valid is valid.  Named abi_* because glibc on the host and
 * <linux/time_types.h> may define __kernel_timespec.
 */
struct abi_timespec64 {
	long long tv_sec;
	long long tv_nsec;
};

/* Linux's struct __kernel_itimerspec: timer_*time64, timerfd_*time64. */
struct abi_itimerspec64 {
	struct abi_timespec64 it_interval;
	struct abi_timespec64 it_value;
};

/*
 * Clock ids: Linux's numbers.  The 2002 patch's CLOCK_REALTIME_HR (4) and
 * CLOCK_MONOTONIC_HR (5) collided with Linux's CLOCK_MONOTONIC_RAW and
 * CLOCK_REALTIME_COARSE; user/libc's <time.h> keeps those two names as
 * aliases of CLOCK_REALTIME and CLOCK_MONOTONIC (already high resolution).
 * 10 is unused (Linux's old CLOCK_SGI_CYCLE).
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
#ifndef CLOCK_MONOTONIC_RAW
#define CLOCK_MONOTONIC_RAW      4 /* the clock source alone, never adjusted */
#endif
#ifndef CLOCK_REALTIME_COARSE
#define CLOCK_REALTIME_COARSE    5 /* REALTIME at the last tick */
#endif
#ifndef CLOCK_MONOTONIC_COARSE
#define CLOCK_MONOTONIC_COARSE   6 /* MONOTONIC at the last tick */
#endif
#ifndef CLOCK_BOOTTIME
#define CLOCK_BOOTTIME           7 /* MONOTONIC + time suspended (never, here) */
#endif
#ifndef CLOCK_REALTIME_ALARM
#define CLOCK_REALTIME_ALARM     8 /* no RTC wake alarm: EINVAL/EOPNOTSUPP as Linux */
#endif
#ifndef CLOCK_BOOTTIME_ALARM
#define CLOCK_BOOTTIME_ALARM     9
#endif
#ifndef CLOCK_TAI
#define CLOCK_TAI                11 /* REALTIME + the TAI offset (adjtimex ADJ_TAI) */
#endif
/* Number of clock ids: valid ids are below ABI_NR_CLOCKS (Linux's MAX_CLOCKS). */
#define ABI_NR_CLOCKS            16

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
