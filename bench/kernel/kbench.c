/*
 * kbench: the kernel benchmark, one source for tick386 and for Linux i386.
 *
 * Built by tools/ucc against user/libc for tick386 and by the i686 cross
 * gcc -static against glibc for Linux (mk/bench-kernel.mk); each system
 * boots it as init under QEMU -icount shift=3 (8 ns of virtual time per
 * guest instruction, idle time skipped), so that clock_gettime's virtual
 * nanoseconds count instructions and a run repeats.
 *
 * Output: one line per figure, the same names on both systems,
 *     kbench: NANOSECONDS NAME
 * and notes as "kbench# ...".  bench/kernel/table joins two runs into the
 * table (instructions = ns / 8, and their ratio).
 *
 * How each figure is taken:
 *  - getpid, clock_gettime: a loop of 10,000 calls between two clock reads,
 *    divided by 10,000.
 *  - timer_settime/gettime/delete/create at N armed: 1,000 samples, each one
 *    call between two clock reads, less the cost of two reads with nothing
 *    between (measured the same way); the median.  The other timers are
 *    armed 1,000-1,100 s ahead in a scrambled order on a blocked signal, so
 *    none fires; delete re-creates (untimed) what it deleted and create
 *    deletes (untimed) what it made, so N stays N.
 *  - deadline -> handler: a 1 ms periodic CLOCK_MONOTONIC timer (absolute
 *    first expiry), an SA_SIGINFO handler whose first act is clock_gettime;
 *    the latency is that time less the deadline (the next deadline is the
 *    last one plus 1 + si_overrun periods), 1,000 samples; so it includes
 *    one clock_gettime.  "4 busy tasks": 4 forked children spin meanwhile.
 *  - context switch: parent and child ping-pong 1,000 times with kill and
 *    sigwaitinfo (signals blocked); a round trip is two switches, two kills
 *    and two sigwaitinfo calls: half of it is reported.
 *  - timer expiry (IRQ0): a loop of 2-instruction iterations spins for
 *    about 200 ms with a 1 ms periodic timer whose handler is empty, and
 *    again without; the extra time divided by the handler runs is what one
 *    expiry takes from a running task: IRQ0, the queue, the signal frame,
 *    the handler and sigreturn.  "own tick": the spinning loop's loss per
 *    ms with no timer of ours (a periodic scheduler tick shows here).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifndef __tick386__
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/resource.h>
#include <sys/stat.h>
#endif

#define MAX_ARMED 100000
#define SAMPLES 1000
#define PERIOD_NS 1000000LL
#define FAR_SIG SIGRTMIN      /* the armed timers' signal, blocked */
#define TICK_SIG (SIGRTMIN + 1) /* the measured timer's signal */

static timer_t ids[MAX_ARMED];
static int narmed;
static long long pair_ns; /* two clock reads with nothing between */
static long long samples[SAMPLES];

static long long now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void row(const char *name, double ns)
{
	printf("kbench: %.1f %s\n", ns, name);
	fflush(stdout);
}

static void die(const char *what)
{
	printf("kbench# error: %s: %s\n", what, strerror(errno));
	fflush(stdout);
	exit(1);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

static long long median(long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_ll);
	return v[n / 2];
}

/* ---- the far timers: armed, never firing ---- */

static void arm_far(timer_t id, int k)
{
	struct itimerspec its;
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = 1000 + k % 100;
	its.it_value.tv_nsec = (long)((k * 9973LL) % 1000000000LL);
	if (timer_settime(id, 0, &its, NULL) != 0)
		die("timer_settime (far)");
}

static timer_t create_far(int k)
{
	struct sigevent ev;
	timer_t id;
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = FAR_SIG;
	ev.sigev_value.sival_int = k;
	if (timer_create(CLOCK_MONOTONIC, &ev, &id) != 0)
		die("timer_create (far)");
	return id;
}

static void arm_up_to(int n)
{
	while (narmed < n) {
		ids[narmed] = create_far(narmed);
		arm_far(ids[narmed], narmed);
		narmed++;
	}
}

static int scrambled(int i, int n)
{
	return (int)(((long long)i * 7919) % n);
}

/* ---- the system call rows ---- */

static void bench_getpid_and_clock(void)
{
	long long t0, t1;
	int n = 10000;

	t0 = now_ns();
	for (int i = 0; i < n; i++)
		(void)getpid();
	t1 = now_ns();
	row("getpid round trip", (double)(t1 - t0) / n);

	t0 = now_ns();
	for (int i = 0; i < n; i++)
		(void)now_ns();
	t1 = now_ns();
	row("clock_gettime(CLOCK_MONOTONIC)", (double)(t1 - t0) / n);
}

static void calibrate_pair(void)
{
	for (int i = 0; i < SAMPLES; i++) {
		long long t0 = now_ns();
		long long t1 = now_ns();
		samples[i] = t1 - t0;
	}
	pair_ns = median(samples, SAMPLES);
}

