/*
 * The vDSO on a CPU without a time-stamp counter (QEMU's qemu32 with the
 * tsc flag off), where PIT channel 2 is the clock source (clocksource=pit:
 * the HPET would rate higher): the data page
 * says so (kernel/time/vdso_data.c) and the vDSO makes the system call
 * for every clock, so each call reads what the system call reads (a read
 * lies between two system calls), fails as it fails, and a bad pointer is
 * EFAULT from the kernel.  A vDSO that used the missing TSC would read a
 * data page without a TSC's parameters and get the time wrong.
 */
/* qemu: -cpu qemu32,-tsc -append clocksource=pit */
/* expect: status=0 */
/* expect-line: clock: PIT channel 2 as clock source (no TSC) */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#define NS 1000000000LL

static long long ns_of(const struct timespec *t)
{
	return t->tv_sec * NS + t->tv_nsec;
}

/* The libc's clock_gettime (the vDSO) and the system call give the same
 * result, and for a clock, a time between two system calls. */
static int same_as_syscall(clockid_t c)
{
	struct timespec a, b, d;
	long ra, rb, rd;
	int ea, eb;

	for (int i = 0; i < 50; i++) {
		errno = 0;
		ra = syscall(__NR_clock_gettime, c, &a);
		ea = errno;
		errno = 0;
		rb = clock_gettime(c, &b);
		eb = errno;
		rd = syscall(__NR_clock_gettime, c, &d);
		if (ra != rb || ea != eb || ra != rd ||
		    (ra == 0 && !(ns_of(&a) <= ns_of(&b) && ns_of(&b) <= ns_of(&d)))) {
			tap_why("clock %d: %ld/%d %lld, %ld/%d %lld", c, ra, ea, ns_of(&a), rb, eb,
				ns_of(&b));
			return 0;
		}
	}
	return 1;
}

int main(void)
{
	static const clockid_t others[] = {-1, -8, 16, 99, INT_MIN};
	struct timespec t, u;
	struct timeval tv, stv;
	int good = 1;

	ok(getauxval(AT_SYSINFO_EHDR) != 0, "the vDSO is there without a TSC too");
	for (clockid_t c = 0; c < 16 && good; c++)
		good = same_as_syscall(c);
	for (unsigned i = 0; i < sizeof(others) / sizeof(others[0]) && good; i++)
		good = same_as_syscall(others[i]);
	ok(good, "clock_gettime of ids 0..15 and bad ids: what the system call says");
	good = 1;
	for (clockid_t c = -1; c < 16 && good; c++) {
		memset(&t, 0x55, sizeof(t));
		memset(&u, 0xaa, sizeof(u));
		good = clock_getres(c, &t) == syscall(__NR_clock_getres, c, &u) &&
		       (clock_getres(c, &t) != 0 || ns_of(&t) == ns_of(&u));
		if (!good)
			tap_why("clock %d", c);
	}
	ok(good, "clock_getres, likewise");
	syscall(__NR_gettimeofday, &stv, NULL);
	ok(gettimeofday(&tv, NULL) == 0 && tv.tv_sec - stv.tv_sec <= 1 &&
		   tv.tv_sec >= stv.tv_sec,
	   "gettimeofday agrees with the system call");
	{
		time_t a = (time_t)syscall(__NR_time, NULL), b = time(NULL);

		ok(b >= a && b - a <= 1, "time agrees with the system call");
	}
	errno = 0;
	ok(clock_gettime(CLOCK_MONOTONIC, (void *)1) == -1 && errno == EFAULT &&
		   clock_gettime(CLOCK_REALTIME, NULL) == -1 && errno == EFAULT,
	   "a bad pointer: EFAULT from the kernel");
	return done_testing();
}
