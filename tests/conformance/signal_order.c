/*
 * Order of timer signals: when several are pending, the lower signal number
 * is taken first (a standard signal before any real-time one); timers that
 * send the same real-time signal queue one entry each, in order of expiry;
 * handlers run in the same order when the signals are unblocked.
 */
#include "conformance.h"

static void lower_number_first(void)
{
	int lo = SIGRTMIN + 1, hi = SIGRTMIN + 2;
	timer_t a, b;
	sigset_t set;
	siginfo_t si;
	int first, second;

	block_signal(lo);
	block_signal(hi);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, hi, 0, &a);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, lo, 0, &b);
	arm_timer(a, 0, 10 * NS_PER_MS, 0); /* the higher number fires first */
	arm_timer(b, 0, 20 * NS_PER_MS, 0);
	ok(wait_pending(hi, 2000) && wait_pending(lo, 2000),
	   "two real-time timer signals pending");
	sigemptyset(&set);
	sigaddset(&set, lo);
	sigaddset(&set, hi);
	first = sigwaitinfo(&set, &si);
	second = sigwaitinfo(&set, &si);
	ok(first == lo, "SIGRTMIN+1 is taken before SIGRTMIN+2");
	ok(second == hi, "then SIGRTMIN+2");
	timer_delete(a);
	timer_delete(b);

	/* A standard signal before a real-time one. */
	block_signal(SIGALRM);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, lo, 0, &a);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGALRM, 0, &b);
	arm_timer(a, 0, 10 * NS_PER_MS, 0);
	arm_timer(b, 0, 20 * NS_PER_MS, 0);
	ok(wait_pending(lo, 2000) && wait_pending(SIGALRM, 2000),
	   "SIGRTMIN+1 and SIGALRM timer signals pending");
	sigemptyset(&set);
	sigaddset(&set, lo);
	sigaddset(&set, SIGALRM);
	first = sigwaitinfo(&set, &si);
	second = sigwaitinfo(&set, &si);
	ok(first == SIGALRM && second == lo,
	   "SIGALRM is taken before SIGRTMIN+1");
	timer_delete(a);
	timer_delete(b);
}

static void same_signal_in_expiry_order(void)
{
	int sig = SIGRTMIN + 3;
	static const int due_ms[] = { 30, 10, 20, 40 };
	timer_t t[4];
	siginfo_t si;
	int order[4], n = 0, extra;

	block_signal(sig);
	for (int i = 0; i < 4; i++) {
		make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, sig, i + 1, &t[i]);
		arm_timer(t[i], 0, due_ms[i] * NS_PER_MS, 0);
	}
	sleep_ms(80);
	while (n < 4 && take_signal(sig, &si, 0) == sig)
		order[n++] = si.si_value.sival_int;
	extra = take_signal(sig, &si, 0);
	ok(n == 4 && extra == -1,
	   "four timers sending the same real-time signal queue four entries");
	why("order %d %d %d %d", order[0], order[1], order[2], order[3]);
	ok(n == 4 && order[0] == 2 && order[1] == 3 && order[2] == 1 &&
		   order[3] == 4,
	   "they are taken in order of expiry");
	for (int i = 0; i < 4; i++)
		timer_delete(t[i]);
}

static volatile int h_order[8];
static volatile int h_n;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (h_n < 8)
		h_order[h_n++] = sig * 100 + si->si_value.sival_int;
}

static void handlers_in_order(void)
{
	int lo = SIGRTMIN + 1, hi = SIGRTMIN + 2;
	struct sigaction sa;
	timer_t t[3];
	sigset_t both;

	/* Each handler blocks the others, so they run one after the other. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, lo);
	sigaddset(&sa.sa_mask, hi);
	sigaction(lo, &sa, NULL);
	sigaction(hi, &sa, NULL);
	block_signal(lo);
	block_signal(hi);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, hi, 1, &t[0]);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, lo, 2, &t[1]);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, lo, 3, &t[2]);
	arm_timer(t[0], 0, 10 * NS_PER_MS, 0);
	arm_timer(t[1], 0, 20 * NS_PER_MS, 0);
	arm_timer(t[2], 0, 30 * NS_PER_MS, 0);
	sleep_ms(60);
	sigemptyset(&both);
	sigaddset(&both, lo);
	sigaddset(&both, hi);
	sigprocmask(SIG_UNBLOCK, &both, NULL);
	sigprocmask(SIG_BLOCK, &both, NULL);
	why("%d handler runs", h_n);
	ok(h_n == 3, "unblocking runs three handlers");
	ok(h_n == 3 && h_order[0] == lo * 100 + 2 &&
		   h_order[1] == lo * 100 + 3 && h_order[2] == hi * 100 + 1,
	   "in order: SIGRTMIN+1 by expiry, then SIGRTMIN+2");
	for (int i = 0; i < 3; i++)
		timer_delete(t[i]);
}

int main(void)
{
	lower_number_first();
	same_signal_in_expiry_order();
	handlers_in_order();
	return done();
}
