/*
 * Every allocation of the timer, signal, file and process calls made to
 * fail, one at a time, with /proc/self/fail-nth (mm/fault_inject.h): for a
 * call, N = 1, 2, ... is written to the file, the call made, and the file
 * read back (0: the N-th allocation was failed on purpose), until the call
 * no longer reaches an N-th allocation and succeeds.  Each injected failure
 * must give the errno Linux gives for that allocation failure (EAGAIN for
 * timer_create and an rt sigqueue, ENOMEM for the others), or, where Linux
 * carries on without the memory (a standard signal, or kill's, loses its
 * siginfo: kernel/signal.c __send_signal_locked), succeed in Linux's
 * degraded way; and it must leave the state as it was: timers
 * (/proc/self/timers), pending signals, descriptors, children, processes,
 * free pages (/proc/meminfo) and the objects of every slab cache
 * (/proc/slabinfo), compared before and after each step.  A kernel fault
 * ends the run (the runner then misses init's exit line).  The last line
 * says how many allocations were failed, per call.
 */
/* initramfs: yes */
/* expect: status=0 */
#include "../tap.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef CLOCK_BOOTTIME
#define CLOCK_BOOTTIME 7
#endif
#ifndef CLOCK_TAI
#define CLOCK_TAI 11
#endif
#ifndef SIGEV_THREAD_ID
#define SIGEV_THREAD_ID 4
#endif

#define WALK_MAX 400 /* more allocations than any call here makes */
#define MAX_CACHES 32

static char text[8192];
static int nth_fd = -1;

/* ---- /proc/self/fail-nth ---------------------------------------------------- */

static void nth_set_fd(int fd, unsigned n)
{
	char b[16];
	int len = snprintf(b, sizeof(b), "%u", n);

	if (write(fd, b, (size_t)len) != len) {
		printf("Bail out! fail-nth write: %s\n", strerror(errno));
		exit(1);
	}
}

static unsigned nth_get_fd(int fd)
{
	char b[16];
	long n;

	lseek(fd, 0, SEEK_SET);
	n = read(fd, b, sizeof(b) - 1);
	if (n <= 0) {
		printf("Bail out! fail-nth read: %s\n", strerror(errno));
		exit(1);
	}
	b[n] = '\0';
	return (unsigned)strtoul(b, NULL, 10);
}

static void nth_set(unsigned n)
{
	nth_set_fd(nth_fd, n);
}

/* Whether the failure asked for was injected; the countdown is switched off. */
static int nth_fired(void)
{
	unsigned left = nth_get_fd(nth_fd);

	nth_set(0);
	return left == 0;
}

/* ---- the state a failed call must leave as it was ---------------------------- */

struct state {
	int timers, fds, children, processes, itimer_armed;
	sigset_t pending;
	long memfree_kb;
	int ncaches;
	char cache[MAX_CACHES][24];
	long objects[MAX_CACHES];
};

static long meminfo_kb(const char *key)
{
	char *p;

	if (tap_slurp("/proc/meminfo", text, sizeof(text)) < 0 || !(p = strstr(text, key)))
		return -1;
	return strtol(p + strlen(key), NULL, 10);
}

static void state_take(struct state *s)
{
	struct itimerval itv;
	struct stat st;
	struct dirent *d;
	DIR *dir;
	char *line;
	int status;

	memset(s, 0, sizeof(*s));
	if (tap_slurp("/proc/self/timers", text, sizeof(text)) >= 0)
		for (line = text; (line = strstr(line, "ID: ")); line += 4)
			s->timers++;
	for (int fd = 0; fd < 64; fd++)
		if (fstat(fd, &st) == 0)
			s->fds++;
	s->children = waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD ? 0 : 1;
	dir = opendir("/proc");
	while (dir && (d = readdir(dir)))
		if (d->d_name[0] >= '1' && d->d_name[0] <= '9')
			s->processes++;
	if (dir)
		closedir(dir);
	getitimer(ITIMER_REAL, &itv);
	s->itimer_armed = itv.it_value.tv_sec || itv.it_value.tv_usec;
	sigpending(&s->pending);
	s->memfree_kb = meminfo_kb("MemFree:");
	if (tap_slurp("/proc/slabinfo", text, sizeof(text)) < 0)
		return;
	line = strchr(text, '\n');
	line = line ? strchr(line + 1, '\n') : NULL; /* past the two header lines */
	while (line && line[1] && s->ncaches < MAX_CACHES) {
		char name[24];
		long active;

		if (sscanf(line + 1, "%23s %ld", name, &active) == 2) {
			strcpy(s->cache[s->ncaches], name);
			s->objects[s->ncaches++] = active;
		}
		line = strchr(line + 1, '\n');
	}
}

