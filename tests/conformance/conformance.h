/*
 * conformance.h: what the conformance programs share besides TAP (which is
 * ../tap.h): their names for the TAP calls, errno names, EXPECT, and time,
 * signal and timer helpers.  Header-only, so that every program is one C
 * file that tools/runprog can build against user/libc, and that the host's
 * cc builds against glibc.  Only POSIX interfaces are used here.
 *
 * Output convention (see README.md): one line per test,
 *     ok N - description
 *     not ok N - description # detail
 *     ok N - description # SKIP reason
 * and the plan "1..N" printed last by done(), so a program that crashes
 * part-way leaves no plan and the harness counts it as a failure.  The
 * description holds only facts that are the same on every correct system
 * (errno names, "yes", counts that are exact); anything measured goes in the
 * detail after '#', which the harness does not compare.
 */
#ifndef CONFORMANCE_H
#define CONFORMANCE_H

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../tap.h"

#define NS_PER_MS 1000000LL
#define NS_PER_S 1000000000LL

/*
 * Two addresses that no user program has mapped: the first page, and
 * 0xC0000000, which is the kernel's on tick386 and an unmapped user address
 * on a 64-bit Linux host.  Both must give EFAULT, never a crash in the
 * kernel.
 */
#define BAD_PTR_LOW ((void *)(uintptr_t)1)
#define BAD_PTR_HIGH ((void *)(uintptr_t)0xC0000000u)

/* A NULL the compiler cannot see (glibc marks some arguments nonnull). */
static void *volatile const null_ptr = NULL;
#define NULLP ((void *)null_ptr)

/* The value the kernel puts in si_value.sival_int for a NULL sigevent. */
#define TIMER_ID_INT(t) ((int)(intptr_t)(t))
/* A timer id that no program here ever gets: the suites make < 2000 timers. */
#define NEVER_CREATED_TIMER ((timer_t)(intptr_t)12345)

/* The conformance programs' names for the TAP calls of ../tap.h. */
#define why(...) tap_why(__VA_ARGS__)
#define skip(...) tap_skip(__VA_ARGS__)
#define note(...) tap_note(__VA_ARGS__)
#define done() done_testing()

/* errno names: strerror's text differs between C libraries, names do not. */
static inline const char *errname(int e)
{
	static char other[24];

	switch (e) {
	case 0: return "0";
	case EINVAL: return "EINVAL";
	case EFAULT: return "EFAULT";
	case EPERM: return "EPERM";
	case EINTR: return "EINTR";
	case EAGAIN: return "EAGAIN";
	case ENOSYS: return "ENOSYS";
	case ESRCH: return "ESRCH";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	case ENOMEM: return "ENOMEM";
	case ENOTSUP: return "ENOTSUP";
	case ECANCELED: return "ECANCELED";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ECHILD: return "ECHILD";
	case EIDRM: return "EIDRM";
	case ENOMSG: return "ENOMSG";
	case E2BIG: return "E2BIG";
	case ENOSPC: return "ENOSPC";
	case EFBIG: return "EFBIG";
	case ERANGE: return "ERANGE";
	case EBADF: return "EBADF";
	case ENAMETOOLONG: return "ENAMETOOLONG";
	case EMSGSIZE: return "EMSGSIZE";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EMFILE: return "EMFILE";
	case EOVERFLOW: return "EOVERFLOW";
	default:
		snprintf(other, sizeof(other), "errno %d", e);
		return other;
	}
}

/* One expectation: want 0 is success (rc 0, or with `any` any rc >= 0). */
static inline void tap_expect(long rc, int err, int want, int any, const char *fmt, va_list ap)
{
	char desc[200];

	vsnprintf(desc, sizeof(desc), fmt, ap);
	why("rc=%ld errno=%s", rc, errname(err));
	if (want == 0)
		ok(any ? rc >= 0 : rc == 0, any ? "%s -> ok" : "%s -> 0", desc);
	else
		ok(rc == -1 && err == want, "%s -> %s", desc, errname(want));
}

static inline void expect_errno_(long rc, int err, int want, int any, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_expect(rc, err, want, any, fmt, ap);
	va_end(ap);
}

/*
 * EXPECT(call, want, "description", ...): call returns 0 or -1 with errno;
 * want is 0 or the errno expected.  The description gets " -> NAME".
 * The errno is read right after the call (a function argument would not be
 * sequenced after it).
 */
#define EXPECT(call, want, ...)                                               \
	do {                                                                  \
		errno = 0;                                                    \
		long rc_ = (long)(call);                                      \
		int err_ = errno;                                             \
		expect_errno_(rc_, err_, (want), 0, __VA_ARGS__);                \
	} while (0)

/*
 * EXPECT_ID(call, want, "description", ...): as EXPECT, for a call whose
 * success is any value >= 0 (an id, a descriptor, a count) and whose
 * failure is -1 with errno; want 0 means success, described " -> ok".
 */
#define EXPECT_ID(call, want, ...)                                           \
	do {                                                                  \
		errno = 0;                                                    \
		long rc_ = (long)(call);                                      \
		int err_ = errno;                                             \
		expect_errno_(rc_, err_, (want), 1, __VA_ARGS__);             \
	} while (0)

/* For calls that return the error number itself (clock_nanosleep). */
#define EXPECT_RET(call, want, ...)                                           \
	do {                                                                  \
		int ret_ = (call);                                            \
		why("returned %s", errname(ret_));                            \
		ok(ret_ == (want), __VA_ARGS__);                              \
	} while (0)

/* ---- time ---- */

