/*
 * KTAP suites of the signal code, on a task that never runs (a struct task
 * the tests own: sending to it queues, and the wake-ups are no-ops since it
 * is not asleep) and on kernel threads that sleep (what wakes them):
 *
 *   signal_queue   real-time order, coalescing, faults first, the limit
 *   signal_action  SIGKILL/SIGSTOP rules, ignoring, masks, force, stop/cont
 *   signal_entry   the embedded entries of POSIX timers and their callback
 *   signal_frame   the frame's place and layout, sigreturn sanitising
 *   signal_wake    which signals end an interruptible sleep
 */
#include "kernel/signal/signal.h"
#include "arch/i386/gdt.h"
#include "arch/i386/sigframe.h"
#include "kernel/ktest.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/syscall.h>
#include "kernel/task/rlimit.h"

static struct task fake;

static struct task *fake_task(void)
{
	static bool used;

	if (used) { /* whatever a previous case left queued */
		signal_thread_exit(&fake);
		signal_process_exit(&fake);
	}
	used = true;
	memset(&fake, 0, sizeof(fake));
	fake.pid = fake.tgid = 4242;
	fake.leader = &fake; /* a process of one thread */
	list_init(&fake.threads);
	list_add_tail(&fake.thread_node, &fake.threads);
	fake.nr_threads = 1;
	fake.state = TASK_RUNNABLE;
	rlimit_init(&fake); /* RLIMIT_SIGPENDING bounds its queue */
	signal_task_init(&fake, NULL);
	return &fake;
}

/*
 * The invariants written at the top of kernel/signal/signal.h, on t's
 * state and on one embedded entry e (may be NULL) whose lists only it
 * knows: NULL when they hold, else which one is broken.
 */
static const char *signal_state_check(struct task *t, const struct sigqueue_entry *e)
{
	struct signal_state *st = &t->signal;
	struct sigqueue_entry *q;
	u32 allocated = 0;
	int signo;

	for (int set = 0; set < 2; set++)
	for (signo = 1; signo <= ABI_NSIG; signo++) {
		struct sigpending *sp = set ? &st->pending : &st->shared;
		struct list_head *list = &sp->queue[signo - 1];

		if (!(sp->set & ABI_SIGMASK(signo)) && !list_empty(list))
			return "a signal's queue is not empty but its pending bit is clear";
		list_for_each_entry(q, list, node)
		{
			if (q->info.si_signo != signo)
				return "an entry is on another signal's queue";
			if (!q->queued || q->parked)
				return "an entry on a queue is not queued, or is parked";
			if (!q->embedded)
				allocated++;
		}
	}
	list_for_each_entry(q, &st->ignored, node)
	{
		if (!q->queued || !q->parked)
			return "an entry on the ignored list is not queued and parked";
		if (!q->embedded || !q->park_if_ignored)
			return "an entry on the ignored list is not a periodic timer's";
		if (!signal_is_ignored(t, q->info.si_signo))
			return "an entry on the ignored list has a signal that is not ignored";
	}
	if (allocated != st->queued_count)
		return "queued_count is not the number of allocated entries listed";
	if (e && e->queued != !list_empty(&e->node))
		return "an embedded entry is queued but on no list, or listed but not queued";
	if (e && e->parked && !e->queued)
		return "an embedded entry is parked but not queued";
	return NULL;
}

#define KEXPECT_SIGNAL_STATE(kt, t, e)                                                             \
	({                                                                                         \
		const char *broken_ = signal_state_check(t, e);                                    \
		ktest_check(kt, !broken_, __FILE__, __LINE__, "invariant: %s", broken_);           \
	})

static int send_queued(struct task *t, int signo, int value)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = signo;
	info.si_code = SI_QUEUE;
	info.si_value.sival_int = value;
	return signal_send(t, signo, &info);
}

static void dummy_handler(int sig)
{
	(void)sig;
}

static void set_handler(struct task *t, int signo, abi_sighandler_t h)
{
	struct abi_sigaction act;

	memset(&act, 0, sizeof(act));
	act.handler = h;
	signal_set_action(t, signo, &act, NULL);
}

/* --- signal_queue ------------------------------------------------------------ */

static void test_rt_order(struct ktest *kt)
{
	struct task *t = fake_task();
	static const int want_sig[] = {SIGRTMIN + 2, SIGRTMIN + 2, SIGRTMIN + 3, SIGRTMIN + 3};
	static const int want_val[] = {2, 4, 1, 3};
	siginfo_t info;
	unsigned i;

	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 3, 1), 0);
	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 2, 2), 0);
	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 3, 3), 0);
	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 2, 4), 0);
	KEXPECT_EQ(kt, t->signal.queued_count, 4);
	for (i = 0; i < ARRAY_SIZE(want_sig); i++) {
		KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), want_sig[i]);
		KEXPECT_EQ(kt, info.si_signo, want_sig[i]);
		KEXPECT_EQ(kt, info.si_code, SI_QUEUE);
		KEXPECT_EQ(kt, info.si_value.sival_int, want_val[i]);
	}
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_EQ(kt, t->signal.queued_count, 0);
}

