/*
 * futex's requeue and futex_waitv from a hostile ring 3 (kernel/task/futex.c):
 * requeue storms between threads bouncing waiters from word to word while
 * others wake them and change the words, then every waiter comes back and
 * nothing is left queued; waiters of a child process requeued onto a word
 * of the parent's shared page, then the child killed (SIGKILL) and the page
 * unmapped: nothing left, every page given back (the runner's free-pages
 * check); a child's thread in a futex_waitv of 128 words when the child
 * calls exit_group; futex_waitv of 128 entries with the last one unmapped
 * (EFAULT) or different (EAGAIN): none of the 127 before it stays queued;
 * the PI operations are not built (ENOSYS, as Linux without
 * CONFIG_FUTEX_PI); FUTEX_CLOCK_REALTIME and futex_waitv's CLOCK_REALTIME
 * deadlines follow clock_settime.  A waiter is counted by a CMP_REQUEUE of
 * its word onto itself, which moves nobody.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "../tap.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_REQUEUE 3
#define FUTEX_CMP_REQUEUE 4
#define FUTEX_LOCK_PI 6
#define FUTEX_UNLOCK_PI 7
#define FUTEX_TRYLOCK_PI 8
#define FUTEX_WAIT_BITSET 9
#define FUTEX_WAIT_REQUEUE_PI 11
#define FUTEX_CMP_REQUEUE_PI 12
#define FUTEX_LOCK_PI2 13
#define FUTEX_PRIVATE 128
#define FUTEX_CLOCK_REALTIME 256

struct waitv {
	uint64_t val, uaddr;
	uint32_t flags, reserved;
};
struct ts64 {
	int64_t sec, nsec;
};

static long futex(volatile void *uaddr, int op, unsigned val, unsigned long val2,
		  volatile void *uaddr2, unsigned val3)
{
	long r = syscall(SYS_futex, uaddr, op, val, val2, uaddr2, val3);

	return r < 0 ? -errno : r;
}

static long waitv(struct waitv *w, unsigned n, struct ts64 *to, int clock)
{
	long r = syscall(SYS_futex_waitv, w, n, 0, to, clock);

	return r < 0 ? -errno : r;
}

static long queued(volatile unsigned *w, int priv)
{
	return futex(w, FUTEX_CMP_REQUEUE | priv, 0, 0x7fffffff, w, *w);
}

static int until_queued(volatile unsigned *w, int priv, long n)
{
	for (int i = 0; i < 3000; i++) {
		if (queued(w, priv) == n)
			return 1;
		usleep(1000);
	}
	return 0;
}

/* ---- a requeue storm ------------------------------------------------------------- */

#define STORM_WAITERS 8
#define STORM_ROUNDS 3000

static volatile unsigned words[3];
static volatile int storm_over;
static long storm_waits[STORM_WAITERS];

static void *storm_waiter(void *arg)
{
	long i = (long)arg;

	while (!storm_over) {
		volatile unsigned *w = &words[i % 3];

		futex(w, FUTEX_WAIT | FUTEX_PRIVATE, *w, 0, NULL, 0);
		storm_waits[i]++;
	}
	return NULL;
}

static void *storm_requeuer(void *arg)
{
	unsigned seed = (unsigned)(uintptr_t)arg;

	for (int r = 0; r < STORM_ROUNDS; r++) {
		int from = (int)((seed = seed * 1103515245 + 12345) >> 16) % 3, to = (from + 1) % 3;

		seed = seed * 1103515245 + 12345;
		switch ((seed >> 16) % 4) {
		case 0:
			futex(&words[from], FUTEX_CMP_REQUEUE | FUTEX_PRIVATE, 0, 3, &words[to],
			      words[from]);
			break;
		case 1:
			futex(&words[from], FUTEX_REQUEUE | FUTEX_PRIVATE, 1, 2, &words[to], 0);
			break;
		case 2:
			futex(&words[from], FUTEX_WAKE | FUTEX_PRIVATE, 1, 0, NULL, 0);
			break;
		default:
			__atomic_fetch_add(&words[from], 1, __ATOMIC_SEQ_CST);
			futex(&words[from], FUTEX_WAKE | FUTEX_PRIVATE, 2, 0, NULL, 0);
			break;
		}
		if (!(r % 64))
			sched_yield();
	}
	return NULL;
}

