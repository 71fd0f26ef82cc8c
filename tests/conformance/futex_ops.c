/*
 * futex(2)'s operations besides WAIT and WAKE, and futex_waitv(2), through
 * syscall(2): FUTEX_REQUEUE and FUTEX_CMP_REQUEUE (counts, EAGAIN, the
 * keys' errors in Linux's order, requeue to the same word, threads woken
 * first in, requeued ones woken from the new word, processes through a
 * MAP_SHARED page), FUTEX_WAKE_OP (each op and comparison, the sign of the
 * 12-bit arguments, OPARG_SHIFT, ENOSYS for a bad op before the word is
 * touched and for a bad comparison after, EFAULT), WAIT_BITSET and
 * WAKE_BITSET masks, FUTEX_CLOCK_REALTIME's ENOSYS, private and shared
 * keys of one word not meeting, and futex_waitv (its EINVAL/EFAULT/EAGAIN
 * order, time-outs on both clocks, the index woken, a requeued entry, a
 * handler's EINTR).  A waiter is known to be queued by a CMP_REQUEUE of
 * its word onto itself, which counts the waiters and moves nobody.
 */
#include "conformance.h"
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#ifndef SYS_futex_waitv
#define SYS_futex_waitv 449
#endif

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_FD 2
#define FUTEX_REQUEUE 3
#define FUTEX_CMP_REQUEUE 4
#define FUTEX_WAKE_OP 5
#define FUTEX_WAIT_BITSET 9
#define FUTEX_WAKE_BITSET 10
#define FUTEX_PRIVATE 128
#define FUTEX_CLOCK_REALTIME 256
#define OP(op, cmp, oparg, cmparg)                                                                  \
	((unsigned)(((op) & 0xf) << 28) | (unsigned)(((cmp) & 0xf) << 24) |                           \
	 (unsigned)(((oparg) & 0xfff) << 12) | (unsigned)((cmparg) & 0xfff))
#define SHIFT 8

struct waitv {
	uint64_t val, uaddr;
	uint32_t flags, reserved;
};
struct ts64 {
	int64_t sec, nsec;
};
#define U32 2
#define PRIV 128

static long futex(void *uaddr, int op, unsigned val, unsigned long val2, void *uaddr2,
		  unsigned val3)
{
	long r = syscall(SYS_futex, uaddr, op, val, val2, uaddr2, val3);

	return r < 0 ? -errno : r;
}

static long waitv(struct waitv *w, unsigned n, unsigned flags, struct ts64 *to, int clock)
{
	long r = syscall(SYS_futex_waitv, w, n, flags, to, clock);

	return r < 0 ? -errno : r;
}

static const char *res(long r)
{
	static char b[32];

	if (r >= 0) {
		snprintf(b, sizeof(b), "%ld", r);
		return b;
	}
	return errname((int)-r);
}

#define CHECK(call, want, ...)                                                                      \
	do {                                                                                        \
		long r_ = (call), w_ = (want);                                                      \
		if (r_ != w_)                                                                       \
			why("got %s", res(r_));                                                     \
		ok(r_ == w_, __VA_ARGS__);                                                          \
	} while (0)

/* The waiters queued on word w (shared unless priv): a requeue onto itself. */
static long queued(unsigned *w, int priv)
{
	return futex(w, FUTEX_CMP_REQUEUE | priv, 0, 0x7fffffff, w, *w);
}

static int until_queued(unsigned *w, int priv, long n)
{
	for (int i = 0; i < 5000; i++) {
		if (queued(w, priv) == n)
			return 1;
		usleep(1000);
	}
	return 0;
}

/* ---- threads ---------------------------------------------------------------- */

static unsigned wa, wb, wc; /* the words the threads sleep on */
static int ndone;	     /* sleepers returned so far */

struct sleeper {
	pthread_t t;
	unsigned *word;
	unsigned bitset;
	long rc;
	struct waitv *v;
	unsigned nv;
};

