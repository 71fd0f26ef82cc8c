/*
 * The older time interfaces: time and gettimeofday (the vDSO's when there
 * is one, vdso.c, else the system calls); clock and timespec_get, built
 * on clock_gettime; times, the kernel's; and the sleeps built on nanosleep.
 */
#include <errno.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>
#include "nr.h"
#include "syscall.h"
#include "vdso.h"

static long time_syscall(time_t *t)
{
	return sys_1(__NR_time, (long)t);
}

static long gettimeofday_syscall(struct timeval *tv, void *tz)
{
	return sys_2(__NR_gettimeofday, (long)tv, (long)tz);
}

static long (*time_fn)(time_t *) = time_syscall;
static long (*gettimeofday_fn)(struct timeval *, void *) = gettimeofday_syscall;

__attribute__((constructor)) static void clock_vdso_init(void)
{
	void *t = __libc_vdso_sym("__vdso_time");
	void *tv = __libc_vdso_sym("__vdso_gettimeofday");

	if (t)
		time_fn = (long (*)(time_t *))t;
	if (tv)
		gettimeofday_fn = (long (*)(struct timeval *, void *))tv;
}

/* The system call (13), as Linux's time(): what is left of the
 * second-resolution clock; -1 and errno only for a bad pointer. */
time_t time(time_t *t)
{
	return (time_t)sys_ret(time_fn(t));
}

/* The system calls (78, 79): the kernel keeps the time zone, as Linux. */
int gettimeofday(struct timeval *tv, void *tz)
{
	return (int)sys_ret(gettimeofday_fn(tv, tz));
}

int settimeofday(const struct timeval *tv, const struct timezone *tz)
{
	return (int)sys_ret(sys_2(__NR_settimeofday, (long)tv, (long)tz));
}

int timespec_get(struct timespec *ts, int base)
{
	if (base != TIME_UTC || clock_gettime(CLOCK_REALTIME, ts) < 0)
		return 0;
	return base;
}

/* Processor time used, in CLOCKS_PER_SEC (microsecond) units; it wraps. */
clock_t clock(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
		return (clock_t)-1;
	return (clock_t)(ts.tv_sec * 1000000UL + (unsigned long)ts.tv_nsec / 1000);
}

/*
 * times: the kernel's (kernel/task/process_times.c).  Its result is a
 * tick count that may happen to lie in -4095..-1, where an error would:
 * only -EFAULT can be one, and only with a buffer, so on -EFAULT the
 * buffer is read; a bad one faults here (SIGSEGV), a good one means the
 * count really was -14 (glibc behaves the same way).  Never -1 + errno
 * otherwise: Linux's times cannot fail but with EFAULT.
 */
clock_t times(struct tms *buf)
{
	long r = sys_1(__NR_times, (long)buf);

	if (r == -EFAULT && buf) {
		const volatile clock_t *probe = &buf->tms_utime;

		(void)probe[0];
		(void)probe[3];
	}
	return (clock_t)r;
}

/* sleep: the seconds left, rounded up, when a signal handler cut it short. */
unsigned int sleep(unsigned int seconds)
{
	struct timespec req = {(time_t)seconds, 0}, rem;

	if (nanosleep(&req, &rem) == 0)
		return 0;
	if (errno != EINTR)
		return seconds;
	return (unsigned int)rem.tv_sec + (rem.tv_nsec > 0);
}

int usleep(useconds_t usec)
{
	struct timespec req;

	req.tv_sec = (time_t)(usec / 1000000);
	req.tv_nsec = (long)(usec % 1000000) * 1000;
	return nanosleep(&req, NULL);
}
