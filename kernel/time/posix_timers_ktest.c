/*
 * KTAP suite of the POSIX timers whose signal is ignored (Linux 6.13's
 * model, kernel/signal/signal.h): a periodic timer is parked and brings one
 * signal with its overrun back when a handler comes; a one-shot timer's
 * signal is discarded by SIG_IGN; timer_settime and timer_delete discard
 * the parked signal of the old setting.
 *
 * The kmain thread makes the system calls itself, on a borrowed address
 * space holding the user-side structures (as mm/uaccess_ktest.c does: they
 * are reached with copy_to_user / copy_from_user, not by CR3), and
 * takes the timer's signal with signal_dequeue, as sigtimedwait would.
 */
#include "kernel/ktest.h"
#include "kernel/signal/signal.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/posix_syscalls.h"
#include "mm/uaccess.h"
#include "mm/vm.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/signal.h>
#include <abi/time.h>

#define SIG (SIGRTMIN + 4)
#define MS 1000000ull
#define USER_PAGE 0x08048000u

/* The user-side structures of the calls, on the borrowed page. */
struct user_args {
	struct sigevent ev;
	timer_t id;
	struct itimerspec value;
};

struct borrowed {
	struct vm saved_vm;
	abi_sigset_t saved_mask;
	struct abi_sigaction saved_action;
	struct user_args *args; /* in user space */
	timer_t id;
};

static void dummy_handler(int sig)
{
	(void)sig;
}

static void set_action(int signo, abi_sighandler_t handler)
{
	struct abi_sigaction act;

	memset(&act, 0, sizeof(act));
	act.handler = handler;
	signal_set_action(current, signo, &act, NULL);
}