/* What differs between a and b, or NULL. */
static const char *state_diff(const struct state *a, const struct state *b)
{
	static char why[160];

	if (a->timers != b->timers)
		snprintf(why, sizeof(why), "timers %d -> %d", a->timers, b->timers);
	else if (a->fds != b->fds)
		snprintf(why, sizeof(why), "descriptors %d -> %d", a->fds, b->fds);
	else if (a->children != b->children)
		snprintf(why, sizeof(why), "children %d -> %d", a->children, b->children);
	else if (a->processes != b->processes)
		snprintf(why, sizeof(why), "processes %d -> %d", a->processes, b->processes);
	else if (a->itimer_armed != b->itimer_armed)
		snprintf(why, sizeof(why), "ITIMER_REAL armed %d -> %d", a->itimer_armed,
			 b->itimer_armed);
	else if (memcmp(&a->pending, &b->pending, sizeof(sigset_t)))
		snprintf(why, sizeof(why), "pending signals changed");
	else if (a->memfree_kb != b->memfree_kb)
		snprintf(why, sizeof(why), "MemFree %ld kB -> %ld kB", a->memfree_kb,
			 b->memfree_kb);
	else if (a->ncaches != b->ncaches)
		snprintf(why, sizeof(why), "caches %d -> %d", a->ncaches, b->ncaches);
	else {
		for (int i = 0; i < a->ncaches; i++)
			if (a->objects[i] != b->objects[i] || strcmp(a->cache[i], b->cache[i])) {
				snprintf(why, sizeof(why), "%s objects %ld -> %ld", a->cache[i],
					 a->objects[i], b->objects[i]);
				return why;
			}
		return NULL;
	}
	return why;
}

/* ---- the walk ----------------------------------------------------------------- */

struct call {
	const char *name;
	/* The errno of a call that an injected failure made fail; 0: Linux's
	 * makes no allocation it could fail for (poll on a few descriptors,
	 * setitimer), so no failure may reach the caller. */
	int want;
	/* Before the state is taken: what the call needs (a child to signal). */
	void (*prepare)(void);
	/* The call itself, with nothing else that could allocate: >= 0 or -1. */
	long (*run)(void);
	/* After it, countdown off: check what the call did (injected: one of its
	 * allocations was failed) and give back what it made; 1 if all is right. */
	int (*settle)(long r, int injected);
};

/* The failures per call, the calls named without their arguments. */
static struct {
	char name[24];
	unsigned walks, failed;
} tally[32];
static unsigned ntally, total_failed;

static void summary_add(const char *name, unsigned failed)
{
	size_t len = strcspn(name, "(");
	unsigned i;

	if (len >= sizeof(tally[0].name))
		len = sizeof(tally[0].name) - 1;
	for (i = 0; i < ntally; i++)
		if (strlen(tally[i].name) == len && !strncmp(tally[i].name, name, len))
			break;
	if (i == ntally && ntally < sizeof(tally) / sizeof(tally[0]))
		memcpy(tally[ntally++].name, name, len);
	if (i < ntally) {
		tally[i].walks++;
		tally[i].failed += failed;
	}
	total_failed += failed;
}

static void summary_print(void)
{
	printf("# fail-nth walk: %u allocations failed on purpose\n", total_failed);
	for (unsigned i = 0; i < ntally; i++)
		printf("#   %-16s %4u in %u walk%s\n", tally[i].name, tally[i].failed, tally[i].walks,
		       tally[i].walks == 1 ? "" : "s");
}

static void walk(const struct call *c)
{
	struct state before, after;
	unsigned n, failed = 0;

	for (n = 1; n <= WALK_MAX; n++) {
		const char *diff;
		long r;
		int e, injected, good = 1;

		state_take(&before);
		if (c->prepare)
			c->prepare();
		nth_set(n);
		errno = 0;
		r = c->run();
		e = errno;
		injected = nth_fired();
		if (c->settle)
			good = c->settle(r, injected);
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			if (r < 0 && !diff)
				tap_why("%s", strerror(e));
			ok(r >= 0 && good && !diff,
			   "%s: succeeds once past its last allocation, the state as before", c->name);
			break;
		}
		failed++;
		if (r < 0) {
			if (!diff && e != c->want)
				tap_why("%s", strerror(e));
			ok(e == c->want && good && !diff, "%s: allocation %u fails: %s, state as before",
			   c->name, n, c->want ? strerror(c->want) : "Linux's cannot fail so");
		} else {
			ok(good && !diff, "%s: allocation %u fails: the call succeeds as Linux's does",
			   c->name, n);
		}
	}
	if (n > WALK_MAX)
		ok(0, "%s: the walk ends", c->name);
	tap_note("%s: %u allocations failed on purpose", c->name, failed);
	summary_add(c->name, failed);
}

