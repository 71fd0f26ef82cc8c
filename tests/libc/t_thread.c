/*
 * Threads of user/libc: create, join, detach, exit, self, equal, once,
 * attributes, errno and __thread variables per thread, pthread_kill,
 * pthread_sigmask, pthread_getcpuclockid, fork from a thread, and the end
 * of the process with its last thread.  The checks hold on glibc too,
 * except those under HANDLES_CHECKED: user/libc knows its threads and
 * answers ESRCH for a handle that is gone, where glibc's behaviour is
 * undefined.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#ifdef __tick386__
#define HANDLES_CHECKED 1
#endif

static void *return_arg(void *arg)
{
	return arg;
}

static void *return_self(void *arg)
{
	(void)arg;
	return (void *)pthread_self();
}

static void *return_tid(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)gettid();
}

static void *return_pid(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)getpid();
}

static __attribute__((noinline)) void deepest(int n)
{
	pthread_exit((void *)(intptr_t)n);
}

static __attribute__((noinline)) void deeper(int n)
{
	deepest(n + 1);
}

static void *exit_deep(void *arg)
{
	(void)arg;
	deeper(4320);
	return NULL;
}

static void test_create_join(void)
{
	pthread_t t, seen;
	void *r = NULL;
	int x;

	ok(pthread_create(&t, NULL, return_arg, &x) == 0 && pthread_join(t, &r) == 0 && r == &x,
	   "a thread's return value reaches pthread_join");
	ok(pthread_create(&t, NULL, return_self, NULL) == 0 && pthread_join(t, &r) == 0,
	   "create and join");
	seen = (pthread_t)r;
	ok(pthread_equal(seen, t) && !pthread_equal(seen, pthread_self()),
	   "pthread_self in the thread is the handle create gave; not the creator's");
	ok(pthread_equal(pthread_self(), pthread_self()), "pthread_equal(self, self)");
	pthread_create(&t, NULL, return_tid, NULL);
	pthread_join(t, &r);
	ok((pid_t)(intptr_t)r > 0 && (pid_t)(intptr_t)r != gettid(), "a thread has its own tid");
	pthread_create(&t, NULL, return_pid, NULL);
	pthread_join(t, &r);
	ok((pid_t)(intptr_t)r == getpid(), "and the process's pid");
	ok(gettid() == getpid(), "the first thread's tid is the pid");
	pthread_create(&t, NULL, exit_deep, NULL);
	ok(pthread_join(t, &r) == 0 && (intptr_t)r == 4321,
	   "pthread_exit from a nested call gives join its value");
	ok(pthread_join(pthread_self(), &r) == EDEADLK, "joining oneself -> EDEADLK");
#ifdef HANDLES_CHECKED
	ok(pthread_join(t, &r) == ESRCH, "joining a joined thread -> ESRCH");
	ok(pthread_detach(t) == ESRCH, "detaching a joined thread -> ESRCH");
#endif
}

/* errno and __thread: each thread has its own, starting from the image. */
static __thread int tls_counter = 1234;
static __thread char tls_big[2000];
static __thread long long tls_aligned __attribute__((aligned(64))) = 0x1122334455667788LL;

static void *check_thread_locals(void *arg)
{
	int good = 1;

	(void)arg;
	errno = 0;
	good &= tls_counter == 1234 && tls_aligned == 0x1122334455667788LL;
	good &= ((uintptr_t)&tls_aligned & 63) == 0;
	for (unsigned i = 0; i < sizeof(tls_big); i++)
		good &= tls_big[i] == 0;
	tls_counter = 1;
	tls_big[0] = 'x';
	tls_aligned = 3;
	errno = EDOM;
	if (nanosleep(&(struct timespec){0, -1}, NULL) != -1 || errno != EINVAL)
		good = 0;
	return (void *)(intptr_t)good;
}

static void test_thread_locals(void)
{
	pthread_t t;
	void *r;

	tls_counter = 5;
	tls_big[0] = 'm';
	tls_aligned = 7;
	errno = ERANGE;
	pthread_create(&t, NULL, check_thread_locals, NULL);
	pthread_join(t, &r);
	ok(r == (void *)1, "a thread's __thread variables start from the program's image");
	ok(tls_counter == 5 && tls_big[0] == 'm' && tls_aligned == 7,
	   "a thread's changes leave the creator's copies alone");
	ok(((uintptr_t)&tls_aligned & 63) == 0,
	   "__thread aligned(64) is aligned in the first thread");
	ok(errno == ERANGE, "errno is per thread");
}

