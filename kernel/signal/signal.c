/*
 * The signal queue of a task: sending, coalescing, dequeuing in order, the
 * action table and the mask.  The invariants are in kernel/signal/signal.h.
 *
 * Everything runs on one CPU, so a section is atomic once interrupts are
 * off (irq_save).  The IRQ0 path (POSIX timers) reaches this code only
 * through signal_send_entry, which never allocates.
 */
#include "kernel/signal/signal.h"
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "kernel/panic.h"
#include "mm/slab.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include <abi/errno.h>
#include "kernel/time/itimer.h"
#include "kernel/trace.h"

static struct kmem_cache *sigqueue_cache;

/*
 * The sa_flags bits kept (Linux 5.11 and later drop the others, so that a
 * program can find out what the kernel supports): SA_NOCLDSTOP,
 * SA_NOCLDWAIT, SA_SIGINFO, 0x800 (SA_EXPOSE_TAGBITS, meaningless on
 * i386), SA_RESTORER, SA_ONSTACK, SA_RESTART, SA_NODEFER, SA_RESETHAND.
 */
#define SIGNAL_SA_KNOWN                                                                            \
	(SA_NOCLDSTOP | SA_NOCLDWAIT | SA_SIGINFO | 0x800 | SA_RESTORER | SA_ONSTACK |             \
	 SA_RESTART | SA_NODEFER | SA_RESETHAND)

void signal_init(void)
{
	sigqueue_cache = kmem_cache_create("sigqueue", sizeof(struct sigqueue_entry), 0);
	BUG_ON(!sigqueue_cache);
}

static bool signo_valid(int signo)
{
	return signo >= 1 && signo <= ABI_NSIG;
}

enum signal_default signal_default_action(int signo)
{
	switch (signo) {
	case SIGCHLD:
	case SIGURG:
	case SIGWINCH:
		return SIGNAL_DEFAULT_IGNORE;
	case SIGCONT:
		return SIGNAL_DEFAULT_CONTINUE;
	case SIGSTOP:
	case SIGTSTP:
	case SIGTTIN:
	case SIGTTOU:
		return SIGNAL_DEFAULT_STOP;
	case SIGQUIT:
	case SIGILL:
	case SIGTRAP:
	case SIGABRT:
	case SIGBUS:
	case SIGFPE:
	case SIGSEGV:
	case SIGXCPU:
	case SIGXFSZ:
	case SIGSYS:
		return SIGNAL_DEFAULT_CORE;
	default:
		return SIGNAL_DEFAULT_TERMINATE; /* the others, and every real-time signal */
	}
}

static bool handler_ignores(abi_sighandler_t handler, int signo)
{
	enum signal_default d;

	if (handler == SIG_IGN)
		return true;
	if (handler != SIG_DFL)
		return false;
	d = signal_default_action(signo);
	return d == SIGNAL_DEFAULT_IGNORE || d == SIGNAL_DEFAULT_CONTINUE;
}

/* The process's part of the state: the leader's (task.h). */
static struct signal_state *proc_state(struct task *t)
{
	return &t->leader->signal;
}

bool signal_init_drops(struct task *t, int signo)
{
	const struct signal_state *ps = proc_state(t);

	return ps->unkillable && signo_valid(signo) && ps->action[signo - 1].handler == SIG_DFL;
}

#define for_each_thread(leader, th) list_for_each_entry(th, &(leader)->threads, thread_node)

bool signal_is_ignored(struct task *t, int signo)
{
	if (!signo_valid(signo))
		return false;
	return handler_ignores(proc_state(t)->action[signo - 1].handler, signo);
}

static void sigpending_init(struct sigpending *sp)
{
	sp->set = 0;
	for (int i = 0; i < ABI_NSIG; i++)
		list_init(&sp->queue[i]);
}

