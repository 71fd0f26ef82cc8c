/*
 * The fuzzer's driver: arguments, the episodes, the output.
 *
 *   fuzz SEED N [--expect=6.1|6.13] [--episode=CALLS]
 *
 * N calls are made in episodes of CALLS calls (default 200), each in a child
 * process of its own (fork), so that a signal whose default action ends the
 * process ends one episode and not the run, and every episode starts from a
 * clean process: no timers, no pending signals, default actions.  Episode E
 * draws from the generator seeded with (SEED, E), so a difference found in a
 * long run is repeated by running that episode alone (--first=E).
 *
 * As the init of Linux (tools/runprog-linux), the program also mounts
 * devtmpfs for /dev/console if it has no console, and powers off at the end
 * (init must not exit).
 */
#include "fuzz.h"
#include "rng.h"
#include <errno.h>
#include <fcntl.h>
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

enum expect expect = EXPECT_613;
int on_linux;
int episode;
int op_no;
int fuzz_trace;
int thread_signals;

/* ---- the generator: xorshift64*, seeded per episode ---------------------- */

static uint64_t rng_state;

uint32_t rnd(uint32_t n)
{
	return fuzz_rng_next(&rng_state, n);
}

int chance(int percent)
{
	return (int)rnd(100) < percent;
}

/*
 * ---- output: kept in memory and written at the end of a step ------------
 *
 * A line on the serial console costs about 120 us of virtual time on
 * either kernel; written as they come, a step's lines would push its later
 * calls out of the grid's window.  They are written just before the step's
 * closing sleep (flush_out), where the time they take only shortens the
 * sleep.  Never from a handler.  --trace writes at once.
 */
static char outbuf[65536];
static size_t outlen;

void flush_out(void)
{
	size_t done = 0;

	while (done < outlen) {
		ssize_t n = write(1, outbuf + done, outlen - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(120);
		done += (size_t)n;
	}
	outlen = 0;
}

static void emit(const char *prefix, const char *fmt, va_list ap)
{
	char line[512];
	int n = snprintf(line, sizeof(line), "%s", prefix);

	n += vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	if (outlen + (size_t)n > sizeof(outbuf))
		flush_out();
	memcpy(outbuf + outlen, line, (size_t)n);
	outlen += (size_t)n;
	if (fuzz_trace)
		flush_out();
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("", fmt, ap);
	va_end(ap);
}

void comment(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("#", fmt, ap);
	va_end(ap);
}

/* ---- signals --------------------------------------------------------------- */

const int fuzz_sigs[NSIGS] = {SIGUSR1, SIGUSR2, SIGALRM, SIGCHLD, SIGRTMIN, SIGRTMIN + 1};

int sig_index(int signo)
{
	for (int i = 0; i < NSIGS; i++)
		if (fuzz_sigs[i] == signo)
			return i;
	return -1;
}

const char *sig_name(int signo)
{
	static char buf[4][16];
	static int k;
	char *b;

	switch (signo) {
	case SIGUSR1:
		return "USR1";
	case SIGUSR2:
		return "USR2";
	case SIGALRM:
		return "ALRM";
	case SIGCHLD:
		return "CHLD";
	case SIGKILL:
		return "KILL";
	case SIGSTOP:
		return "STOP";
	case SIGSEGV:
		return "SEGV";
	default:
		break;
	}
	b = buf[k++ & 3];
	if (signo >= SIGRTMIN && signo <= SIGRTMAX)
		snprintf(b, 16, "RT%d", signo - SIGRTMIN);
	else
		snprintf(b, 16, "SIG%d", signo);
	return b;
}

unsigned mask_of(const sigset_t *set)
{
	unsigned bits = 0;

	for (int i = 0; i < NSIGS; i++)
		if (sigismember(set, fuzz_sigs[i]) == 1)
			bits |= 1u << i;
	return bits;
}

void set_of(unsigned bits, sigset_t *set)
{
	sigemptyset(set);
	for (int i = 0; i < NSIGS; i++)
		if (bits & (1u << i))
			sigaddset(set, fuzz_sigs[i]);
}

const char *errno_name(int e)
{
	static char buf[16];

	switch (e) {
	case 0:
		return "0";
	case EINVAL:
		return "EINVAL";
	case EFAULT:
		return "EFAULT";
	case EINTR:
		return "EINTR";
	case EAGAIN:
		return "EAGAIN";
	case ESRCH:
		return "ESRCH";
	case EPERM:
		return "EPERM";
	case EBADF:
		return "EBADF";
	case ENOSYS:
		return "ENOSYS";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	case ECANCELED:
		return "ECANCELED";
	default:
		snprintf(buf, sizeof(buf), "E%d", e);
		return buf;
	}
}

/* ---- episodes -------------------------------------------------------------- */

void run_episode(int calls);

/* The console of Linux's init, if it has none (Debian's 6.1 opens one). */
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
	if (on_linux && getpid() == 1)
		for (;;)
			reboot(RB_POWER_OFF); /* does not return */
	exit(status);
}

int main(int argc, char **argv)
{
	struct utsname u;
	unsigned long long seed = 1;
	long calls = 1000, per_episode = 200, done = 0;
	int first = 0, n = 0;

	/* tick386 answers uname as Linux 6.13 does; its version says tick386 */
	on_linux = syscall(122, &u) == 0 && !strstr(u.version, "tick386");
	if (on_linux && getpid() == 1)
		linux_init_console();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--expect=6.1"))
			expect = EXPECT_61;
		else if (!strcmp(a, "--expect=6.13"))
			expect = EXPECT_613;
		else if (!strncmp(a, "--episode=", 10))
			per_episode = atol(a + 10);
		else if (!strcmp(a, "--thread-signals"))
			thread_signals = 1;
		else if (!strcmp(a, "--trace"))
			fuzz_trace = 1;
		else if (!strncmp(a, "--first=", 8))
			first = atoi(a + 8);
		else if (n == 0 && ++n)
			seed = strtoull(a, NULL, 0);
		else if (n == 1 && ++n)
			calls = atol(a);
		else {
			say("usage: fuzz SEED N [--expect=6.1|6.13] [--episode=CALLS] [--first=E] "
			    "[--thread-signals] [--trace]");
			flush_out();
			finish(2);
		}
	}
	if (per_episode < 1)
		per_episode = 1;
	say("fuzz seed %llu calls %ld episode %ld expect %s", seed, calls, per_episode,
	    expect == EXPECT_61 ? "6.1" : "6.13");
	comment("system %s", on_linux ? "linux" : "tick386");
	for (episode = first; done < calls; episode++) {
		long want = calls - done < per_episode ? calls - done : per_episode;
		int status;
		pid_t pid;

		rng_state = fuzz_rng_seed(seed, (uint64_t)episode, 1);
		flush_out(); /* not twice: the child has a copy of the buffer */
		pid = fork();
		if (pid < 0) {
			say("fork -> %s", errno_name(errno));
			flush_out();
			finish(1);
		}
		if (pid == 0) {
			run_episode((int)want);
			_exit(0);
		}
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (WIFSIGNALED(status))
			say("%d end: killed by %s", episode, sig_name(WTERMSIG(status)));
		else
			say("%d end: exit %d", episode, WEXITSTATUS(status));
		done += want;
	}
	say("fuzz done");
	flush_out();
	finish(0);
	return 0;
}
