/*
 * The queue: real-time signals queue every instance and come out lowest
 * number first, oldest first within a number, each with its own value;
 * standard signals coalesce; the queue has a limit (sigqueue: EAGAIN).
 */
/* parallel: yes */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static volatile int seen[64], nseen;

static void record(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	if (nseen < 64)
		seen[nseen++] =
		    sig * 1000 + (info->si_code == SI_QUEUE ? info->si_value.sival_int : 999);
}

static int queue(int sig, int value)
{
	union sigval v;

	v.sival_int = value;
	return sigqueue(getpid(), sig, v);
}

int main(void)
{
	static const int sent_sig[] = {3, 1, 3, 2, 1, 0, 3, 2, 0, 1};
	int want[16], nwant = 0, i, r, accepted, drained;
	struct sigaction sa;
	sigset_t set, pending;
	siginfo_t info;
	struct timespec zero = {0, 0};
	long limit;

	sigemptyset(&set);
	for (i = 0; i < 4; i++)
		sigaddset(&set, SIGRTMIN + i);
	sigaddset(&set, SIGUSR1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = record;
	sa.sa_flags = SA_SIGINFO;
	sa.sa_mask = set; /* one handler at a time: the order is the kernel's */
	for (i = 0; i < 4; i++)
		sigaction(SIGRTMIN + i, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigprocmask(SIG_BLOCK, &set, NULL);

	for (i = 0; i < 10; i++)
		ok(queue(SIGRTMIN + sent_sig[i], i) == 0, "sigqueue SIGRTMIN+%d value %d",
		   sent_sig[i], i);
	ok(queue(SIGUSR1, 100) == 0 && queue(SIGUSR1, 101) == 0 && kill(getpid(), SIGUSR1) == 0,
	   "SIGUSR1 sent three times");
	sigpending(&pending);
	ok(sigismember(&pending, SIGUSR1) && sigismember(&pending, SIGRTMIN) &&
	       sigismember(&pending, SIGRTMIN + 3) && !sigismember(&pending, SIGUSR2),
	   "sigpending shows what is blocked and sent");

	/* Expected: SIGUSR1 once (the first, value 100), then by number, FIFO. */
	want[nwant++] = SIGUSR1 * 1000 + 100;
	for (r = 0; r < 4; r++)
		for (i = 0; i < 10; i++)
			if (sent_sig[i] == r)
				want[nwant++] = (SIGRTMIN + r) * 1000 + i;
	nseen = 0;
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	ok(nseen == nwant, "%d deliveries (want %d: standard coalesced, real-time all)", nseen,
	   nwant);
	for (i = 0; i < nwant && i < nseen; i++)
		ok(seen[i] == want[i], "delivery %d: %d (want %d)", i, seen[i], want[i]);

	/* The same order through sigtimedwait, with the sender's pid. */
	sigprocmask(SIG_BLOCK, &set, NULL);
	queue(SIGRTMIN + 2, 7);
	queue(SIGRTMIN + 1, 8);
	queue(SIGRTMIN + 2, 9);
	kill(getpid(), SIGRTMIN + 1);
	r = sigtimedwait(&set, &info, &zero);
	ok(r == SIGRTMIN + 1 && info.si_code == SI_QUEUE && info.si_value.sival_int == 8 &&
	       info.si_pid == getpid(),
	   "sigtimedwait: SIGRTMIN+1 value 8 from us first (got %d, %d)", r,
	   info.si_value.sival_int);
	r = sigtimedwait(&set, &info, &zero);
	ok(r == SIGRTMIN + 1 && info.si_code == SI_USER,
	   "then kill()'s SIGRTMIN+1, SI_USER (code %d)", info.si_code);
	r = sigtimedwait(&set, &info, &zero);
	ok(r == SIGRTMIN + 2 && info.si_value.sival_int == 7, "then SIGRTMIN+2 value 7");
	r = sigtimedwait(&set, &info, &zero);
	ok(r == SIGRTMIN + 2 && info.si_value.sival_int == 9, "then SIGRTMIN+2 value 9");
	errno = 0;
	ok(sigtimedwait(&set, &info, &zero) == -1 && errno == EAGAIN, "then nothing: EAGAIN");

	/* The limit: sigqueue fails with EAGAIN once the queue is full. */
#ifndef __tick386__
	{
		struct rlimit rl = {2000, 2000};

		setrlimit(RLIMIT_SIGPENDING, &rl); /* Linux counts per user: keep it small */
	}
#endif
	limit = sysconf(_SC_SIGQUEUE_MAX);
	ok(limit >= 32, "sysconf(_SC_SIGQUEUE_MAX) = %ld, at least _POSIX_SIGQUEUE_MAX", limit);
	accepted = 0;
	errno = 0;
	for (i = 0; i <= limit + 10; i++) {
		if (queue(SIGRTMIN + 3, i) != 0)
			break;
		accepted++;
	}
	ok(i <= limit && errno == EAGAIN, "sigqueue fails with EAGAIN after %d signals (errno %d)",
	   accepted, errno);
	ok(accepted >= 32 && accepted <= limit, "at least 32 and at most the limit were queued");
	drained = 0;
	while ((r = sigtimedwait(&set, &info, &zero)) == SIGRTMIN + 3) {
		if (info.si_value.sival_int != drained)
			break;
		drained++;
	}
	ok(drained == accepted, "every queued one comes back, in order (%d of %d)", drained,
	   accepted);
	ok(queue(SIGRTMIN + 3, 1) == 0, "and the queue takes signals again");
	sigtimedwait(&set, &info, &zero);
	return done_testing();
}