static void test_standard_coalesces(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	KEXPECT_EQ(kt, send_queued(t, SIGUSR1, 1), 0);
	KEXPECT_EQ(kt, send_queued(t, SIGUSR1, 2), 0);
	KEXPECT_EQ(kt, send_queued(t, SIGUSR1, 3), 0);
	KEXPECT_EQ(kt, t->signal.queued_count, 1);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGUSR1);
	KEXPECT_EQ(kt, info.si_value.sival_int, 1); /* the first one is kept */
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0);
}

static void test_allowed_and_faults_first(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	send_queued(t, SIGHUP, 0);
	send_queued(t, SIGUSR2, 0);
	signal_send(t, SIGSEGV, NULL);
	/* A fault goes before the lower-numbered SIGHUP. */
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGSEGV);
	KEXPECT_EQ(kt, info.si_code, SI_KERNEL);
	/* Only what is allowed comes out. */
	KEXPECT_EQ(kt, signal_dequeue(t, ABI_SIGMASK(SIGUSR2), &info), SIGUSR2);
	KEXPECT_EQ(kt, signal_dequeue(t, ABI_SIGMASK(SIGUSR2), &info), 0);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGHUP);
}

static void test_bad_numbers(struct ktest *kt)
{
	struct task *t = fake_task();

	KEXPECT_EQ(kt, signal_send(t, 0, NULL), -EINVAL);
	KEXPECT_EQ(kt, signal_send(t, ABI_NSIG + 1, NULL), -EINVAL);
	KEXPECT_EQ(kt, signal_send(t, -3, NULL), -EINVAL);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
}

static void test_queue_limit(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;
	int i, failures = 0;

	for (i = 0; i < ABI_SIGQUEUE_MAX; i++)
		failures += send_queued(t, SIGRTMIN + (i % 8), i) != 0;
	KEXPECT_EQ(kt, failures, 0);
	KEXPECT_EQ(kt, t->signal.queued_count, ABI_SIGQUEUE_MAX);
	/* Full: sigqueue's real-time signal fails, and nothing changes... */
	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 9, 1), -EAGAIN);
	KEXPECT_FALSE(kt, signal_pending_set(t) & ABI_SIGMASK(SIGRTMIN + 9));
	/* ...a standard one (or kill()'s SI_USER) still gets through, info-less. */
	KEXPECT_EQ(kt, signal_send(t, SIGUSR2, NULL), 0);
	KEXPECT_TRUE(kt, signal_pending_set(t) & ABI_SIGMASK(SIGUSR2));
	KEXPECT_EQ(kt, signal_dequeue(t, ABI_SIGMASK(SIGUSR2), &info), SIGUSR2);
	KEXPECT_EQ(kt, info.si_code, SI_USER);
	/* One delivered makes room for one more. */
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGRTMIN);
	KEXPECT_EQ(kt, info.si_value.sival_int, 0);
	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 9, 1), 0);
	KEXPECT_EQ(kt, send_queued(t, SIGRTMIN + 9, 2), -EAGAIN);
	signal_thread_exit(t);
	signal_process_exit(t);
	KEXPECT_EQ(kt, t->signal.queued_count, 0);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
}

KTEST_SUITE(signal_queue, KTEST_CASE(test_rt_order), KTEST_CASE(test_standard_coalesces),
	    KTEST_CASE(test_allowed_and_faults_first), KTEST_CASE(test_bad_numbers),
	    KTEST_CASE(test_queue_limit));

/* --- signal_action --------------------------------------------------------- */

static void test_kill_stop_rules(struct ktest *kt)
{
	struct task *t = fake_task();
	struct abi_sigaction act, old;
	abi_sigset_t set = ABI_SIGMASK(SIGKILL) | ABI_SIGMASK(SIGSTOP) | ABI_SIGMASK(SIGUSR1);

	memset(&act, 0, sizeof(act));
	act.handler = SIG_IGN;
	KEXPECT_EQ(kt, signal_set_action(t, SIGKILL, &act, NULL), -EINVAL);
	KEXPECT_EQ(kt, signal_set_action(t, SIGSTOP, &act, NULL), -EINVAL);
	act.handler = dummy_handler;
	KEXPECT_EQ(kt, signal_set_action(t, SIGKILL, &act, NULL), -EINVAL);
	KEXPECT_EQ(kt, signal_set_action(t, SIGKILL, NULL, &old), 0); /* reading is fine */
	KEXPECT_TRUE(kt, old.handler == SIG_DFL);
	KEXPECT_EQ(kt, signal_set_action(t, 0, NULL, &old), -EINVAL);
	KEXPECT_EQ(kt, signal_set_action(t, 65, NULL, &old), -EINVAL);
	/* Blocking them is silently not done. */
	KEXPECT_EQ(kt, signal_set_mask(t, SIG_BLOCK, &set, NULL), 0);
	KEXPECT_EQ(kt, t->signal.blocked, ABI_SIGMASK(SIGUSR1));
	/* Nor through an action's sa_mask. */
	act.mask = ~0ULL;
	KEXPECT_EQ(kt, signal_set_action(t, SIGUSR2, &act, NULL), 0);
	KEXPECT_EQ(kt, t->signal.action[SIGUSR2 - 1].mask, ~0ULL & ~SIGNAL_UNBLOCKABLE);
	/* SIGKILL is delivered although "ignored" is asked nowhere. */
	KEXPECT_FALSE(kt, signal_is_ignored(t, SIGKILL));
}