static volatile int release_flag;

static void *wait_release(void *arg)
{
	while (!__atomic_load_n(&release_flag, __ATOMIC_SEQ_CST))
		usleep(1000);
	return arg;
}

static volatile int detached_done;

static void *mark_done(void *arg)
{
	(void)arg;
	__atomic_store_n(&detached_done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void wait_done(void)
{
	while (!__atomic_load_n(&detached_done, __ATOMIC_SEQ_CST))
		sched_yield();
}

/* The heap does not grow with threads that come and go (stacks are reused). */
static void test_detach_reuse(void)
{
	pthread_attr_t attr;
	pthread_t t;
	char *before, *after;
	int i, fails = 0;

	release_flag = 0;
	pthread_create(&t, NULL, wait_release, NULL);
	ok(pthread_detach(t) == 0, "pthread_detach -> 0");
	ok(pthread_detach(t) == EINVAL, "detaching twice -> EINVAL");
	__atomic_store_n(&release_flag, 1, __ATOMIC_SEQ_CST);
	pthread_create(&t, NULL, return_arg, NULL);
	usleep(20000); /* ended, not joined */
	ok(pthread_detach(t) == 0, "detaching a thread that has ended -> 0");

	before = sbrk(0);
	for (i = 0; i < 200; i++) {
		void *r;

		fails += pthread_create(&t, NULL, return_arg, NULL) != 0;
		fails += pthread_join(t, &r) != 0;
	}
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	for (i = 0; i < 200; i++) {
		detached_done = 0;
		fails += pthread_create(&t, &attr, mark_done, NULL) != 0;
		wait_done();
	}
	after = sbrk(0);
	ok(fails == 0, "200 joined and 200 detached threads made and ended");
	tap_why("the break moved %ld bytes", (long)(after - before));
	ok(after - before < 4L << 20, "their stacks are reused: the heap grows < 4 MiB");
}

static volatile uintptr_t local_seen;

static void *local_address(void *arg)
{
	char here = 0;

	local_seen = (uintptr_t)&here;
	return arg;
}

static void test_attributes(void)
{
	pthread_attr_t attr;
	pthread_t t;
	size_t size;
	int state;
	void *r;
	static char stack[128 * 1024] __attribute__((aligned(16)));

	ok(pthread_attr_init(&attr) == 0, "pthread_attr_init");
	ok(pthread_attr_getdetachstate(&attr, &state) == 0 && state == PTHREAD_CREATE_JOINABLE,
	   "the default detach state is joinable");
	ok(pthread_attr_getstacksize(&attr, &size) == 0 && size >= PTHREAD_STACK_MIN,
	   "the default stack size is at least PTHREAD_STACK_MIN");
	ok(pthread_attr_setdetachstate(&attr, 99) == EINVAL, "setdetachstate(99) -> EINVAL");
	ok(pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN - 1) == EINVAL,
	   "setstacksize(PTHREAD_STACK_MIN - 1) -> EINVAL");
	ok(pthread_attr_setstacksize(&attr, 64 * 1024) == 0 &&
	       pthread_attr_getstacksize(&attr, &size) == 0 && size == 64 * 1024,
	   "setstacksize(64 KiB) reads back");
	ok(pthread_create(&t, &attr, return_arg, &size) == 0 && pthread_join(t, &r) == 0 &&
	       r == &size,
	   "a thread on a 64 KiB stack");
	ok(pthread_attr_setstack(&attr, stack, sizeof(stack)) == 0, "setstack(128 KiB buffer)");
	ok(pthread_create(&t, &attr, local_address, NULL) == 0 && pthread_join(t, &r) == 0 &&
	       local_seen >= (uintptr_t)stack && local_seen < (uintptr_t)stack + sizeof(stack),
	   "a thread runs on the stack given by setstack");
	ok(pthread_attr_setstack(&attr, stack, PTHREAD_STACK_MIN - 1) == EINVAL,
	   "setstack below PTHREAD_STACK_MIN -> EINVAL");
	pthread_attr_destroy(&attr);

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	release_flag = 0;
	ok(pthread_create(&t, &attr, wait_release, NULL) == 0, "create detached");
	ok(pthread_join(t, &r) == EINVAL, "joining a detached thread -> EINVAL");
	ok(pthread_detach(t) == EINVAL, "detaching a detached thread -> EINVAL");
	__atomic_store_n(&release_flag, 1, __ATOMIC_SEQ_CST);
	pthread_attr_destroy(&attr);
#ifdef HANDLES_CHECKED
	{
		struct sched_param sp = {1};

		pthread_attr_init(&attr);
		ok(pthread_attr_setscope(&attr, PTHREAD_SCOPE_PROCESS) == ENOTSUP &&
		       pthread_attr_setschedpolicy(&attr, SCHED_FIFO) == ENOTSUP &&
		       pthread_attr_setschedparam(&attr, &sp) == EINVAL,
		   "scope PROCESS, SCHED_FIFO -> ENOTSUP; priority 1 under SCHED_OTHER -> EINVAL");
	}
#endif
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static volatile int once_runs;

static void once_init(void)
{
	usleep(20000);
	__atomic_fetch_add(&once_runs, 1, __ATOMIC_SEQ_CST);
}

static void *call_once(void *arg)
{
	(void)arg;
	pthread_once(&once, once_init);
	return (void *)(intptr_t)__atomic_load_n(&once_runs, __ATOMIC_SEQ_CST);
}

static void test_once(void)
{
	pthread_t t[8];
	int good = 1;

	for (int i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, call_once, NULL);
	for (int i = 0; i < 8; i++) {
		void *r;

		pthread_join(t[i], &r);
		good &= r == (void *)1;
	}
	ok(good && once_runs == 1, "pthread_once from 8 threads: one run, all return after it");
}

static void *take_sigusr1(void *arg)
{
	sigset_t set;
	int sig = 0;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	__atomic_store_n(&release_flag, 1, __ATOMIC_SEQ_CST);
	sigwait(&set, &sig);
	return (void *)(intptr_t)sig;
}

static void *report_mask(void *arg)
{
	sigset_t *mask = arg, add;

	pthread_sigmask(SIG_BLOCK, NULL, mask);
	sigemptyset(&add);
	sigaddset(&add, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &add, NULL);
	return NULL;
}

static void test_signals(void)
{
	pthread_t t;
	sigset_t set, mask, seen;
	void *r;

	release_flag = 0;
	pthread_create(&t, NULL, take_sigusr1, NULL);
	while (!__atomic_load_n(&release_flag, __ATOMIC_SEQ_CST))
		usleep(1000);
	ok(pthread_kill(t, 0) == 0, "pthread_kill(t, 0) on a live thread -> 0");
	ok(pthread_kill(t, 99) == EINVAL, "pthread_kill(t, 99) -> EINVAL");
	ok(pthread_kill(t, 32) == EINVAL && pthread_kill(t, 33) == EINVAL,
	   "pthread_kill with the thread library's signals 32, 33 -> EINVAL");
	ok(pthread_kill(t, SIGUSR1) == 0 && pthread_join(t, &r) == 0 && (intptr_t)r == SIGUSR1,
	   "pthread_kill(SIGUSR1) reaches the thread's sigwait");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	pthread_create(&t, NULL, report_mask, &seen);
	pthread_join(t, NULL);
	pthread_sigmask(SIG_BLOCK, NULL, &mask);
	ok(sigismember(&seen, SIGUSR1) == 1, "a new thread starts with its creator's mask");
	ok(sigismember(&mask, SIGUSR2) == 0, "its own changes leave the creator's mask alone");
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);

	memset(&set, 0xff, sizeof(set));
	pthread_sigmask(SIG_SETMASK, &set, &mask);
	pthread_sigmask(SIG_SETMASK, &mask, &seen);
	ok(sigismember(&seen, 32) == 0 && sigismember(&seen, 33) == 0 &&
	       sigismember(&seen, SIGUSR1) == 1,
	   "a mask of every bit leaves 32 and 33 unblocked");
	errno = 0;
	ok(pthread_sigmask(99, &set, NULL) == EINVAL && errno == 0,
	   "pthread_sigmask(99) -> EINVAL, errno untouched");

	pthread_create(&t, NULL, return_arg, NULL);
	usleep(20000);
	ok(pthread_kill(t, 0) == 0 && pthread_kill(t, SIGUSR1) == 0,
	   "pthread_kill on a thread that ended, not joined -> 0 (glibc)");
	pthread_join(t, NULL);
#ifdef HANDLES_CHECKED
	ok(pthread_kill(t, 0) == ESRCH, "pthread_kill on a joined thread -> ESRCH");
#endif
}

static volatile int burn_stop;

static void *burn(void *arg)
{
	volatile unsigned long sink = 0;

	(void)arg;
	while (!__atomic_load_n(&burn_stop, __ATOMIC_SEQ_CST))
		sink++;
	return NULL;
}

static int64_t clock_ns(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts) != 0)
		return -1;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void test_cpu_clocks(void)
{
	clockid_t mine, other;
	pthread_t t;
	int64_t a, b, c, o0, o1, m0, m1;

	ok(pthread_getcpuclockid(pthread_self(), &mine) == 0 &&
	       mine == (clockid_t)((~(unsigned)gettid() << 3) | 6),
	   "pthread_getcpuclockid: Linux's encoding of the tid, per-thread, SCHED");
	a = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	b = clock_ns(mine);
	c = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	ok(a >= 0 && a <= b && b <= c, "it reads as CLOCK_THREAD_CPUTIME_ID does");

	burn_stop = 0;
	pthread_create(&t, NULL, burn, NULL);
	ok(pthread_getcpuclockid(t, &other) == 0 && other != mine, "another thread's clock");
	m0 = clock_ns(mine);
	o0 = clock_ns(other);
	usleep(100000);
	o1 = clock_ns(other);
	m1 = clock_ns(mine);
	__atomic_store_n(&burn_stop, 1, __ATOMIC_SEQ_CST);
	pthread_join(t, NULL);
	tap_why("burner %lld ns, sleeper %lld ns", (long long)(o1 - o0), (long long)(m1 - m0));
	ok(o1 - o0 > 20000000 && m1 - m0 < 20000000,
	   "the burning thread's clock runs, the sleeping one's stands");

	pthread_create(&t, NULL, return_arg, NULL);
	usleep(20000);
	ok(pthread_getcpuclockid(t, &other) == ESRCH,
	   "pthread_getcpuclockid of a thread that ended -> ESRCH");
	pthread_join(t, NULL);
}

