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

bool signal_is_ignored(struct task *t, int signo)
{
	if (!signo_valid(signo))
		return false;
	return handler_ignores(t->signal.action[signo - 1].handler, signo);
}

void signal_task_init(struct task *t, struct task *parent_or_null)
{
	struct signal_state *st = &t->signal;
	int i;

	memset(st, 0, sizeof(*st));
	for (i = 0; i < ABI_NSIG; i++)
		list_init(&st->queue[i]);
	list_init(&st->ignored);
	st->altstack.ss_flags = SS_DISABLE;
	if (parent_or_null) { /* fork: actions, mask and alternate stack, not what is pending */
		const struct signal_state *ps = &parent_or_null->signal;

		memcpy(st->action, ps->action, sizeof(st->action));
		st->blocked = ps->blocked;
		st->altstack = ps->altstack;
	}
}

/* --- entries ---------------------------------------------------------------- */

static struct sigqueue_entry *entry_alloc(struct signal_state *st)
{
	struct sigqueue_entry *e;

	if (st->queued_count >= ABI_SIGQUEUE_MAX)
		return NULL;
	e = kmem_cache_alloc(sigqueue_cache);
	if (!e)
		return NULL;
	memset(e, 0, sizeof(*e));
	st->queued_count++;
	return e;
}

/*
 * Take e off its list (interrupts off), keeping the invariants: the pending
 * bit goes when the list empties; an allocated entry is freed.  Embedded
 * entries are left to their owner.
 */
static void entry_unlink(struct signal_state *st, struct sigqueue_entry *e)
{
	int signo = e->info.si_signo;

	list_del_init(&e->node);
	e->queued = false;
	if (e->parked)
		e->parked = false;
	else if (list_empty(&st->queue[signo - 1]))
		st->pending &= ~ABI_SIGMASK(signo);
	if (!e->embedded) {
		st->queued_count--;
		kmem_cache_free(sigqueue_cache, e);
	}
}

static void entry_link(struct signal_state *st, struct sigqueue_entry *e)
{
	int signo = e->info.si_signo;

	list_add_tail(&e->node, &st->queue[signo - 1]);
	e->queued = true;
	st->pending |= ABI_SIGMASK(signo);
}

/* Move e (off any list, or on a queue) to the ignored list (interrupts off). */
static void entry_park(struct signal_state *st, struct sigqueue_entry *e)
{
	list_del(&e->node);
	list_add_tail(&e->node, &st->ignored);
	e->queued = true;
	e->parked = true;
}

/*
 * Discard the pending instances of signo (interrupts off).  park: an
 * ignoring action is being installed; the entries of periodic timers then
 * move to the ignored list instead of vanishing (their owner waits for a
 * delivery), and the others go, a one-shot timer's too (POSIX).  Otherwise
 * (SIGCONT and the stop signals cancelling each other) embedded entries
 * stay queued: only plain instances go.
 */
static void flush_signal(struct signal_state *st, int signo, bool park)
{
	struct list_head *list = &st->queue[signo - 1], *pos, *tmp;

	list_for_each_safe(pos, tmp, list)
	{
		struct sigqueue_entry *e = list_entry(pos, struct sigqueue_entry, node);

		if (!e->embedded)
			entry_unlink(st, e);
		else if (park && e->park_if_ignored)
			entry_park(st, e);
		else if (park)
			entry_unlink(st, e);
	}
	if (list_empty(list))
		st->pending &= ~ABI_SIGMASK(signo);
}

/* The action of signo stopped ignoring: its parked entries queue again. */
static void unpark_signal(struct signal_state *st, int signo)
{
	struct list_head *pos, *tmp;

	list_for_each_safe(pos, tmp, &st->ignored)
	{
		struct sigqueue_entry *e = list_entry(pos, struct sigqueue_entry, node);

		if (e->info.si_signo != signo)
			continue;
		list_del(&e->node);
		e->parked = false;
		entry_link(st, e);
	}
}