static void test_mask_calls(struct ktest *kt)
{
	struct task *t = fake_task();
	abi_sigset_t a = ABI_SIGMASK(SIGUSR1) | ABI_SIGMASK(SIGRTMAX), b = ABI_SIGMASK(SIGUSR1),
		     old;

	KEXPECT_EQ(kt, signal_set_mask(t, SIG_BLOCK, &a, &old), 0);
	KEXPECT_EQ(kt, old, 0);
	KEXPECT_EQ(kt, signal_set_mask(t, SIG_UNBLOCK, &b, &old), 0);
	KEXPECT_EQ(kt, old, a);
	KEXPECT_EQ(kt, t->signal.blocked, ABI_SIGMASK(SIGRTMAX));
	KEXPECT_EQ(kt, signal_set_mask(t, SIG_SETMASK, &b, NULL), 0);
	KEXPECT_EQ(kt, t->signal.blocked, b);
	/* A bad how is refused and changes nothing; without a set it is not looked at. */
	KEXPECT_EQ(kt, signal_set_mask(t, 3, &a, &old), -EINVAL);
	KEXPECT_EQ(kt, signal_set_mask(t, -1, &a, &old), -EINVAL);
	KEXPECT_EQ(kt, t->signal.blocked, b);
	KEXPECT_EQ(kt, signal_set_mask(t, 99, NULL, &old), 0);
	KEXPECT_EQ(kt, old, b);
}

static void test_ignored_signals(struct ktest *kt)
{
	struct task *t = fake_task();
	abi_sigset_t chld = ABI_SIGMASK(SIGCHLD);

	/* Default-ignored and SIG_IGN signals are dropped when sent... */
	KEXPECT_EQ(kt, signal_send(t, SIGCHLD, NULL), 0);
	KEXPECT_EQ(kt, signal_send(t, SIGWINCH, NULL), 0);
	set_handler(t, SIGUSR1, SIG_IGN);
	KEXPECT_EQ(kt, send_queued(t, SIGUSR1, 0), 0);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_TRUE(kt, signal_is_ignored(t, SIGUSR1));
	KEXPECT_TRUE(kt, signal_is_ignored(t, SIGCONT));
	KEXPECT_FALSE(kt, signal_is_ignored(t, SIGTERM));
	/* ...unless blocked: the action may change before the unblock. */
	signal_set_mask(t, SIG_BLOCK, &chld, NULL);
	KEXPECT_EQ(kt, signal_send(t, SIGCHLD, NULL), 0);
	KEXPECT_EQ(kt, signal_pending_set(t), chld);
	/* Installing SIG_IGN discards what is pending (POSIX). */
	set_handler(t, SIGCHLD, SIG_IGN);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	/* A handler makes it count again. */
	set_handler(t, SIGUSR1, dummy_handler);
	KEXPECT_EQ(kt, send_queued(t, SIGUSR1, 0), 0);
	KEXPECT_TRUE(kt, signal_pending_set(t) & ABI_SIGMASK(SIGUSR1));
	/* SIG_DFL on a default-ignored signal discards too. */
	signal_send(t, SIGCHLD, NULL);
	set_handler(t, SIGCHLD, dummy_handler);
	signal_send(t, SIGCHLD, NULL);
	KEXPECT_TRUE(kt, signal_pending_set(t) & chld);
	set_handler(t, SIGCHLD, SIG_DFL);
	KEXPECT_FALSE(kt, signal_pending_set(t) & chld);
}

static void test_force(struct ktest *kt)
{
	struct task *t = fake_task();
	abi_sigset_t segv = ABI_SIGMASK(SIGSEGV);
	siginfo_t info;

	set_handler(t, SIGSEGV, SIG_IGN);
	signal_set_mask(t, SIG_BLOCK, &segv, NULL);
	signal_force(t, SIGSEGV, SEGV_MAPERR, 0x1234);
	KEXPECT_TRUE(kt, t->signal.action[SIGSEGV - 1].handler == SIG_DFL);
	KEXPECT_FALSE(kt, t->signal.blocked & segv);
	KEXPECT_TRUE(kt, signal_pending(t));
	KEXPECT_EQ(kt, signal_dequeue(t, ~t->signal.blocked, &info), SIGSEGV);
	KEXPECT_EQ(kt, info.si_code, SEGV_MAPERR);
	KEXPECT_EQ(kt, (u32)info.si_addr, 0x1234);
	/* A handler that is neither blocked nor ignoring stays. */
	set_handler(t, SIGFPE, dummy_handler);
	signal_force(t, SIGFPE, FPE_INTDIV, 0x8048000);
	KEXPECT_TRUE(kt, t->signal.action[SIGFPE - 1].handler == dummy_handler);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGFPE);
}