void signal_task_init(struct task *t, struct task *parent_or_null)
{
	struct signal_state *st = &t->signal;

	memset(st, 0, sizeof(*st));
	sigpending_init(&st->pending);
	sigpending_init(&st->shared);
	list_init(&st->ignored);
	st->altstack.ss_flags = SS_DISABLE;
	if (parent_or_null) { /* fork: actions, mask and alternate stack, not what is pending */
		const struct signal_state *ps = &parent_or_null->signal;

		memcpy(st->action, proc_state(parent_or_null)->action, sizeof(st->action));
		st->blocked = ps->blocked;
		st->altstack = ps->altstack;
	}
}

void signal_thread_init(struct task *t, struct task *creator)
{
	signal_task_init(t, NULL);
	t->signal.blocked = creator->signal.blocked;
}

/* --- entries ---------------------------------------------------------------- */

/* An entry counted against ps's queue, at most limit of them (the
 * receiving process's RLIMIT_SIGPENDING, at most ABI_SIGQUEUE_MAX). */
static struct sigqueue_entry *entry_alloc(struct signal_state *ps, u64 limit)
{
	struct sigqueue_entry *e;

	if (ps->queued_count >= limit || ps->queued_count >= ABI_SIGQUEUE_MAX)
		return NULL;
	e = kmem_cache_alloc(sigqueue_cache);
	if (!e)
		return NULL;
	memset(e, 0, sizeof(*e));
	ps->queued_count++;
	return e;
}

/*
 * Take e off its list (interrupts off), keeping the invariants: the pending
 * bit goes when the list empties; an allocated entry is freed.  Embedded
 * entries are left to their owner.  ps: the process's state.
 */
static void entry_unlink(struct signal_state *ps, struct sigqueue_entry *e)
{
	int signo = e->info.si_signo;

	list_del_init(&e->node);
	e->queued = false;
	if (e->parked)
		e->parked = false;
	else if (list_empty(&e->where->queue[signo - 1]))
		e->where->set &= ~ABI_SIGMASK(signo);
	if (!e->embedded) {
		ps->queued_count--;
		kmem_cache_free(sigqueue_cache, e);
	}
}

static void entry_link(struct sigpending *sp, struct sigqueue_entry *e)
{
	int signo = e->info.si_signo;

	list_add_tail(&e->node, &sp->queue[signo - 1]);
	e->where = sp;
	e->queued = true;
	sp->set |= ABI_SIGMASK(signo);
}

/* Move e (off any list, or on a queue) to the ignored list (interrupts off);
 * e->where stays the set it returns to. */
static void entry_park(struct signal_state *ps, struct sigqueue_entry *e)
{
	int signo = e->info.si_signo;

	list_del(&e->node);
	if (e->queued && !e->parked && list_empty(&e->where->queue[signo - 1]))
		e->where->set &= ~ABI_SIGMASK(signo);
	list_add_tail(&e->node, &ps->ignored);
	e->queued = true;
	e->parked = true;
}

/*
 * Discard the pending instances of signo in one set (interrupts off).
 * park: an ignoring action is being installed; the entries of periodic
 * timers then move to the ignored list instead of vanishing (their owner
 * waits for a delivery), and the others go, a one-shot timer's too (POSIX).
 * Otherwise (SIGCONT and the stop signals cancelling each other) embedded
 * entries stay queued: only plain instances go.
 */
static void flush_set(struct signal_state *ps, struct sigpending *sp, int signo, bool park)
{
	struct list_head *list = &sp->queue[signo - 1], *pos, *tmp;

	list_for_each_safe(pos, tmp, list)
	{
		struct sigqueue_entry *e = list_entry(pos, struct sigqueue_entry, node);

		if (!e->embedded)
			entry_unlink(ps, e);
		else if (park && e->park_if_ignored)
			entry_park(ps, e);
		else if (park)
			entry_unlink(ps, e);
	}
	if (list_empty(list))
		sp->set &= ~ABI_SIGMASK(signo);
}

/* The same in the process's set and every thread's (Linux flushes both). */
static void flush_signal(struct task *t, int signo, bool park)
{
	struct task *leader = t->leader, *th;
	struct signal_state *ps = &leader->signal;

	flush_set(ps, &ps->shared, signo, park);
	for_each_thread(leader, th)
		flush_set(ps, &th->signal.pending, signo, park);
}