static void set_blocked(int signo, bool blocked)
{
	abi_sigset_t set = ABI_SIGMASK(signo);

	signal_set_mask(current, blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static bool sig_pending(void)
{
	return signal_pending_set(current) & ABI_SIGMASK(SIG);
}

static bool create(struct ktest *kt, struct borrowed *b)
{
	if (!KEXPECT_EQ(kt, sys_timer_create(CLOCK_MONOTONIC, &b->args->ev, &b->args->id), 0))
		return false;
	return KEXPECT_EQ(kt, copy_from_user(&b->id, &b->args->id, sizeof(b->id)), 0);
}

/* Borrow an address space and a timer on SIG; false (case failed) if not. */
static bool setup(struct ktest *kt, struct borrowed *b)
{
	struct task *me = current;
	struct user_args *u = (struct user_args *)USER_PAGE;

	struct sigevent ev;

	b->saved_vm = me->vm;
	b->args = u;
	b->id = -1;
	signal_set_mask(me, SIG_BLOCK, NULL, &b->saved_mask);
	signal_set_action(me, SIG, NULL, &b->saved_action);
	if (!KEXPECT_EQ(kt, vm_init(&me->vm), 0))
		return false;
	KEXPECT_EQ(kt, vm_map_zero(&me->vm, USER_PAGE, VM_READ | VM_WRITE), 0);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIG;
	ev.sigev_value.sival_int = 77;
	if (!KEXPECT_EQ(kt, copy_to_user(&u->ev, &ev, sizeof(ev)), 0))
		return false;
	return create(kt, b);
}

static void teardown(struct borrowed *b)
{
	struct task *me = current;
	siginfo_t info;

	if (b->id >= 0)
		sys_timer_delete(b->id);
	while (signal_dequeue(me, ABI_SIGMASK(SIG), &info))
		;
	signal_set_action(me, SIG, &b->saved_action, NULL);
	signal_set_mask(me, SIG_SETMASK, &b->saved_mask, NULL);
	vm_destroy(&me->vm);
	me->vm = b->saved_vm;
}

static long arm(struct borrowed *b, u64 value_ns, u64 interval_ns)
{
	struct itimerspec v;

	v.it_value.tv_sec = (long)(value_ns / 1000000000ull);
	v.it_value.tv_nsec = (long)(value_ns % 1000000000ull);
	v.it_interval.tv_sec = (long)(interval_ns / 1000000000ull);
	v.it_interval.tv_nsec = (long)(interval_ns % 1000000000ull);
	if (copy_to_user(&b->args->value, &v, sizeof(v)))
		return -EFAULT;
	return sys_timer_settime(b->id, 0, &b->args->value, NULL);
}

static void sleep_ms(u64 ms)
{
	u64 until = clock_monotonic_ns() + ms * MS;

	while (clock_monotonic_ns() < until)
		sched_sleep(KTIMER_MONOTONIC, until);
}

/* Wait (up to 1 s) for SIG to be pending, blocked. */
static bool wait_pending(void)
{
	u64 end = clock_monotonic_ns() + 1000 * MS;

	while (!sig_pending() && clock_monotonic_ns() < end)
		sleep_ms(1);
	return sig_pending();
}

/* Parked while ignored; a handler brings one signal carrying the overrun. */
static void test_periodic_parked_then_handled(struct ktest *kt)
{
	struct borrowed b;
	siginfo_t info;

	if (!setup(kt, &b))
		goto out;
	set_action(SIG, SIG_IGN);
	KEXPECT_EQ(kt, arm(&b, 2 * MS, 2 * MS), 0);
	sleep_ms(15); /* about 7 periods, all ignored */
	KEXPECT_FALSE(kt, sig_pending());
	set_blocked(SIG, true);
	set_action(SIG, dummy_handler);
	KEXPECT_TRUE(kt, sig_pending());
	KEXPECT_EQ(kt, signal_dequeue(current, ABI_SIGMASK(SIG), &info), SIG);
	KEXPECT_EQ(kt, info.si_code, SI_TIMER);
	KEXPECT_EQ(kt, info.si_value.sival_int, 77);
	KEXPECT_OP(kt, info.si_overrun, >=, 4);
	KEXPECT_EQ(kt, sys_timer_getoverrun(b.id), info.si_overrun);
	/* One signal: the delivery re-armed the timer, nothing else waits. */
	KEXPECT_EQ(kt, signal_dequeue(current, ABI_SIGMASK(SIG), &info), 0);
	/* And it runs on. */
	KEXPECT_TRUE(kt, wait_pending());
out:
	teardown(&b);
}

/* POSIX: SIG_IGN discards a one-shot timer's pending (blocked) signal. */
static void test_oneshot_discarded_by_ignore(struct ktest *kt)
{
	struct borrowed b;
	siginfo_t info;

	if (!setup(kt, &b))
		goto out;
	set_action(SIG, dummy_handler);
	set_blocked(SIG, true);
	KEXPECT_EQ(kt, arm(&b, 1 * MS, 0), 0);
	KEXPECT_TRUE(kt, wait_pending());
	set_action(SIG, SIG_IGN);
	KEXPECT_FALSE(kt, sig_pending());
	set_action(SIG, dummy_handler);
	KEXPECT_FALSE(kt, sig_pending());
	KEXPECT_EQ(kt, signal_dequeue(current, ABI_SIGMASK(SIG), &info), 0);
out:
	teardown(&b);
}

/* The parked signal belongs to the old setting: settime and delete drop it. */
static void test_settime_delete_discard_parked(struct ktest *kt)
{
	struct borrowed b;
	siginfo_t info;

	if (!setup(kt, &b))
		goto out;
	set_action(SIG, SIG_IGN);
	set_blocked(SIG, true);
	KEXPECT_EQ(kt, arm(&b, 1 * MS, 1 * MS), 0);
	KEXPECT_TRUE(kt, wait_pending()); /* blocked: queued though ignored */
	set_action(SIG, SIG_IGN);	  /* parks it */
	KEXPECT_FALSE(kt, sig_pending());
	KEXPECT_EQ(kt, arm(&b, 1000000 * MS, 0), 0); /* far away */
	set_action(SIG, dummy_handler);
	KEXPECT_FALSE(kt, sig_pending());
	KEXPECT_EQ(kt, signal_dequeue(current, ABI_SIGMASK(SIG), &info), 0);

	set_action(SIG, SIG_IGN);
	KEXPECT_EQ(kt, arm(&b, 1 * MS, 1 * MS), 0);
	sleep_ms(5); /* parked at its expiry */
	KEXPECT_EQ(kt, sys_timer_delete(b.id), 0);
	b.id = -1;
	set_action(SIG, dummy_handler);
	KEXPECT_FALSE(kt, sig_pending());
	KEXPECT_TRUE(kt, list_empty(&current->signal.ignored));
out:
	teardown(&b);
}

KTEST_SUITE(posix_timer_ignored, KTEST_CASE(test_periodic_parked_then_handled),
	    KTEST_CASE(test_oneshot_discarded_by_ignore),
	    KTEST_CASE(test_settime_delete_discard_parked));
