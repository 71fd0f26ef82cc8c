/*
 * The race fuzzer's driver.
 *
 *   fuzz-race SEED N [--only=NAME | --round] [--first=E] [--trace]
 *
 * N scenarios; scenario E draws from the generator seeded with (SEED, E)
 * (its kind too, by weight, unless --only names it or --round takes the
 * kinds in turn) and runs in a child process.  The driver (init on both kernels: orphans
 * come back to it) waits for the child with a time-out, reaps what the
 * child left (grandchildren), prints how the child ended, and on tick386
 * compares the kernel's free pages and slab objects with what they were
 * before the scenario.  Lines the two kernels must print alike are plain;
 * the rest are comments ('#'); the run script compares the plain ones and
 * counts "hang", "#L" (lost memory) and the console's panics.
 */
#include "race.h"
#include "race_check.h"
#include "../rng.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

int on_linux;
int race_trace;
const char *self_path;

#define CHILD_TIMEOUT_US 3000000L /* virtual time; the slowest scenario takes ~0.5 s */

/* ---- the generator: splitmix-seeded xorshift64* (as tests/fuzz) -------- */
static uint64_t rng_state;

uint32_t rnd(uint32_t n)
{
	return fuzz_rng_next(&rng_state, n);
}

int chance(int percent)
{
	return (int)rnd(100) < percent;
}

/* ---- output: kept and written in one go (a child flushes before it ends) - */
static char outbuf[16384];
static size_t outlen;

void flush_out(void)
{
	size_t done = 0;

	while (done < outlen) {
		long n = sys3(__NR_write, 1, outbuf + done, outlen - done);

		if (n == -EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	outlen = 0;
}

void say(const char *fmt, ...)
{
	char line[300];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	if (outlen + (size_t)n > sizeof(outbuf))
		flush_out();
	memcpy(outbuf + outlen, line, (size_t)n);
	outlen += (size_t)n;
	if (race_trace)
		flush_out();
}

/* ---- the scenarios ------------------------------------------------------ */
static const struct {
	const char *name;
	int (*fn)(void);
	int weight;
} scenarios[] = {
    {"tfd-close", sc_tfd_close, 4},	 {"fd-chaos", sc_fd_chaos, 4},
    {"exit-sleepers", sc_exit_sleepers, 4}, {"kill-init", sc_kill_init, 1},
    {"selector", sc_selector, 3},	 {"altstack", sc_altstack, 2},
};
#define NSCEN ((int)(sizeof(scenarios) / sizeof(scenarios[0])))

/* --round: scenario E is the (E mod 6)-th kind (a short run sees them all). */
static int round_robin;

static int pick(const char *only, int e)
{
	int total = 0, k;

	if (round_robin && !only)
		return e % NSCEN;
	for (k = 0; k < NSCEN; k++)
		if (!only || !strcmp(only, scenarios[k].name))
			total += scenarios[k].weight;
	if (!total)
		return -1;
	total = (int)rnd((uint32_t)total);
	for (k = 0; k < NSCEN; k++) {
		if (only && strcmp(only, scenarios[k].name))
			continue;
		if (total < scenarios[k].weight)
			return k;
		total -= scenarios[k].weight;
	}
	return -1;
}

static const char *sig_text(int s)
{
	static char b[16];

	switch (s) {
	case SIGSEGV:
		return "SEGV";
	case SIGKILL:
		return "KILL";
	case SIGILL:
		return "ILL";
	case SIGBUS:
		return "BUS";
	default:
		snprintf(b, sizeof(b), "SIG%d", s);
		return b;
	}
}

/*
 * The kernel frees the threads of a process its parent reaped from a task
 * of its own (the reaper, kernel/task/task.c): give it the CPU before
 * counting, or their stacks show as lost for a moment.
 */
static void kstate_settle_take(struct kstate *s)
{
	nap_us(20000);
	kstate_take(s);
}

/* Wait for pid until the time-out: 0 and *status, or -1. */
static int wait_for(pid_t pid, int *status, long us)
{
	long end = now_us() + us;

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -1;
		if (now_us() > end)
			return -1;
		nap_us(2000);
	}
}

/* Orphans came back to init: reap them all (they end within ~0.5 s). */
static int reap_orphans(void)
{
	long end = now_us() + CHILD_TIMEOUT_US;
	int status;

	for (;;) {
		pid_t r = waitpid(-1, &status, WNOHANG);

		if (r < 0 && errno == ECHILD)
			return 0;
		if (r > 0)
			continue;
		if (now_us() > end)
			return -1;
		nap_us(2000);
	}
}

/* The scenario's child: the verdict line, "plain" or comment by kind. */
static void report_end(int e, int k, int status)
{
	/* A child killed by a fault of its own making (a selector gone bad)
	 * ends as the kernel chooses: SIGSEGV on one, SIGILL on another. */
	int exact = scenarios[k].fn != sc_selector;
	char text[40];

	if (WIFSIGNALED(status))
		snprintf(text, sizeof(text), "killed by %s", sig_text(WTERMSIG(status)));
	else
		snprintf(text, sizeof(text), "exit %d", WEXITSTATUS(status));
	if (exact)
		say("%d end: %s", e, text);
	else
		say("%d end\n# %d status: %s", e, e, text);
}

static void linux_init_console(void)
{
	int fd;

	if (write(1, "", 0) == 0)
		return;
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
	}
}