/* The action of signo stopped ignoring: its parked entries queue again. */
static void unpark_signal(struct signal_state *ps, int signo)
{
	struct list_head *pos, *tmp;

	list_for_each_safe(pos, tmp, &ps->ignored)
	{
		struct sigqueue_entry *e = list_entry(pos, struct sigqueue_entry, node);

		if (e->info.si_signo != signo)
			continue;
		list_del(&e->node);
		e->parked = false;
		entry_link(e->where, e);
	}
}

void signal_exec(struct task *t)
{
	struct signal_state *st = &t->signal, *ps = proc_state(t);
	u32 flags = irq_save();

	for (int signo = 1; signo <= ABI_NSIG; signo++) {
		struct abi_sigaction *act = &ps->action[signo - 1];

		if (act->handler != SIG_IGN && act->handler != SIG_DFL)
			act->handler = SIG_DFL;
		if (act->handler == SIG_DFL) {
			act->flags = 0;
			act->restorer = 0;
			act->mask = 0;
		}
	}
	st->altstack.ss_sp = NULL;
	st->altstack.ss_size = 0;
	st->altstack.ss_flags = SS_DISABLE;
	irq_restore(flags);
}

static void flush_all(struct signal_state *ps, struct sigpending *sp)
{
	for (int signo = 1; signo <= ABI_NSIG; signo++) {
		struct list_head *list = &sp->queue[signo - 1];

		while (!list_empty(list))
			entry_unlink(ps, list_first_entry(list, struct sigqueue_entry, node));
	}
	sp->set = 0;
}

void signal_thread_exit(struct task *t)
{
	struct signal_state *ps = proc_state(t);
	struct list_head *pos, *tmp;
	u32 flags = irq_save();

	flush_all(ps, &t->signal.pending);
	list_for_each_safe(pos, tmp, &ps->ignored)
	{
		struct sigqueue_entry *e = list_entry(pos, struct sigqueue_entry, node);

		if (e->where == &t->signal.pending)
			entry_unlink(ps, e);
	}
	irq_restore(flags);
}

void signal_process_exit(struct task *leader)
{
	struct signal_state *ps = &leader->signal;
	u32 flags = irq_save();

	flush_all(ps, &ps->shared);
	while (!list_empty(&ps->ignored))
		entry_unlink(ps, list_first_entry(&ps->ignored, struct sigqueue_entry, node));
	irq_restore(flags);
}

/* --- sending ---------------------------------------------------------------- */

/* What t has pending, its own and its process's. */
static abi_sigset_t pending_set(struct task *t)
{
	return t->signal.pending.set | proc_state(t)->shared.set;
}

bool signal_pending(struct task *t)
{
	const struct signal_state *st = &t->signal;
	abi_sigset_t pending = pending_set(t);

	if (proc_state(t)->stopped)
		return pending & (ABI_SIGMASK(SIGKILL) | ABI_SIGMASK(SIGCONT));
	return pending & (~st->blocked | st->waiting);
}

#define STOP_SIGNALS                                                                               \
	(ABI_SIGMASK(SIGSTOP) | ABI_SIGMASK(SIGTSTP) | ABI_SIGMASK(SIGTTIN) | ABI_SIGMASK(SIGTTOU))

/*
 * What happens at the moment of sending, before anything is queued
 * (interrupts off; Linux's prepare_signal).  A stop signal cancels a pending
 * SIGCONT and SIGCONT cancels pending stops and resumes a stopped process,
 * even if SIGCONT itself is blocked or ignored.  Returns false if the signal
 * is to be discarded: the process is ending, or the action ignores it and t
 * does not block it.
 */
