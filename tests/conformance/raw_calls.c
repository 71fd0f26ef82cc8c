/*
 * What the kernel itself answers, through syscall(2), where the C library
 * puts something of its own on top (issue 13's defects found by
 * adversarial runs; recorded on the Linux 6.18 host):
 *
 * - timer_create with SIGEV_THREAD: glibc runs the function in a thread of
 *   its own making, but the kernel under it accepts SIGEV_THREAD with a
 *   valid signal (good_sigevent) and on expiry queues that signal to the
 *   process, as for SIGEV_SIGNAL.  A bad signal is still EINVAL.
 * - clock_nanosleep on CLOCK_THREAD_CPUTIME_ID: the kernel says EOPNOTSUPP
 *   (the thread clock has no nsleep); glibc answers EINVAL before asking it
 *   (tests/conformance/clock_nanosleep.c checks that one).
 */
#include "conformance.h"

#include <sys/syscall.h>

#define SIG SIGUSR2

/* The kernel's timer id is an int, whatever the C library's timer_t is. */
static long raw_timer_create(clockid_t clock, int notify, int signo, int value, int *id)
{
	struct sigevent sev;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = notify;
	sev.sigev_signo = signo;
	sev.sigev_value.sival_int = value;
	return syscall(SYS_timer_create, clock, &sev, id);
}

static void sigev_thread(void)
{
	struct itimerspec its;
	siginfo_t si;
	int id = -1;

	block_signal(SIG);
	EXPECT(raw_timer_create(CLOCK_MONOTONIC, SIGEV_THREAD, SIG, 77, &id), 0,
	       "raw timer_create SIGEV_THREAD, valid signal");
	memset(&its, 0, sizeof(its));
	its.it_value = ns_ts(10 * NS_PER_MS);
	EXPECT(syscall(SYS_timer_settime, id, 0, &its, NULL), 0, "raw timer_settime on it");
	ok(take_signal(SIG, &si, 2000) == SIG, "on expiry its signal is queued to the process");
	why("si_code %d, sival_int %d", si.si_code, si.si_value.sival_int);
	ok(si.si_code == SI_TIMER && si.si_value.sival_int == 77,
	   "as SI_TIMER with the sigevent's value");
	EXPECT(syscall(SYS_timer_delete, id), 0, "raw timer_delete");
	unblock_signal(SIG);

	EXPECT(raw_timer_create(CLOCK_MONOTONIC, SIGEV_THREAD, 0, 0, &id), EINVAL,
	       "raw timer_create SIGEV_THREAD, signal 0");
	EXPECT(raw_timer_create(CLOCK_MONOTONIC, SIGEV_THREAD, 65, 0, &id), EINVAL,
	       "raw timer_create SIGEV_THREAD, signal 65");
	EXPECT(raw_timer_create(CLOCK_MONOTONIC, 3, SIG, 0, &id), EINVAL,
	       "raw timer_create sigev_notify 3");
}

static void thread_clock_nanosleep(void)
{
	struct timespec t = ns_ts(NS_PER_MS);

	EXPECT(syscall(SYS_clock_nanosleep, CLOCK_THREAD_CPUTIME_ID, 0, &t, NULL), EOPNOTSUPP,
	       "raw clock_nanosleep CLOCK_THREAD_CPUTIME_ID");
	EXPECT(syscall(SYS_clock_nanosleep, CLOCK_THREAD_CPUTIME_ID, TIMER_ABSTIME, &t, NULL),
	       EOPNOTSUPP, "raw clock_nanosleep CLOCK_THREAD_CPUTIME_ID, TIMER_ABSTIME");
	EXPECT_RET(clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, 0, &t, NULL), EINVAL,
		   "the C library's clock_nanosleep CLOCK_THREAD_CPUTIME_ID");
}

int main(void)
{
	sigev_thread();
	thread_clock_nanosleep();
	return done();
}