static void test_stop_and_continue(struct ktest *kt)
{
	struct task *t = fake_task();
	abi_sigset_t stops = ABI_SIGMASK(SIGSTOP) | ABI_SIGMASK(SIGTSTP) | ABI_SIGMASK(SIGTTIN);
	abi_sigset_t cont = ABI_SIGMASK(SIGCONT);

	signal_send(t, SIGSTOP, NULL);
	signal_send(t, SIGTSTP, NULL);
	signal_send(t, SIGTTIN, NULL);
	KEXPECT_EQ(kt, signal_pending_set(t), stops);
	/* SIGCONT cancels pending stops even when it is itself ignored (default). */
	signal_send(t, SIGCONT, NULL);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	/* Blocked, SIGCONT waits; a stop signal then cancels it. */
	signal_set_mask(t, SIG_BLOCK, &cont, NULL);
	signal_send(t, SIGCONT, NULL);
	KEXPECT_EQ(kt, signal_pending_set(t), cont);
	signal_send(t, SIGSTOP, NULL);
	KEXPECT_EQ(kt, signal_pending_set(t), ABI_SIGMASK(SIGSTOP));
	/* A stopped task sees only SIGKILL and SIGCONT... */
	t->signal.shared.set = 0;
	t->signal.stopped = true;
	signal_send(t, SIGUSR1, NULL);
	KEXPECT_FALSE(kt, signal_pending(t));
	/* ...and SIGCONT resumes it, blocked or not. */
	signal_send(t, SIGCONT, NULL);
	KEXPECT_FALSE(kt, t->signal.stopped);
	KEXPECT_TRUE(kt, signal_pending(t)); /* SIGUSR1 now counts */
}

static void test_kill_marks_task(struct ktest *kt)
{
	struct task *t = fake_task();
	abi_sigset_t all = ~0ULL;

	signal_set_mask(t, SIG_SETMASK, &all, NULL);
	KEXPECT_FALSE(kt, signal_pending(t));
	KEXPECT_EQ(kt, signal_send(t, SIGKILL, NULL), 0);
	KEXPECT_TRUE(kt, signal_pending(t));
	KEXPECT_EQ(kt, t->kill_signo, SIGKILL); /* dies even in a kernel wait */
}

KTEST_SUITE(signal_action, KTEST_CASE(test_kill_stop_rules), KTEST_CASE(test_mask_calls),
	    KTEST_CASE(test_ignored_signals), KTEST_CASE(test_force),
	    KTEST_CASE(test_stop_and_continue), KTEST_CASE(test_kill_marks_task));

/* --- signal_entry ---------------------------------------------------------- */

static struct sigqueue_entry timer_entry;
static int delivered, dropped, requeue, queued_in_callback;
static struct task *requeue_task;

static void on_timer_deliver(struct sigqueue_entry *e, siginfo_t *info)
{
	if (!info) {
		dropped++;
		return;
	}
	delivered++;
	info->si_overrun = 40 + delivered; /* what a timer writes at delivery */
	if (e->queued)
		queued_in_callback++;
	if (requeue) {
		requeue--;
		signal_send_entry(requeue_task, e);
	}
}

static void timer_entry_reset(int signo, bool periodic)
{
	signal_entry_init(&timer_entry, on_timer_deliver);
	timer_entry.park_if_ignored = periodic;
	timer_entry.info.si_signo = signo;
	timer_entry.info.si_code = SI_TIMER;
	timer_entry.info.si_tid = 7;
	delivered = dropped = requeue = queued_in_callback = 0;
}

static void test_entry_send_and_deliver(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	timer_entry_reset(SIGRTMIN, true);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	KEXPECT_TRUE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), -EBUSY);
	KEXPECT_EQ(kt, t->signal.queued_count, 0); /* embedded entries are not counted */
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGRTMIN);
	KEXPECT_EQ(kt, delivered, 1);
	KEXPECT_EQ(kt, info.si_code, SI_TIMER);
	KEXPECT_EQ(kt, info.si_tid, 7);
	KEXPECT_EQ(kt, info.si_overrun, 41);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	/* The callback may queue it again (a periodic timer re-armed at once). */
	requeue = 1;
	requeue_task = t;
	signal_send_entry(t, &timer_entry);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGRTMIN);
	KEXPECT_TRUE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGRTMIN);
	KEXPECT_EQ(kt, delivered, 3);
	KEXPECT_EQ(kt, queued_in_callback, 0); /* off the queue when told */
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0);
}

static void test_entry_remove(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	timer_entry_reset(SIGALRM, true);
	/* Removal (timer_settime, timer_delete) clears the pending bit. */
	signal_send_entry(t, &timer_entry);
	signal_entry_remove(t, &timer_entry);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	signal_entry_remove(t, &timer_entry); /* twice is harmless */
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	/* Removed while parked: gone, and un-ignoring brings nothing back. */
	set_handler(t, SIGALRM, SIG_IGN);
	signal_send_entry(t, &timer_entry);
	KEXPECT_TRUE(kt, timer_entry.parked);
	signal_entry_remove(t, &timer_entry);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_FALSE(kt, timer_entry.parked);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	set_handler(t, SIGALRM, dummy_handler);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0);
	KEXPECT_EQ(kt, delivered, 0);
}

