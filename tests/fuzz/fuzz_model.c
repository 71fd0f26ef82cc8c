/*
 * The model: what a kernel with Linux 6.13's timer and signal semantics does
 * with the generated calls, on the grid of fuzz.h.
 *
 * Time is counted in instants: 3g is grid point g (where calls are made),
 * 3h+1 the point h + 1/3 (where POSIX timers and timerfds expire), 3h+2 the
 * point h + 2/3 (ITIMER_REAL).  A deadline dl names its point by h, in its
 * frame: the monotonic index, or for an absolute REALTIME/TAI timer (and a
 * relative TAI one) the realtime index (= monotonic index + r_off, moved by
 * clock_settime).
 *
 * Signals follow Linux: a send to an unblocked ignored signal is dropped (a
 * periodic timer's is parked instead); a standard signal from kill & co. is
 * dropped when one is pending, while every timer has its own queue entry;
 * delivery takes the lowest pending unblocked signal first and stacks one
 * frame per signal (the last one pushed runs first), each frame blocking its
 * signal and sa_mask for the next; a periodic timer is re-armed when its
 * signal is taken, the periods missed meanwhile being its overrun.
 *
 * The model is never corrected by what the kernel says, so that both
 * kernels get the same calls: it only predicts, and the running side
 * (fuzz_exec.c) prints "#M" comments where a kernel disagrees.
 */
#include "fuzz.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct model M;

static unsigned bit(int signo)
{
	int i = sig_index(signo);

	return i < 0 ? 0 : 1u << i;
}

void model_init(void)
{
	memset(&M, 0, sizeof(M));
	for (int k = 0; k < NTFDS; k++)
		M.tfd[k].fd = -1;
}

int m_blocked(int signo)
{
	return (M.mask & bit(signo)) != 0;
}

int m_ignored(int signo)
{
	const struct maction *a = &M.act[sig_index(signo)];

	return a->kind == ACT_IGN || (a->kind == ACT_DFL && signo == SIGCHLD);
}

int m_terminates(int signo)
{
	return M.act[sig_index(signo)].kind == ACT_DFL && signo != SIGCHLD;
}

int m_pending_bits(void)
{
	unsigned bits = 0;

	for (int k = 0; k < M.npend; k++)
		bits |= bit(M.pend[k].signo);
	return (int)bits;
}

static int pending_has(int signo, int priv)
{
	for (int k = 0; k < M.npend; k++)
		if (M.pend[k].signo == signo && M.pend[k].priv == priv)
			return 1;
	return 0;
}

static void pend_remove(int k)
{
	memmove(&M.pend[k], &M.pend[k + 1], (size_t)(M.npend - k - 1) * sizeof(M.pend[0]));
	M.npend--;
}

/* Linux's send_signal (and send_sigqueue for a timer's own entry), at instant p.arr. */
static void send(struct pend p)
{
	if (!m_blocked(p.signo) && m_ignored(p.signo)) {
		if (p.code == SI_TIMER && M.t[p.slot].iv)
			M.t[p.slot].parked = 1; /* 6.13: waits for the action to change */
		return;
	}
	if (p.code != SI_TIMER && p.signo < SIGRTMIN && pending_has(p.signo, p.priv))
		return; /* a standard signal is pending once (per queue) */
	if (M.npend == MAX_PEND)
		return;
	/*
	 * Two timers that expire at one half point do so in the order of the
	 * phases they were set at, which the grid does not fix: their entries
	 * of one signal are queued in an order that is not exact.
	 */
	p.amb = 0;
	if (p.code == SI_TIMER)
		for (int k = 0; k < M.npend; k++)
			if (M.pend[k].code == SI_TIMER && M.pend[k].signo == p.signo &&
			    M.pend[k].arr == p.arr) {
				M.pend[k].amb = 1;
				p.amb = 1;
			}
	M.pend[M.npend++] = p;
	if (p.code == SI_TIMER)
		M.t[p.slot].queued = 1;
}

void m_send_user(int signo, int code, int val, long long inst, int priv)
{
	struct pend p = {signo, code, -1, val, inst, 0, priv};

	send(p);
}

static int timer_value(const struct mtimer *t)
{
	return t->null_sev ? (int)t->kid : t->sival;
}