/* ---- timers ------------------------------------------------------------------- */

static clockid_t t_clock;
static int t_notify; /* a SIGEV_* kind, or -1 for a NULL sigevent */
static int last_timer_id = -1;
static timer_t t_timer;

static long timer_create_run(void)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = t_notify;
	ev.sigev_signo = SIGRTMIN + 1;
	ev.sigev_value.sival_int = 77;
	if (t_notify == SIGEV_THREAD_ID)
		ev.sigev_notify_thread_id = getpid();
	return timer_create(t_clock, t_notify < 0 ? NULL : &ev, &t_timer);
}

/* Ids are handed out in order and never at once again: a failed create
 * must not have used one up. */
static int timer_create_settle(long r, int injected)
{
	int id = (int)(long)t_timer, good = 1;

	(void)injected;
	if (r < 0)
		return 1;
	if (last_timer_id >= 0 && id != last_timer_id + 1) {
		tap_why("timer id %d after %d: a failed create used ids", id, last_timer_id);
		good = 0;
	}
	last_timer_id = id;
	if (timer_delete(t_timer))
		good = 0;
	return good;
}

static timer_t s_timer;

static void settime_prepare(void)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN + 2;
	timer_create(CLOCK_MONOTONIC, &ev, &s_timer);
}

/* Armed to fire at once and periodic: the expiry and its queued signal
 * happen inside the walk too (the IRQ path must not allocate). */
static long settime_run(void)
{
	struct itimerspec its = { { 0, 1000000 }, { 0, 1 } };

	return timer_settime(s_timer, 0, &its, NULL);
}

static int settime_settle(long r, int injected)
{
	struct timespec zero = { 0, 0 };
	sigset_t set;
	siginfo_t info;
	int good = r == 0 && !injected;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 2);
	if (r == 0)
		good = sigwaitinfo(&set, &info) == SIGRTMIN + 2 && info.si_code == SI_TIMER;
	timer_delete(s_timer);
	sigtimedwait(&set, &info, &zero); /* nothing is left: timer_delete dropped it */
	return good;
}

/* ---- signals to this process ---------------------------------------------------- */

static int k_sig, k_queue; /* the signal; sigqueue (1) or kill (0) */

static long kill_self_run(void)
{
	union sigval v = { .sival_int = 1234 };

	return k_queue ? sigqueue(getpid(), k_sig, v) : kill(getpid(), k_sig);
}

/*
 * The signal must be pending once: with its siginfo, or, when the entry
 * could not be allocated, without (Linux: si_code SI_USER, si_pid 0).
 */
static int kill_self_settle(long r, int injected)
{
	struct timespec zero = { 0, 0 };
	siginfo_t info;
	sigset_t set;
	int got;

	sigemptyset(&set);
	sigaddset(&set, k_sig);
	memset(&info, 0, sizeof(info));
	got = sigtimedwait(&set, &info, &zero);
	if (r < 0)
		return got < 0; /* refused: nothing queued */
	if (got != k_sig) {
		tap_why("the signal is not pending");
		return 0;
	}
	if (injected) {
		if (info.si_code != SI_USER || info.si_pid != 0) {
			tap_why("si_code %d si_pid %d, not Linux's lost-info SI_USER 0", info.si_code,
				info.si_pid);
			return 0;
		}
		return 1;
	}
	return info.si_code == (k_queue ? SI_QUEUE : SI_USER) && info.si_pid == getpid() &&
	       (!k_queue || info.si_value.sival_int == 1234);
}

/* ---- signals to a child --------------------------------------------------------- */

static pid_t child;

