/*
 * timer_create: every clock a timer can be made on, the default sigevent,
 * SIGEV_SIGNAL and SIGEV_NONE, the siginfo a timer signal carries, and every
 * bad-argument class that a C library passes to the kernel unchanged.
 * (Bad pointers are in efault_libc.c: glibc dereferences them itself.)
 */
#include "conformance.h"

static void create_on_each_clock(void)
{
	static const struct {
		clockid_t id;
		const char *name;
	} clocks[] = {
		{ CLOCK_REALTIME, "CLOCK_REALTIME" },
		{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
		{ CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID" },
		{ CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID" },
	};
	timer_t t[5];
	int made = 0, distinct = 1;

	for (int i = 0; i < 4; i++) {
		EXPECT(make_timer(clocks[i].id, SIGEV_SIGNAL, SIGUSR1, i, &t[i]),
		       0, "timer_create(%s, SIGEV_SIGNAL)", clocks[i].name);
		made++;
	}
	EXPECT(timer_create(CLOCK_MONOTONIC, NULL, &t[4]), 0,
	       "timer_create(CLOCK_MONOTONIC, NULL sigevent)");
	made++;
	for (int i = 0; i < made; i++)
		for (int j = i + 1; j < made; j++)
			if (TIMER_ID_INT(t[i]) == TIMER_ID_INT(t[j]))
				distinct = 0;
	ok(distinct, "the five timers have distinct ids");
	for (int i = 0; i < made; i++)
		timer_delete(t[i]);
}

/* NULL sigevent: SIGALRM, SI_TIMER, and sival_int = the timer's id. */
static void default_sigevent(void)
{
	timer_t t;
	siginfo_t si;
	int got;

	block_signal(SIGALRM);
	if (!ok(timer_create(CLOCK_MONOTONIC, NULL, &t) == 0,
		"NULL sigevent timer made"))
		return;
	arm_timer(t, 0, 10 * NS_PER_MS, 0);
	got = take_signal(SIGALRM, &si, 2000);
	ok(got == SIGALRM, "NULL sigevent: SIGALRM arrives");
	ok(si.si_signo == SIGALRM, "NULL sigevent: si_signo is SIGALRM");
	why("si_code=%d", si.si_code);
	ok(si.si_code == SI_TIMER, "NULL sigevent: si_code is SI_TIMER");
#ifdef __GLIBC__
	/*
	 * POSIX and the Linux kernel give sival_int = the timer id, but glibc
	 * (2.34 and later, at least up to 2.36) replaces a NULL sigevent by
	 * its own with sival 0 before the system call: the probe
	 * tools/probes/linux_errno.c shows the raw kernel giving the id.
	 */
	if (si.si_value.sival_int == 0)
		skip("glibc passes its own sigevent with sival 0; the kernel "
		     "gives the id",
		     "NULL sigevent: si_value.sival_int is the timer id");
	else
#endif
	{
		why("sival_int=%d id=%d", si.si_value.sival_int,
		    TIMER_ID_INT(t));
		ok(si.si_value.sival_int == TIMER_ID_INT(t),
		   "NULL sigevent: si_value.sival_int is the timer id");
	}
	why("si_overrun=%d", si.si_overrun);
	ok(si.si_overrun == 0, "one-shot timer: si_overrun is 0");
	timer_delete(t);
	unblock_signal(SIGALRM);
}

/* SIGEV_SIGNAL delivered to an SA_SIGINFO handler. */
static volatile sig_atomic_t h_count;
static volatile int h_signo, h_code, h_value, h_overrun;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	h_count++;
	h_signo = sig;
	h_code = si->si_code;
	h_value = si->si_value.sival_int;
	h_overrun = si->si_overrun;
}

static void sigev_signal_handler(void)
{
	timer_t t;
	int sig = SIGRTMIN + 1;
	int64_t end;

	set_handler(sig, handler, 0);
	if (!ok(make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, sig, 0x1234, &t) == 0,
		"SIGEV_SIGNAL SIGRTMIN+1 timer on CLOCK_REALTIME made"))
		return;
	arm_timer(t, 0, 10 * NS_PER_MS, 0);
	end = mono_ns() + 2 * NS_PER_S;
	while (h_count == 0 && mono_ns() < end)
		sleep_ms(1);
	ok(h_count == 1, "handler ran once");
	ok(h_signo == sig, "handler got SIGRTMIN+1");
	ok(h_code == SI_TIMER, "handler: si_code is SI_TIMER");
	ok(h_value == 0x1234, "handler: si_value.sival_int is the one given");
	ok(h_overrun == 0, "handler: si_overrun is 0");
	sleep_ms(30);
	ok(h_count == 1, "a one-shot timer fires once");
	timer_delete(t);
	set_disposition(sig, SIG_DFL);
}

/* SIGEV_NONE: the timer runs, nothing is delivered. */
static void sigev_none(void)
{
	timer_t t;
	int64_t left;

	block_signal(SIGUSR2);
	block_signal(SIGALRM);
	if (!ok(make_timer(CLOCK_MONOTONIC, SIGEV_NONE, SIGUSR2, 7, &t) == 0,
		"SIGEV_NONE timer made"))
		return;
	arm_timer(t, 0, 100 * NS_PER_MS, 0);
	left = timer_left(t);
	why("left=%lld", (long long)left);
	ok(left > 0 && left <= 100 * NS_PER_MS,
	   "SIGEV_NONE timer reads armed after timer_settime");
	sleep_ms(130);
	ok(is_pending(SIGUSR2) == 0 && is_pending(SIGALRM) == 0,
	   "SIGEV_NONE timer expired and queued no signal");
	left = timer_left(t);
	why("left=%lld", (long long)left);
	ok(left == 0, "expired one-shot SIGEV_NONE timer reads 0");
	timer_delete(t);
	unblock_signal(SIGUSR2);
	unblock_signal(SIGALRM);

	/* Linux checks sigev_signo only when a signal is to be sent. */
	EXPECT(make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &t), 0,
	       "timer_create SIGEV_NONE with sigev_signo 0");
	timer_delete(t);
	EXPECT(make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 65, 0, &t), 0,
	       "timer_create SIGEV_NONE with sigev_signo 65");
	timer_delete(t);
}