static void bench_at_level(const char *level)
{
	char name[96];
	struct itimerspec its;
	long long t0, t1;

	for (int i = 0; i < SAMPLES; i++) {
		int k = scrambled(i, narmed);
		int when = scrambled(i + narmed, 100003);
		memset(&its, 0, sizeof(its));
		its.it_value.tv_sec = 1000 + when % 100;
		its.it_value.tv_nsec = (long)((when * 7717LL) % 1000000000LL);
		t0 = now_ns();
		timer_settime(ids[k], 0, &its, NULL);
		t1 = now_ns();
		samples[i] = t1 - t0 - pair_ns;
	}
	snprintf(name, sizeof(name), "timer_settime, %s armed", level);
	row(name, (double)median(samples, SAMPLES));

	for (int i = 0; i < SAMPLES; i++) {
		int k = scrambled(i, narmed);
		t0 = now_ns();
		timer_gettime(ids[k], &its);
		t1 = now_ns();
		samples[i] = t1 - t0 - pair_ns;
	}
	snprintf(name, sizeof(name), "timer_gettime, %s armed", level);
	row(name, (double)median(samples, SAMPLES));

	for (int i = 0; i < SAMPLES; i++) {
		int k = scrambled(i, narmed);
		t0 = now_ns();
		timer_delete(ids[k]);
		t1 = now_ns();
		samples[i] = t1 - t0 - pair_ns;
		ids[k] = create_far(k);
		arm_far(ids[k], k);
	}
	snprintf(name, sizeof(name), "timer_delete, %s armed", level);
	row(name, (double)median(samples, SAMPLES));
}

static void bench_create(const char *level)
{
	struct sigevent ev;
	char name[96];
	timer_t id;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = FAR_SIG;
	for (int i = 0; i < SAMPLES; i++) {
		long long t0 = now_ns();
		int rc = timer_create(CLOCK_MONOTONIC, &ev, &id);
		long long t1 = now_ns();
		if (rc != 0)
			die("timer_create");
		samples[i] = t1 - t0 - pair_ns;
		timer_delete(id);
	}
	snprintf(name, sizeof(name), "timer_create, %s armed", level);
	row(name, (double)median(samples, SAMPLES));
}

/* ---- the periodic timer: latency and spin loss ---- */

static volatile int tick_count;
static volatile int tick_want;
static volatile long long tick_next;
static long long latency[SAMPLES];

static void on_tick_latency(int sig, siginfo_t *si, void *uc)
{
	long long now = now_ns();
	(void)sig;
	(void)uc;
	if (tick_count < tick_want)
		latency[tick_count++] = now - tick_next;
	tick_next += (1 + si->si_overrun) * PERIOD_NS;
}

static void on_tick_empty(int sig)
{
	(void)sig;
	tick_count++;
}

/* A 1 ms periodic timer on TICK_SIG, first expiry 5 ms from now. */
static timer_t start_periodic(long long *first)
{
	struct sigevent ev;
	struct itimerspec its;
	timer_t id;
	long long t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = TICK_SIG;
	if (timer_create(CLOCK_MONOTONIC, &ev, &id) != 0)
		die("timer_create (periodic)");
	t = now_ns() + 5 * PERIOD_NS;
	*first = t;
	its.it_interval.tv_sec = 0;
	its.it_interval.tv_nsec = PERIOD_NS;
	its.it_value.tv_sec = (time_t)(t / 1000000000LL);
	its.it_value.tv_nsec = (long)(t % 1000000000LL);
	if (timer_settime(id, TIMER_ABSTIME, &its, NULL) != 0)
		die("timer_settime (periodic)");
	return id;
}

static pid_t spinners[4];

static void start_spinners(int n)
{
	for (int i = 0; i < n; i++) {
		spinners[i] = fork();
		if (spinners[i] < 0)
			die("fork");
		if (spinners[i] == 0)
			for (;;)
				__asm__ volatile("");
	}
}

static void stop_spinners(int n)
{
	for (int i = 0; i < n; i++) {
		kill(spinners[i], SIGKILL);
		waitpid(spinners[i], NULL, 0);
	}
}

static void bench_latency(const char *what, int busy)
{
	struct sigaction sa;
	sigset_t none;
	char name[96];
	long long first;
	timer_t id;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_tick_latency;
	sa.sa_flags = SA_SIGINFO;
	sigaction(TICK_SIG, &sa, NULL);
	start_spinners(busy);
	tick_count = 0;
	tick_want = SAMPLES;
	id = start_periodic(&first);
	tick_next = first;
	sigemptyset(&none);
	sigaddset(&none, FAR_SIG);
	while (tick_count < SAMPLES)
		sigsuspend(&none);
	timer_delete(id);
	stop_spinners(busy);
	qsort(latency, SAMPLES, sizeof(latency[0]), cmp_ll);
	snprintf(name, sizeof(name), "deadline -> handler p50, %s", what);
	row(name, (double)latency[SAMPLES / 2]);
	snprintf(name, sizeof(name), "deadline -> handler p99, %s", what);
	row(name, (double)latency[SAMPLES * 99 / 100]);
	snprintf(name, sizeof(name), "deadline -> handler max, %s", what);
	row(name, (double)latency[SAMPLES - 1]);
}