/* The child (all signals blocked, as in its parent) reports what arrived. */
static void child_prepare(void)
{
	child = fork();
	if (child == 0) {
		struct timespec wait = { 10, 0 };
		sigset_t set, pending;
		siginfo_t info;
		int sig, code;

		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigaddset(&set, SIGUSR2);
		sigaddset(&set, SIGRTMIN);
		memset(&info, 0, sizeof(info));
		sig = sigtimedwait(&set, &info, &wait);
		if (sig == SIGUSR2)
			code = 3;
		else if (sig < 0)
			code = 4;
		else if (info.si_pid == getppid())
			code = 1;
		else if (info.si_pid == 0 && info.si_code == SI_USER)
			code = 2;
		else
			code = 5;
		sigpending(&pending);
		if (sigismember(&pending, SIGUSR1) || sigismember(&pending, SIGRTMIN))
			code = 6;
		_exit(code);
	}
}

static long kill_child_run(void)
{
	union sigval v = { .sival_int = 99 };

	return k_queue ? sigqueue(child, k_sig, v) : kill(child, k_sig);
}

static int kill_child_settle(long r, int injected)
{
	int status = 0, want;

	if (r < 0)
		kill(child, SIGUSR2); /* release it: it must not have the refused signal */
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status)) {
		tap_why("the child did not exit");
		return 0;
	}
	want = r < 0 ? 3 : injected ? 2 : 1;
	if (WEXITSTATUS(status) != want)
		tap_why("the child says %d, not %d", WEXITSTATUS(status), want);
	return WEXITSTATUS(status) == want;
}

/*
 * SIGCHLD: the child's exit sends it, from the child, so the child arms its
 * own fail-nth and exits; the parent reads the zombie's fail-nth to know
 * whether the exit's allocation failed.  Linux then still sends SIGCHLD,
 * without its siginfo, and wait4 reports the exit as usual.
 */
static void walk_sigchld(void)
{
	struct timespec wait = { 10, 0 };
	struct state before, after;
	unsigned n, failed = 0;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (n = 1; n <= WALK_MAX; n++) {
		char path[64];
		siginfo_t info;
		const char *diff;
		int fd, sig, status = 0, injected, good;
		pid_t pid;

		state_take(&before);
		pid = fork();
		if (pid == 0) {
			int own = open("/proc/self/fail-nth", O_RDWR);

			if (own < 0)
				_exit(100);
			nth_set_fd(own, n);
			_exit(7);
		}
		memset(&info, 0, sizeof(info));
		sig = sigtimedwait(&set, &info, &wait);
		snprintf(path, sizeof(path), "/proc/%d/fail-nth", pid);
		fd = open(path, O_RDONLY);
		injected = fd >= 0 && nth_get_fd(fd) == 0;
		if (fd >= 0)
			close(fd);
		good = waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		       WEXITSTATUS(status) == 7 && sig == SIGCHLD;
		if (!good)
			tap_why("sig %d status %#x", sig, status);
		else if (injected && (info.si_code != SI_USER || info.si_pid != 0))
			tap_why("si_code %d si_pid %d", info.si_code, info.si_pid), good = 0;
		else if (!injected && (info.si_code != CLD_EXITED || info.si_pid != pid))
			tap_why("si_code %d si_pid %d", info.si_code, info.si_pid), good = 0;
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			ok(good && !diff, "SIGCHLD: the exit's notice once past its last allocation");
			break;
		}
		failed++;
		ok(good && !diff, "SIGCHLD: allocation %u of the exit fails: sent without siginfo", n);
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	tap_note("SIGCHLD: %u allocations failed on purpose", failed);
	summary_add("SIGCHLD", failed);
}

/*
 * A stop and a continue: the child arms its fail-nth and stops itself
 * (kill's entry for SIGSTOP, then the stop's SIGCHLD, made in the child);
 * the parent sees the stop (WUNTRACED), continues it, sees that
 * (WCONTINUED, the continue's SIGCHLD made in the child too) and, after
 * a SIGUSR2 that lets it go on, its exit.
 * Each notice whose entry failed arrives without siginfo; wait4 reports
 * all three regardless.
 */
static int sigchld_check(const sigset_t *set, int code, pid_t pid, int lost)
{
	struct timespec wait = { 10, 0 };
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	if (sigtimedwait(set, &info, &wait) != SIGCHLD)
		return 0;
	return lost ? info.si_code == SI_USER && info.si_pid == 0
		    : info.si_code == code && info.si_pid == pid;
}