/*
 * A periodic timer's entry (park_if_ignored) is parked on the one ignored
 * list, whichever way the signal came to be ignored: sent while SIG_IGN is
 * in force, or queued when SIG_IGN is installed.  The next non-ignoring
 * action brings exactly one signal back.
 */
static void test_entry_parks_periodic(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	timer_entry_reset(SIGALRM, true);
	/* Sent while ignored: parked, not pending, still "queued" for the timer. */
	set_handler(t, SIGALRM, SIG_IGN);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	KEXPECT_TRUE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_TRUE(kt, timer_entry.parked);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), -EBUSY);
	set_handler(t, SIGALRM, SIG_DFL); /* terminate: not ignoring */
	KEXPECT_FALSE(kt, timer_entry.parked);
	KEXPECT_TRUE(kt, signal_pending_set(t) & ABI_SIGMASK(SIGALRM));
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGALRM);
	KEXPECT_EQ(kt, info.si_code, SI_TIMER);
	KEXPECT_EQ(kt, info.si_overrun, 41);		    /* on_deliver ran: the timer counts */
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0); /* one signal, no more */
	KEXPECT_EQ(kt, delivered, 1);

	/* Queued (blocked), then ignored: parked, no longer pending. */
	set_handler(t, SIGALRM, dummy_handler);
	signal_set_mask(t, SIG_BLOCK, &(abi_sigset_t){ABI_SIGMASK(SIGALRM)}, NULL);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	KEXPECT_FALSE(kt, timer_entry.parked);
	set_handler(t, SIGALRM, SIG_IGN);
	KEXPECT_TRUE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_TRUE(kt, timer_entry.parked);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	/* Another ignoring action keeps it parked; a handler brings it back. */
	set_handler(t, SIGALRM, SIG_IGN);
	KEXPECT_TRUE(kt, timer_entry.parked);
	set_handler(t, SIGALRM, dummy_handler);
	KEXPECT_FALSE(kt, timer_entry.parked);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	KEXPECT_EQ(kt, signal_pending_set(t), ABI_SIGMASK(SIGALRM));
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGALRM);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0);
	KEXPECT_EQ(kt, delivered, 2);
	signal_set_mask(t, SIG_SETMASK, &(abi_sigset_t){0}, NULL);

	/* A fault forcing SIG_DFL over SIG_IGN unparks too (nothing stays parked
	 * on a signal that is no longer ignored). */
	timer_entry.info.si_signo = SIGSEGV;
	set_handler(t, SIGSEGV, SIG_IGN);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	KEXPECT_TRUE(kt, timer_entry.parked);
	signal_force(t, SIGSEGV, SI_KERNEL, 0);
	KEXPECT_FALSE(kt, timer_entry.parked);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	signal_entry_remove(t, &timer_entry);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
}

/*
 * A one-shot timer's signal is not parked: ignored when sent, it is
 * discarded; queued (blocked) when SIG_IGN is installed, it is discarded
 * too (POSIX), and a handler installed later finds nothing.
 */
static void test_entry_discards_oneshot(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	timer_entry_reset(SIGRTMIN + 1, false);
	set_handler(t, SIGRTMIN + 1, SIG_IGN);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 1);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);

	set_handler(t, SIGRTMIN + 1, dummy_handler);
	signal_set_mask(t, SIG_BLOCK, &(abi_sigset_t){ABI_SIGMASK(SIGRTMIN + 1)}, NULL);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	KEXPECT_TRUE(kt, signal_pending_set(t) & ABI_SIGMASK(SIGRTMIN + 1));
	set_handler(t, SIGRTMIN + 1, SIG_IGN);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_FALSE(kt, timer_entry.parked);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	set_handler(t, SIGRTMIN + 1, dummy_handler);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), 0);
	KEXPECT_EQ(kt, delivered, 0);
	KEXPECT_EQ(kt, dropped, 0); /* the owner is never told "dropped" */
	signal_set_mask(t, SIG_SETMASK, &(abi_sigset_t){0}, NULL);
}