static bool prepare_signal(struct task *t, int signo, bool thread)
{
	struct task *leader = t->leader, *th;
	struct signal_state *ps = &leader->signal;
	int s;

	/* A process whose leader's thread has ended still takes signals. */
	if (leader->nr_threads == 0 || leader->group_exit || (thread && t->state == TASK_ZOMBIE))
		return false;
	if (ABI_SIGMASK(signo) & STOP_SIGNALS) {
		flush_signal(t, SIGCONT, false);
	} else if (signo == SIGCONT) {
		for (s = 1; s <= ABI_NSIG; s++)
			if (ABI_SIGMASK(s) & STOP_SIGNALS)
				flush_signal(t, s, false);
		if (ps->stopped) {
			ps->stopped = false;
			for_each_thread(leader, th)
				task_wake(th);
		}
	}
	if (t->signal.blocked & ABI_SIGMASK(signo))
		return true;
	if (signal_init_drops(t, signo))
		return false;
	return !signal_is_ignored(t, signo);
}

/* Whether th would take signo now (not blocked, or waited for). */
static bool wants_signal(struct task *th, int signo)
{
	if (th->state == TASK_ZOMBIE)
		return false;
	return !(th->signal.blocked & ABI_SIGMASK(signo)) ||
	       (th->signal.waiting & ABI_SIGMASK(signo));
}

/*
 * After queueing: make the process notice (interrupts off).  A signal for
 * the thread wakes that thread; one for the process wakes one thread that
 * takes it, t first (Linux's complete_signal).  SIGKILL ends every thread.
 */
static void signal_wake(struct task *t, int signo, bool thread)
{
	struct task *th;

	if (signo == SIGKILL) {
		task_kill_async(t, SIGKILL);
		return;
	}
	if (thread || wants_signal(t, signo)) {
		if (signal_pending(t))
			task_wake(t);
		return;
	}
	for_each_thread(t->leader, th) {
		if (wants_signal(th, signo)) {
			if (signal_pending(th))
				task_wake(th);
			return;
		}
	}
}

static int send_to(struct task *t, int signo, const siginfo_t *info, bool thread)
{
	struct signal_state *ps = proc_state(t);
	struct sigpending *sp = thread ? &t->signal.pending : &ps->shared;
	struct sigqueue_entry *e;
	int ret = 0;
	u32 flags;

	if (!signo_valid(signo))
		return -EINVAL;
	flags = irq_save();
	if (!prepare_signal(t, signo, thread))
		goto out;
	if (signo < ABI_SIGRTMIN && (sp->set & ABI_SIGMASK(signo)))
		goto out; /* a standard signal is pending at most once */
	e = entry_alloc(ps, t->leader->rlim[RLIMIT_SIGPENDING].rlim_cur); /* interrupts off */
	if (e) {
		if (info) {
			e->info = *info;
		} else {
			e->info.si_code = SI_KERNEL;
		}
		e->info.si_signo = signo;
		entry_link(sp, e);
	} else if (signo >= ABI_SIGRTMIN && info && info->si_code < 0) {
		/* sigqueue's instance must carry its value or fail. */
		ret = -EAGAIN;
		goto out;
	} else {
		sp->set |= ABI_SIGMASK(signo); /* one instance, no siginfo */
	}
	signal_wake(t, signo, thread);
	file_poll_wake(); /* a signalfd of it may be polled or read (fs/signalfd.c) */
out:
	irq_restore(flags);
	return ret;
}

int signal_send(struct task *t, int signo, const siginfo_t *info)
{
	return send_to(t, signo, info, false);
}

int signal_send_thread(struct task *t, int signo, const siginfo_t *info)
{
	return send_to(t, signo, info, true);
}

void signal_force(struct task *t, int signo, int code, u32 addr)
{
	struct signal_state *st = &t->signal, *ps = proc_state(t);
	struct abi_sigaction *act = &ps->action[signo - 1];
	siginfo_t info;
	u32 flags = irq_save();

	if (act->handler == SIG_IGN || (st->blocked & ABI_SIGMASK(signo))) {
		bool was_ignored = handler_ignores(act->handler, signo);

		act->handler = SIG_DFL;
		st->blocked &= ~ABI_SIGMASK(signo);
		if (was_ignored && !handler_ignores(SIG_DFL, signo))
			unpark_signal(ps, signo); /* a parked timer's signal queues again */
	}
	if (act->handler == SIG_DFL)
		ps->unkillable = false; /* even init dies of a fault it cannot handle */
	memset(&info, 0, sizeof(info));
	info.si_signo = signo;
	info.si_code = code;
	info.si_addr = (void *)addr;
	send_to(t, signo, &info, true);
	irq_restore(flags);
}