static void storm(void)
{
	pthread_t w[STORM_WAITERS], r[2];
	long total = 0, left = 0;

	for (long i = 0; i < STORM_WAITERS; i++)
		pthread_create(&w[i], NULL, storm_waiter, (void *)i);
	for (long i = 0; i < 2; i++)
		pthread_create(&r[i], NULL, storm_requeuer, (void *)(i + 7));
	for (int i = 0; i < 2; i++)
		pthread_join(r[i], NULL);
	storm_over = 1;
	for (int k = 0; k < 3; k++) {
		__atomic_fetch_add(&words[k], 1, __ATOMIC_SEQ_CST);
		futex(&words[k], FUTEX_WAKE | FUTEX_PRIVATE, 1000, 0, NULL, 0);
	}
	for (int i = 0; i < STORM_WAITERS; i++) {
		pthread_join(w[i], NULL);
		total += storm_waits[i];
	}
	for (int k = 0; k < 3; k++)
		left += queued(&words[k], FUTEX_PRIVATE);
	tap_note("requeue storm: %ld waits ended", total);
	ok(left == 0 && total >= STORM_WAITERS,
	   "a requeue storm of 2 x %d rounds: every waiter came back, none left queued",
	   STORM_ROUNDS);
}

/* ---- a child's waiters requeued, then killed ------------------------------------- */

static volatile unsigned *child_word;

static void *child_waiter(void *arg)
{
	(void)arg;
	futex(child_word, FUTEX_WAIT, 0, 0, NULL, 0);
	return NULL;
}

static void killed_while_requeued(void)
{
	unsigned *a = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	unsigned *b = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;
	int st;

	a[0] = 0, b[0] = 0;
	pid = fork();
	if (!pid) {
		pthread_t t[4];

		child_word = a;
		for (int i = 0; i < 4; i++)
			pthread_create(&t[i], NULL, child_waiter, NULL);
		child_waiter(NULL);
		_exit(0);
	}
	ok(until_queued(a, 0, 5), "5 waiters of a child on a shared word");
	ok(futex(a, FUTEX_CMP_REQUEUE, 0, 5, b, 0) == 5, "all 5 requeued to another object's word");
	ok(queued(b, 0) == 5, "5 on it");
	munmap(b, 4096); /* the waiters' keys hold the object */
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "the child is killed");
	ok(queued(a, 0) == 0, "nothing left on the first word");
	munmap(a, 4096);
}

/* ---- exit_group under a futex_waitv ---------------------------------------------- */

static struct waitv big[128];

static void *waitv_main(void *arg)
{
	(void)arg;
	waitv(big, 128, NULL, 0);
	return NULL;
}

static void exit_under_waitv(void)
{
	unsigned *w = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;
	int st;

	pid = fork();
	if (!pid) {
		pthread_t t;

		for (int i = 0; i < 128; i++)
			big[i] = (struct waitv){0, (uintptr_t)&w[i % 64], 2, 0};
		pthread_create(&t, NULL, waitv_main, NULL);
		for (int i = 0; i < 3000 && queued(&w[63], 0) != 2; i++)
			usleep(1000);
		_exit(queued(&w[0], 0) == 2 ? 7 : 1); /* exit_group under the waiter */
	}
	waitpid(pid, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 7,
	   "a child's thread in a futex_waitv of 128 words; the child exits");
	long left = 0;

	for (int i = 0; i < 64; i++)
		left += queued(&w[i], 0);
	ok(left == 0, "none of its 128 waiters is left");
	munmap(w, 4096);
}

/* ---- futex_waitv's bad entries ---------------------------------------------------- */

static void waitv_bad(void)
{
	static unsigned word[128];
	char *gone = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long left = 0;

	munmap(gone, 4096);
	for (int i = 0; i < 128; i++)
		big[i] = (struct waitv){0, (uintptr_t)&word[i], 2 | 128, 0};
	big[127].uaddr = (uintptr_t)gone;
	ok(waitv(big, 128, NULL, 0) == -EFAULT, "128 entries, the last unmapped: EFAULT");
	for (int i = 0; i < 128; i++)
		left += queued(&word[i], FUTEX_PRIVATE);
	ok(left == 0, "none of the 127 before it left queued");
	big[127].uaddr = (uintptr_t)&word[127];
	big[127].val = 1;
	ok(waitv(big, 128, NULL, 0) == -EAGAIN, "the last one different: EAGAIN");
	for (int i = 0; i < 128; i++)
		left += queued(&word[i], FUTEX_PRIVATE);
	ok(left == 0, "none left queued");
	for (int i = 0; i < 128; i++)
		big[i] = (struct waitv){0, 0xc0000000u + 4u * i, 2, 0};
	ok(waitv(big, 128, NULL, 0) == -EFAULT, "128 entries in the kernel: EFAULT");
	for (int i = 0; i < 128; i++)
		big[i] = (struct waitv){0, 0xbffff000u, 2 | 128, 0};
	ok(waitv(big, 128, NULL, 0) == -EFAULT, "128 entries on the last user page, unmapped: EFAULT");
}