static long long spin(unsigned iterations)
{
	long long t0 = now_ns();
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+c"(iterations));
	return now_ns() - t0;
}

#define SPIN_ITER 12500000u /* 25 M instructions, 200 ms at 8 ns each */

static void bench_expiry(const char *what, int own_tick_row)
{
	struct sigaction sa;
	long long quiet, busy, first, best1 = -1, best2 = -1, per10k;
	char name[96];
	timer_t id;
	int n;

	/* The loop's own time, from the fastest of short runs (which no
	 * interrupt falls into) at two lengths: their difference is the cost
	 * of 10,000 iterations, the rest the fixed cost of a run. */
	for (int i = 0; i < 200; i++) {
		long long t1 = spin(10000), t2 = spin(20000);
		if (best1 < 0 || t1 < best1)
			best1 = t1;
		if (best2 < 0 || t2 < best2)
			best2 = t2;
	}
	per10k = best2 - best1;
	quiet = spin(SPIN_ITER);
	if (own_tick_row) {
		long long alone = per10k * (SPIN_ITER / 10000) + (best1 - per10k);
		row("spin loss per ms, no timer firing (the kernel's own tick)",
		    (double)(quiet - alone) / ((double)quiet / 1e6));
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_tick_empty;
	sigaction(TICK_SIG, &sa, NULL);
	tick_count = 0;
	id = start_periodic(&first);
	while (now_ns() < first) /* the first expiry falls into the spin */
		;
	busy = spin(SPIN_ITER);
	n = tick_count;
	timer_delete(id);
	if (n == 0)
		n = 1;
	snprintf(name, sizeof(name), "timer expiry to empty handler (spin loss), %s", what);
	row(name, (double)(busy - quiet) / n);
}

/* ---- context switch ---- */

static void bench_switch(void)
{
	sigset_t set;
	siginfo_t si;
	pid_t child, parent = getpid();
	long long t0, t1;
	int n = SAMPLES;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	child = fork();
	if (child < 0)
		die("fork");
	if (child == 0) {
		sigset_t one;
		sigemptyset(&one);
		sigaddset(&one, SIGUSR1);
		for (;;) {
			sigwaitinfo(&one, &si);
			kill(parent, SIGUSR2);
		}
	}
	sigdelset(&set, SIGUSR1);
	/* One round trip first, so that the child is waiting. */
	kill(child, SIGUSR1);
	sigwaitinfo(&set, &si);
	t0 = now_ns();
	for (int i = 0; i < n; i++) {
		kill(child, SIGUSR1);
		sigwaitinfo(&set, &si);
	}
	t1 = now_ns();
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	row("context switch (kill + sigwaitinfo ping-pong, half a round trip)",
	    (double)(t1 - t0) / n / 2);
}

/* ---- Linux as init: a console, the signal limit, power off ---- */

static void system_start(void)
{
#ifndef __tick386__
	struct rlimit rl = {RLIM_INFINITY, RLIM_INFINITY};
	/* Linux's init from an initramfs without /dev/console has no fd 0-2. */
	if (getpid() == 1 && write(1, "", 0) < 0) {
		int fd;
		mkdir("/dev", 0755);
		mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
		fd = open("/dev/console", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
	}
	/* Each armed timer holds a preallocated queued signal. */
	if (setrlimit(RLIMIT_SIGPENDING, &rl) != 0)
		die("setrlimit(RLIMIT_SIGPENDING)");
#endif
}

static void system_end(int status)
{
	fflush(stdout);
#ifndef __tick386__
	if (getpid() == 1)
		reboot(RB_POWER_OFF);
#endif
	exit(status);
}

int main(void)
{
	sigset_t far;

	system_start();
#ifdef __tick386__
	printf("kbench# system: tick386\n");
#else
	printf("kbench# system: linux\n");
#endif
	sigemptyset(&far);
	sigaddset(&far, FAR_SIG);
	sigprocmask(SIG_BLOCK, &far, NULL);

	calibrate_pair();
	row("two clock reads, nothing between (subtracted from the per-call rows)",
	    (double)pair_ns);
	bench_getpid_and_clock();
	bench_switch();

	bench_latency("1 armed", 0);
	bench_latency("1 armed + 4 busy tasks", 4);
	bench_expiry("1 armed", 1);

	arm_up_to(1);
	bench_at_level("1");
	arm_up_to(1000);
	bench_at_level("1,000");
	bench_create("1,000");
	arm_up_to(10000);
	bench_at_level("10,000");
	bench_latency("10,000 armed", 0);
	arm_up_to(100000);
	bench_at_level("100,000");
	bench_expiry("100,000 armed", 0);

	printf("kbench# done\n");
	system_end(0);
	return 0;
}
