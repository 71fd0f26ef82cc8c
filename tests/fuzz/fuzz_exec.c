/*
 * The running side: the clock, the grid, the handler's record of signals,
 * the guard timer, and the quantized printing of times.
 */
#include "fuzz.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

long long T0;
long long tai_off_ns;

struct timespec ts_of(long long ns)
{
	struct timespec t;

	t.tv_sec = (time_t)(ns / 1000000000LL);
	t.tv_nsec = (long)(ns % 1000000000LL);
	if (t.tv_nsec < 0) {
		t.tv_nsec += 1000000000L;
		t.tv_sec--;
	}
	return t;
}

long long ns_of(const struct timespec *ts)
{
	return (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

long long now_ns(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return ns_of(&t);
}

long long mono_index(long long *phase)
{
	long long d = now_ns(CLOCK_MONOTONIC) - T0;

	if (phase)
		*phase = d % Q_NS;
	return d / Q_NS;
}

void sleep_to_grid(long long g)
{
	struct timespec ts = ts_of(T0 + g * Q_NS);

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* Wait long enough for a timer set to expire at once to do so (an interrupt away). */
void spin(void)
{
	long long end = now_ns(CLOCK_MONOTONIC) + SPIN_NS;

	while (now_ns(CLOCK_MONOTONIC) < end)
		;
}

static long long max_phase;

/*
 * Calls are made within WINDOW_NS of a grid point, or the program was late:
 * a kernel that took that long would change what the next calls see.  The
 * line is not a comment, so that it shows up as a difference.
 */
void check_phase(void)
{
	long long phase, g = mono_index(&phase);

	if (phase > max_phase) {
		max_phase = phase;
		comment("P max phase %lld us", phase / 1000);
	}
	if (phase > WINDOW_NS || g != M.g)
		say("%d.%d late: at %lld+%lldus, model at %lld", episode, op_no, g, phase / 1000,
		    M.g);
}

/*
 * After a wait that may have ended at a half point (a signal woke it), go
 * to the next grid point, where the model is.  Before the model's point:
 * sleep on to it.  Past it: the kernel slept longer than the model said.
 */
void settle(int after_wait)
{
	long long phase, g = mono_index(&phase);

	if (after_wait && phase > WINDOW_NS) {
		sleep_to_grid(g + 1);
		g++;
	}
	if (g < M.g)
		sleep_to_grid(M.g);
	else if (g > M.g) {
		comment("M time: at grid %lld, model at %lld", g, M.g);
		model_advance(g);
	}
}

/* ---- the record of signals ------------------------------------------------- */

static struct {
	int signo, code, tid, val, ovr, pid;
} seen[MAX_EVENTS];
static volatile int nseen;
volatile int guard_fired;
static timer_t guard_id;
static pid_t self;

/*
 * Every handler of the fuzzer: record, nothing else (no system call).  The
 * slot is taken in one instruction before it is filled: a second signal
 * whose handler interrupts this one (two expiries a few microseconds apart,
 * SA_NODEFER or another signal) takes the next slot.  Read, then counted,
 * the two made one record of mixed fields ("ALRM timer T3", seed 7: the
 * RT0 of T3 came while the ALRM handler of T0 ran), as often as not.
 */
void on_signal(int signo, siginfo_t *si, void *uc)
{
	int k;

	(void)uc;
	if (signo == GUARD_SIG) {
		guard_fired = 1;
		return;
	}
	k = __atomic_fetch_add(&nseen, 1, __ATOMIC_SEQ_CST);
	if (k < MAX_EVENTS) {
		seen[k].signo = signo;
		seen[k].code = si->si_code;
		seen[k].tid = si->si_code == SI_TIMER ? si->si_timerid : 0;
		seen[k].val = si->si_value.sival_int;
		seen[k].ovr = si->si_code == SI_TIMER ? si->si_overrun : 0;
		seen[k].pid = si->si_pid;
	}
}

void events_begin(void)
{
	nseen = 0;
	guard_fired = 0;
	M.nev = 0;
	M.ev_sort = 0;
	M.ambiguous = 0;
}

static int slot_of_kid(int kid)
{
	for (int s = 0; s < NTIMERS; s++)
		if (M.t[s].live && (int)M.t[s].kid == kid)
			return s;
	return -1;
}

static void event_text(char *buf, size_t n, int signo, int code, int slot, int val, int ovr,
		       int self_pid)
{
	switch (code) {
	case SI_TIMER:
		if (slot < 0) {
			snprintf(buf, n, "! %s timer T? ovr %d", sig_name(signo), ovr);
			return;
		}
		{
			const struct mtimer *t = &M.t[slot];
			int want = t->null_sev ? (int)t->kid : t->sival;

			snprintf(buf, n, "! %s timer T%d ovr %d%s", sig_name(signo), slot, ovr,
				 val == want ? "" : " val?");
		}
		return;
	case SI_QUEUE:
		snprintf(buf, n, "! %s queue %d%s", sig_name(signo), val, self_pid ? "" : " pid?");
		return;
	case SI_USER:
		snprintf(buf, n, "! %s kill%s", sig_name(signo), self_pid ? "" : " pid?");
		return;
	case SI_TKILL:
		snprintf(buf, n, "! %s tkill%s", sig_name(signo), self_pid ? "" : " pid?");
		return;
	case SI_KERNEL:
		snprintf(buf, n, "! %s kernel", sig_name(signo));
		return;
	default:
		snprintf(buf, n, "! %s code %d", sig_name(signo), code);
		return;
	}
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/*
 * Print the signals the handlers saw during the call (sorted where their
 * order is not exact: signals of one half point, of a clock step), and say
 * where the model predicted otherwise.
 */
void events_end(int sorted)
{
	static char got[MAX_EVENTS][64], want[MAX_EVENTS][64];
	int n = nseen < MAX_EVENTS ? nseen : MAX_EVENTS, nw = M.nev, same;

	if (!self)
		self = getpid();
	for (int k = 0; k < n; k++) {
		int slot = seen[k].code == SI_TIMER ? slot_of_kid(seen[k].tid) : -1;

		event_text(got[k], sizeof(got[k]), seen[k].signo, seen[k].code, slot, seen[k].val,
			   seen[k].ovr, seen[k].pid == self);
	}
	for (int k = 0; k < nw; k++) {
		const struct event *e = &M.ev[k];

		event_text(want[k], sizeof(want[k]), e->signo, e->code, e->slot, e->val, e->ovr, 1);
	}
	if (sorted || M.ev_sort) {
		qsort(got, (size_t)n, sizeof(got[0]), cmp_line);
		qsort(want, (size_t)nw, sizeof(want[0]), cmp_line);
	}
	for (int k = 0; k < n; k++)
		say("  %s", got[k]);
	if (nseen > MAX_EVENTS)
		say("  ! %d more", nseen - MAX_EVENTS);
	if (guard_fired)
		say("  ! guard");
	same = n == nw;
	for (int k = 0; same && k < n; k++)
		same = !strcmp(got[k], want[k]);
	if (!same) {
		char line[400];
		int len = 0;

		for (int k = 0; k < nw && len < 300; k++)
			len += snprintf(line + len, sizeof(line) - (size_t)len, " [%s]", want[k]);
		comment("M events: model%s", nw ? line : " none");
	}
	if (guard_fired)
		comment("M the guard fired: the model expected a wake-up");
}

/* ---- the guard ------------------------------------------------------------------ */

/*
 * A timer of its own (GUARD_SIG, never blocked, handled) ends a wait that
 * the model said would end but did not: rather a difference than a hang.
 */
void guard_init(void)
{
	struct sigaction sa;
	struct sigevent ev;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(GUARD_SIG, &sa, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = GUARD_SIG;
	if (timer_create(CLOCK_MONOTONIC, &ev, &guard_id) < 0)
		say("guard: timer_create -> %s", errno_name(errno));
}

/* Expire at point at_point + 1/3, the program being at grid point from_g. */
void guard_arm(long long at_point, long long from_g)
{
	struct itimerspec v;

	memset(&v, 0, sizeof(v));
	v.it_value = ts_of((at_point - from_g) * Q_NS + TP_NS);
	timer_settime(guard_id, 0, &v, NULL);
}

void guard_disarm(void)
{
	struct itimerspec v;

	memset(&v, 0, sizeof(v));
	timer_settime(guard_id, 0, &v, NULL);
}

int is_guard_id(int kid)
{
	return kid == (int)guard_id;
}

/* ---- printing ---------------------------------------------------------------------- */

const char *fmt_ret(long ret, int err)
{
	static char buf[4][24];
	static int k;
	char *b = buf[k++ & 3];

	if (ret < 0)
		snprintf(b, 24, "%s", errno_name(err));
	else
		snprintf(b, 24, "%ld", ret);
	return b;
}

void *bad_pointer(void)
{
	switch (rnd(3)) {
	case 0:
		return (void *)1;
	case 1:
		return (void *)0xc0001000; /* kernel space on both */
	default:
		return (void *)0x00001000; /* the unmapped first pages */
	}
}

/* Linux tells the kernel-space one apart (access_ok) where the others
 * fail later or not at all: they are named apart. */
const char *bad_name(const void *p)
{
	return p == (void *)0xc0001000 ? "kptr" : p == (void *)1 ? "ptr1" : "ptr4k";
}

/* k + 1/3 or k + 2/3 of Q, as printed: "k.3Q", "k.6Q". */
const char *fmt_thirds(long long thirds)
{
	static char buf[8][32];
	static int k;
	char *b = buf[k++ & 7];

	snprintf(b, 32, "%lld.%dQ", thirds / 3, (int)(thirds % 3) * 3);
	return b;
}

/*
 * A time left as printed: "k.3Q" or "k.6Q" when the timer is on the grid
 * (it expires a third or two thirds of the way to a point), checked to be
 * within WINDOW_NS of it; ">0" for a timer off the grid (bounds only: 0 <
 * left <= bound).  A value that breaks these prints as "off-grid" or
 * "too-big", a difference.
 */
const char *fmt_left(long long ns, int on_grid, long long bound)
{
	static char buf[8][32];
	static int k;
	char *b = buf[k++ & 7];
	long long q = ns / Q_NS, r = ns % Q_NS;

	if (ns == 0)
		return "0";
	if (ns < 0)
		snprintf(b, 32, "negative");
	else if (!on_grid)
		snprintf(b, 32, bound && ns > bound ? "too-big" : ">0");
	else if (r > TP_NS - WINDOW_NS && r < TP_NS + WINDOW_NS)
		snprintf(b, 32, "%lld.3Q", q);
	else if (r > IP_NS - WINDOW_NS && r < IP_NS + WINDOW_NS)
		snprintf(b, 32, "%lld.6Q", q);
	else
		snprintf(b, 32, "off-grid");
	if (b[0] == 'o' || b[0] == 't' || b[0] == 'n')
		comment("left %lld ns", ns);
	return b;
}

/* An interval: exact. */
const char *fmt_iv(long long ns)
{
	static char buf[8][32];
	static int k;
	char *b = buf[k++ & 7];

	if (ns % Q_NS == 0)
		snprintf(b, 32, "%lldQ", ns / Q_NS);
	else
		snprintf(b, 32, "%lldns", ns);
	return b;
}