/* A timer reaches its deadline (the kernel's interrupt) at instant inst. */
static void timer_expire(int slot, long long inst)
{
	struct mtimer *t = &M.t[slot];
	struct pend p = {
	    t->signo, SI_TIMER, slot, timer_value(t), inst, 0, t->notify == SIGEV_THREAD_ID};

	if (!t->iv)
		t->armed = 0;
	if (t->notify == SIGEV_NONE) {
		if (t->iv)
			t->dl += t->iv;
		return;
	}
	send(p);
}

void m_timer_fire_now(int slot, long long inst)
{
	timer_expire(slot, inst);
}

/*
 * The first deadline of the form dl + n*iv (n >= 1) whose instant (3 dl +
 * zone) is after instant inst; *missed = n - 1, the periods passed.
 */
static long long forward(long long dl, int iv, int zone, long long inst, int *missed)
{
	long long n = 1;

	if (3 * (dl + iv) + zone <= inst)
		n = (inst - 3 * dl - zone) / (3LL * iv) + 1;
	while (3 * (dl + n * iv) + zone <= inst)
		n++;
	*missed = (int)(n - 1);
	return dl + n * iv;
}

/* A timer's signal is taken (delivered or by sigtimedwait) at instant inst. */
static int timer_taken(int slot, long long inst)
{
	struct mtimer *t = &M.t[slot];

	t->queued = 0;
	if (t->iv && t->armed) {
		long long inst_f = t->frame_real ? inst + 3 * M.r_off : inst;

		if (!t->odd)
			t->dl = forward(t->dl, t->iv, 1, inst_f, &t->overrun_last);
		else
			t->overrun_last = 0;
	} else {
		t->overrun_last = 0;
	}
	return t->overrun_last;
}

static void record(const struct pend *p, int ovr)
{
	struct event *e;

	if (M.nev == MAX_EVENTS)
		return;
	e = &M.ev[M.nev++];
	e->signo = p->signo;
	e->code = p->code;
	e->slot = p->code == SI_TIMER ? p->slot : -1;
	e->val = p->code == SI_TIMER || p->code == SI_QUEUE ? p->val : 0;
	e->ovr = p->code == SI_TIMER ? ovr : 0;
	e->self = p->code != SI_TIMER && p->code != SI_KERNEL;
}

/*
 * The pending entry to deliver under mask, or -1: Linux's dequeue_signal
 * looks at the thread's queue first, the process's after; in each, the
 * lowest signal, FIFO within it.
 */
static int lowest(unsigned mask)
{
	for (int priv = 1; priv >= 0; priv--) {
		int best = -1;

		for (int k = 0; k < M.npend; k++)
			if (M.pend[k].priv == priv && !(mask & bit(M.pend[k].signo)) &&
			    (best < 0 || M.pend[k].signo < M.pend[best].signo))
				best = k;
		if (best >= 0)
			return best;
	}
	return -1;
}

/* Take entry k off the queue: the timer's re-arm happens here. */
static struct pend take(int k, long long inst, int *ovr)
{
	struct pend p = M.pend[k];

	pend_remove(k);
	*ovr = p.code == SI_TIMER ? timer_taken(p.slot, inst) : 0;
	/* Linux's dequeue_signal: any SIGALRM taken re-arms a waiting ITIMER_REAL */
	if (p.signo == SIGALRM && M.it_armed && M.it_wait) {
		int missed;

		M.it_dl = forward(M.it_dl, M.it_iv, 2, inst, &missed);
		M.it_wait = 0;
	}
	if (p.amb)
		M.ev_sort = 1;
	return p;
}

struct dctx {
	long long inst;
	int handled;
	int first_flags;
	int terminators; /* distinct terminating signals taken at one instant */
};

/*
 * The kernel on its way to user mode with mask m: deliver what is
 * deliverable, handlers stacked; returns when the program runs again with
 * mask m.  (Recursion: the frames pushed on top of one run first.)
 */