static void walk_stop(void)
{
	struct state before, after;
	unsigned n, failed = 0;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (n = 1; n <= WALK_MAX; n++) {
		char path[64];
		const char *diff;
		int fd, status = 0, injected, good;
		pid_t pid;

		state_take(&before);
		pid = fork();
		if (pid == 0) {
			int own = open("/proc/self/fail-nth", O_RDWR);

			struct timespec wait = { 10, 0 };
			sigset_t usr2;

			sigemptyset(&usr2);
			sigaddset(&usr2, SIGUSR2); /* blocked, inherited */
			nth_set_fd(own, n);
			kill(getpid(), SIGSTOP);
			/* Continued: wait until the parent has seen it, then exit. */
			_exit(sigtimedwait(&usr2, NULL, &wait) == SIGUSR2 ? 5 : 6);
		}
		good = waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status) &&
		       sigchld_check(&set, CLD_STOPPED, pid, n == 2);
		if (!good)
			tap_why("the stop: status %#x", status);
		kill(pid, SIGCONT);
		if (good && !(waitpid(pid, &status, WCONTINUED) == pid && WIFCONTINUED(status) &&
			      sigchld_check(&set, CLD_CONTINUED, pid, n == 3)))
			tap_why("the continue: status %#x", status), good = 0;
		kill(pid, SIGUSR2);
		/* The zombie's fail-nth says whether any of its allocations failed. */
		if (good && !sigchld_check(&set, CLD_EXITED, pid, n == 4))
			tap_why("the exit's SIGCHLD"), good = 0;
		snprintf(path, sizeof(path), "/proc/%d/fail-nth", pid);
		fd = open(path, O_RDONLY);
		injected = fd >= 0 && nth_get_fd(fd) == 0;
		if (fd >= 0)
			close(fd);
		if (!(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 5))
			tap_why("the exit: status %#x", status), good = 0;
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			ok(good && !diff, "stop, continue, exit: notices with siginfo past the last allocation");
			break;
		}
		failed++;
		ok(good && !diff, "stop, continue, exit: allocation %u fails: reported all the same", n);
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	tap_note("stop/continue: %u allocations failed on purpose", failed);
	summary_add("SIGSTOP/SIGCONT", failed);
}

/* ---- actions, interval timers, timerfd, files ----------------------------------- */

static void on_usr2(int sig)
{
	(void)sig;
}

static long sigaction_run(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr2;
	return sigaction(SIGUSR2, &sa, NULL);
}

static int sigaction_settle(long r, int injected)
{
	(void)injected;
	signal(SIGUSR2, SIG_DFL);
	return r == 0;
}

static long setitimer_run(void)
{
	struct itimerval itv = { { 0, 0 }, { 100, 0 } };

	return setitimer(ITIMER_REAL, &itv, NULL);
}

static long alarm_run(void)
{
	alarm(100);
	return 0;
}

/* alarm cannot fail: it must be armed whatever happened. */
static int itimer_settle(long r, int injected)
{
	struct itimerval itv, zero;
	int armed;

	(void)injected;
	getitimer(ITIMER_REAL, &itv);
	armed = itv.it_value.tv_sec > 0;
	memset(&zero, 0, sizeof(zero));
	setitimer(ITIMER_REAL, &zero, NULL);
	if (r == 0 && !armed)
		tap_why("succeeded but ITIMER_REAL is not armed");
	return r < 0 || armed;
}

static long timerfd_run(void)
{
	return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
}

static int close_settle(long r, int injected)
{
	(void)injected;
	return r < 0 || close((int)r) == 0;
}

static int tfd = -1;

static void timerfd_settime_prepare(void)
{
	tfd = timerfd_create(CLOCK_REALTIME, 0);
}

static long timerfd_settime_run(void)
{
	struct itimerspec its = { { 0, 0 }, { 1000, 0 } };

	return timerfd_settime(tfd, 0, &its, NULL);
}

static int timerfd_settime_settle(long r, int injected)
{
	(void)injected;
	close(tfd);
	return r == 0;
}

static const char *open_path;

static long open_run(void)
{
	return open(open_path, O_RDONLY);
}

static long poll_run(void)
{
	struct pollfd p[2] = { { 1, POLLOUT, 0 }, { 0, 0, 0 } };

	return poll(p, 2, 0);
}

/* More than Linux keeps on its stack (31 on i386): the rest is allocated. */
static long poll_many_run(void)
{
	struct pollfd p[40];

	for (int i = 0; i < 40; i++)
		p[i] = (struct pollfd){ i ? -1 : 1, POLLOUT, 0 };
	return poll(p, 40, 0);
}

static long select_run(void)
{
	struct timeval zero = { 0, 0 };
	fd_set w;

	FD_ZERO(&w);
	FD_SET(1, &w);
	return select(2, NULL, &w, NULL, &zero);
}

static int plain_settle(long r, int injected)
{
	(void)r;
	(void)injected;
	return 1;
}

