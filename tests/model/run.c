/*
 * tests/model: the kernel's POSIX timers and signals (kernel/time/posix_timers.c,
 * posix_cputimers.c, ktimer.c, kernel/signal/signal.c, lib/timerqueue.c,
 * lib/rbtree.c, lib/ktime.c, lib/idr.c, built for the host) against a
 * reference model of their semantics (model.c), step by step.
 *
 * Each sequence comes from a seed (gen.c) and runs in a child process of
 * its own, so that every sequence starts from a freshly booted kernel (its
 * static state is the process's).  After every step the answers of both
 * sides and their full states are compared, and the kernel's invariants
 * checked; at the first difference the seed, the step, the last steps and
 * both states are printed.  Then the regression scenarios (scenarios.c).
 *
 *   model-test [--seed S] [--count N] [--steps K] [--verbose] [--no-scenarios]
 *              [--coverage]
 *
 * prints TAP: one test per sequence (seeds S .. S+N-1) and per scenario,
 * then the totals: steps, distinct states reached, timer signals
 * delivered and their overruns.
 */
#include "tests/model/gen.h"
#include "tests/model/ops.h"
#include "tests/model/scenarios.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void ks_host_panic(const char *msg)
{
	fprintf(stderr, "kernel panic: %s\n", msg);
	abort();
}

/* ---- distinct states ---------------------------------------------------------------- */

/*
 * The abstract state of a timer: what distinguishes its behaviour, not its
 * times: base (and whose CPU time), notify, periodic, armed, where its signal is, overruns
 * pending and last, its signal blocked, the action (ignoring, handled,
 * killing).  A process's state is the multiset of its timers' (and whether
 * plain signals are pending).
 */
static unsigned timer_class(const struct model *m, const struct m_timer *t)
{
	bool sig = t->signo >= 1 && t->signo <= KS_NSIG; /* SIGEV_NONE: any number */
	unsigned act = !sig				   ? 0
		       : m_ignores(m, t->signo)		   ? 0
		       : m->action[t->signo] == KS_HANDLER ? 1
							   : 2;
	uint64_t blocked = m->thread[t->target == KS_TO_THREAD1 ? 1 : 0].blocked;
	/* mono, real, tai, then CPU time: the process's, a thread's, the
	 * other process's, gone */
	unsigned c = t->base != KS_BASE_CPU	     ? (unsigned)t->base
		     : t->cpu_task == KS_CPU_PROCESS ? 3
		     : t->cpu_task == KS_CPU_THREAD0 || t->cpu_task == KS_CPU_THREAD1 ? 4
		     : t->cpu_task == KS_CPU_OTHER				      ? 5
										      : 6;

	c = c * 2 + (t->notify == 1);
	c = c * 2 + (t->interval != 0);
	c = c * 2 + t->armed;
	c = c * 3 + (unsigned)t->where;
	c = c * 2 + (t->overrun > 0);
	c = c * 2 + (t->overrun_last > 0);
	c = c * 2 + (sig && ((blocked >> (t->signo - 1)) & 1));
	c = c * 3 + act;
	return c * 3 + (t->target == KS_TO_PROCESS ? 0 : t->target == KS_TO_ENDED ? 2 : 1);
}

/* timer_class, spelled out (--coverage). */
static void timer_class_print(unsigned c)
{
	static const char *const act[] = {"ignored", "handled", "kills"};
	static const char *const where[] = {"-", "queued", "parked"};
	static const char *const base[] = {"mono",	 "real",      "tai",	 "cpu-process",
					   "cpu-thread", "cpu-other", "cpu-gone"};
	static const char *const to[] = {"process", "thread", "ended thread"};
	unsigned tg = c % 3;
	unsigned a = c / 3 % 3, blocked = c / 9 % 2, last = c / 18 % 2, ovr = c / 36 % 2;
	unsigned w = c / 72 % 3, armed = c / 216 % 2, per = c / 432 % 2, none = c / 864 % 2;

	printf("#   %-11s %-6s %-8s %-8s signal %-6s%s%s %s%s, to %s\n", base[c / 1728],
	       none ? "none" : "signal", per ? "periodic" : "one-shot",
	       armed ? "armed" : "disarmed", where[w], ovr ? " overrun" : "",
	       last ? " last-overrun" : "", blocked ? "blocked " : "", act[a], to[tg]);
}

