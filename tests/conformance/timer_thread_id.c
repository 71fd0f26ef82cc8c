/*
 * SIGEV_THREAD_ID (a Linux extension, which tick386 offers): the signal goes
 * to one task of the caller's own process.  Guarded: where the C library
 * does not define SIGEV_THREAD_ID, every line is a SKIP.
 */
#define _GNU_SOURCE /* gettid() and the thread-id member in glibc */
#include "conformance.h"

/* The descriptions, and what EXPECT appends to them. */
static const char *const names[] = {
	"timer_create SIGEV_THREAD_ID to the caller's own tid",
	"its signal arrives, SI_TIMER, with its sival_int",
	"SIGEV_THREAD_ID with tid 0",
	"SIGEV_THREAD_ID with a tid that does not exist",
	"SIGEV_THREAD_ID with a bad signo",
	"SIGEV_THREAD_ID | SIGEV_NONE",
};
static const char *const results[] = {
	" -> 0", "", " -> EINVAL", " -> EINVAL", " -> EINVAL", " -> EINVAL",
};

#if defined(SIGEV_THREAD_ID)
#if defined(sigev_notify_thread_id)
#define SET_TID(ev, tid) ((ev).sigev_notify_thread_id = (tid))
#elif defined(__GLIBC__)
#define SET_TID(ev, tid) ((ev)._sigev_un._tid = (tid))
#endif
#endif

#ifdef SET_TID
static int make(int notify, int signo, int tid, timer_t *t)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = notify;
	ev.sigev_signo = signo;
	ev.sigev_value.sival_int = 42;
	SET_TID(ev, tid);
	return timer_create(CLOCK_MONOTONIC, &ev, t);
}

static void run(void)
{
	timer_t t;
	siginfo_t si;
	int sig = SIGRTMIN + 1, n = 0;

	(void)results; /* EXPECT appends the same text itself */
	block_signal(sig);
	EXPECT(make(SIGEV_THREAD_ID, sig, gettid(), &t), 0, "%s", names[n]);
	n++;
	arm_timer(t, 0, 10 * NS_PER_MS, 0);
	ok(take_signal(sig, &si, 2000) == sig && si.si_code == SI_TIMER &&
		   si.si_value.sival_int == 42,
	   "%s", names[n++]);
	timer_delete(t);
	EXPECT(make(SIGEV_THREAD_ID, sig, 0, &t), EINVAL, "%s", names[n]);
	n++;
	EXPECT(make(SIGEV_THREAD_ID, sig, 0x3fffffff, &t), EINVAL, "%s", names[n]);
	n++;
	EXPECT(make(SIGEV_THREAD_ID, 0, gettid(), &t), EINVAL, "%s", names[n]);
	n++;
	EXPECT(make(SIGEV_THREAD_ID | SIGEV_NONE, sig, gettid(), &t), EINVAL,
	       "%s", names[n]);
}
#endif

int main(void)
{
#ifdef SET_TID
	run();
#else
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		skip("SIGEV_THREAD_ID not offered by this C library", "%s%s",
		     names[i], results[i]);
#endif
	return done();
}