static void *fork_in_thread(void *arg)
{
	int status = -1;
	pid_t pid;

	(void)arg;
	pid = fork();
	if (pid == 0) {
		pthread_t t;
		void *r = NULL;
		char *p = malloc(1000);

		if (!p || pthread_create(&t, NULL, return_arg, p) != 0 ||
		    pthread_join(t, &r) != 0 || r != p)
			_exit(1);
		free(p);
		_exit(42);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return NULL;
	return (void *)(intptr_t)status;
}

static void *main_handle;

static void at_exit_nine(void)
{
	_exit(9);
}

/* Joins the first thread, which called pthread_exit, then ends: the last thread. */
static void *join_main(void *arg)
{
	void *r = NULL;

	(void)arg;
	if (pthread_join((pthread_t)main_handle, &r) != 0 || r != (void *)77)
		_exit(3);
	usleep(10000);
	return NULL;
}

static void test_process(void)
{
	pthread_t t;
	void *r;
	int status = -1;
	pid_t pid;

	pthread_create(&t, NULL, fork_in_thread, NULL);
	pthread_join(t, &r);
	status = (int)(intptr_t)r;
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 42,
	   "fork in a thread: the child makes threads and allocates");

	pid = fork();
	if (pid == 0) {
		atexit(at_exit_nine);
		main_handle = (void *)pthread_self();
		if (pthread_create(&t, NULL, join_main, NULL) != 0)
			_exit(2);
		pthread_exit((void *)77);
	}
	waitpid(pid, &status, 0);
	tap_why("status %#x", status);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 9,
	   "main's pthread_exit: another thread joins it; the last thread's end runs atexit");
}

static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open, gate_count;

static void *wait_gate(void *arg)
{
	pthread_mutex_lock(&gate);
	gate_count++;
	pthread_cond_broadcast(&gate_cond);
	while (!gate_open)
		pthread_cond_wait(&gate_cond, &gate);
	pthread_mutex_unlock(&gate);
	return arg;
}

static void test_many(void)
{
	pthread_t t[32];
	int made = 0, joined = 0;

	for (int i = 0; i < 32; i++)
		made += pthread_create(&t[i], NULL, wait_gate, (void *)(intptr_t)i) == 0;
	pthread_mutex_lock(&gate);
	while (gate_count < made)
		pthread_cond_wait(&gate_cond, &gate);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate);
	for (int i = 0; i < made; i++) {
		void *r;

		joined += pthread_join(t[i], &r) == 0 && r == (void *)(intptr_t)i;
	}
	ok(made == 32 && joined == 32, "32 threads alive at once, then joined");
}

int main(void)
{
	test_create_join();
	test_thread_locals();
	test_detach_reuse();
	test_attributes();
	test_once();
	test_signals();
	test_cpu_clocks();
	test_process();
	test_many();
	return done_testing();
}
