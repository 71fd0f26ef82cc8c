/*
 * Sleeps across a stop and a continue.  A child sleeps 400 ms; its parent
 * stops it (SIGSTOP) 100 ms in and continues it (SIGCONT) 50 ms later.
 * No handler runs, so Linux restarts what it can: nanosleep and a relative
 * clock_nanosleep go on to the same deadline (ERESTART_RESTARTBLOCK and
 * restart_syscall), an absolute clock_nanosleep is made again
 * (ERESTARTNOHAND), pause and sigsuspend go on waiting for a handler, wait4
 * goes on waiting (ERESTARTSYS); sigtimedwait alone ends with EINTR
 * (signal(7): "interrupted by stop signals").  With a SIGCONT handler the
 * sleep ends with EINTR and the time left.
 *
 * The child's exit status says what it saw: the low two bits what the call
 * returned (0 success, 1 EINTR, 2 anything else), 4 that it came back
 * before 400 ms had passed.  Recorded on the Linux 6.18 host.
 */
#include "conformance.h"

#include <sys/wait.h>

#define READY SIGUSR1
#define SLEEP_NS (400 * NS_PER_MS)

#define RET_0 0
#define RET_EINTR 1
#define RET_OTHER 2
#define EARLY 4

enum sleeper {
	NANOSLEEP,
	NANOSLEEP_NULL_REM,
	CLOCK_NANOSLEEP_REL,
	CLOCK_NANOSLEEP_ABS,
	CLOCK_NANOSLEEP_REALTIME_ABS,
	PAUSE,
	SIGSUSPEND,
	SIGTIMEDWAIT,
	WAIT4,
	NANOSLEEP_CONT_HANDLER,
};

static volatile sig_atomic_t handled;
static void on_signal(int sig)
{
	handled = sig;
}

static void catch(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* A one-shot CLOCK_MONOTONIC timer raising SIGALRM (caught) after ns. */
static void alarm_in(int64_t ns)
{
	timer_t t;
	struct itimerspec it;

	catch(SIGALRM);
	memset(&it, 0, sizeof(it));
	it.it_value = ns_ts(ns);
	timer_create(CLOCK_MONOTONIC, NULL, &t);
	timer_settime(t, 0, &it, NULL);
}

static int result(int r, int err)
{
	if (r == 0)
		return RET_0;
	return err == EINTR ? RET_EINTR : RET_OTHER;
}

/* In the child: the call, from its start; the exit status as above. */
static int child(enum sleeper kind)
{
	struct timespec req = ns_ts(SLEEP_NS), rem = {0, 0};
	int64_t t0;
	sigset_t set;
	int r, err = 0;
	pid_t pid;

	/* t0 before the alarm is armed: taken after, a moment lost between
	 * the two (an interrupt, a slower kernel) made a wake-up on time look
	 * early, by the width of that moment. */
	t0 = mono_ns();
	sigemptyset(&set);
	if (kind == PAUSE || kind == SIGSUSPEND)
		alarm_in(SLEEP_NS);
	if (kind == SIGTIMEDWAIT) {
		sigaddset(&set, SIGUSR2);
		sigprocmask(SIG_BLOCK, &set, NULL);
	}
	if (kind == NANOSLEEP_CONT_HANDLER)
		catch(SIGCONT);
	pid = kind == WAIT4 ? fork() : 1;
	if (pid == 0) {
		sleep_ns(SLEEP_NS);
		_exit(0);
	}
	kill(getppid(), READY);
	switch (kind) {
	case NANOSLEEP:
	case NANOSLEEP_CONT_HANDLER:
		r = nanosleep(&req, &rem);
		err = errno;
		if (kind == NANOSLEEP_CONT_HANDLER && r == -1 &&
		    (ts_ns(&rem) <= 0 || ts_ns(&rem) > SLEEP_NS))
			return RET_OTHER;
		break;
	case NANOSLEEP_NULL_REM:
		r = nanosleep(&req, NULL);
		err = errno;
		break;
	case CLOCK_NANOSLEEP_REL:
		r = err = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem);
		break;
	case CLOCK_NANOSLEEP_ABS:
		req = ns_ts(t0 + SLEEP_NS);
		r = err = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULL);
		break;
	case CLOCK_NANOSLEEP_REALTIME_ABS:
		req = ns_ts(now_ns(CLOCK_REALTIME) + SLEEP_NS);
		r = err = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &req, NULL);
		break;
	case PAUSE:
		r = pause();
		err = errno;
		break;
	case SIGSUSPEND:
		r = sigsuspend(&set);
		err = errno;
		break;
	case SIGTIMEDWAIT:
		r = sigtimedwait(&set, NULL, &req);
		err = errno;
		break;
	case WAIT4:
		r = wait4(pid, NULL, 0, NULL) == pid ? 0 : -1;
		err = errno;
		break;
	default:
		return RET_OTHER;
	}
	return result(r, err) | (mono_ns() - t0 < SLEEP_NS ? EARLY : 0);
}