/*
 * brk, raw (Linux's: the new break, or the old one when it cannot grow),
 * by three pages.  tick386 maps them at once (Linux at the first touch),
 * so each is an allocation.  The page table they need is made once before
 * the walk: one that a failed brk made stays (empty) until exit, which is
 * no leak but would show in MemFree.
 */
static unsigned long brk_start, brk_want;

/* The break now: malloc (opendir's) may have moved it since. */
static void brk_prepare(void)
{
	brk_start = (unsigned long)syscall(SYS_brk, 0);
	brk_want = brk_start + 3 * 4096;
}

static void brk_prepare_once(void)
{
	brk_prepare();
	syscall(SYS_brk, brk_want);
	syscall(SYS_brk, brk_start);
}

static long brk_run(void)
{
	return syscall(SYS_brk, brk_want);
}

static int brk_settle(long r, int injected)
{
	int good = (unsigned long)r == (injected ? brk_start : brk_want);

	if (!good)
		tap_why("brk gave %#lx", (unsigned long)r);
	syscall(SYS_brk, brk_start);
	return good;
}

static long nanosleep_run(void)
{
	struct timespec ts = { 0, 1000 };

	return clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
}

static long dup_run(void)
{
	return dup(1);
}

/* ---- processes ---------------------------------------------------------------- */

static long fork_run(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	return pid;
}

static int fork_settle(long r, int injected)
{
	int status;

	(void)injected;
	if (r < 0)
		return 1;
	return waitpid((pid_t)r, &status, 0) == r && WIFEXITED(status) && !WEXITSTATUS(status);
}

/*
 * execve, in a child per N: the child takes its own state, arms its
 * fail-nth, calls execve, and when it comes back checks errno and the state
 * (its timer, its handler and its descriptors still there) and exits 10
 * (all as before) or 11.  When the exec succeeds the program run (sleep 0)
 * exits 0 and the walk ends.
 */
static void walk_execve(void)
{
	unsigned n, failed = 0;

	for (n = 1; n <= WALK_MAX; n++) {
		int status = 0;
		pid_t pid = fork();

		if (pid == 0) {
			char *argv[] = { "sleep", "0", NULL }, *envp[] = { NULL };
			struct sigaction sa, now;
			struct state before, after;
			timer_t id;
			int own = open("/proc/self/fail-nth", O_RDWR), e;

			memset(&sa, 0, sizeof(sa));
			sa.sa_handler = on_usr2;
			sigaction(SIGUSR2, &sa, NULL);
			timer_create(CLOCK_MONOTONIC, NULL, &id);
			state_take(&before);
			nth_set_fd(own, n);
			execve("/bin/sleep", argv, envp);
			e = errno;
			if (nth_get_fd(own) != 0)
				_exit(12); /* failed with no failure injected */
			nth_set_fd(own, 0);
			state_take(&after);
			sigaction(SIGUSR2, NULL, &now);
			_exit(e == ENOMEM && !state_diff(&before, &after) && now.sa_handler == on_usr2
				      ? 10
				      : 11);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
			ok(0, "execve: the child ends");
			break;
		}
		if (WEXITSTATUS(status) == 0) {
			ok(1, "execve: succeeds once past its last allocation");
			break;
		}
		failed++;
		tap_why("child status %d", WEXITSTATUS(status));
		ok(WEXITSTATUS(status) == 10,
		   "execve: allocation %u fails: ENOMEM, the old program as it was", n);
	}
	tap_note("execve: %u allocations failed on purpose", failed);
	summary_add("execve", failed);
}

/*
 * A fault's signal (signal_force): the child arms its fail-nth and reads
 * address 0; its SA_SIGINFO handler exits with what it was told.  Linux
 * queues SIGSEGV without siginfo when the entry cannot be allocated
 * (si_code SI_USER, si_addr 0), and the handler still runs.
 */
static void on_segv(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	_exit(info->si_code == SEGV_MAPERR ? 1 : info->si_code == SI_USER ? 2 : 3);
}