static void test_entry_misc(struct ktest *kt)
{
	struct task *t = fake_task();
	siginfo_t info;

	timer_entry_reset(SIGCONT, true);
	/* SIGCONT/stop cancelling each other leave a timer's entry alone. */
	set_handler(t, SIGCONT, dummy_handler);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	signal_send(t, SIGSTOP, NULL);
	KEXPECT_TRUE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	signal_entry_remove(t, &timer_entry);
	KEXPECT_EQ(kt, signal_dequeue(t, ABI_SIGMASK(SIGSTOP), &info), SIGSTOP);
	KEXPECT_EQ(kt, signal_pending_set(t), 0);
	timer_entry.info.si_signo = SIGALRM;
	delivered = 0;
	/* A standard signal's entry queues even if that signal is pending. */
	set_handler(t, SIGALRM, dummy_handler);
	signal_send(t, SIGALRM, NULL);
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), 0);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGALRM);
	KEXPECT_EQ(kt, info.si_code, SI_KERNEL);
	KEXPECT_EQ(kt, signal_dequeue(t, ~0ULL, &info), SIGALRM);
	KEXPECT_EQ(kt, info.si_code, SI_TIMER);
	KEXPECT_EQ(kt, delivered, 1);
	/* A process whose threads have all ended takes none. */
	t->state = TASK_ZOMBIE;
	t->nr_threads = 0;
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), -ESRCH);
	t->state = TASK_RUNNABLE;
	t->nr_threads = 1;
	/* Nor does an ended thread, for a signal aimed at it. */
	t->state = TASK_ZOMBIE;
	timer_entry.to_thread = true;
	KEXPECT_EQ(kt, signal_send_entry(t, &timer_entry), -ESRCH);
	timer_entry.to_thread = false;
	t->state = TASK_RUNNABLE;
	/* Exit unlinks an embedded entry, queued or parked, without freeing it. */
	signal_send_entry(t, &timer_entry);
	signal_thread_exit(t);
	signal_process_exit(t);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	signal_task_init(t, NULL);
	signal_send_entry(t, &timer_entry);
	set_handler(t, SIGALRM, SIG_IGN);
	KEXPECT_TRUE(kt, timer_entry.parked);
	signal_thread_exit(t);
	signal_process_exit(t);
	KEXPECT_FALSE(kt, signal_entry_queued(&timer_entry));
	KEXPECT_FALSE(kt, timer_entry.parked);
	KEXPECT_SIGNAL_STATE(kt, t, &timer_entry);
	KEXPECT_EQ(kt, dropped, 0); /* the owner is never told "dropped" */
}

KTEST_SUITE(signal_entry, KTEST_CASE(test_entry_send_and_deliver), KTEST_CASE(test_entry_remove),
	    KTEST_CASE(test_entry_parks_periodic), KTEST_CASE(test_entry_discards_oneshot),
	    KTEST_CASE(test_entry_misc));

/* --- signal_frame ---------------------------------------------------------- */

static void test_frame_layout(struct ktest *kt)
{
	static const u32 sps[] = {0xbffff000, 0xbfffeffc, 0xbfffefe1, 0x08050007, 0x1000};
	unsigned i;

	KEXPECT_EQ(kt, sizeof(siginfo_t), 128);
	KEXPECT_EQ(kt, sizeof(struct sigcontext), 88);
	KEXPECT_EQ(kt, sizeof(struct ucontext), 116);
	KEXPECT_EQ(kt, offsetof(struct abi_rt_sigframe, sig), 4);
	KEXPECT_EQ(kt, offsetof(struct abi_rt_sigframe, info), 16);
	KEXPECT_EQ(kt, offsetof(struct abi_rt_sigframe, uc), 144);
	KEXPECT_EQ(kt, offsetof(struct abi_rt_sigframe, retcode), 260);
	KEXPECT_EQ(kt, offsetof(struct ucontext, uc_mcontext) + offsetof(struct sigcontext, eip),
		   76);
	for (i = 0; i < ARRAY_SIZE(sps); i++) {
		u32 f = sigframe_place(sps[i]);

		u32 fp = sigframe_fpstate(f);

		KEXPECT_EQ(kt, (f + 4) % 16, 0); /* esp % 16 == 12 at the handler */
		KEXPECT_EQ(kt, fp % 16, 0);
		KEXPECT_LE(kt, f + sizeof(struct abi_rt_sigframe), fp);
		KEXPECT_LE(kt, fp + SIGFRAME_FPSTATE_SIZE, sps[i]);
		/* No more than alignment padding is wasted. */
		KEXPECT_LT(kt, sps[i] - f,
			   sizeof(struct abi_rt_sigframe) + SIGFRAME_FPSTATE_SIZE + 32);
	}
	KEXPECT_EQ(kt, sigframe_place(100), 0);
}

static void user_frame(struct trap_frame *tf)
{
	memset(tf, 0, sizeof(*tf));
	tf->cs = GDT_USER_CS;
	tf->user_ss = tf->ds = tf->es = tf->fs = tf->gs = GDT_USER_DS;
	tf->eflags = 0x202;
	tf->eip = 0x08048100;
	tf->user_esp = 0xbfff0000;
	tf->vector = TRAP_SYSCALL;
}