static void bad_arguments(void)
{
	timer_t t;
	static const int bad_clocks[] = { -1, 99, 1000 };
	static const int bad_notify[] = { 99, 3, -1 };
	static const int bad_signo[] = { 0, 65, -1, 1000 };

	for (unsigned i = 0; i < sizeof(bad_clocks) / sizeof(int); i++)
		EXPECT(make_timer(bad_clocks[i], SIGEV_SIGNAL, SIGUSR1, 0, &t),
		       EINVAL, "timer_create(clock %d)", bad_clocks[i]);
	for (unsigned i = 0; i < sizeof(bad_notify) / sizeof(int); i++)
		EXPECT(make_timer(CLOCK_MONOTONIC, bad_notify[i], SIGUSR1, 0, &t),
		       EINVAL, "timer_create(sigev_notify %d)", bad_notify[i]);
	for (unsigned i = 0; i < sizeof(bad_signo) / sizeof(int); i++)
		EXPECT(make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, bad_signo[i], 0,
				  &t),
		       EINVAL, "timer_create(SIGEV_SIGNAL, signo %d)",
		       bad_signo[i]);
	EXPECT(make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGRTMAX, 0, &t), 0,
	       "timer_create(SIGEV_SIGNAL, signo SIGRTMAX)");
	timer_delete(t);
	/* Linux lets a timer send SIGKILL: it is a valid signal number. */
	EXPECT(make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGKILL, 0, &t), 0,
	       "timer_create(SIGEV_SIGNAL, signo SIGKILL), never armed");
	timer_delete(t);
}

/* Many timers at once: no small fixed maximum, ids all distinct. */
static void many_timers(void)
{
	enum { N = 1000 };
	static timer_t t[N];
	int made = 0, distinct = 1, deleted = 0;

	for (int i = 0; i < N; i++) {
		if (make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &t[i]) != 0)
			break;
		made++;
	}
	why("made %d", made);
	ok(made == N, "1000 timers made in one process");
	/* ids are ints here; a quadratic check of 1000 is cheap enough */
	for (int i = 0; i < made && distinct; i++)
		for (int j = i + 1; j < made; j++)
			if (TIMER_ID_INT(t[i]) == TIMER_ID_INT(t[j])) {
				distinct = 0;
				break;
			}
	ok(distinct, "1000 timers have distinct ids");
	for (int i = 0; i < made; i++)
		deleted += timer_delete(t[i]) == 0;
	ok(deleted == made, "1000 timers deleted");
}

int main(void)
{
	create_on_each_clock();
	default_sigevent();
	sigev_signal_handler();
	sigev_none();
	bad_arguments();
	many_timers();
	return done();
}