void signal_exec(struct task *t)
{
	struct signal_state *st = &t->signal;
	u32 flags = irq_save();

	for (int signo = 1; signo <= ABI_NSIG; signo++) {
		struct abi_sigaction *act = &st->action[signo - 1];

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

void signal_task_exit(struct task *t)
{
	struct signal_state *st = &t->signal;
	u32 flags = irq_save();
	int signo;

	for (signo = 1; signo <= ABI_NSIG; signo++) {
		struct list_head *list = &st->queue[signo - 1];

		while (!list_empty(list))
			entry_unlink(st, list_first_entry(list, struct sigqueue_entry, node));
	}
	while (!list_empty(&st->ignored))
		entry_unlink(st, list_first_entry(&st->ignored, struct sigqueue_entry, node));
	st->pending = 0;
	irq_restore(flags);
}

/* --- sending ---------------------------------------------------------------- */

bool signal_pending(struct task *t)
{
	const struct signal_state *st = &t->signal;

	if (st->stopped)
		return st->pending & (ABI_SIGMASK(SIGKILL) | ABI_SIGMASK(SIGCONT));
	return st->pending & (~st->blocked | st->waiting);
}

#define STOP_SIGNALS                                                                               \
	(ABI_SIGMASK(SIGSTOP) | ABI_SIGMASK(SIGTSTP) | ABI_SIGMASK(SIGTTIN) | ABI_SIGMASK(SIGTTOU))

/*
 * What happens at the moment of sending, before anything is queued
 * (interrupts off; Linux's prepare_signal).  A stop signal cancels a pending
 * SIGCONT and SIGCONT cancels pending stops and resumes a stopped task, even
 * if SIGCONT itself is blocked or ignored.  Returns false if the signal is to
 * be discarded: t is dying, or the action ignores it and it is not blocked.
 */
static bool prepare_signal(struct task *t, int signo)
{
	struct signal_state *st = &t->signal;
	int s;

	if (t->state == TASK_ZOMBIE)
		return false;
	if (ABI_SIGMASK(signo) & STOP_SIGNALS) {
		flush_signal(st, SIGCONT, false);
	} else if (signo == SIGCONT) {
		for (s = 1; s <= ABI_NSIG; s++)
			if (ABI_SIGMASK(s) & STOP_SIGNALS)
				flush_signal(st, s, false);
		if (st->stopped) {
			st->stopped = false;
			task_wake(t);
		}
	}
	if (st->blocked & ABI_SIGMASK(signo))
		return true;
	return !signal_is_ignored(t, signo);
}

/* After queueing: make t notice (interrupts off). */
static void signal_wake(struct task *t, int signo)
{
	if (signo == SIGKILL && t != current) {
		task_kill(t, SIGKILL);
		return;
	}
	if (signal_pending(t))
		task_wake(t);
}

int signal_send(struct task *t, int signo, const siginfo_t *info)
{
	struct signal_state *st = &t->signal;
	struct sigqueue_entry *e;
	int ret = 0;
	u32 flags;

	if (!signo_valid(signo))
		return -EINVAL;
	flags = irq_save();
	if (!prepare_signal(t, signo))
		goto out;
	if (signo < ABI_SIGRTMIN && (st->pending & ABI_SIGMASK(signo)))
		goto out; /* a standard signal is pending at most once */
	e = entry_alloc(st);
	if (e) {
		if (info) {
			e->info = *info;
		} else {
			e->info.si_code = SI_KERNEL;
		}
		e->info.si_signo = signo;
		entry_link(st, e);
	} else if (signo >= ABI_SIGRTMIN && info && info->si_code < 0) {
		/* sigqueue's instance must carry its value or fail. */
		ret = -EAGAIN;
		goto out;
	} else {
		st->pending |= ABI_SIGMASK(signo); /* one instance, no siginfo */
	}
	signal_wake(t, signo);
out:
	irq_restore(flags);
	return ret;
}

void signal_force(struct task *t, int signo, int code, u32 addr)
{
	struct signal_state *st = &t->signal;
	struct abi_sigaction *act = &st->action[signo - 1];
	siginfo_t info;
	u32 flags = irq_save();

	if (act->handler == SIG_IGN || (st->blocked & ABI_SIGMASK(signo))) {
		bool was_ignored = handler_ignores(act->handler, signo);

		act->handler = SIG_DFL;
		st->blocked &= ~ABI_SIGMASK(signo);
		if (was_ignored && !handler_ignores(SIG_DFL, signo))
			unpark_signal(st, signo); /* a parked timer's signal queues again */
	}
	memset(&info, 0, sizeof(info));
	info.si_signo = signo;
	info.si_code = code;
	info.si_addr = (void *)addr;
	signal_send(t, signo, &info);
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
	u32 flags;

	if (!signo_valid(signo))
		return -EINVAL;
	flags = irq_save();
	if (e->queued) {
		ret = -EBUSY;
	} else if (t->state == TASK_ZOMBIE) {
		ret = -ESRCH;
	} else if (!prepare_signal(t, signo)) {
		if (e->park_if_ignored)
			entry_park(&t->signal, e); /* waits for the action to change */
		else
			ret = 1; /* ignored: discarded */
	} else {
		entry_link(&t->signal, e);
		trace_signal(TRACE_SIGNAL_QUEUED, t->pid, &e->info);
		signal_wake(t, signo);
	}
	irq_restore(flags);
	return ret;
}

bool signal_entry_queued(const struct sigqueue_entry *e)
{
	return e->queued;
}

void signal_entry_remove(struct task *t, struct sigqueue_entry *e)
{
	u32 flags = irq_save();

	if (e->queued)
		entry_unlink(&t->signal, e);
	irq_restore(flags);
}

/* --- dequeuing ------------------------------------------------------------ */

/* Faults first (Linux's SYNCHRONOUS_MASK): they describe the instruction
 * that is about to run again. */
#define SYNCHRONOUS_SIGNALS                                                                        \
	(ABI_SIGMASK(SIGSEGV) | ABI_SIGMASK(SIGBUS) | ABI_SIGMASK(SIGILL) | ABI_SIGMASK(SIGTRAP) | \
	 ABI_SIGMASK(SIGFPE) | ABI_SIGMASK(SIGSYS))

int signal_dequeue(struct task *t, abi_sigset_t allowed, siginfo_t *info)
{
	struct signal_state *st = &t->signal;
	abi_sigset_t ready;
	struct sigqueue_entry *e;
	struct list_head *list;
	int signo;
	u32 flags = irq_save();

	ready = st->pending & allowed;
	if (!ready) {
		irq_restore(flags);
		return 0;
	}
	if (ready & SYNCHRONOUS_SIGNALS)
		ready &= SYNCHRONOUS_SIGNALS;
	signo = __builtin_ctzll(ready) + 1;
	list = &st->queue[signo - 1];
	if (list_empty(list)) {
		st->pending &= ~ABI_SIGMASK(signo);
		memset(info, 0, sizeof(*info));
		info->si_signo = signo;
		info->si_code = SI_USER;
	} else {
		e = list_first_entry(list, struct sigqueue_entry, node);
		*info = e->info;
		entry_unlink(st, e);
		if (e->embedded && e->on_deliver)
			e->on_deliver(e, info);
	}
	if (signo == SIGALRM)
		itimer_sigalrm_taken(t); /* Linux's dequeue_signal re-arms ITIMER_REAL */
	irq_restore(flags);
	return signo;
}

/* --- actions and mask ----------------------------------------------------- */

int signal_set_action(struct task *t, int signo, const struct abi_sigaction *act,
		      struct abi_sigaction *oact)
{
	struct signal_state *st = &t->signal;
	struct abi_sigaction *slot;
	bool was_ignored, now_ignored;
	u32 flags;

	if (!signo_valid(signo))
		return -EINVAL;
	if (act && (ABI_SIGMASK(signo) & SIGNAL_UNBLOCKABLE))
		return -EINVAL;
	slot = &st->action[signo - 1];
	flags = irq_save();
	if (oact)
		*oact = *slot;
	if (!act) {
		irq_restore(flags);
		return 0;
	}
	was_ignored = handler_ignores(slot->handler, signo);
	*slot = *act;
	slot->mask &= ~SIGNAL_UNBLOCKABLE;
	slot->flags &= SIGNAL_SA_KNOWN;
	now_ignored = handler_ignores(slot->handler, signo);
	/* POSIX: setting an ignoring action discards what is pending, blocked or not. */
	if (now_ignored) {
		flush_signal(st, signo, true);
	} else if (was_ignored) {
		unpark_signal(st, signo);
		signal_wake(t, signo);
	}
	irq_restore(flags);
	return 0;
}

int signal_set_mask(struct task *t, int how, const abi_sigset_t *set, abi_sigset_t *oset)
{
	struct signal_state *st = &t->signal;
	abi_sigset_t mask;
	u32 flags;

	if (set && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
		return -EINVAL;
	flags = irq_save();
	if (oset)
		*oset = st->blocked;
	if (set) {
		mask = *set & ~SIGNAL_UNBLOCKABLE;
		if (how == SIG_BLOCK)
			st->blocked |= mask;
		else if (how == SIG_UNBLOCK)
			st->blocked &= ~mask;
		else
			st->blocked = mask;
	}
	irq_restore(flags);
	return 0;
}