static void deliver(unsigned m, struct dctx *c)
{
	for (;;) {
		int k = lowest(m), ovr;
		struct pend p;
		struct maction *a;
		unsigned m2;

		if (k < 0 || M.dead)
			return;
		p = take(k, c->inst, &ovr);
		if (m_ignored(p.signo))
			continue;
		if (m_terminates(p.signo)) {
			M.dead = p.signo;
			return;
		}
		a = &M.act[sig_index(p.signo)];
		if (!c->handled) {
			c->handled = 1;
			c->first_flags = a->flags;
		}
		m2 = m | a->mask | ((a->flags & SA_NODEFER) ? 0 : bit(p.signo));
		if (a->flags & SA_RESETHAND)
			a->kind = ACT_DFL; /* Linux resets the handler only */
		deliver(m2, c);
		if (M.dead)
			return;
		record(&p, ovr);
		/* the handler returns: rt_sigreturn puts mask m back */
	}
}

/* sigsuspend: the first handler's frame saves the old mask, not tmp. */
static void deliver_suspend(unsigned tmp, unsigned old, struct dctx *c)
{
	for (;;) {
		int k = lowest(tmp), ovr;
		struct pend p;
		struct maction *a;
		unsigned m2;

		if (k < 0 || M.dead)
			return;
		p = take(k, c->inst, &ovr);
		if (m_ignored(p.signo))
			continue;
		if (m_terminates(p.signo)) {
			M.dead = p.signo;
			return;
		}
		a = &M.act[sig_index(p.signo)];
		c->handled = 1;
		c->first_flags = a->flags;
		m2 = tmp | a->mask | ((a->flags & SA_NODEFER) ? 0 : bit(p.signo));
		if (a->flags & SA_RESETHAND)
			a->kind = ACT_DFL;
		M.mask = m2;
		deliver(m2, c);
		if (M.dead)
			return;
		record(&p, ovr);
		M.mask = old;
		deliver(old, c);
		return;
	}
}

void m_deliver_now(long long inst)
{
	struct dctx c = {inst, 0, 0, 0};

	deliver(M.mask, &c);
}

/*
 * sigaction: setting SIG_IGN (or SIG_DFL of an ignoring signal) discards the
 * pending ones, a periodic timer's being parked; an action that stops
 * ignoring queues the parked timers' signals again (6.13).
 */
void m_set_action(int signo, struct maction a)
{
	int i = sig_index(signo);
	int was_ignored = m_ignored(signo);

	M.act[i] = a;
	if (m_ignored(signo)) {
		for (int k = 0; k < M.npend;) {
			if (M.pend[k].signo != signo) {
				k++;
				continue;
			}
			if (M.pend[k].code == SI_TIMER) {
				struct mtimer *t = &M.t[M.pend[k].slot];

				t->queued = 0;
				if (t->iv && t->armed)
					t->parked = 1;
			}
			pend_remove(k);
		}
	} else if (was_ignored) {
		for (int s = 0; s < NTIMERS; s++) {
			struct mtimer *t = &M.t[s];
			struct pend p = {t->signo,
					 SI_TIMER,
					 s,
					 timer_value(t),
					 3 * M.g,
					 0,
					 t->notify == SIGEV_THREAD_ID};

			if (t->live && t->parked && t->signo == signo) {
				t->parked = 0;
				send(p);
			}
		}
	}
}

/* timer_settime and timer_delete take back a queued or parked signal. */
void m_timer_stop(int slot)
{
	struct mtimer *t = &M.t[slot];

	for (int k = 0; k < M.npend; k++)
		if (M.pend[k].code == SI_TIMER && M.pend[k].slot == slot) {
			pend_remove(k);
			break;
		}
	t->queued = 0;
	t->parked = 0;
	t->armed = 0;
	t->overrun_last = 0;
}

/*
 * The time left as timer_gettime says it: 1 and *left in Q (plus the half)
 * on the grid, 0 armed off the grid, -1 disarmed (a SIGEV_NONE one-shot
 * that has run out is disarmed by reading it, as in Linux).
 */
int m_left_q(const struct mtimer *t, long long *left)
{
	long long now = t->frame_real ? M.g + M.r_off : M.g;
	long long dl = t->dl;
	int missed;

	if (!t->armed)
		return -1;
	if (t->odd || dl >= FAR / 2)
		return 0;
	if (t->iv && dl < now && (t->queued || t->parked || t->notify == SIGEV_NONE))
		dl = forward(dl, t->iv, 1, 3 * now, &missed);
	if (dl < now)
		return -1;
	*left = dl - now;
	return 1;
}

