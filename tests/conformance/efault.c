/*
 * Bad pointers that the C library hands to the kernel unchanged: each gives
 * EFAULT and changes nothing.  (Where glibc itself reads or writes through
 * the pointer, the case is in efault_libc.c.)  BAD_PTR_LOW is the first
 * page; BAD_PTR_HIGH is 0xC0000000, the kernel's on tick386.
 */
#include "conformance.h"

static const struct {
	void *p;
	const char *name;
} bad[] = {
	{ BAD_PTR_LOW, "(void *)1" },
	{ BAD_PTR_HIGH, "0xC0000000" },
};
#define NBAD (sizeof(bad) / sizeof(bad[0]))

static void timers(void)
{
	timer_t t;
	struct itimerspec v;

	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &t);
	for (unsigned i = 0; i < NBAD; i++) {
		EXPECT(timer_settime(t, 0, bad[i].p, NULL), EFAULT,
		       "timer_settime new value %s", bad[i].name);
		ok(timer_left(t) == 0, "and the timer stays disarmed");
		EXPECT(timer_gettime(t, bad[i].p), EFAULT,
		       "timer_gettime %s", bad[i].name);
	}
	EXPECT(timer_gettime(t, NULLP), EFAULT, "timer_gettime NULL");
	/* Linux arms the timer, then fails to write the old value. */
	v.it_value = ns_ts(NS_PER_S);
	v.it_interval = ns_ts(0);
	for (unsigned i = 0; i < NBAD; i++)
		EXPECT(timer_settime(t, 0, &v, bad[i].p), EFAULT,
		       "timer_settime old value %s", bad[i].name);
	timer_delete(t);
}

static void cpu_clocks(void)
{
	static const struct {
		clockid_t id;
		const char *name;
	} c[] = {
		{ CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID" },
		{ CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID" },
	};

	/* glibc reads these clocks through the system call, not the vDSO. */
	for (unsigned k = 0; k < 2; k++) {
		EXPECT(clock_gettime(c[k].id, NULLP), EFAULT,
		       "clock_gettime(%s, NULL)", c[k].name);
		for (unsigned i = 0; i < NBAD; i++) {
			EXPECT(clock_gettime(c[k].id, bad[i].p), EFAULT,
			       "clock_gettime(%s, %s)", c[k].name, bad[i].name);
			EXPECT(clock_getres(c[k].id, bad[i].p), EFAULT,
			       "clock_getres(%s, %s)", c[k].name, bad[i].name);
		}
	}
}

static void sleeps(void)
{
	struct timespec t = ns_ts(1000);

	EXPECT_RET(clock_nanosleep(CLOCK_MONOTONIC, 0, NULLP, NULL), EFAULT,
		   "clock_nanosleep req NULL returns EFAULT");
	for (unsigned i = 0; i < NBAD; i++)
		EXPECT_RET(clock_nanosleep(CLOCK_MONOTONIC, 0, bad[i].p, NULL),
			   EFAULT, "clock_nanosleep req %s returns EFAULT",
			   bad[i].name);
	/* rem is written only when a handler interrupts the sleep */
	EXPECT_RET(clock_nanosleep(CLOCK_MONOTONIC, 0, &t, BAD_PTR_LOW), 0,
		   "clock_nanosleep bad rem, not interrupted, returns 0");
	EXPECT(nanosleep(NULLP, NULL), EFAULT, "nanosleep NULL");
	for (unsigned i = 0; i < NBAD; i++)
		EXPECT(nanosleep(bad[i].p, NULL), EFAULT, "nanosleep req %s",
		       bad[i].name);
}

static volatile sig_atomic_t h_count;
static void handler(int sig)
{
	(void)sig;
	h_count++;
}

/* An interrupted sleep that cannot write rem reports EFAULT. */
static void interrupted_bad_rem(void)
{
	timer_t t;
	struct timespec req = ns_ts(NS_PER_S);
	int r;

	set_disposition(SIGUSR1, handler);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0, &t);
	arm_timer(t, 0, 20 * NS_PER_MS, 0);
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, BAD_PTR_LOW);
	why("returned %s", errname(r));
	ok(r == EFAULT && h_count == 1,
	   "clock_nanosleep interrupted with a bad rem returns EFAULT");
	timer_delete(t);
	set_disposition(SIGUSR1, SIG_DFL);
}

int main(void)
{
	timers();
	cpu_clocks();
	sleeps();
	interrupted_bad_rem();
	return done();
}
