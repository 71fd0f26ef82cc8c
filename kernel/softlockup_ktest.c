/*
 * The soft-lockup watchdog (kernel/softlockup.h), switched to recording for
 * the test so that the report it makes does not end the run: a kernel
 * thread that spins in the kernel is reported with its pid and an eip in
 * its loop, after the threshold and not before; one that sleeps between
 * its bursts is not.  The test image's own mode (panic) comes back after.
 */
#include "kernel/ktest.h"
#include "kernel/ksyms.h"
#include "kernel/softlockup.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "lib/string.h"

#define TEST_THRESH_NS 100000000ull /* 100 ms */
/* Iterations before a spinner gives up: about 2 s of virtual time (-icount
 * shift=3), 20 times the threshold. */
#define SPIN_LIMIT 40000000u

static volatile u64 spin_started_ns;

/* Loops, never sleeping, until the watchdog reports or SPIN_LIMIT. */
__attribute__((noinline)) static int softlockup_ktest_spin(void *arg)
{
	const volatile struct softlockup_record *rec = softlockup_record();

	(void)arg;
	spin_started_ns = clock_monotonic_ns();
	for (u32 i = 0; i < SPIN_LIMIT && rec->count == 0; i++)
		__asm__ volatile("pause");
	return 0;
}

/* Bursts of 20 ms spinning with a 1 ms sleep between, for 600 ms. */
static int sleepy_bursts(void *arg)
{
	u64 end = clock_monotonic_ns() + 600000000ull;

	(void)arg;
	while (clock_monotonic_ns() < end) {
		u64 burst_end = clock_monotonic_ns() + 20000000ull;

		while (clock_monotonic_ns() < burst_end)
			__asm__ volatile("pause");
		sched_sleep(KTIMER_MONOTONIC, clock_monotonic_ns() + 1000000ull);
	}
	return 0;
}

static void test_spinner_reported(struct ktest *t)
{
	const volatile struct softlockup_record *rec = softlockup_record();
	enum softlockup_mode mode;
	u64 thresh, reported_at;
	struct task *spinner;
	const char *fn;
	u32 offset = 0;
	int pid;

	if (!softlockup_active()) {
		ktest_skip(t, "the watchdog is off (watchdog=0)");
		return;
	}
	softlockup_configure(SOFTLOCKUP_RECORD, TEST_THRESH_NS, &mode, &thresh);
	spinner = task_create_kernel("lockup", softlockup_ktest_spin, NULL, SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, spinner != NULL);
	pid = spinner->pid;
	task_reap(spinner); /* it runs, spinning, until reported */
	reported_at = clock_monotonic_ns();

	KEXPECT_EQ(t, rec->count, 1);
	KEXPECT_EQ(t, rec->pid, pid);
	fn = ksym_lookup(rec->eip, &offset);
	KEXPECT_TRUE(t, fn && strcmp(fn, "softlockup_ktest_spin") == 0);
	KEXPECT_GE(t, rec->stuck_ns, TEST_THRESH_NS);
	/* found within a tick or so of the threshold (a tick: <= 55 ms) */
	KEXPECT_LT(t, reported_at - spin_started_ns, TEST_THRESH_NS + 200000000ull);
	softlockup_configure(mode, thresh, &mode, &thresh); /* clears the record */
}

static void test_sleeper_not_reported(struct ktest *t)
{
	const volatile struct softlockup_record *rec = softlockup_record();
	enum softlockup_mode mode;
	u64 thresh;
	struct task *th;

	if (!softlockup_active()) {
		ktest_skip(t, "the watchdog is off (watchdog=0)");
		return;
	}
	softlockup_configure(SOFTLOCKUP_RECORD, TEST_THRESH_NS, &mode, &thresh);
	th = task_create_kernel("bursts", sleepy_bursts, NULL, SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, th != NULL);
	task_reap(th);
	KEXPECT_EQ(t, rec->count, 0);
	softlockup_configure(mode, thresh, &mode, &thresh); /* clears the record */
}

KTEST_SUITE(softlockup, KTEST_CASE(test_spinner_reported), KTEST_CASE(test_sleeper_not_reported));
