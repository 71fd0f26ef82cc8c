/*
 * The scheduler with kernel threads: round-robin order, priorities, yield,
 * sleeping on a wait queue and waking, a kill that ends a sleep, and the
 * memory of every thread coming back.  The kmain thread (the tests) runs at
 * SCHED_PRIO_DEFAULT; it lets the threads run by waiting for them.
 */
#include "arch/i386/cpu.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "kernel/printk.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include <abi/errno.h>
#include "kernel/time/clock.h"
#include <abi/signal.h>

static char log_buf[64];
static unsigned log_len;

static void log_char(char c)
{
	if (log_len < sizeof(log_buf) - 1)
		log_buf[log_len++] = c;
	log_buf[log_len] = '\0';
}

static void log_reset(void)
{
	log_len = 0;
	log_buf[0] = '\0';
}

static bool log_is(const char *want)
{
	unsigned i;

	for (i = 0; want[i] && log_buf[i] == want[i]; i++)
		;
	return !want[i] && !log_buf[i];
}

/* arg: the letter; three rounds, yielding after each. */
static int yielder(void *arg)
{
	for (int i = 0; i < 3; i++) {
		log_char((char)(u32)arg);
		sched_yield_now();
	}
	return (char)(u32)arg;
}

static void test_round_robin(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct task *a, *b, *c;

	log_reset();
	a = task_create_kernel("rr-a", yielder, (void *)'A', SCHED_PRIO_DEFAULT);
	b = task_create_kernel("rr-b", yielder, (void *)'B', SCHED_PRIO_DEFAULT);
	c = task_create_kernel("rr-c", yielder, (void *)'C', SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, a && b && c);
	KEXPECT_EQ(t, task_reap(a), TASK_WSTATUS_EXIT('A'));
	KEXPECT_EQ(t, task_reap(b), TASK_WSTATUS_EXIT('B'));
	KEXPECT_EQ(t, task_reap(c), TASK_WSTATUS_EXIT('C'));
	KEXPECT_TRUE(t, log_is("ABCABCABC"));
	if (!log_is("ABCABCABC"))
		ktest_check(t, false, __FILE__, __LINE__, "order %s", log_buf);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_priorities(struct ktest *t)
{
	struct task *low, *high, *mid;

	log_reset();
	/* Created low first: the higher priority still runs first, to the end. */
	low = task_create_kernel("low", yielder, (void *)'L', SCHED_PRIO_DEFAULT - 5);
	mid = task_create_kernel("mid", yielder, (void *)'M', SCHED_PRIO_DEFAULT + 1);
	high = task_create_kernel("high", yielder, (void *)'H', SCHED_PRIO_DEFAULT + 5);
	KASSERT_TRUE(t, low && mid && high);
	task_reap(low);
	task_reap(mid);
	task_reap(high);
	KEXPECT_TRUE(t, log_is("HHHMMMLLL"));
	if (!log_is("HHHMMMLLL"))
		ktest_check(t, false, __FILE__, __LINE__, "order %s", log_buf);
}

static void test_yield_alone_returns(struct ktest *t)
{
	u32 switches = sched_switch_count();

	/* Nothing else runnable at this priority or above: yield comes straight back. */
	sched_yield_now();
	KEXPECT_EQ(t, sched_switch_count(), switches);
}

static struct wait_queue test_wq = WAIT_QUEUE_INIT;
static volatile int event_flag;
static volatile int sleep_result;

static int sleeper(void *arg)
{
	u32 flags = irq_save();

	(void)arg;
	log_char('s');
	while (!event_flag) {
		sleep_result = wait_sleep(&test_wq, KTIMER_MONOTONIC, KTIME_MAX);
		if (sleep_result)
			break;
	}
	irq_restore(flags);
	log_char('w');
	return 0;
}

static void test_sleep_and_wake(struct ktest *t)
{
	struct task *s;

	log_reset();
	event_flag = 0;
	sleep_result = 99;
	s = task_create_kernel("sleeper", sleeper, NULL, SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, s != NULL);
	sched_yield_now(); /* it runs and goes to sleep */
	KEXPECT_TRUE(t, log_is("s"));
	KEXPECT_EQ(t, s->state, TASK_SLEEPING);
	KEXPECT_FALSE(t, wait_queue_empty(&test_wq));
	sched_yield_now(); /* asleep: it does not run */
	KEXPECT_TRUE(t, log_is("s"));
	/* A wake without the event: it sleeps again. */
	KEXPECT_TRUE(t, wait_wake_one(&test_wq));
	sched_yield_now();
	KEXPECT_EQ(t, s->state, TASK_SLEEPING);
	KEXPECT_EQ(t, sleep_result, 0);
	event_flag = 1;
	KEXPECT_EQ(t, wait_wake_all(&test_wq), 1);
	KEXPECT_EQ(t, s->state, TASK_RUNNABLE);
	task_reap(s);
	KEXPECT_TRUE(t, log_is("sw"));
	KEXPECT_EQ(t, sleep_result, 0);
	KEXPECT_TRUE(t, wait_queue_empty(&test_wq));
	KEXPECT_FALSE(t, wait_wake_one(&test_wq));
}

static void test_kill_ends_sleep(struct ktest *t)
{
	struct task *s;

	log_reset();
	event_flag = 0;
	s = task_create_kernel("victim", sleeper, NULL, SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, s != NULL);
	sched_yield_now();
	KEXPECT_EQ(t, s->state, TASK_SLEEPING);
	task_kill(s, SIGKILL);
	KEXPECT_EQ(t, task_reap(s), TASK_WSTATUS_SIGNAL(SIGKILL));
	KEXPECT_EQ(t, sleep_result, -EINTR);
	KEXPECT_TRUE(t, wait_queue_empty(&test_wq));
}

static int timed_sleeper(void *arg)
{
	(void)arg;
	return -sched_sleep(KTIMER_MONOTONIC, clock_monotonic_ns() + 2000000); /* 2 ms */
}

static void test_sleep_deadline(struct ktest *t)
{
	u64 start = clock_monotonic_ns();
	struct task *s = task_create_kernel("timed", timed_sleeper, NULL, SCHED_PRIO_DEFAULT);

	KASSERT_TRUE(t, s != NULL);
	KEXPECT_EQ(t, task_reap(s), TASK_WSTATUS_EXIT(ETIMEDOUT));
	KEXPECT_GE(t, clock_monotonic_ns() - start, 2000000);
	/* The same on the wall clock, from kmain itself. */
	start = clock_realtime_ns();
	KEXPECT_EQ(t, sched_sleep(KTIMER_REALTIME, start + 3000000), -ETIMEDOUT);
	KEXPECT_GE(t, clock_realtime_ns() - start, 3000000);
	/* A deadline already past: back at once. */
	KEXPECT_EQ(t, sched_sleep(KTIMER_MONOTONIC, clock_monotonic_ns() - 1), -ETIMEDOUT);
}

static int fifo_sleeper(void *arg)
{
	u32 flags = irq_save();

	wait_sleep(&test_wq, KTIMER_MONOTONIC, KTIME_MAX);
	irq_restore(flags);
	log_char((char)(u32)arg);
	return 0;
}

/* wait_wake_one wakes the sleepers in the order they went to sleep. */
static void test_wake_one_is_fifo(struct ktest *t)
{
	struct task *s[3];

	log_reset();
	s[0] = task_create_kernel("f1", fifo_sleeper, (void *)'1', SCHED_PRIO_DEFAULT);
	s[1] = task_create_kernel("f2", fifo_sleeper, (void *)'2', SCHED_PRIO_DEFAULT);
	s[2] = task_create_kernel("f3", fifo_sleeper, (void *)'3', SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, s[0] && s[1] && s[2]);
	sched_yield_now(); /* all three asleep, in order */
	for (int i = 0; i < 3; i++) {
		KEXPECT_EQ(t, s[i]->state, TASK_SLEEPING);
		KEXPECT_TRUE(t, wait_wake_one(&test_wq));
		sched_yield_now();
	}
	for (int i = 0; i < 3; i++)
		task_reap(s[i]);
	KEXPECT_TRUE(t, log_is("123"));
	KEXPECT_TRUE(t, wait_queue_empty(&test_wq));
}

static volatile int woken_result;

static int long_sleeper(void *arg)
{
	(void)arg;
	woken_result = wait_sleep(&test_wq, KTIMER_MONOTONIC, clock_monotonic_ns() + 1000000000ull);
	return 0;
}

/* Woken before its deadline: 0, and its timer is gone (no later wake-up). */
static void test_wake_before_deadline(struct ktest *t)
{
	u32 armed = ktimer_count(KTIMER_MONOTONIC);
	struct task *s = task_create_kernel("long", long_sleeper, NULL, SCHED_PRIO_DEFAULT);

	KASSERT_TRUE(t, s != NULL);
	woken_result = 99;
	sched_yield_now();
	KEXPECT_EQ(t, s->state, TASK_SLEEPING);
	KEXPECT_EQ(t, ktimer_count(KTIMER_MONOTONIC), armed + 1);
	KEXPECT_TRUE(t, wait_wake_one(&test_wq));
	task_reap(s);
	KEXPECT_EQ(t, woken_result, 0);
	KEXPECT_EQ(t, ktimer_count(KTIMER_MONOTONIC), armed);
}

static void burn_ns(u64 ns)
{
	u64 end = clock_monotonic_ns() + ns;

	while (clock_monotonic_ns() < end)
		__asm__ volatile("pause");
}

static volatile u64 burner_cpu_ns[2];

/* Three slices of 1 ms, yielding to the other burner in between. */
static int burner(void *arg)
{
	u32 i = (u32)arg;

	for (int round = 0; round < 3; round++) {
		burn_ns(1000000);
		sched_yield_now();
	}
	burner_cpu_ns[i] = task_cpu_ns(task_current());
	return 0;
}

static void test_cpu_time_accounting(struct ktest *t)
{
	struct task *me = task_current(), *b0, *b1;
	u32 switches = sched_switch_count();
	u64 before = task_cpu_ns(me), mine;

	/* The running slice counts, up to now. */
	burn_ns(2000000);
	KEXPECT_GE(t, task_cpu_ns(me) - before, 2000000);
	/* While kmain sleeps, the CPU time goes to the threads that run, and
	 * each one's time adds up over its slices. */
	b0 = task_create_kernel("burner0", burner, (void *)0, SCHED_PRIO_DEFAULT);
	b1 = task_create_kernel("burner1", burner, (void *)1, SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, b0 && b1);
	before = task_cpu_ns(me);
	task_reap(b0);
	task_reap(b1);
	mine = task_cpu_ns(me) - before;
	KEXPECT_GE(t, sched_switch_count() - switches, 6);
	for (int i = 0; i < 2; i++) {
		KEXPECT_GE(t, burner_cpu_ns[i], 3000000);
		KEXPECT_LT(t, burner_cpu_ns[i], 3000000 + 1000000);
	}
	KEXPECT_GE(t, mine, 0);
	KEXPECT_LT(t, mine, 500000);
}

#define PINGPONG_ROUNDS 2000

static int pingpong(void *arg)
{
	(void)arg;
	for (int i = 0; i < PINGPONG_ROUNDS; i++)
		sched_yield_now();
	return 0;
}

/* Cost of a switch between two kernel threads (yield to yield), printed. */
static void test_switch_cost(struct ktest *t)
{
	struct task *a = task_create_kernel("ping", pingpong, NULL, SCHED_PRIO_DEFAULT);
	struct task *b = task_create_kernel("pong", pingpong, NULL, SCHED_PRIO_DEFAULT);
	u32 switches = sched_switch_count();
	u64 t0 = rdtsc(), ns0 = clock_monotonic_ns(), cycles, ns;
	u32 n;

	KASSERT_TRUE(t, a && b);
	task_reap(a);
	task_reap(b);
	cycles = rdtsc() - t0;
	ns = clock_monotonic_ns() - ns0;
	n = sched_switch_count() - switches;
	KEXPECT_GE(t, n, 2 * PINGPONG_ROUNDS);
	kprintf("# sched: %u switches, %u cycles and %u ns each (x87 state saved and restored)\n",
		n, (unsigned)(cycles / n), (unsigned)(ns / n));
}

KTEST_SUITE(sched, KTEST_CASE(test_round_robin), KTEST_CASE(test_priorities),
	    KTEST_CASE(test_yield_alone_returns), KTEST_CASE(test_sleep_and_wake), KTEST_CASE(test_wake_one_is_fifo),
	    KTEST_CASE(test_kill_ends_sleep), KTEST_CASE(test_sleep_deadline),
	    KTEST_CASE(test_wake_before_deadline),
	    KTEST_CASE(test_cpu_time_accounting), KTEST_CASE(test_switch_cost));