struct hashset {
	uint64_t *slot;
	size_t size, count;
};

static void hs_add(struct hashset *h, uint64_t v)
{
	size_t i;

	if (!v)
		v = 1; /* 0 marks an empty slot */
	if (2 * (h->count + 1) > h->size) {
		struct hashset bigger = {calloc(h->size ? 2 * h->size : 1024, 8),
					 h->size ? 2 * h->size : 1024, 0};

		for (size_t j = 0; j < h->size; j++)
			if (h->slot[j])
				hs_add(&bigger, h->slot[j]);
		free(h->slot);
		*h = bigger;
	}
	for (i = v % h->size; h->slot[i]; i = (i + 1) % h->size)
		if (h->slot[i] == v)
			return;
	h->slot[i] = v;
	h->count++;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static void note_state(const struct model *m, struct hashset *procs, struct hashset *timers)
{
	unsigned cls[KS_MAX_TIMERS];
	uint64_t h = 0;
	int n = m->ntimers;

	for (int i = 0; i < n; i++) {
		cls[i] = timer_class(m, &m->timers[i]);
		hs_add(timers, cls[i] + 1);
	}
	for (int i = 1; i < n; i++) /* a multiset: sorted */
		for (int j = i; j > 0 && cls[j - 1] > cls[j]; j--) {
			unsigned tmp = cls[j];

			cls[j] = cls[j - 1];
			cls[j - 1] = tmp;
		}
	for (int i = 0; i < n; i++)
		h = mix(h, cls[i]);
	h = mix(h, (uint64_t)(m->plain_count > 0) << 1 | (m->nparked > 0));
	hs_add(procs, h);
}

/* ---- one sequence --------------------------------------------------------------------- */

struct totals {
	uint64_t steps, timer_signals, with_overrun, saturated, deaths, errors;
};

#define RECENT 24

struct run {
	struct model m;
	struct op recent[RECENT];
	uint64_t step;
	bool verbose;
	struct totals tot;
	struct hashset procs, timers;
};

static void report_failure(struct run *r, const char *what, uint64_t seed, const char *diff,
			   const struct ks_state *k, const struct ks_state *mv)
{
	uint64_t first = r->step >= RECENT ? r->step - RECENT + 1 : 1;

	printf("# seed %" PRIu64 ", step %" PRIu64 ": %s\n", seed, r->step, what);
	printf("# the last steps:\n");
	for (uint64_t s = first; s <= r->step; s++) {
		printf("#   %" PRIu64 ": ", s);
		op_print(stdout, &r->recent[s % RECENT]);
		printf("\n");
	}
	if (diff && *diff) {
		for (const char *p = diff; *p;) {
			const char *nl = strchr(p, '\n');
			int len = nl ? (int)(nl - p) : (int)strlen(p);

			printf("# %.*s\n", len, p);
			p += len + (nl != NULL);
		}
	}
	if (k) {
		char *buf;
		size_t len;
		FILE *f = open_memstream(&buf, &len);

		fprintf(f, "kernel state:\n");
		state_print(f, k);
		fprintf(f, "model state:\n");
		state_print(f, mv);
		fclose(f);
		for (char *p = strtok(buf, "\n"); p; p = strtok(NULL, "\n"))
			printf("# %s\n", p);
		free(buf);
	}
	printf("# replay: build/model/model-test --seed %" PRIu64 " --count 1 --steps %" PRIu64
	       " --verbose\n",
	       seed, r->step);
}

/* One step on both sides; false at the first difference (reported). */
static bool run_step(struct run *r, uint64_t seed, const struct op *op)
{
	struct op_result kr, mr;
	struct ks_state ks, ms;
	const char *broken;
	char *diff;
	size_t len;
	FILE *f;
	bool same;

	r->step++;
	r->recent[r->step % RECENT] = *op;
	if (r->verbose) {
		printf("# %" PRIu64 ": ", r->step);
		op_print(stdout, op);
		printf("\n");
	}
	op_on_kernel(op, &kr);
	op_on_model(&r->m, op, &mr);
	f = open_memstream(&diff, &len);
	same = op_results_equal(op, &kr, &mr, f);
	ks_snapshot(&ks);
	m_view(&r->m, &ms);
	same = states_equal(&ks, &ms, f) && same;
	fclose(f);
	broken = ks_check();
	if (!same || broken) {
		report_failure(r, broken ? broken : "the kernel and the model differ", seed, diff,
			       &ks, &ms);
		free(diff);
		return false;
	}
	free(diff);
	r->tot.steps++;
	if (mr.rc < 0)
		r->tot.errors++;
	if ((op->kind == OP_DELIVER || op->kind == OP_SIGTIMEDWAIT || op->kind == OP_WAIT) &&
	    mr.rc > 0 && mr.info.code == SI_TIMER) {
		r->tot.timer_signals++;
		r->tot.with_overrun += mr.info.overrun > 0;
		r->tot.saturated += mr.info.overrun == 0x7fffffff;
	}
	r->tot.deaths += op->kind == OP_DELIVER && mr.rc > 0 && mr.action == KS_DFL;
	note_state(&r->m, &r->procs, &r->timers);
	return true;
}

static void run_init(struct run *r, bool verbose)
{
	memset(r, 0, sizeof(*r));
	r->verbose = verbose;
	ks_init(MODEL_START_MONO, MODEL_START_RT_OFF, MODEL_TAI_OFF_SEC);
	m_init(&r->m, MODEL_START_MONO, MODEL_START_RT_OFF, MODEL_TAI_OFF_SEC, ks_pid(),
	       ks_other_pid());
}

static bool run_sequence(struct run *r, uint64_t seed, uint64_t steps)
{
	struct gen g;
	struct op op;

	gen_init(&g, seed);
	for (uint64_t i = 0; i < steps; i++) {
		gen_step(&g, &r->m, &op);
		if (!run_step(r, seed, &op))
			return false;
	}
	return true;
}

static bool run_scenario(struct run *r, const struct scenario *sc)
{
	for (int i = 0; i < sc->nops; i++)
		if (!run_step(r, 0, &sc->ops[i]))
			return false;
	return true;
}

/* ---- children and their reports ------------------------------------------------------ */

/* What a child sends back: its totals, then its state hashes. */
static void send_report(int fd, const struct run *r)
{
	FILE *f = fdopen(fd, "w");

	fwrite(&r->tot, sizeof(r->tot), 1, f);
	for (size_t i = 0; i < r->procs.size; i++)
		if (r->procs.slot[i])
			fwrite(&r->procs.slot[i], 8, 1, f);
	fwrite(&(uint64_t){0}, 8, 1, f);
	for (size_t i = 0; i < r->timers.size; i++)
		if (r->timers.slot[i])
			fwrite(&r->timers.slot[i], 8, 1, f);
	fwrite(&(uint64_t){0}, 8, 1, f);
	fclose(f);
}

static void read_report(int fd, struct totals *tot, struct hashset *procs, struct hashset *timers)
{
	FILE *f = fdopen(fd, "r");
	struct totals t;
	uint64_t v;

	if (fread(&t, sizeof(t), 1, f) == 1) {
		tot->steps += t.steps;
		tot->timer_signals += t.timer_signals;
		tot->with_overrun += t.with_overrun;
		tot->saturated += t.saturated;
		tot->deaths += t.deaths;
		tot->errors += t.errors;
		while (fread(&v, 8, 1, f) == 1 && v)
			hs_add(procs, v);
		while (fread(&v, 8, 1, f) == 1 && v)
			hs_add(timers, v);
	}
	fclose(f);
}

/*
 * Run one sequence (sc NULL: the seed's) in a child; true if it passed.
 * A crash (a sanitizer's report, a kernel panic) fails it too.
 */
static bool in_child(uint64_t seed, uint64_t steps, const struct scenario *sc, bool verbose,
		     struct totals *tot, struct hashset *procs, struct hashset *timers)
{
	int fds[2], status;
	pid_t pid;

	fflush(stdout);
	if (pipe(fds))
		abort();
	pid = fork();
	if (pid < 0)
		abort();
	if (pid == 0) {
		struct run *r = calloc(1, sizeof(*r));
		bool ok;

		close(fds[0]);
		run_init(r, verbose);
		ok = sc ? run_scenario(r, sc) : run_sequence(r, seed, steps);
		fflush(stdout);
		if (ok)
			send_report(fds[1], r);
		_exit(ok ? 0 : 1);
	}
	close(fds[1]);
	read_report(fds[0], tot, procs, timers);
	if (waitpid(pid, &status, 0) != pid)
		abort();
	if (WIFSIGNALED(status))
		printf("# seed %" PRIu64 ": the test died of signal %d\n", seed, WTERMSIG(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv)
{
	uint64_t seed = 1, count = 20, steps = 2000;
	bool verbose = false, scenarios = true, coverage = false;
	struct totals tot = {0};
	struct hashset procs = {0}, timers = {0};
	int test = 0, failed = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--count") && i + 1 < argc)
			count = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--steps") && i + 1 < argc)
			steps = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--verbose"))
			verbose = true;
		else if (!strcmp(argv[i], "--no-scenarios"))
			scenarios = false;
		else if (!strcmp(argv[i], "--coverage"))
			coverage = true;
		else {
			fprintf(stderr,
				"usage: %s [--seed S] [--count N] [--steps K] [--verbose] "
				"[--no-scenarios] [--coverage]\n",
				argv[0]);
			return 2;
		}
	}
	printf("1..%" PRIu64 "\n", count + (scenarios ? (uint64_t)scenario_count : 0));
	for (int i = 0; scenarios && i < scenario_count; i++) {
		bool ok = in_child(0, 0, &scenario_list[i], verbose, &tot, &procs, &timers);

		printf("%s %d - scenario: %s\n", ok ? "ok" : "not ok", ++test,
		       scenario_list[i].name);
		failed += !ok;
	}
	for (uint64_t s = seed; s < seed + count; s++) {
		bool ok = in_child(s, steps, NULL, verbose, &tot, &procs, &timers);

		printf("%s %d - seed %" PRIu64 ", %" PRIu64 " steps\n", ok ? "ok" : "not ok",
		       ++test, s, steps);
		failed += !ok;
	}
	printf("# sequences %" PRIu64 ", steps compared %" PRIu64 " (%" PRIu64
	       " refused with an errno), distinct process states %zu, distinct timer states %zu\n",
	       count, tot.steps, tot.errors, procs.count, timers.count);
	printf("# timer signals taken %" PRIu64 " (%" PRIu64 " with overruns, %" PRIu64
	       " saturated at DELAYTIMER_MAX), processes killed by a default action %" PRIu64 "\n",
	       tot.timer_signals, tot.with_overrun, tot.saturated, tot.deaths);
	if (coverage) {
		printf("# timer states reached:\n");
		for (unsigned c = 0; c < 7 * 1728; c++)
			for (size_t i = 0; i < timers.size; i++)
				if (timers.slot[i] == c + 1)
					timer_class_print(c);
	}
	free(procs.slot);
	free(timers.slot);
	return failed ? 1 : 0;
}