/* --- embedded entries (POSIX timers) ------------------------------------- */

void signal_entry_init(struct sigqueue_entry *e,
		       void (*on_deliver)(struct sigqueue_entry *e, siginfo_t *info))
{
	memset(e, 0, sizeof(*e));
	list_init(&e->node);
	e->embedded = true;
	e->on_deliver = on_deliver;
}

int signal_send_entry(struct task *t, struct sigqueue_entry *e)
{
	int signo = e->info.si_signo, ret = 0;
	struct signal_state *ps;
	struct sigpending *sp;
	u32 flags;

	if (!signo_valid(signo))
		return -EINVAL;
	flags = irq_save();
	ps = proc_state(t);
	sp = e->to_thread ? &t->signal.pending : &ps->shared;
	if (e->queued) {
		ret = -EBUSY;
	} else if ((e->to_thread && t->state == TASK_ZOMBIE) || t->leader->nr_threads == 0) {
		ret = -ESRCH;
	} else if (!prepare_signal(t, signo, e->to_thread)) {
		if (e->park_if_ignored && !t->leader->group_exit) {
			e->where = sp;
			entry_park(ps, e); /* waits for the action to change */
		} else {
			ret = 1; /* ignored: discarded */
		}
	} else {
		entry_link(sp, e);
		trace_signal(TRACE_SIGNAL_QUEUED, t->pid, &e->info);
		signal_wake(t, signo, e->to_thread);
		file_poll_wake(); /* a signalfd reader or poller (fs/signalfd.c) */
	}
	irq_restore(flags);
	return ret;
}

struct task *signal_timer_target(struct task *t)
{
	struct task *cur = current;

	if (cur != t && cur->leader == t->leader && cur->state != TASK_ZOMBIE &&
	    !cur->leader->group_exit)
		return cur;
	return t;
}

bool signal_entry_queued(const struct sigqueue_entry *e)
{
	return e->queued;
}

void signal_entry_remove(struct task *t, struct sigqueue_entry *e)
{
	u32 flags = irq_save();

	if (e->queued)
		entry_unlink(proc_state(t), e);
	irq_restore(flags);
}

/* --- dequeuing ------------------------------------------------------------ */

/* Faults first (Linux's SYNCHRONOUS_MASK): they describe the instruction
 * that is about to run again. */
#define SYNCHRONOUS_SIGNALS                                                                        \
	(ABI_SIGMASK(SIGSEGV) | ABI_SIGMASK(SIGBUS) | ABI_SIGMASK(SIGILL) | ABI_SIGMASK(SIGTRAP) | \
	 ABI_SIGMASK(SIGFPE) | ABI_SIGMASK(SIGSYS))

/* The next signal of one set among `allowed`, or 0 (interrupts off). */
static int dequeue_from(struct signal_state *ps, struct sigpending *sp, abi_sigset_t allowed,
			siginfo_t *info)
{
	abi_sigset_t ready = sp->set & allowed;
	struct sigqueue_entry *e;
	struct list_head *list;
	int signo;

	if (!ready)
		return 0;
	if (ready & SYNCHRONOUS_SIGNALS)
		ready &= SYNCHRONOUS_SIGNALS;
	signo = __builtin_ctzll(ready) + 1;
	list = &sp->queue[signo - 1];
	if (list_empty(list)) {
		sp->set &= ~ABI_SIGMASK(signo);
		memset(info, 0, sizeof(*info));
		info->si_signo = signo;
		info->si_code = SI_USER;
	} else {
		e = list_first_entry(list, struct sigqueue_entry, node);
		memcpy(info, &e->info, sizeof(*info)); /* rep movsl: gcc's loop took 4 a word */
		/* entry_unlink frees an allocated entry: only an embedded one is
		 * still there to be told (tests/model caught the read after free) */
		if (e->embedded) {
			entry_unlink(ps, e);
			if (e->on_deliver)
				e->on_deliver(e, info);
		} else {
			entry_unlink(ps, e);
		}
	}
	return signo;
}