int m_timer_left_q(int slot, long long *left)
{
	int r = m_left_q(&M.t[slot], left);

	if (r < 0)
		M.t[slot].armed = 0;
	return r;
}

/* ---- time passing ---------------------------------------------------------- */

static int popcount(unsigned x)
{
	int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static long long tfd_dl_mono(const struct mtfd *f)
{
	return f->frame_real ? f->dl - M.r_off : f->dl;
}

static long long timer_dl_mono(const struct mtimer *t)
{
	return t->frame_real ? t->dl - M.r_off : t->dl;
}

/*
 * Everything that expires at instant inst (3h+1: POSIX timers and
 * timerfds; 3h+2: ITIMER_REAL).  Counts the signals that became
 * deliverable (would wake a sleeper); tfd_woke tells whether timerfd slot
 * `tfd` expired.
 */
struct arrivals {
	int n;		 /* signals queued that are deliverable now */
	int nterm;	 /* of which terminating */
	unsigned term;	 /* their signals */
	unsigned queued; /* every signal queued at this instant (blocked too) */
	int nqueued[NSIGS];
	int tfd_woke;
};

static void expire_at(long long inst, int tfd, unsigned mask, struct arrivals *a)
{
	int before = M.npend;
	long long h = inst / 3;

	memset(a, 0, sizeof(*a));
	for (int s = 0; s < NTIMERS && inst % 3 == 1; s++) {
		struct mtimer *t = &M.t[s];

		if (t->live && t->armed && !t->queued && !t->parked && !t->odd &&
		    t->notify != SIGEV_NONE && timer_dl_mono(t) == h)
			timer_expire(s, inst);
	}
	if (inst % 3 == 2 && M.it_armed && !M.it_wait && M.it_dl == h) {
		/* it waits (periodic) for a SIGALRM to be taken, or is done */
		if (M.it_iv)
			M.it_wait = 1;
		else
			M.it_armed = 0;
		m_send_user(SIGALRM, SI_KERNEL, 0, inst, 0);
	}
	for (int k = 0; k < NTFDS && inst % 3 == 1; k++) {
		struct mtfd *f = &M.tfd[k];

		if (f->live && f->armed && !f->odd && tfd_dl_mono(f) == h) {
			f->count++;
			if (f->iv)
				f->dl += f->iv;
			else
				f->armed = 0;
			if (k == tfd)
				a->tfd_woke = 1;
		}
	}
	for (int k = before; k < M.npend; k++) {
		int s = M.pend[k].signo;

		a->queued |= bit(s);
		a->nqueued[sig_index(s)]++;
		if (mask & bit(s))
			continue;
		a->n++;
		if (m_terminates(s)) {
			a->nterm++;
			a->term |= bit(s);
		}
	}
}

/* Signals that end the process when they come, even while sigtimedwait waits for them. */
static unsigned fatal_unblocked(void)
{
	unsigned bits = 0;

	for (int i = 0; i < NSIGS; i++)
		if (!(M.mask & (1u << i)) && m_terminates(fuzz_sigs[i]))
			bits |= 1u << i;
	return bits;
}

struct wait_result model_wait(const struct wait_spec *w0, int apply)
{
	static struct model save;
	struct wait_spec ws = *w0, *w = &ws;
	struct wait_result r;
	unsigned old = M.mask;
	long long inst, horizon;

	if (w->kind == W_SIGWAIT)
		w->set &= ~fatal_unblocked(); /* Linux's complete_signal kills instead */
	save = M;
	memset(&r, 0, sizeof(r));
	r.outcome = WR_NEVER;
	r.at = -1;
	if (w->kind == W_SUSPEND)
		M.mask = w->tmpmask; /* the ignore check, too, sees the mask of the wait */
	/* at the call: something already there */
	if (w->kind == W_SIGWAIT) {
		int k = lowest(~w->set);

		if (k >= 0) {
			if (M.pend[k].amb)
				r.ambiguous = 1; /* which of two equal entries comes first */
			r.outcome = WR_SIGNAL;
			r.taken = take(k, 3 * M.g, &r.ovr);
			r.signo = r.taken.signo;
			goto out;
		}
	} else if (w->kind == W_SUSPEND) {
		struct dctx c = {3 * M.g, 0, 0, 0};

		deliver_suspend(w->tmpmask, old, &c);
		if (M.dead) {
			r.outcome = WR_DIED;
			goto out;
		}
		if (c.handled) {
			r.outcome = WR_EINTR;
			goto out;
		}
	} else if (w->kind == W_TFDREAD && M.tfd[w->tfd].count > 0) {
		r.outcome = WR_TFD;
		r.tfd_count = M.tfd[w->tfd].count;
		M.tfd[w->tfd].count = 0;
		goto out;
	}
	horizon = w->until < FAR ? w->until : M.g + 64;
	for (inst = 3 * M.g + 1; inst < 3 * horizon; inst++) {
		struct arrivals a;
		/* what a handler would get: for sigtimedwait, the set is taken instead */
		unsigned m = w->kind == W_SIGWAIT ? (M.mask | w->set) : M.mask;
		struct dctx c = {inst, 0, 0, 0};
		int waited = 0;

		if (inst % 3 == 0)
			continue; /* a grid point: nothing expires there */
		expire_at(inst, w->kind == W_TFDREAD ? w->tfd : -1, m, &a);
		if (w->kind == W_SIGWAIT)
			for (int i = 0; i < NSIGS; i++)
				if (w->set & (1u << i))
					waited += a.nqueued[i];
		/* what races at this instant */
		if (a.nterm > 1 && popcount(a.term) > 1)
			r.ambiguous = 1;
		if (w->kind == W_SIGWAIT && waited + a.n > 1)
			r.ambiguous = 1;
		if (w->kind == W_TFDREAD && a.tfd_woke && a.n > 0)
			r.ambiguous = 1;
		if (w->kind == W_SIGWAIT && waited) {
			int k = lowest(~w->set);

			r.outcome = WR_SIGNAL;
			r.taken = take(k, inst, &r.ovr);
			r.signo = r.taken.signo;
			r.at = inst;
			deliver(M.mask, &c);
			if (M.dead)
				r.outcome = WR_DIED;
			break;
		}
		if (w->kind == W_TFDREAD && a.tfd_woke) {
			r.outcome = WR_TFD;
			r.tfd_count = M.tfd[w->tfd].count;
			M.tfd[w->tfd].count = 0;
			r.at = inst;
			deliver(M.mask, &c);
			if (M.dead)
				r.outcome = WR_DIED;
			break;
		}
		if (!a.n)
			continue;
		if (w->kind == W_SUSPEND)
			deliver_suspend(w->tmpmask, old, &c);
		else
			deliver(M.mask, &c);
		if (M.dead) {
			r.outcome = WR_DIED;
			r.at = inst;
			break;
		}
		if (!c.handled)
			continue; /* all of them ignored when taken */
		if (w->kind == W_TFDREAD && (c.first_flags & SA_RESTART))
			continue; /* the read restarts after the handler */
		r.outcome = WR_EINTR;
		r.at = inst;
		break;
	}
	if (r.outcome == WR_NEVER && w->until < FAR) {
		r.outcome = WR_TIMEOUT;
		M.g = w->until;
	} else if (r.at >= 0) {
		/*
		 * The caller settles on the next grid point (settle()): what
		 * falls due on the way, at 2/3 after an end at 1/3, comes and
		 * is delivered meanwhile.
		 */
		for (inst = r.at + 1; inst % 3 && !M.dead; inst++) {
			struct arrivals a;
			struct dctx c = {inst, 0, 0, 0};

			expire_at(inst, -1, M.mask, &a);
			if (a.nterm > 1 && popcount(a.term) > 1)
				r.ambiguous = 1;
			deliver(M.mask, &c);
		}
		M.g = r.at / 3 + 1;
	}
	if (w->kind == W_SUSPEND && r.outcome != WR_EINTR)
		M.mask = old; /* (NEVER: the guard's handler ends it) */
out:
	M.ambiguous |= r.ambiguous;
	if (!apply)
		M = save;
	return r;
}

/* A plain absolute sleep to grid point g, over every interruption. */
void model_advance(long long g)
{
	while (M.g < g && !M.dead) {
		struct wait_spec w = {W_SLEEP, g, 0, 0, -1};
		struct wait_result r = model_wait(&w, 1);

		if (r.outcome == WR_TIMEOUT || r.outcome == WR_DIED)
			break;
		/* interrupted at r.at: the loop sleeps on from there */
	}
}

/* CLOCK_REALTIME set to realtime point r (at grid point M.g). */
void model_clock_set(long long r)
{
	long long old = M.g + M.r_off;
	int before = M.npend;
	unsigned term = 0;

	M.r_off = r - M.g;
	for (int s = 0; s < NTIMERS; s++) {
		struct mtimer *t = &M.t[s];

		if (t->live && t->armed && t->frame_real && !t->odd && !t->queued && !t->parked &&
		    t->notify != SIGEV_NONE && t->dl < r) {
			timer_expire(s, 3 * M.g);
			M.passed++;
		}
	}
	for (int k = 0; k < NTFDS; k++) {
		struct mtfd *f = &M.tfd[k];

		if (!f->live)
			continue;
		if (f->might_cancel) {
			f->clock_moved = 1;
			f->count++; /* readable, to say ECANCELED */
		}
		if (f->armed && f->frame_real && !f->odd && f->dl < r) {
			M.passed++;
			if (f->iv) {
				long long n = (r - 1 - f->dl) / f->iv + 1;

				f->count += n;
				f->dl += n * f->iv;
			} else {
				f->count++;
				f->armed = 0;
			}
		}
	}
	/* timers passed by one step expire in an order the grid does not fix */
	for (int k = before; k < M.npend; k++)
		if (!m_blocked(M.pend[k].signo) && m_terminates(M.pend[k].signo))
			term |= bit(M.pend[k].signo);
	if (popcount(term) > 1)
		M.ambiguous = 1;
	(void)old;
}

/* ---- the state signature ----------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/*
 * Per timer: d(isarmed) a(rmed one-shot) p(eriodic), n for SIGEV_NONE; q
 * queued, k parked, o overrun > 0; its signal b(locked) and h(andled)
 * i(gnored) t(erminating).  Sorted, then the mask, the actions, the pending
 * signals, the interval timer and the timerfds (c: expirations unread).
 */
const char *model_signature(void)
{
	static char out[256];
	char tok[NTIMERS][12];
	int n = 0, len;

	for (int s = 0; s < NTIMERS; s++) {
		const struct mtimer *t = &M.t[s];
		char *p = tok[n];

		if (!t->live)
			continue;
		*p++ = !t->armed ? 'd' : t->iv ? 'p' : 'a';
		if (t->notify == SIGEV_NONE) {
			*p++ = 'n';
		} else {
			if (t->queued)
				*p++ = 'q';
			if (t->parked)
				*p++ = 'k';
			if (t->overrun_last > 0)
				*p++ = 'o';
			if (m_blocked(t->signo))
				*p++ = 'b';
			*p++ = m_ignored(t->signo) ? 'i' : m_terminates(t->signo) ? 't' : 'h';
		}
		*p = 0;
		n++;
	}
	qsort(tok, (size_t)n, sizeof(tok[0]), cmp_str);
	len = 0;
	for (int k = 0; k < n; k++)
		len += snprintf(out + len, sizeof(out) - (size_t)len, "%s%s", k ? "," : "", tok[k]);
	len += snprintf(out + len, sizeof(out) - (size_t)len, "|%02x|", M.mask);
	for (int i = 0; i < NSIGS; i++)
		out[len++] = "DIH"[M.act[i].kind];
	len += snprintf(out + len, sizeof(out) - (size_t)len, "|%02x|%c", m_pending_bits(),
			!M.it_armed ? '-'
			: M.it_wait ? 'w'
			: M.it_iv   ? 'p'
				    : 'a');
	for (int k = 0; k < NTFDS; k++) {
		const struct mtfd *f = &M.tfd[k];

		if (f->live)
			len +=
			    snprintf(out + len, sizeof(out) - (size_t)len, "%s%c%s", k ? "" : "|",
				     !f->armed ? 'd'
				     : f->iv   ? 'p'
					       : 'a',
				     f->count ? "c" : "");
	}
	return out;
}