static void test_sigreturn_sanitises(struct ktest *kt)
{
	struct trap_frame tf;
	struct sigcontext sc;

	/*
	 * The selectors are the frame's, cs and ss forced to RPL 3 (iret can
	 * only go to ring 3; a bad one faults there and costs a SIGSEGV, which
	 * tests/signals/t_sig_selectors.c checks); eflags only user bits; IF
	 * forced.
	 */
	user_frame(&tf);
	memset(&sc, 0, sizeof(sc));
	sc.cs = GDT_KERNEL_CS;
	sc.ss = 0;
	sc.ds = GDT_KERNEL_DS;
	sc.es = 0x2b;
	sc.fs = 0;
	sc.gs = 0x33;
	sc.__gsh = 0xdead; /* the high halves are not selectors */
	sc.eflags = 0xffffffff & ~0x200u; /* IOPL 3, NT, VM, IF clear, everything */
	sc.eax = 11;
	sc.ebx = 22;
	sc.esp = 0xbffe0000;
	sc.eip = 0x08049000;
	sigframe_restore_regs(&tf, &sc);
	KEXPECT_EQ(kt, tf.cs, GDT_KERNEL_CS | 3);
	KEXPECT_EQ(kt, tf.user_ss, 3);
	KEXPECT_EQ(kt, tf.ds, GDT_KERNEL_DS); /* iret nulls it: DPL 0 < CPL 3 */
	KEXPECT_EQ(kt, tf.es, 0x2b);
	KEXPECT_EQ(kt, tf.fs, 0);
	KEXPECT_EQ(kt, tf.gs, 0x33);
	KEXPECT_TRUE(kt, trap_from_user(&tf));
	KEXPECT_EQ(kt, tf.eflags & 0x3000, 0);	  /* IOPL 0 */
	KEXPECT_EQ(kt, tf.eflags & 0x4000, 0);	  /* no NT */
	KEXPECT_EQ(kt, tf.eflags & 0x20000, 0);	  /* no VM */
	KEXPECT_EQ(kt, tf.eflags & 0x200, 0x200); /* IF on */
	KEXPECT_EQ(kt, tf.eflags & 0x200000, 0);  /* ID is not the program's to set this way */
	KEXPECT_EQ(kt, tf.eflags & 0xcd5, 0xcd5); /* CF PF AF ZF SF DF OF taken */
	KEXPECT_EQ(kt, tf.eax, 11);
	KEXPECT_EQ(kt, tf.ebx, 22);
	KEXPECT_EQ(kt, tf.user_esp, 0xbffe0000);
	KEXPECT_EQ(kt, tf.eip, 0x08049000);
}

static void test_frame_needs_user_memory(struct ktest *kt)
{
	struct trap_frame tf, before;
	struct abi_sigaction act;
	siginfo_t info;
	stack_t ss = {NULL, SS_DISABLE, 0};
	abi_sigset_t mask;

	/* The test thread has no user space: every user address is bad. */
	user_frame(&tf);
	before = tf;
	memset(&act, 0, sizeof(act));
	memset(&info, 0, sizeof(info));
	act.handler = dummy_handler;
	KEXPECT_EQ(kt,
		   sigframe_setup(&tf, sigframe_place(tf.user_esp), SIGUSR1, &info, &act, 0, &ss),
		   -EFAULT);
	KEXPECT_EQ(kt, sigframe_setup(&tf, 0, SIGUSR1, &info, &act, 0, &ss), -EFAULT);
	KEXPECT_EQ(kt, sigframe_return(&tf, &mask, &ss), -EFAULT);
	tf.user_esp = 0xc0100000; /* a kernel address */
	KEXPECT_EQ(kt, sigframe_return(&tf, &mask, &ss), -EFAULT);
	tf.user_esp = before.user_esp;
	KEXPECT_EQ(kt, memcmp(&tf, &before, sizeof(tf)), 0);
}

static void restart_case(struct ktest *kt, s32 result, const struct abi_sigaction *act,
			 s32 want_eax, bool restarted)
{
	struct trap_frame tf;

	user_frame(&tf);
	tf.eax = (u32)result;
	tf.error_code = 179; /* the call's number, saved at entry */
	signal_syscall_restart(&tf, act);
	KEXPECT_EQ(kt, (s32)tf.eax, want_eax);
	KEXPECT_EQ(kt, tf.eip, restarted ? 0x08048100 - 2 : 0x08048100);
	/* Decided once: a second pass (a second handler) changes nothing. */
	signal_syscall_restart(&tf, act);
	KEXPECT_EQ(kt, (s32)tf.eax, want_eax);
	KEXPECT_EQ(kt, tf.eip, restarted ? 0x08048100 - 2 : 0x08048100);
}

static void test_syscall_restart(struct ktest *kt)
{
	struct abi_sigaction plain, restart;
	struct trap_frame tf;

	memset(&plain, 0, sizeof(plain));
	plain.handler = dummy_handler;
	restart = plain;
	restart.flags = SA_RESTART;
	restart_case(kt, -ERESTARTSYS, &plain, -EINTR, false);
	restart_case(kt, -ERESTARTSYS, &restart, 179, true);
	restart_case(kt, -ERESTARTSYS, NULL, 179, true);
	restart_case(kt, -ERESTARTNOHAND, &restart, -EINTR, false);
	restart_case(kt, -ERESTARTNOHAND, NULL, 179, true);
	restart_case(kt, -ERESTARTNOINTR, &plain, 179, true);
	/* A relative sleep: restart_syscall (0) without a handler, else EINTR. */
	restart_case(kt, -ERESTART_RESTARTBLOCK, NULL, __NR_restart_syscall, true);
	restart_case(kt, -ERESTART_RESTARTBLOCK, &restart, -EINTR, false);
	restart_case(kt, -EINTR, &restart, -EINTR, false);
	restart_case(kt, 5, NULL, 5, false);
	/* Not a system call (an IRQ interrupted user code): eax is the program's. */
	user_frame(&tf);
	tf.vector = TRAP_IRQ_BASE;
	tf.eax = (u32)-ERESTARTSYS;
	signal_syscall_restart(&tf, NULL);
	KEXPECT_EQ(kt, (s32)tf.eax, -ERESTARTSYS);
	KEXPECT_EQ(kt, tf.eip, 0x08048100);
}