static void walk_fault(void)
{
	struct state before, after;
	unsigned n, failed = 0;

	for (n = 1; n <= WALK_MAX; n++) {
		char path[64];
		const char *diff;
		int fd, status = 0, injected, good;
		pid_t pid;

		state_take(&before);
		pid = fork();
		if (pid == 0) {
			struct sigaction sa;
			int own = open("/proc/self/fail-nth", O_RDWR);

			memset(&sa, 0, sizeof(sa));
			sa.sa_sigaction = on_segv;
			sa.sa_flags = SA_SIGINFO;
			sigaction(SIGSEGV, &sa, NULL);
			nth_set_fd(own, n);
			*(volatile int *)0 = 1;
			_exit(4);
		}
		/* Its zombie's fail-nth is read before it is reaped. */
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		for (int k = 0; k < 10000; k++) {
			if (tap_slurp(path, text, sizeof(text)) > 0 && strstr(text, ") Z "))
				break;
			sched_yield();
		}
		snprintf(path, sizeof(path), "/proc/%d/fail-nth", pid);
		fd = open(path, O_RDONLY);
		injected = fd >= 0 && nth_get_fd(fd) == 0;
		if (fd >= 0)
			close(fd);
		good = waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		       WEXITSTATUS(status) == (injected ? 2 : 1);
		if (!good)
			tap_why("status %#x", status);
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			ok(good && !diff, "SIGSEGV: delivered with its siginfo past the last allocation");
			break;
		}
		failed++;
		ok(good && !diff, "SIGSEGV: allocation %u fails: delivered without siginfo", n);
	}
	tap_note("SIGSEGV: %u allocations failed on purpose", failed);
	summary_add("SIGSEGV", failed);
}

/*
 * Bad input leaves nothing behind: execve of a /proc file (-EACCES) used
 * to keep the node its lookup made.
 */
static void test_exec_proc(void)
{
	static const char *const paths[] = { "/proc/self/status", "/proc/self", "/proc" };
	struct state before, after;

	for (unsigned i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		char *argv[] = { "x", NULL }, *envp[] = { NULL };
		const char *diff;
		int r, e;

		state_take(&before);
		for (int k = 0; k < 100; k++)
			r = execve(paths[i], argv, envp), e = errno;
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		ok(r == -1 && e == EACCES && !diff, "execve(%s) 100 times: EACCES, nothing kept",
		   paths[i]);
	}
}

/* ---- the interface itself ------------------------------------------------------- */

static void test_interface(void)
{
	static const struct {
		const char *in;
		long ret;
		unsigned value;
	} writes[] = {
		{ "5", 1, 5 },		  { "0x10\n", 5, 16 },	  { "+7", 2, 7 },
		{ "010", 3, 8 },	  { "abc", -EINVAL, 8 },  { "-1", -EINVAL, 8 },
		{ "4294967296", -ERANGE, 8 }, { "4294967295", 10, 4294967295u },
		{ "3 ", -EINVAL, 4294967295u }, { "", -EINVAL, 4294967295u }, { "0", 1, 0 },
	};
	struct stat st;
	void *p;

	ok(nth_get_fd(nth_fd) == 0, "fail-nth reads 0 when nothing is asked");
	for (unsigned i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		long r = write(nth_fd, writes[i].in, strlen(writes[i].in));

		if (r < 0)
			r = -errno;
		ok(r == writes[i].ret && nth_get_fd(nth_fd) == writes[i].value,
		   "fail-nth: writing '%s' gives %ld, then reads %u", writes[i].in, writes[i].ret,
		   writes[i].value);
	}
	ok(stat("/proc/self/fail-nth", &st) == 0 && (st.st_mode & 0777) == 0644,
	   "fail-nth is mode 0644");
	/* The countdown is the task's: one allocation made by open fires it. */
	nth_set(1);
	errno = 0;
	p = (void *)(long)open("/proc/self/status", O_RDONLY);
	ok((long)p == -1 && errno == ENOMEM && nth_get_fd(nth_fd) == 0,
	   "fail-nth 1: the next allocation (open's) fails, then it reads 0");
}

/* ---- main ----------------------------------------------------------------------- */

