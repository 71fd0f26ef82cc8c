/*
 * The walk of tests/user/t_fail_nth*.c (mm/fault_inject.h): for one call,
 * N = 1, 2, ... is written to /proc/self/fail-nth, the call made, and the
 * file read back (0: the N-th allocation was failed on purpose), until the
 * call no longer reaches an N-th allocation and succeeds.  Each injected
 * failure must give the errno Linux gives for that allocation failure, or
 * Linux's degraded success, and leave the state as it was: timers
 * (/proc/self/timers), pending signals, descriptors, children, processes,
 * ITIMER_REAL, free pages (/proc/meminfo) and the objects of every slab
 * cache (/proc/slabinfo), compared before and after each step.
 * Header-only, like ../tap.h, which it includes.
 */
#ifndef TESTS_USER_FAIL_NTH_H
#define TESTS_USER_FAIL_NTH_H

#include "../tap.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
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

static inline void nth_set_fd(int fd, unsigned n)
{
	char b[16];
	int len = snprintf(b, sizeof(b), "%u", n);

	if (write(fd, b, (size_t)len) != len) {
		printf("Bail out! fail-nth write: %s\n", strerror(errno));
		exit(1);
	}
}

static inline unsigned nth_get_fd(int fd)
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

static inline void nth_set(unsigned n)
{
	nth_set_fd(nth_fd, n);
}

/* Whether the failure asked for was injected; the countdown is switched off. */
static inline int nth_fired(void)
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

static inline void state_take(struct state *s)
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
	s->memfree_kb = tap_meminfo_kb("MemFree:");
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
static inline const char *state_diff(const struct state *a, const struct state *b)
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
	/* A second errno Linux gives for another of its allocations (pipe:
	 * ENFILE for the pipe, ENOMEM for a file); 0: none. */
	int want2;
};

/* The failures per call, the calls named without their arguments. */
static struct {
	char name[24];
	unsigned walks, failed;
} tally[64];
static unsigned ntally, total_failed;

static inline void summary_add(const char *name, unsigned failed)
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

static inline void summary_print(void)
{
	printf("# fail-nth walk: %u allocations failed on purpose\n", total_failed);
	for (unsigned i = 0; i < ntally; i++)
		printf("#   %-16s %4u in %u walk%s\n", tally[i].name, tally[i].failed, tally[i].walks,
		       tally[i].walks == 1 ? "" : "s");
}

static inline void walk(const struct call *c)
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
			if (!diff && e != c->want && !(c->want2 && e == c->want2))
				tap_why("%s", strerror(e));
			int w = c->want2 && e == c->want2 ? c->want2 : c->want;

			ok(e == w && good && !diff, "%s: allocation %u fails: %s, state as before",
			   c->name, n, w ? strerror(w) : "Linux's cannot fail so");
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

/* ---- what several calls share ------------------------------------------------ */

static inline void on_usr2(int sig)
{
	(void)sig;
}

static inline int close_settle(long r, int injected)
{
	(void)injected;
	return r < 0 || close((int)r) == 0;
}

static inline int plain_settle(long r, int injected)
{
	(void)r;
	(void)injected;
	return 1;
}

#endif /* TESTS_USER_FAIL_NTH_H */