/* ---- the PI operations ------------------------------------------------------------- */

static void pi_missing(void)
{
	static unsigned w;
	struct timespec bad = {0, -1};

	ok(futex(&w, FUTEX_LOCK_PI, 0, 0, NULL, 0) == -ENOSYS, "LOCK_PI: ENOSYS");
	ok(futex(&w, FUTEX_LOCK_PI2, 0, 0, NULL, 0) == -ENOSYS, "LOCK_PI2: ENOSYS");
	ok(futex(&w, FUTEX_UNLOCK_PI, 0, 0, NULL, 0) == -ENOSYS, "UNLOCK_PI: ENOSYS");
	ok(futex(&w, FUTEX_TRYLOCK_PI, 0, 0, NULL, 0) == -ENOSYS, "TRYLOCK_PI: ENOSYS");
	ok(futex(&w, FUTEX_WAIT_REQUEUE_PI, 0, 0, &w, 0) == -ENOSYS, "WAIT_REQUEUE_PI: ENOSYS");
	ok(futex(&w, FUTEX_CMP_REQUEUE_PI, 1, 0, &w, 0) == -ENOSYS, "CMP_REQUEUE_PI: ENOSYS");
	ok(futex(&w, FUTEX_CMP_REQUEUE_PI, 1, (unsigned long)-1, &w, 0) == -EINVAL,
	   "CMP_REQUEUE_PI with a negative count: EINVAL first, as Linux");
	ok(futex(&w, FUTEX_LOCK_PI, 0, (uintptr_t)&bad, NULL, 0) == -EINVAL,
	   "LOCK_PI's timeout is checked first: EINVAL");
	ok(futex(&w, FUTEX_UNLOCK_PI | FUTEX_CLOCK_REALTIME, 0, 0, NULL, 0) == -ENOSYS,
	   "UNLOCK_PI|CLOCK_REALTIME: ENOSYS");
}

/* ---- CLOCK_REALTIME deadlines follow clock_settime --------------------------------- */

static volatile unsigned rt_word;
static long rt_rc;

static void *rt_waiter(void *arg)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_sec += 100;
	if (arg) {
		struct waitv v = {0, (uintptr_t)&rt_word, 2 | 128, 0};
		struct ts64 to = {now.tv_sec, now.tv_nsec};

		rt_rc = waitv(&v, 1, &to, CLOCK_REALTIME);
	} else {
		rt_rc = futex(&rt_word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE | FUTEX_CLOCK_REALTIME, 0,
			      (uintptr_t)&now, NULL, ~0u);
	}
	return NULL;
}

static void realtime_follows(void)
{
	for (long k = 0; k < 2; k++) {
		struct timespec t0, t1;
		pthread_t t;

		rt_rc = 1;
		pthread_create(&t, NULL, rt_waiter, (void *)k);
		until_queued(&rt_word, FUTEX_PRIVATE, 1);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		struct timespec now;

		clock_gettime(CLOCK_REALTIME, &now);
		now.tv_sec += 200;
		clock_settime(CLOCK_REALTIME, &now);
		pthread_join(t, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		clock_gettime(CLOCK_REALTIME, &now);
		now.tv_sec -= 200;
		clock_settime(CLOCK_REALTIME, &now);
		ok(rt_rc == -ETIMEDOUT && t1.tv_sec - t0.tv_sec < 5,
		   "%s: a CLOCK_REALTIME deadline 100 s ahead passes when the clock is set 200 s on",
		   k ? "futex_waitv" : "FUTEX_WAIT_BITSET|FUTEX_CLOCK_REALTIME");
	}
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	storm();
	killed_while_requeued();
	exit_under_waitv();
	waitv_bad();
	pi_missing();
	realtime_follows();
	return done_testing();
}