/* Fork a child sleeping as kind, stop and continue it `stops` times; its status. */
static int stop_continue(enum sleeper kind, int stops)
{
	sigset_t set;
	siginfo_t si;
	struct timespec wait = ns_ts(5 * NS_PER_S);
	int st = -1;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, READY);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pid = fork();
	if (pid == 0)
		_exit(child(kind));
	if (sigtimedwait(&set, &si, &wait) != READY) {
		printf("Bail out! a child did not say it was ready\n");
		exit(1);
	}
	for (int i = 0; i < stops; i++) {
		sleep_ms(i ? 30 : 100);
		kill(pid, SIGSTOP);
		if (waitpid(pid, &st, WUNTRACED) == pid && !WIFSTOPPED(st))
			goto ended; /* it did not wait for the stop */
		sleep_ms(50);
		kill(pid, SIGCONT);
	}
	if (waitpid(pid, &st, 0) != pid)
		return -1;
ended:
	return WIFEXITED(st) ? WEXITSTATUS(st) : 0x100 | st;
}

static void check(enum sleeper kind, int stops, int want, const char *what)
{
	int st = stop_continue(kind, stops);

	why("child status %#x (bits: 1 EINTR, 2 other error, 4 early)", st);
	ok(st == want, "%s", what);
}

int main(void)
{
	check(NANOSLEEP, 1, RET_0, "nanosleep across SIGSTOP/SIGCONT: 0, the whole time slept");
	check(NANOSLEEP, 2, RET_0, "nanosleep across two stops: 0, the whole time slept");
	check(NANOSLEEP_NULL_REM, 1, RET_0, "nanosleep(req, NULL) across a stop: 0, the whole time");
	check(CLOCK_NANOSLEEP_REL, 1, RET_0,
	      "relative clock_nanosleep across a stop: 0, the whole time slept");
	check(CLOCK_NANOSLEEP_REL, 2, RET_0, "relative clock_nanosleep across two stops: 0");
	check(CLOCK_NANOSLEEP_ABS, 1, RET_0,
	      "absolute clock_nanosleep (MONOTONIC) across a stop: 0, at the deadline");
	check(CLOCK_NANOSLEEP_REALTIME_ABS, 1, RET_0,
	      "absolute clock_nanosleep (REALTIME) across a stop: 0, at the deadline");
	check(PAUSE, 1, RET_EINTR, "pause across a stop: goes on until the handler, EINTR");
	check(SIGSUSPEND, 1, RET_EINTR, "sigsuspend across a stop: goes on until the handler, EINTR");
	check(SIGTIMEDWAIT, 1, RET_EINTR | EARLY, "sigtimedwait across a stop: EINTR, early");
	check(WAIT4, 1, RET_0, "wait4 across a stop: goes on waiting for the child");
	check(NANOSLEEP_CONT_HANDLER, 1, RET_EINTR | EARLY,
	      "nanosleep, SIGCONT caught: EINTR early, 0 < rem <= req");
	return done();
}