int main(void)
{
	static const struct {
		clockid_t clock;
		const char *name;
	} clocks[] = {
		{ CLOCK_REALTIME, "REALTIME" },
		{ CLOCK_MONOTONIC, "MONOTONIC" },
		{ CLOCK_BOOTTIME, "BOOTTIME" },
		{ CLOCK_TAI, "TAI" },
		{ CLOCK_PROCESS_CPUTIME_ID, "PROCESS_CPUTIME_ID" },
		{ CLOCK_THREAD_CPUTIME_ID, "THREAD_CPUTIME_ID" },
		{ 0, "own pid's CPU clock" },
	};
	static const struct {
		int notify;
		const char *name;
	} notifies[] = {
		{ SIGEV_SIGNAL, "SIGEV_SIGNAL" },
		{ SIGEV_NONE, "SIGEV_NONE" },
		{ SIGEV_THREAD_ID, "SIGEV_THREAD_ID" },
		{ -1, "NULL sigevent" },
	};
	static char names[64][64];
	int nnames = 0;
	sigset_t block;

	nth_fd = open("/proc/self/fail-nth", O_RDWR);
	if (!ok(nth_fd >= 0, "/proc/self/fail-nth opens for reading and writing"))
		return done_testing();
	test_interface();

	/* Signals sent here stay pending until the walk takes them. */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGUSR2);
	sigaddset(&block, SIGRTMIN);
	sigaddset(&block, SIGRTMIN + 1);
	sigaddset(&block, SIGRTMIN + 2);
	sigprocmask(SIG_BLOCK, &block, NULL);
	brk_prepare_once();

	for (unsigned c = 0; c < sizeof(clocks) / sizeof(clocks[0]); c++)
		for (unsigned k = 0; k < sizeof(notifies) / sizeof(notifies[0]); k++) {
			struct call call = { names[nnames], EAGAIN, NULL, timer_create_run,
					     timer_create_settle };

			t_clock = clocks[c].clock;
			if (!t_clock && c)
				clock_getcpuclockid(getpid(), &t_clock);
			snprintf(names[nnames++], sizeof(names[0]), "timer_create(%s, %s)",
				 clocks[c].name, notifies[k].name);
			t_notify = notifies[k].notify;
			walk(&call);
		}
	{
		const struct call calls[] = {
			{ "timer_settime", 0, settime_prepare, settime_run, settime_settle },
			{ "sigaction", 0, NULL, sigaction_run, sigaction_settle },
			{ "setitimer", 0, NULL, setitimer_run, itimer_settle },
			{ "alarm", 0, NULL, alarm_run, itimer_settle },
			{ "timerfd_create", ENOMEM, NULL, timerfd_run, close_settle },
			{ "timerfd_settime", 0, timerfd_settime_prepare, timerfd_settime_run,
			  timerfd_settime_settle },
			{ "poll", 0, NULL, poll_run, plain_settle },
			{ "poll(40 fds)", ENOMEM, NULL, poll_many_run, plain_settle },
			{ "select", 0, NULL, select_run, plain_settle },
			{ "fork", ENOMEM, NULL, fork_run, fork_settle },
			{ "brk", 0, brk_prepare, brk_run, brk_settle },
			{ "clock_nanosleep", 0, NULL, nanosleep_run, plain_settle },
			{ "dup", 0, NULL, dup_run, close_settle },
		};
		for (unsigned i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
			walk(&calls[i]);
	}
	{
		static const struct {
			int sig, queue;
			const char *name;
		} sends[] = {
			{ SIGUSR1, 0, "kill(self, SIGUSR1)" },
			{ SIGRTMIN, 0, "kill(self, SIGRTMIN)" },
			{ SIGUSR1, 1, "sigqueue(self, SIGUSR1)" },
			{ SIGRTMIN, 1, "sigqueue(self, SIGRTMIN)" },
		};
		static const struct {
			int sig, queue;
			const char *name;
		} child_sends[] = {
			{ SIGUSR1, 0, "kill(child, SIGUSR1)" },
			{ SIGRTMIN, 1, "sigqueue(child, SIGRTMIN)" },
		};
		for (unsigned i = 0; i < sizeof(sends) / sizeof(sends[0]); i++) {
			struct call call = { sends[i].name, EAGAIN, NULL, kill_self_run,
					     kill_self_settle };

			k_sig = sends[i].sig;
			k_queue = sends[i].queue;
			walk(&call);
		}
		for (unsigned i = 0; i < sizeof(child_sends) / sizeof(child_sends[0]); i++) {
			struct call call = { child_sends[i].name, EAGAIN, child_prepare,
					     kill_child_run, kill_child_settle };

			k_sig = child_sends[i].sig;
			k_queue = child_sends[i].queue;
			walk(&call);
		}
	}
	walk_sigchld();
	walk_stop();
	{
		static const char *const paths[] = { "/bin/sleep", "/proc/self/status",
						     "/proc/slabinfo" };

		for (unsigned i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
			struct call call = { names[nnames], ENOMEM, NULL, open_run, close_settle };

			snprintf(names[nnames++], sizeof(names[0]), "open(%s)", paths[i]);
			open_path = paths[i];
			walk(&call);
		}
	}
	walk_execve();
	walk_fault();
	test_exec_proc();
	summary_print();
	close(nth_fd);
	return done_testing();
}