static void *sleeper_main(void *arg)
{
	struct sleeper *s = arg;

	if (s->v)
		s->rc = waitv(s->v, s->nv, 0, NULL, 0);
	else
		s->rc = futex(s->word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE, *s->word, 0, NULL,
			      s->bitset ? s->bitset : ~0u);
	__atomic_fetch_add(&ndone, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

/* Until n sleepers in all have returned: which ones, as a bit mask of s[]. */
static unsigned done_by(struct sleeper *s, int count, int n)
{
	unsigned mask = 0;

	for (int i = 0; i < 5000 && __atomic_load_n(&ndone, __ATOMIC_SEQ_CST) < n; i++)
		usleep(1000);
	usleep(10000); /* and no more */
	for (int i = 0; i < count; i++)
		if (s[i].rc != 77)
			mask |= 1u << i;
	return mask;
}

static void start(struct sleeper *s, unsigned *word, long now_queued)
{
	s->word = word;
	s->rc = 77;
	pthread_create(&s->t, NULL, sleeper_main, s);
	if (!until_queued(word, FUTEX_PRIVATE, now_queued))
		why("no waiter came");
}

static void thread_requeue(void)
{
	struct sleeper s[5] = {{0}};
	int i, good;

	wa = 1, wb = 2;
	ndone = 0;
	for (i = 0; i < 5; i++)
		start(&s[i], &wa, i + 1);
	CHECK(queued(&wa, FUTEX_PRIVATE), 5, "5 threads wait on a: requeue onto itself counts 5");
	CHECK(queued(&wa, FUTEX_PRIVATE), 5, "and moves nobody");
	CHECK(futex(&wa, FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 0, 0, &wb, 1), 0,
	      "CMP_REQUEUE 0 woken 0 moved: 0");
	CHECK(futex(&wa, FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 1, 1, &wb, 2), -EAGAIN,
	      "CMP_REQUEUE with a stale value: EAGAIN");
	CHECK(futex(&wa, FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 2, 2, &wb, 1), 4,
	      "CMP_REQUEUE 2 woken, 2 moved: 4");
	CHECK(done_by(s, 5, 2), 0x3, "the first two in were woken");
	CHECK(queued(&wa, FUTEX_PRIVATE), 1, "one left on a");
	CHECK(queued(&wb, FUTEX_PRIVATE), 2, "two on b");
	CHECK(futex(&wb, FUTEX_WAKE, 9, 0, NULL, 0), 0,
	      "a shared wake of b wakes none of the private waiters");
	CHECK(futex(&wb, FUTEX_WAKE | FUTEX_PRIVATE, 9, 0, NULL, 0), 2, "a wake of b wakes 2");
	CHECK(done_by(s, 5, 4), 0xf, "the next two, moved to b");
	CHECK(futex(&wa, FUTEX_REQUEUE | FUTEX_PRIVATE, 0, 1, &wc, 0), 1,
	      "REQUEUE the last one to c: 1");
	CHECK(futex(&wc, FUTEX_WAKE | FUTEX_PRIVATE, 1, 0, NULL, 0), 1, "a wake of c wakes it");
	CHECK(done_by(s, 5, 5), 0x1f, "the last one");
	for (i = 0; i < 5; i++)
		pthread_join(s[i].t, NULL);
	good = 1;
	for (i = 0; i < 5; i++)
		good &= s[i].rc == 0;
	ok(good, "every waiter returned 0");
}

static void thread_wake_op(void)
{
	struct sleeper s[4] = {{0}};

	wa = 0, wb = 0;
	start(&s[0], &wa, 1);
	start(&s[1], &wb, 1);
	CHECK(futex(&wa, FUTEX_WAKE_OP | FUTEX_PRIVATE, 1, 1, &wb, OP(0, 1, 5, 0)), 1,
	      "WAKE_OP SET 5, CMP_NE 0 (old 0: false): wakes a's waiter only");
	ok(wb == 5, "b is 5");
	pthread_join(s[0].t, NULL);
	start(&s[0], &wa, 1);
	CHECK(futex(&wa, FUTEX_WAKE_OP | FUTEX_PRIVATE, 1, 1, &wb, OP(1, 0, 1, 5)), 2,
	      "WAKE_OP ADD 1, CMP_EQ 5 (true): wakes both");
	pthread_join(s[0].t, NULL);
	pthread_join(s[1].t, NULL);
	ok(s[1].rc == 0 && wb == 6, "b's waiter woke by the op, b is 6");

	/* bitsets */
	wa = 0;
	s[2].bitset = 1;
	start(&s[2], &wa, 1);
	CHECK(futex(&wa, FUTEX_WAKE_BITSET | FUTEX_PRIVATE, 1, 0, NULL, 2), 0,
	      "WAKE_BITSET 2 misses a waiter of bitset 1");
	CHECK(futex(&wa, FUTEX_WAKE_OP | FUTEX_PRIVATE, 0, 0, &wb, OP(0, 0, 0, 1)), 1,
	      "WAKE_OP nr_wake 0 still wakes one (any bitset)");
	pthread_join(s[2].t, NULL);
	s[3].bitset = 6;
	start(&s[3], &wa, 1);
	CHECK(futex(&wa, FUTEX_WAKE_BITSET | FUTEX_PRIVATE, 1, 0, NULL, 3), 1,
	      "WAKE_BITSET 3 wakes a waiter of bitset 6");
	pthread_join(s[3].t, NULL);
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void thread_waitv(void)
{
	struct waitv v[3];
	struct sleeper s = {0};
	struct sigaction sa;

	wa = 0, wb = 0, wc = 0;
	v[0] = (struct waitv){0, (uintptr_t)&wa, U32 | PRIV, 0};
	v[1] = (struct waitv){0, (uintptr_t)&wb, U32 | PRIV, 0};
	v[2] = (struct waitv){0, (uintptr_t)&wc, U32 | PRIV, 0};
	s.v = v, s.nv = 3;
	start(&s, &wc, 1);
	CHECK(queued(&wa, FUTEX_PRIVATE) + queued(&wb, FUTEX_PRIVATE), 2,
	      "waitv of 3 words: a waiter on each");
	CHECK(futex(&wc, FUTEX_WAKE | FUTEX_PRIVATE, 1, 0, NULL, 0), 1, "a wake of the third");
	pthread_join(s.t, NULL);
	CHECK(s.rc, 2, "waitv returns its index, 2");
	CHECK(queued(&wa, FUTEX_PRIVATE) + queued(&wb, FUTEX_PRIVATE), 0,
	      "and is no longer on the others");

	s.rc = -1;
	start(&s, &wb, 1);
	CHECK(futex(&wb, FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 0, 1, &wa, 0), 1,
	      "waitv's entry 1 requeued to a (entry 0's word)");
	CHECK(queued(&wa, FUTEX_PRIVATE), 2, "a has both");
	CHECK(futex(&wa, FUTEX_WAKE | FUTEX_PRIVATE, 2, 0, NULL, 0), 2, "a wake of a wakes both");
	pthread_join(s.t, NULL);
	CHECK(s.rc, 1, "waitv returns the highest index woken, 1");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	start(&s, &wa, 1);
	pthread_kill(s.t, SIGUSR1);
	pthread_join(s.t, NULL);
	CHECK(s.rc, -EINTR, "a handler (no SA_RESTART) ends waitv: EINTR");
	CHECK(queued(&wa, FUTEX_PRIVATE) + queued(&wb, FUTEX_PRIVATE) + queued(&wc, FUTEX_PRIVATE),
	      0, "nothing left queued");
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	start(&s, &wa, 1);
	pthread_kill(s.t, SIGUSR1);
	usleep(20000);
	CHECK(queued(&wa, FUTEX_PRIVATE), 1, "with SA_RESTART it waits again");
	CHECK(futex(&wb, FUTEX_WAKE | FUTEX_PRIVATE, 1, 0, NULL, 0), 1, "until woken");
	pthread_join(s.t, NULL);
	CHECK(s.rc, 1, "index 1");
}

/* ---- processes ---------------------------------------------------------------- */

static void process_requeue(void)
{
	unsigned *w = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid[4];
	int st, good = 1;

	w[0] = 7, w[1] = 8;
	for (int i = 0; i < 4; i++) {
		pid[i] = fork();
		if (!pid[i]) {
			long r = futex(&w[0], FUTEX_WAIT, 7, 0, NULL, 0);

			_exit(r == 0 ? 0 : 1);
		}
		if (!until_queued(&w[0], 0, i + 1))
			why("child %d did not wait", i);
	}
	CHECK(queued(&w[0], 0), 4, "4 processes wait on a shared word");
	CHECK(queued(&w[0], FUTEX_PRIVATE), 0, "none on the private key of the same word");
	CHECK(futex(&w[0], FUTEX_CMP_REQUEUE, 1, 2, &w[1], 7), 3,
	      "CMP_REQUEUE across processes: 1 woken, 2 moved");
	CHECK(queued(&w[1], 0), 2, "two on the second word");
	CHECK(futex(&w[1], FUTEX_WAKE, 5, 0, NULL, 0), 2, "woken from there");
	CHECK(futex(&w[0], FUTEX_WAKE | FUTEX_PRIVATE, 5, 0, NULL, 0), 0,
	      "a private wake does not reach the last one");
	CHECK(futex(&w[0], FUTEX_WAKE, 5, 0, NULL, 0), 1, "a shared wake does");
	for (int i = 0; i < 4; i++) {
		waitpid(pid[i], &st, 0);
		good &= WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	ok(good, "each child returned 0 from its wait");
	munmap(w, 4096);
}

/* ---- errors ------------------------------------------------------------------- */

static void errors(void)
{
	char *pg = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned *ros = mmap(NULL, 4096, PROT_READ, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	unsigned *w = (unsigned *)pg, *gone = (unsigned *)(pg + 4096), *mis = (unsigned *)(pg + 1);
	unsigned *nul = NULL;
	struct timespec bad = {0, 1000000000}, zero = {0, 0};
	int s;

	munmap(gone, 4096);
	w[0] = 5, w[1] = 6;
	/* counts, then keys, then the value */
	CHECK(futex(w, FUTEX_CMP_REQUEUE, 1, (unsigned long)-1, w + 1, 5), -EINVAL,
	      "CMP_REQUEUE nr_requeue -1: EINVAL");
	CHECK(futex(w, FUTEX_CMP_REQUEUE, (unsigned)-1, 1, w + 1, 5), -EINVAL,
	      "CMP_REQUEUE nr_wake -1: EINVAL");
	CHECK(futex(gone, FUTEX_REQUEUE, (unsigned)-1, 1, mis, 5), -EINVAL,
	      "REQUEUE nr_wake -1 before the addresses: EINVAL");
	CHECK(futex(w, FUTEX_REQUEUE, 0, 0x7fffffff, w + 1, 0), 0, "REQUEUE, nobody waits: 0");
	CHECK(futex(w, FUTEX_CMP_REQUEUE, 1, 1, w + 1, 6), -EAGAIN, "CMP_REQUEUE value differs: EAGAIN");
	CHECK(futex(w, FUTEX_CMP_REQUEUE, 1, 1, w, 5), 0, "CMP_REQUEUE onto itself, none: 0");
	CHECK(futex(mis, FUTEX_CMP_REQUEUE, 1, 1, gone, 5), -EINVAL,
	      "misaligned uaddr before unmapped uaddr2: EINVAL");
	CHECK(futex(gone, FUTEX_CMP_REQUEUE, 1, 1, mis, 5), -EFAULT,
	      "unmapped uaddr (shared) before misaligned uaddr2: EFAULT");
	CHECK(futex(w, FUTEX_CMP_REQUEUE, 1, 1, mis, 6), -EINVAL,
	      "misaligned uaddr2 before the value: EINVAL");
	CHECK(futex(w, FUTEX_CMP_REQUEUE, 1, 1, gone, 5), -EFAULT, "unmapped uaddr2, shared: EFAULT");
	CHECK(futex(w, FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 1, 1, gone, 5), 0,
	      "unmapped uaddr2, private: 0");
	CHECK(futex(gone, FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 1, 1, w, 5), -EFAULT,
	      "unmapped uaddr, private CMP_REQUEUE reads it: EFAULT");
	CHECK(futex(gone, FUTEX_REQUEUE | FUTEX_PRIVATE, 1, 1, w, 5), 0,
	      "unmapped uaddr, private REQUEUE never reads it: 0");
	CHECK(futex(nul, FUTEX_REQUEUE, 1, 1, w, 5), -EFAULT, "REQUEUE NULL shared: EFAULT");
	CHECK(futex(w, FUTEX_REQUEUE, 1, 1, ro, 0), -EFAULT,
	      "REQUEUE shared to a read-only private anonymous word: EFAULT");
	CHECK(futex(w, FUTEX_REQUEUE | FUTEX_PRIVATE, 1, 1, ro, 0), 0, "private: 0");
	CHECK(futex(w, FUTEX_REQUEUE, 1, 1, ros, 0), 0, "shared to a read-only MAP_SHARED word: 0");
	CHECK(futex(ro, FUTEX_WAIT, 0, (uintptr_t)&zero, NULL, 0), -EFAULT,
	      "WAIT shared on a read-only private anonymous word: EFAULT");
	CHECK(futex(ros, FUTEX_WAIT, 0, (uintptr_t)&zero, NULL, 0), -ETIMEDOUT,
	      "on a read-only MAP_SHARED word: ETIMEDOUT");

	/* FUTEX_CLOCK_REALTIME and unknown commands */
	CHECK(futex(w, FUTEX_REQUEUE | FUTEX_CLOCK_REALTIME, (unsigned)-1, 1, w, 0), -ENOSYS,
	      "REQUEUE|CLOCK_REALTIME: ENOSYS before the counts");
	CHECK(futex(w, FUTEX_CMP_REQUEUE | FUTEX_CLOCK_REALTIME, 1, 1, w, 5), -ENOSYS,
	      "CMP_REQUEUE|CLOCK_REALTIME: ENOSYS");
	CHECK(futex(w, FUTEX_WAKE_OP | FUTEX_CLOCK_REALTIME, 1, 1, w, 0), -ENOSYS,
	      "WAKE_OP|CLOCK_REALTIME: ENOSYS");
	CHECK(futex(w, FUTEX_WAKE_BITSET | FUTEX_CLOCK_REALTIME, 1, 0, NULL, 1), -ENOSYS,
	      "WAKE_BITSET|CLOCK_REALTIME: ENOSYS");
	CHECK(futex(w, FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 5, (uintptr_t)&bad, NULL, 0), -EINVAL,
	      "WAIT|CLOCK_REALTIME with a bad timeout: EINVAL first");
	CHECK(futex(w, FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 5, (uintptr_t)&zero, NULL, 0), -ENOSYS,
	      "WAIT|CLOCK_REALTIME: ENOSYS");
	CHECK(futex(w, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 6, (uintptr_t)&zero, NULL, 1),
	      -EAGAIN, "WAIT_BITSET|CLOCK_REALTIME: taken");
	CHECK(futex(w, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 5, (uintptr_t)&zero, NULL, 1),
	      -ETIMEDOUT, "WAIT_BITSET|CLOCK_REALTIME at time 0: ETIMEDOUT");
	CHECK(futex(w, FUTEX_WAIT_BITSET, 5, (uintptr_t)&zero, NULL, 0), -EINVAL,
	      "WAIT_BITSET bitset 0: EINVAL");
	CHECK(futex(w, FUTEX_WAKE_BITSET, 5, 0, NULL, 0), -EINVAL, "WAKE_BITSET bitset 0: EINVAL");
	CHECK(futex(w, FUTEX_FD, 5, 0, NULL, 0), -ENOSYS, "FUTEX_FD: ENOSYS");
	CHECK(futex(w, 14, 5, 0, NULL, 0), -ENOSYS, "command 14: ENOSYS");
	CHECK(futex(w, 127 | FUTEX_PRIVATE, 5, 0, NULL, 0), -ENOSYS, "command 127: ENOSYS");
	CHECK(futex(w, FUTEX_WAIT, 5, (uintptr_t)gone, NULL, 0), -EFAULT,
	      "WAIT's timeout unmapped: EFAULT");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, (uintptr_t)gone, w + 1, OP(0, 0, 0, 0)), 0,
	      "WAKE_OP's fourth argument is a count, not read");

	/* WAKE_OP: each op and comparison on w[1] */
	static const struct {
		int op, cmp, oparg, cmparg;
		unsigned before, after;
		int cond;
		const char *what;
	} ops[] = {
		{0, 0, 9, 6, 6, 9, 1, "SET 9, old EQ 6"},
		{1, 1, -3, 9, 9, 6, 0, "ADD -3, old NE 9"},
		{2, 2, 0x30, 7, 6, 0x36, 1, "OR 0x30, old LT 7"},
		{3, 3, 0x6, 0x36, 0x36, 0x30, 1, "ANDN 6, old LE 0x36"},
		{4, 4, 0xff, 0x30, 0x30, 0xcf, 0, "XOR 0xff, old GT 0x30"},
		{0, 5, 1, -2, (unsigned)-5, 1, 0, "SET 1, old -5 GE -2 (signed 12 bits)"},
		{0, 2, 1, -2, (unsigned)-5, 1, 1, "SET 1, old -5 LT -2"},
		{0 | SHIFT, 0, 4, 0, 0, 16, 1, "SET 1 << 4 (OPARG_SHIFT)"},
		{2 | SHIFT, 0, 35, 16, 16, 24, 1, "OR 1 << 35: the shift's low 5 bits"},
		{1, 0, 0x800, 0, 0, (unsigned)-2048, 1, "ADD 0x800 is -2048"},
	};
	for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		w[1] = ops[i].before;
		s = (int)futex(w, FUTEX_WAKE_OP, 1, 1, w + 1,
			       OP(ops[i].op, ops[i].cmp, ops[i].oparg, ops[i].cmparg));
		ok(s == 0 && w[1] == ops[i].after, "WAKE_OP %s: 0 woken, word %#x", ops[i].what,
		   ops[i].after);
		(void)ops[i].cond;
	}
	w[1] = 77;
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, w + 1, OP(5, 0, 1, 0)), -ENOSYS, "WAKE_OP op 5: ENOSYS");
	ok(w[1] == 77, "the word untouched");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, w + 1, OP(7 | SHIFT, 0, 1, 0)), -ENOSYS,
	      "WAKE_OP op 7 with OPARG_SHIFT: ENOSYS");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, w + 1, OP(0, 6, 1, 0)), -ENOSYS,
	      "WAKE_OP comparison 6: ENOSYS");
	ok(w[1] == 1, "after the store was made");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, w + 1, OP(0, 15, 3, 0)), -ENOSYS,
	      "WAKE_OP comparison 15: ENOSYS");
	CHECK(futex(w, FUTEX_WAKE_OP | FUTEX_PRIVATE, 1, 1, gone, OP(5, 0, 1, 0)), -ENOSYS,
	      "private, unmapped uaddr2, bad op: ENOSYS");
	CHECK(futex(w, FUTEX_WAKE_OP | FUTEX_PRIVATE, 1, 1, gone, OP(0, 0, 1, 0)), -EFAULT,
	      "private, unmapped uaddr2: EFAULT");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, gone, OP(5, 0, 1, 0)), -EFAULT,
	      "shared, unmapped uaddr2, bad op: EFAULT (the key first)");
	CHECK(futex(w, FUTEX_WAKE_OP | FUTEX_PRIVATE, 1, 1, ro, OP(0, 0, 1, 0)), -EFAULT,
	      "private, read-only uaddr2: EFAULT");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, ro, OP(5, 0, 1, 0)), -EFAULT,
	      "shared, read-only private uaddr2, bad op: EFAULT");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, ros, OP(0, 0, 1, 0)), -EFAULT,
	      "shared, read-only MAP_SHARED uaddr2: EFAULT");
	CHECK(futex(w, FUTEX_WAKE_OP, 1, 1, mis, OP(0, 0, 1, 0)), -EINVAL,
	      "misaligned uaddr2: EINVAL");
	CHECK(futex(mis, FUTEX_WAKE_OP, 1, 1, gone, OP(0, 0, 1, 0)), -EINVAL,
	      "misaligned uaddr first: EINVAL");
	CHECK(futex(gone, FUTEX_WAKE_OP | FUTEX_PRIVATE, 1, 1, w + 1, OP(0, 0, 1, 0)), 0,
	      "private, unmapped uaddr: 0 (nothing reads it)");
	CHECK(futex(gone, FUTEX_WAKE_OP, 1, 1, w + 1, OP(0, 0, 1, 0)), -EFAULT,
	      "shared, unmapped uaddr: EFAULT");

	/* futex_waitv */
	struct waitv v[129];
	struct ts64 to = {0, 0}, tbad = {0, 1000000000}, tneg = {-1, 0};

	for (int i = 0; i < 129; i++)
		v[i] = (struct waitv){5, (uintptr_t)w, U32 | PRIV, 0};
	CHECK(waitv(v, 1, 1, &to, CLOCK_MONOTONIC), -EINVAL, "waitv flags 1: EINVAL");
	CHECK(waitv(v, 0, 0, &to, CLOCK_MONOTONIC), -EINVAL, "waitv of 0: EINVAL");
	CHECK(waitv(v, 129, 0, &to, CLOCK_MONOTONIC), -EINVAL, "waitv of 129: EINVAL");
	CHECK(waitv(NULL, 1, 0, &to, CLOCK_MONOTONIC), -EINVAL, "waitv NULL: EINVAL");
	CHECK(waitv((struct waitv *)gone, 1, 0, (struct ts64 *)gone, CLOCK_MONOTONIC), -EFAULT,
	      "waitv timeout unmapped: EFAULT");
	CHECK(waitv((struct waitv *)gone, 1, 0, &tbad, CLOCK_MONOTONIC), -EINVAL,
	      "waitv tv_nsec 1e9: EINVAL before the vector");
	CHECK(waitv(v, 1, 0, &tneg, CLOCK_MONOTONIC), -EINVAL, "waitv tv_sec -1: EINVAL");
	CHECK(waitv(v, 1, 0, &tbad, CLOCK_TAI), -EINVAL, "waitv CLOCK_TAI: EINVAL");
	CHECK(waitv(v, 1, 0, &to, CLOCK_PROCESS_CPUTIME_ID), -EINVAL,
	      "waitv CLOCK_PROCESS_CPUTIME_ID: EINVAL");
	CHECK(waitv((struct waitv *)gone, 1, 0, &to, CLOCK_MONOTONIC), -EFAULT,
	      "waitv vector unmapped: EFAULT");
	CHECK(waitv(v, 128, 0, &to, CLOCK_MONOTONIC), -ETIMEDOUT,
	      "waitv of 128, a deadline past: ETIMEDOUT");
	CHECK(waitv(v, 2, 0, &to, CLOCK_REALTIME), -ETIMEDOUT, "on CLOCK_REALTIME: ETIMEDOUT");
	v[1].val = 6;
	CHECK(waitv(v, 2, 0, NULL, CLOCK_TAI), -EAGAIN,
	      "no timeout: the clock is not looked at; entry 1 differs: EAGAIN");
	v[1].val = 5;
	v[1].flags = PRIV;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EINVAL, "entry without a size: EINVAL");
	v[1].flags = 3 | PRIV;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EINVAL, "entry of 64 bits: EINVAL");
	v[1].flags = U32 | PRIV | 0x10;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EINVAL, "entry flag 0x10: EINVAL");
	v[1].flags = U32 | PRIV;
	v[1].reserved = 1;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EINVAL, "entry reserved 1: EINVAL");
	v[1].reserved = 0;
	v[0].val = 6;
	v[1].uaddr = (uintptr_t)mis;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EINVAL,
	      "entry 0 differs, entry 1 misaligned: EINVAL (keys first)");
	v[1].uaddr = (uintptr_t)gone;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EAGAIN,
	      "entry 0 differs, entry 1 unmapped private: EAGAIN (in order)");
	v[1].flags = U32;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EFAULT,
	      "entry 1 unmapped shared: EFAULT (its key)");
	v[0].val = 5;
	v[0].uaddr = (uintptr_t)gone;
	v[0].flags = U32 | PRIV;
	v[1].val = 6;
	v[1].uaddr = (uintptr_t)w;
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -EFAULT,
	      "entry 0 unmapped private, entry 1 differs: EFAULT");
	for (int i = 0; i < 128; i++)
		v[i] = (struct waitv){0, 0, U32 | PRIV, 0};
	CHECK(waitv(v, 128, 0, NULL, 0), -EFAULT, "128 entries at NULL: EFAULT");
	v[0] = (struct waitv){5, (uintptr_t)w, U32, 0};
	v[1] = (struct waitv){5, (uintptr_t)w, U32 | PRIV, 0};
	CHECK(waitv(v, 2, 0, &to, CLOCK_MONOTONIC), -ETIMEDOUT,
	      "one word shared and private in one vector: ETIMEDOUT");
	CHECK(queued(w, 0) + queued(w, FUTEX_PRIVATE), 0, "nothing left queued");
	munmap(pg, 3 * 4096);
	munmap(ro, 4096);
	munmap(ros, 4096);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	errors();
	thread_requeue();
	thread_wake_op();
	thread_waitv();
	process_requeue();
	return done();
}