KTEST_SUITE(signal_frame, KTEST_CASE(test_syscall_restart), KTEST_CASE(test_frame_layout),
	    KTEST_CASE(test_sigreturn_sanitises), KTEST_CASE(test_frame_needs_user_memory));

/* --- signal_wake ----------------------------------------------------------- */

static volatile int sleeper_result;
static volatile int sleeper_wakes;

/* Blocks SIGUSR1, waits for SIGRTMIN as sigtimedwait does, sleeps once. */
static int signal_sleeper(void *arg)
{
	struct task *self = current;

	(void)arg;
	self->signal.blocked = ABI_SIGMASK(SIGUSR1) | ABI_SIGMASK(SIGRTMIN);
	self->signal.waiting = ABI_SIGMASK(SIGRTMIN);
	sleeper_result = sched_sleep(KTIMER_MONOTONIC, KTIME_MAX);
	sleeper_wakes++;
	return 0;
}

/* Like pause: every signal blocked, sleeps until a sleep says -EINTR. */
static int stubborn_sleeper(void *arg)
{
	(void)arg;
	current->signal.blocked = ~SIGNAL_UNBLOCKABLE;
	while (sched_sleep(KTIMER_MONOTONIC, KTIME_MAX) != -EINTR)
		sleeper_wakes++;
	sleeper_result = -EINTR;
	return 0;
}

static struct task *start_sleeper(struct ktest *kt, int (*fn)(void *))
{
	struct task *s;

	sleeper_result = 1;
	sleeper_wakes = 0;
	s = task_create_kernel("sigsleeper", fn, NULL, SCHED_PRIO_DEFAULT);
	if (!s)
		return NULL;
	sched_yield_now();
	KEXPECT_EQ(kt, s->state, TASK_SLEEPING);
	return s;
}

static void test_wake_rules(struct ktest *kt)
{
	struct task *s = start_sleeper(kt, signal_sleeper);

	KASSERT_TRUE(kt, s != NULL);
	/* Blocked, ignored (SIG_IGN or by default): the sleep goes on. */
	signal_send(s, SIGUSR1, NULL);
	set_handler(s, SIGUSR2, SIG_IGN);
	signal_send(s, SIGUSR2, NULL);
	signal_send(s, SIGCHLD, NULL);
	signal_send(s, SIGCONT, NULL);
	sched_yield_now();
	KEXPECT_EQ(kt, s->state, TASK_SLEEPING);
	KEXPECT_EQ(kt, sleeper_wakes, 0);
	/* A blocked signal it waits for (sigtimedwait) wakes it. */
	KEXPECT_EQ(kt, send_queued(s, SIGRTMIN, 5), 0);
	KEXPECT_EQ(kt, s->state, TASK_RUNNABLE);
	KEXPECT_EQ(kt, task_reap(s), TASK_WSTATUS_EXIT(0));
	KEXPECT_EQ(kt, sleeper_result, -EINTR);
	KEXPECT_EQ(kt, sleeper_wakes, 1);

	/* An unblocked, handled signal wakes it. */
	s = start_sleeper(kt, signal_sleeper);
	KASSERT_TRUE(kt, s != NULL);
	set_handler(s, SIGTERM, dummy_handler);
	signal_send(s, SIGTERM, NULL);
	KEXPECT_EQ(kt, task_reap(s), TASK_WSTATUS_EXIT(0));
	KEXPECT_EQ(kt, sleeper_result, -EINTR);
}

static void test_sigkill_ends_any_wait(struct ktest *kt)
{
	struct task *s = start_sleeper(kt, stubborn_sleeper);

	KASSERT_TRUE(kt, s != NULL);
	signal_send(s, SIGTERM, NULL); /* blocked: no wake */
	sched_yield_now();
	KEXPECT_EQ(kt, s->state, TASK_SLEEPING);
	signal_send(s, SIGKILL, NULL);
	KEXPECT_EQ(kt, task_reap(s), TASK_WSTATUS_SIGNAL(SIGKILL));
	KEXPECT_EQ(kt, sleeper_result, -EINTR);
	KEXPECT_EQ(kt, sleeper_wakes, 0);
}

KTEST_SUITE(signal_wake, KTEST_CASE(test_wake_rules), KTEST_CASE(test_sigkill_ends_any_wait));
