/*
 * The tick386 demo (make run): the POSIX timer subsystem at work, in plain
 * POSIX C (it builds and runs on Linux too: cc -o demo user/bin/demo.c).
 *
 *  1. what each clock can resolve (clock_getres);
 *  2. a periodic timer on CLOCK_MONOTONIC and a one-shot on CLOCK_REALTIME,
 *     each SI_TIMER signal printed with its time, si_timerid, si_value and
 *     si_overrun;
 *  3. an overrun made visible: the signal is blocked while a 10 ms timer
 *     runs for 105 ms, then one signal arrives carrying the missed periods;
 *  4. a sleep, measured;
 *  5. a clean exit.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_EVENTS 32

struct event {
	struct timespec when; /* CLOCK_MONOTONIC at the handler */
	int signo, code, timerid, value, overrun;
};

static volatile sig_atomic_t event_count;
static struct event events[MAX_EVENTS];
static struct timespec start;

static void on_timer(int signo, siginfo_t *info, void *uc)
{
	(void)uc;
	if (event_count < MAX_EVENTS) {
		struct event *e = &events[event_count];
		clock_gettime(CLOCK_MONOTONIC, &e->when);
		e->signo = signo;
		e->code = info->si_code;
		e->timerid = info->si_timerid;
		e->value = info->si_value.sival_int;
		e->overrun = info->si_overrun;
		event_count++;
	}
}

static double since_start_ms(const struct timespec *t)
{
	return (double)(t->tv_sec - start.tv_sec) * 1e3 + (double)(t->tv_nsec - start.tv_nsec) / 1e6;
}

static void print_events(int from, int to)
{
	for (int i = from; i < to; i++) {
		const struct event *e = &events[i];
		printf("  t=%8.3f ms  %-8s si_code=%s si_timerid=%d si_value=%d si_overrun=%d\n",
		       since_start_ms(&e->when), e->signo == SIGALRM ? "SIGALRM" : "SIGRTMIN",
		       e->code == SI_TIMER ? "SI_TIMER" : "other", e->timerid, e->value, e->overrun);
	}
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static timer_t make_timer(clockid_t clock, int signo, int value)
{
	struct sigevent ev;
	timer_t id;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = signo;
	ev.sigev_value.sival_int = value;
	if (timer_create(clock, &ev, &id) < 0)
		die("timer_create");
	return id;
}

static void arm(timer_t id, long value_ns, long interval_ns)
{
	struct itimerspec its = {
		.it_interval = {interval_ns / 1000000000L, interval_ns % 1000000000L},
		.it_value = {value_ns / 1000000000L, value_ns % 1000000000L},
	};
	if (timer_settime(id, 0, &its, NULL) < 0)
		die("timer_settime");
}

static void wait_events(int n)
{
	while (event_count < n)
		pause();
}

int main(void)
{
	static const struct {
		clockid_t id;
		const char *name;
	} clocks[] = {
		{CLOCK_REALTIME, "CLOCK_REALTIME"},
		{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
		{CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID"},
		{CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID"},
	};
	struct sigaction sa;
	struct timespec res, now, before, after;
	sigset_t rtmin;
	int first;

	printf("tick386 demo: POSIX clocks and timers\n\n1. clock resolutions\n");
	for (unsigned i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		if (clock_getres(clocks[i].id, &res) < 0 || clock_gettime(clocks[i].id, &now) < 0)
			die("clock_getres");
		printf("  %-25s res %ld ns, now %ld.%09ld s\n", clocks[i].name, res.tv_nsec,
		       (long)now.tv_sec, now.tv_nsec);
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) < 0 || sigaction(SIGRTMIN, &sa, NULL) < 0)
		die("sigaction");
	clock_gettime(CLOCK_MONOTONIC, &start);

	printf("\n2. a 20 ms periodic timer on CLOCK_MONOTONIC (SIGRTMIN, value 1001) and a\n"
	       "   50 ms one-shot on CLOCK_REALTIME (SIGALRM, value 2002)\n");
	timer_t periodic = make_timer(CLOCK_MONOTONIC, SIGRTMIN, 1001);
	timer_t oneshot = make_timer(CLOCK_REALTIME, SIGALRM, 2002);
	arm(periodic, 20000000, 20000000);
	arm(oneshot, 50000000, 0);
	wait_events(5);
	arm(periodic, 0, 0);
	print_events(0, event_count);

	printf("\n3. an overrun: SIGRTMIN blocked while a 10 ms timer runs for 105 ms\n");
	sigemptyset(&rtmin);
	sigaddset(&rtmin, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &rtmin, NULL);
	first = event_count;
	arm(periodic, 10000000, 10000000);
	struct timespec pause_105ms = {0, 105000000};
	nanosleep(&pause_105ms, NULL);
	sigprocmask(SIG_UNBLOCK, &rtmin, NULL); /* the one queued signal arrives now */
	int overrun = timer_getoverrun(periodic); /* before re-arming, which resets it */
	arm(periodic, 0, 0);
	print_events(first, event_count);
	printf("  timer_getoverrun: %d (10 periods passed: 1 signal + 9 overruns)\n", overrun);

	printf("\n4. clock_nanosleep for 30 ms\n");
	struct timespec req = {0, 30000000};
	clock_gettime(CLOCK_MONOTONIC, &before);
	int rc = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
	clock_gettime(CLOCK_MONOTONIC, &after);
	printf("  returned %d after %.3f ms\n", rc,
	       (double)(after.tv_sec - before.tv_sec) * 1e3 +
		       (double)(after.tv_nsec - before.tv_nsec) / 1e6);

	if (timer_delete(periodic) < 0 || timer_delete(oneshot) < 0)
		die("timer_delete");
	printf("\n5. timers deleted; goodbye\n");
	return 0;
}