static void finish(int status)
{
	flush_out();
	if (on_linux && getpid() == 1)
		for (;;)
			reboot(RB_POWER_OFF);
	exit(status);
}

static const char *find_self(const char *argv0)
{
	static char path[128];
	const char *base = strrchr(argv0, '/');

	if (on_linux && access("/init", X_OK) == 0)
		return "/init";
	snprintf(path, sizeof(path), "/bin/%s", base ? base + 1 : argv0);
	if (access(path, X_OK) == 0)
		return path;
	return argv0;
}

int main(int argc, char **argv)
{
	struct utsname u;
	unsigned long long seed = 1;
	long count = 20;
	const char *only = NULL;
	int first = 0, n = 0, leaks = 0, hangs = 0, trust = 1;
	struct kstate before, after;

	if (argc >= 2 && !strcmp(argv[1], "--exec-target"))
		return exec_target(argc, argv);
	/* tick386 answers uname as Linux 6.13 does; its version says tick386 */
	on_linux = syscall(122, &u) == 0 && !strstr(u.version, "tick386");
	if (on_linux && getpid() == 1)
		linux_init_console();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strncmp(a, "--only=", 7))
			only = a + 7;
		else if (!strncmp(a, "--first=", 8))
			first = atoi(a + 8);
		else if (!strcmp(a, "--round"))
			round_robin = 1;
		else if (!strcmp(a, "--trace"))
			race_trace = 1;
		else if (n == 0 && ++n)
			seed = strtoull(a, NULL, 0);
		else if (n == 1 && ++n)
			count = atol(a);
	}
	self_path = find_self(argv[0]);
	say("race seed %llu scenarios %ld%s%s", seed, count, only ? " only " : "", only ? only : "");
	say("# system %s, pid %d, self %s", on_linux ? "linux" : "tick386", (int)getpid(),
	    self_path);
	for (int e = first; e < first + count; e++) {
		int k, status;
		pid_t pid;

		rng_state = fuzz_rng_seed(seed, (uint64_t)e, 7);
		k = pick(only, e);
		if (k < 0) {
			say("unknown scenario %s", only);
			finish(2);
		}
		say("%d %s", e, scenarios[k].name);
		flush_out();
		if (!on_linux && trust)
			kstate_settle_take(&before);
		pid = fork();
		if (pid < 0) {
			say("%d fork: %s", e, strerror(errno));
			finish(1);
		}
		if (pid == 0) {
			int code = scenarios[k].fn();

			flush_out();
			_exit(code);
		}
		if (wait_for(pid, &status, CHILD_TIMEOUT_US) < 0) {
			hangs++;
			say("%d hang: the child did not end within %ld ms", e, CHILD_TIMEOUT_US / 1000);
			kill(pid, SIGKILL);
			if (wait_for(pid, &status, CHILD_TIMEOUT_US) < 0) {
				say("%d hang: SIGKILL did not end it either", e);
				trust = 0; /* its memory stays: no more leak checks */
				continue;
			}
		}
		report_end(e, k, status);
		if (reap_orphans() < 0) {
			say("%d hang: an orphan did not end", e);
			trust = 0;
		}
		if (!on_linux && trust) {
			const char *why;

			kstate_settle_take(&after);
			why = kstate_diff(&before, &after);
			if (why) {
				leaks++;
				say("#L %d %s lost:%s", e, scenarios[k].name, why);
			}
		}
		flush_out();
	}
	say("# hangs %d, leaks %d", hangs, leaks);
	say("race done");
	finish(0);
	return 0;
}