static inline int64_t ts_ns(const struct timespec *t)
{
	return (int64_t)t->tv_sec * NS_PER_S + t->tv_nsec;
}

static inline struct timespec ns_ts(int64_t ns)
{
	struct timespec t;

	t.tv_sec = (time_t)(ns / NS_PER_S);
	t.tv_nsec = (long)(ns % NS_PER_S);
	return t;
}

/*
 * Every timing test measures against CLOCK_MONOTONIC: without it they would
 * wait forever, so its failure ends the program at once ("Bail out!", no
 * plan: the harness counts the program as failed).
 */
static inline int64_t now_ns(clockid_t clock)
{
	struct timespec t;

	if (clock_gettime(clock, &t) != 0) {
		if (clock == CLOCK_MONOTONIC) {
			printf("Bail out! clock_gettime(CLOCK_MONOTONIC) "
			       "failed: %s\n",
			       errname(errno));
			fflush(stdout);
			exit(1);
		}
		return -1;
	}
	return ts_ns(&t);
}

static inline int64_t mono_ns(void)
{
	return now_ns(CLOCK_MONOTONIC);
}

/* Sleep at least ns, resuming after handlers that interrupt the sleep. */
static inline void sleep_ns(int64_t ns)
{
	struct timespec req = ns_ts(ns), rem;

	while (nanosleep(&req, &rem) == -1 && errno == EINTR)
		req = rem;
}

static inline void sleep_ms(long ms)
{
	sleep_ns((int64_t)ms * NS_PER_MS);
}

/* Sleep until CLOCK_MONOTONIC reaches the absolute time abs. */
static inline void sleep_until_mono(int64_t abs)
{
	struct timespec t = ns_ts(abs);

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) ==
	       EINTR)
		;
}

/*
 * Burn CPU until `clock` (a CPU-time clock) has advanced by ns, or
 * limit_ns of monotonic time have passed.  Returns the CPU time used.
 */
static inline int64_t burn_cpu(clockid_t clock, int64_t ns, int64_t limit_ns)
{
	int64_t c0 = now_ns(clock), m0 = mono_ns(), c = c0;
	volatile unsigned long sink = 0;

	while (c - c0 < ns && mono_ns() - m0 < limit_ns) {
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i;
		c = now_ns(clock);
	}
	return c - c0;
}

/* ---- signals ---- */

static inline void block_signal(int sig)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_BLOCK, &s, NULL);
}

static inline void unblock_signal(int sig)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
}

static inline int is_pending(int sig)
{
	sigset_t s;

	sigemptyset(&s);
	if (sigpending(&s) != 0)
		return -1;
	return sigismember(&s, sig);
}

/* Poll until sig is pending or timeout_ms passed; returns 1 if pending. */
static inline int wait_pending(int sig, long timeout_ms)
{
	int64_t end = mono_ns() + timeout_ms * NS_PER_MS;

	do {
		if (is_pending(sig) == 1)
			return 1;
		sleep_ns(200000);
	} while (mono_ns() < end);
	return is_pending(sig) == 1;
}

/*
 * Take one instance of the blocked signal sig, waiting at most timeout_ms
 * (0: only if already pending).  Returns the signal number or -1.
 */
static inline int take_signal(int sig, siginfo_t *si, long timeout_ms)
{
	sigset_t s;
	struct timespec t = ns_ts((int64_t)timeout_ms * NS_PER_MS);
	siginfo_t dummy;
	int r;

	sigemptyset(&s);
	sigaddset(&s, sig);
	memset(si ? si : &dummy, 0, sizeof(siginfo_t));
	do
		r = sigtimedwait(&s, si ? si : &dummy, &t);
	while (r == -1 && errno == EINTR);
	return r;
}

/* Install an SA_SIGINFO handler (flags: extra sa_flags, e.g. SA_RESTART). */
static inline int set_handler(int sig, void (*fn)(int, siginfo_t *, void *),
			      int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO | flags;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static inline int set_disposition(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

/* ---- timers ---- */

/* A timer that sends signo (SIGEV_SIGNAL) with sival_int value. */
static inline int make_timer(clockid_t clock, int notify, int signo,
			     int value, timer_t *out)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = notify;
	ev.sigev_signo = signo;
	ev.sigev_value.sival_int = value;
	return timer_create(clock, &ev, out);
}

static inline int arm_timer(timer_t t, int flags, int64_t value_ns,
			    int64_t interval_ns)
{
	struct itimerspec v;

	v.it_value = ns_ts(value_ns);
	v.it_interval = ns_ts(interval_ns);
	return timer_settime(t, flags, &v, NULL);
}

/* Time left on a timer in ns, or -1 if timer_gettime failed. */
static inline int64_t timer_left(timer_t t)
{
	struct itimerspec v;

	if (timer_gettime(t, &v) != 0)
		return -1;
	return ts_ns(&v.it_value);
}

/*
 * Whether a program may really set CLOCK_REALTIME: on the host only when
 * CONFORMANCE_ALLOW_SETTIME=1 says so; the argument --allow-settime counts
 * only where the C library is not glibc (tick386), so that a wrapper
 * passing it to a host build never changes the host's clock.
 */
static inline int settime_allowed(int argc, char **argv)
{
	const char *env = getenv("CONFORMANCE_ALLOW_SETTIME");
	int allowed = env && strcmp(env, "1") == 0;

#ifndef __GLIBC__
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--allow-settime") == 0)
			allowed = 1;
#else
	(void)argc;
	(void)argv;
#endif
	return allowed;
}

#endif /* CONFORMANCE_H */
