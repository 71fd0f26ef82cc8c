/*
 * timer_latency: how late a periodic POSIX timer's handler runs, measured
 * from inside the handler, and a short run with an overrun for the trace.
 * The workload of `make plot` (mk/trace.mk), booted as init under QEMU's
 * -icount (deterministic virtual time).
 *
 *   timer_latency [PERIODS]       (default 1000)
 *
 * 1. A 1 ms periodic CLOCK_MONOTONIC timer, first expiry at an absolute
 *    time T0, so its k-th deadline is T0 + k ms exactly.  The handler reads
 *    CLOCK_MONOTONIC; its latency is that minus the deadline of the expiry
 *    it handles (k counts handled signals plus their si_overrun).  Tracing
 *    is off here: the figures are the kernel's own, without the trace.
 * 2. With tracing on (/proc/trace_on): a few periods, then the signal
 *    blocked for 3.5 periods, then unblocked: one signal carrying the
 *    deadlines passed while it waited as si_overrun (2 under -icount:
 *    the first passed deadline is the one whose signal waits), then a few
 *    periods more.  It exits 3 if no overrun was seen.  The trace (trace=dump on the
 *    command line) shows it; tools/plot-latency draws it.
 *
 * Output (stdout): "latency_ns N" per handled period of part 1, then
 * "summary periods=N p50_ns=.. p99_ns=.. max_ns=..", "overrun_timer=ID
 * overrun=K pid=P".
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PERIOD_NS 1000000LL
#define MAX_SAMPLES 20000

static long long t0_ns, samples[MAX_SAMPLES];
static volatile int handled, nsamples, recording = 1;
static volatile long long index_k; /* the expiry being handled: 0, 1, ... */
static volatile int last_overrun, max_overrun;

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void on_timer(int signo, siginfo_t *info, void *uc)
{
	long long now = now_ns();

	(void)signo;
	(void)uc;
	if (handled > 0)
		index_k += 1;
	index_k += info->si_overrun;
	last_overrun = info->si_overrun;
	if (last_overrun > max_overrun)
		max_overrun = last_overrun;
	if (recording && nsamples < MAX_SAMPLES)
		samples[nsamples++] = now - (t0_ns + index_k * PERIOD_NS);
	handled++;
}

static void put(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, s, strlen(s)) < 0)
		printf("timer_latency: cannot write %s\n", path);
	if (fd >= 0)
		close(fd);
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static void wait_handled(int n)
{
	while (handled < n)
		pause();
}

int main(int argc, char **argv)
{
	int periods = argc > 1 ? atoi(argv[1]) : 1000;
	struct sigaction sa = { 0 };
	struct sigevent ev = { 0 };
	struct itimerspec its = { .it_interval = { 0, PERIOD_NS } };
	sigset_t block;
	timer_t tid;
	long long until;

	if (periods < 1 || periods > MAX_SAMPLES)
		periods = 1000;
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGRTMIN, &sa, NULL);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (timer_create(CLOCK_MONOTONIC, &ev, &tid)) {
		perror("timer_create");
		return 1;
	}
	put("/proc/trace_on", "0");
	t0_ns = now_ns() + PERIOD_NS;
	its.it_value.tv_sec = t0_ns / 1000000000LL;
	its.it_value.tv_nsec = t0_ns % 1000000000LL;
	timer_settime(tid, TIMER_ABSTIME, &its, NULL);
	wait_handled(periods);

	/* Part 2: traced, with an overrun. */
	recording = 0;
	put("/proc/trace", "\n");
	put("/proc/trace_on", "1");
	wait_handled(handled + 3);
	sigemptyset(&block);
	sigaddset(&block, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &block, NULL);
	until = now_ns() + 3 * PERIOD_NS + PERIOD_NS / 2;
	while (now_ns() < until)
		; /* busy: the signal waits, the timer is not re-armed */
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	wait_handled(handled + 3);
	put("/proc/trace_on", "0");
	timer_delete(tid);

	for (int i = 0; i < nsamples; i++)
		printf("latency_ns %lld\n", samples[i]);
	qsort(samples, nsamples, sizeof(samples[0]), cmp);
	printf("summary periods=%d p50_ns=%lld p99_ns=%lld max_ns=%lld\n", nsamples,
	       samples[nsamples / 2], samples[(nsamples * 99) / 100 < nsamples ? (nsamples * 99) / 100 : nsamples - 1],
	       samples[nsamples - 1]);
	printf("overrun_timer=%ld overrun=%d pid=%d\n", (long)tid, max_overrun, (int)getpid());
	return max_overrun > 0 ? 0 : 3;
}