/* The thread's own signals first, then the process's (Linux's order). */
int signal_dequeue(struct task *t, abi_sigset_t allowed, siginfo_t *info)
{
	struct signal_state *ps = proc_state(t);
	u32 flags = irq_save();
	int signo = dequeue_from(ps, &t->signal.pending, allowed, info);

	if (!signo)
		signo = dequeue_from(ps, &ps->shared, allowed, info);
	if (signo == SIGALRM)
		itimer_sigalrm_taken(t->leader); /* Linux's dequeue_signal re-arms ITIMER_REAL */
	irq_restore(flags);
	return signo;
}

abi_sigset_t signal_pending_set(struct task *t)
{
	return pending_set(t);
}

/* --- actions and mask ----------------------------------------------------- */

int signal_set_action(struct task *t, int signo, const struct abi_sigaction *act,
		      struct abi_sigaction *oact)
{
	struct signal_state *ps = proc_state(t);
	struct abi_sigaction *slot;
	bool was_ignored, now_ignored;
	u32 flags;

	if (!signo_valid(signo))
		return -EINVAL;
	if (act && (ABI_SIGMASK(signo) & SIGNAL_UNBLOCKABLE))
		return -EINVAL;
	slot = &ps->action[signo - 1];
	flags = irq_save();
	if (oact)
		*oact = *slot;
	if (!act) {
		irq_restore(flags);
		return 0;
	}
	/* init drops what it leaves at SIG_DFL: that too is ignoring, for a parked timer */
	was_ignored = handler_ignores(slot->handler, signo) || signal_init_drops(t, signo);
	*slot = *act;
	slot->mask &= ~SIGNAL_UNBLOCKABLE;
	slot->flags &= SIGNAL_SA_KNOWN;
	now_ignored = handler_ignores(slot->handler, signo);
	/* POSIX: setting an ignoring action discards what is pending, blocked or not. */
	if (now_ignored) {
		flush_signal(t, signo, true);
	} else if (was_ignored) {
		struct task *th;

		unpark_signal(ps, signo);
		for_each_thread(t->leader, th)
			if (th->signal.pending.set & ABI_SIGMASK(signo))
				signal_wake(th, signo, true);
		if (ps->shared.set & ABI_SIGMASK(signo))
			signal_wake(t, signo, false);
	}
	irq_restore(flags);
	return 0;
}

/*
 * The process's signals that t now blocks go to another thread that takes
 * them (Linux's retarget_shared_pending): wake one (interrupts off).
 */
static void retarget_shared(struct task *t, abi_sigset_t newly_blocked)
{
	abi_sigset_t moved = proc_state(t)->shared.set & newly_blocked;

	while (moved) {
		int signo = __builtin_ctzll(moved) + 1;

		moved &= ~ABI_SIGMASK(signo);
		signal_wake(t, signo, false);
	}
}

int signal_set_mask(struct task *t, int how, const abi_sigset_t *set, abi_sigset_t *oset)
{
	struct signal_state *st = &t->signal;
	abi_sigset_t mask, old;
	u32 flags;

	if (set && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
		return -EINVAL;
	flags = irq_save();
	old = st->blocked;
	if (oset)
		*oset = old;
	if (set) {
		mask = *set & ~SIGNAL_UNBLOCKABLE;
		if (how == SIG_BLOCK)
			st->blocked |= mask;
		else if (how == SIG_UNBLOCK)
			st->blocked &= ~mask;
		else
			st->blocked = mask;
		if (st->blocked & ~old)
			retarget_shared(t, st->blocked & ~old);
	}
	irq_restore(flags);
	return 0;
}
