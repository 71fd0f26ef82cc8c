/*
 * signalfd under fire:
 *   - a child queues 300 real-time signals with values 0..299 (retrying
 *     EAGAIN) and sends SIGUSR2 every third, whose handler interrupts the
 *     parent's blocking reads (EINTR, retried): every value is read once,
 *     in order, none lost nor doubled;
 *   - a periodic 1 ms POSIX timer read through a signalfd for 200 ms: the
 *     records' 1 + ssi_overrun add up to every expiry, exactly (each
 *     counted once, whether it came as a signal or as an overrun).
 * Each wait has a time-out (poll) so that a lost signal fails, not hangs.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "../tap.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define N 300

static volatile int handled;

static void on_usr2(int sig)
{
	(void)sig;
	handled++;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static void queued_values(void)
{
	struct signalfd_siginfo rec[4];
	struct sigaction sa;
	sigset_t m;
	int sfd, next = 0, wrong = 0, eintr = 0, status;
	pid_t parent = getpid(), pid;

	sigemptyset(&m);
	sigaddset(&m, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &m, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr2;
	sigaction(SIGUSR2, &sa, NULL); /* no SA_RESTART: a read ends with EINTR */
	sfd = signalfd(-1, &m, 0);
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < N; i++) {
			union sigval v = {.sival_int = i};

			while (sigqueue(parent, SIGRTMIN, v) != 0 && errno == EAGAIN)
				sched_yield();
			if (i % 3 == 0)
				kill(parent, SIGUSR2);
		}
		_exit(0);
	}
	while (next < N) {
		struct pollfd p = {sfd, POLLIN, 0};
		long r;

		if (poll(&p, 1, 3000) == 0)
			break; /* lost: nothing more comes */
		r = read(sfd, rec, sizeof(rec));
		if (r < 0) {
			eintr += errno == EINTR;
			wrong += errno != EINTR;
			continue;
		}
		for (long k = 0; k < r / (long)sizeof(rec[0]); k++) {
			if (rec[k].ssi_signo != (uint32_t)SIGRTMIN || rec[k].ssi_int != next ||
			    rec[k].ssi_code != SI_QUEUE || rec[k].ssi_pid != (uint32_t)pid)
				wrong++;
			next++;
		}
	}
	waitpid(pid, &status, 0);
	tap_why("%d read, %d wrong, %d EINTR, %d handled", next, wrong, eintr, handled);
	ok(next == N && wrong == 0, "300 queued values read once each, in order");
	ok(handled >= 1 && handled <= N / 3, "SIGUSR2's handler ran (a standard signal: merged while pending)");
	struct pollfd p = {sfd, POLLIN, 0};
	ok(poll(&p, 1, 0) == 0, "nothing left after");
	close(sfd);
}

static void timer_counts(void)
{
	struct signalfd_siginfo rec[8];
	struct sigevent sev;
	struct itimerspec its = {{0, 1000000}, {0, 1000000}}, off;
	timer_t t;
	sigset_t m;
	long long t0, t1, tb = 0, ta = 0, expiries = 0, records = 0;
	int sfd, wrong = 0;

	sigemptyset(&m);
	sigaddset(&m, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &m, NULL);
	sfd = signalfd(-1, &m, SFD_NONBLOCK);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN + 1;
	timer_create(CLOCK_MONOTONIC, &sev, &t);
	t0 = now_ns();
	timer_settime(t, 0, &its, NULL);
	t1 = now_ns();
	while (now_ns() - t0 < 200000000ll) {
		struct pollfd p = {sfd, POLLIN, 0};
		long r;

		poll(&p, 1, 50);
		long long before = now_ns();
		r = read(sfd, rec, sizeof(rec));
		if (r > 0) {
			tb = before;
			ta = now_ns();
		}
		for (long k = 0; k < r / (long)sizeof(rec[0]); k++) {
			wrong += rec[k].ssi_code != SI_TIMER;
			expiries += 1 + rec[k].ssi_overrun;
			records++;
		}
	}
	/* the last read took every expiry up to its moment: between the
	 * periods passed from arming to the read's start and to its end */
	memset(&off, 0, sizeof(off));
	timer_settime(t, 0, &off, NULL);
	timer_delete(t);
	long long low = (tb - t1) / 1000000 - 1, high = (ta - t0) / 1000000;
	tap_why("%lld expiries in %lld records, %d wrong; expected %lld..%lld", expiries, records,
		wrong, low, high);
	ok(wrong == 0 && records > 1 && expiries >= low && expiries <= high,
	   "timer: 1 + ssi_overrun sums to every expiry up to the last read");
	close(sfd);
}

int main(void)
{
	queued_values();
	timer_counts();
	return done_testing();
}
