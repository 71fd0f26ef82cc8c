/*
 * Threads from the kernel's side, with raw system calls (no pthread): clone
 * with glibc's flags, CLONE_CHILD_CLEARTID + futex as join, TLS through
 * set_thread_area and %gs, futex's errors and time-outs, signals to a
 * process and to a thread, SIGEV_THREAD_ID, the thread CPU clock,
 * exit_group from a thread, a leader ending before its threads, and execve
 * from a thread that is not the leader.  Each case that ends a process runs
 * in a child made by fork, whose wait status is checked.
 */
/* expect: status=0 */
/* initramfs: yes */
#include "../tap.h"
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rawthread.h"

/* --- basic: ids, shared memory, join ---------------------------------------- */

static volatile int shared_word;
static volatile long child_pid, child_tid;

static int basic_fn(void *arg)
{
	child_pid = getpid();
	child_tid = gettid_();
	shared_word = (int)(intptr_t)arg;
	return 0;
}

static void test_basic(void)
{
	long tid = start(0, basic_fn, (void *)1234);

	ok(tid > 0 && tid != getpid(), "clone made a thread with an id of its own (%ld)", tid);
	ok(ctids[0] == tid || ctids[0] == 0, "CLONE_PARENT_SETTID stored the id");
	join(0);
	ok(ctids[0] == 0, "CLONE_CHILD_CLEARTID cleared the word at its end, futex woke us");
	ok(shared_word == 1234, "the thread wrote our memory");
	ok(child_pid == getpid(), "getpid is the process's in the thread");
	ok(child_tid == tid, "gettid is its own id");
}

/* --- TLS ------------------------------------------------------------------------- */

static unsigned tls_block[2][4];
static volatile unsigned seen_gs_word;

static unsigned gs_word0(void)
{
	unsigned v;

	__asm__ volatile("movl %%gs:0, %0" : "=r"(v));
	return v;
}

static int tls_fn(void *arg)
{
	(void)arg;
	seen_gs_word = gs_word0();
	return 0;
}

static void set_gs(unsigned entry)
{
	unsigned sel = entry * 8 + 3;

	__asm__ volatile("movw %w0, %%gs" : : "r"(sel));
}

/*
 * user/libc keeps its own thread pointer in %gs (its TLS, errno): every
 * libc call, ok() included, must see that one, so the test's descriptor
 * is loaded only around the raw reads and clone, and the libc's put back.
 */
static unsigned short libc_gs;

static void save_libc_gs(void)
{
	__asm__ volatile("movw %%gs, %0" : "=r"(libc_gs));
}

static void restore_libc_gs(void)
{
	__asm__ volatile("movw %0, %%gs" : : "r"(libc_gs));
}

static void test_tls(void)
{
	struct user_desc d = {0xffffffffu, (unsigned)tls_block[0], 0xfffff, 0x51};
	struct user_desc child_d;
	struct user_desc q;
	unsigned word;
	long tid;

	save_libc_gs();
	tls_block[0][0] = 0xaaaa0000;
	tls_block[1][0] = 0xbbbb0000;
	ok(sys5(NR_set_thread_area, (long)&d, 0, 0, 0, 0) == 0 && d.entry_number >= 6 &&
	       d.entry_number <= 8,
	   "set_thread_area(-1) chose a slot (%u)", d.entry_number);
	set_gs(d.entry_number);
	word = gs_word0();
	restore_libc_gs();
	ok(word == 0xaaaa0000, "%%gs:0 reads through the new descriptor");
	q.entry_number = d.entry_number;
	ok(sys5(NR_get_thread_area, (long)&q, 0, 0, 0, 0) == 0 && q.base_addr == d.base_addr &&
	       q.limit == d.limit && q.flags == d.flags,
	   "get_thread_area gives it back (flags %#x)", q.flags);
	child_d = d;
	child_d.base_addr = (unsigned)tls_block[1];
	ctids[1] = -1;
	set_gs(d.entry_number); /* the child starts with our selector, its own base */
	tid = raw_clone(CLONE_THREAD_FLAGS | CLONE_SETTLS, stacks[1] + STACK_SIZE, (int *)&ctids[1],
			&child_d, (int *)&ctids[1], tls_fn, NULL);
	restore_libc_gs();
	ok(tid > 0, "clone with CLONE_SETTLS");
	join(1);
	ok(seen_gs_word == 0xbbbb0000, "the thread's %%gs reads its own block (%#x)", seen_gs_word);
	set_gs(d.entry_number);
	word = gs_word0();
	restore_libc_gs();
	ok(word == 0xaaaa0000, "ours is unchanged after the switches");
	d.entry_number = 5;
	ok(sys5(NR_set_thread_area, (long)&d, 0, 0, 0, 0) == -EINVAL, "slot 5: EINVAL");
	d.entry_number = 0xffffffffu;
	d.flags = 0x51 | 0x4; /* contents 2: code */
	ok(sys5(NR_set_thread_area, (long)&d, 0, 0, 0, 0) == -EINVAL, "a code segment: EINVAL");
	ok(sys5(NR_set_thread_area, 16, 0, 0, 0, 0) == -EFAULT, "a bad pointer: EFAULT");
}

/* --- futex --------------------------------------------------------------------- */

static void test_futex(void)
{
	static volatile int word __attribute__((aligned(4)));
	struct timespec rel = {0, 20000000}, abs_ts, bad = {0, 1000000000};
	char *p = (char *)&word;

	word = 5;
	ok(futex(&word, FUTEX_WAIT, 6, NULL, -1) == -EAGAIN, "WAIT on a changed word: EAGAIN");
	ok(futex(&word, FUTEX_WAIT | FUTEX_PRIVATE, 5, &rel, -1) == -ETIMEDOUT,
	   "WAIT 20 ms relative: ETIMEDOUT");
	clock_gettime(CLOCK_MONOTONIC, &abs_ts);
	abs_ts.tv_nsec += 20000000;
	if (abs_ts.tv_nsec >= 1000000000) {
		abs_ts.tv_nsec -= 1000000000;
		abs_ts.tv_sec++;
	}
	ok(futex(&word, FUTEX_WAIT_BITSET, 5, &abs_ts, -1) == -ETIMEDOUT,
	   "WAIT_BITSET absolute on MONOTONIC: ETIMEDOUT");
	clock_gettime(CLOCK_REALTIME, &abs_ts);
	abs_ts.tv_sec -= 1;
	ok(futex(&word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 5, &abs_ts, -1) == -ETIMEDOUT,
	   "WAIT_BITSET absolute on REALTIME, in the past: ETIMEDOUT");
	ok(futex(&word, FUTEX_WAIT_BITSET, 5, &rel, 0) == -EINVAL, "bitset 0: EINVAL");
	ok(futex((volatile int *)(p + 1), FUTEX_WAIT, 5, NULL, -1) == -EINVAL,
	   "a misaligned word: EINVAL");
	ok(futex(&word, FUTEX_WAIT, 5, &bad, -1) == -EINVAL, "tv_nsec 1e9: EINVAL");
	ok(futex((volatile int *)16, FUTEX_WAIT, 5, NULL, -1) == -EFAULT, "an unmapped word: EFAULT");
	ok(futex(&word, FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, NULL, -1) == -ENOSYS,
	   "CLOCK_REALTIME with WAKE: ENOSYS");
	ok(futex(&word, 99, 1, NULL, -1) == -ENOSYS, "an unknown operation: ENOSYS");
	ok(futex(&word, FUTEX_WAKE, 1, NULL, -1) == 0, "WAKE with nobody waiting: 0");
}

/* Three waiters, woken two then one. */
static volatile int gate __attribute__((aligned(4)));
static volatile int woken_count;

static int waiter_fn(void *arg)
{
	(void)arg;
	while (gate == 0)
		futex(&gate, FUTEX_WAIT, 0, NULL, -1);
	__atomic_add_fetch(&woken_count, 1, __ATOMIC_SEQ_CST);
	return 0;
}

static void test_futex_wake_count(void)
{
	struct timespec tick = {0, 5000000};
	long n;
	int i;

	gate = 0;
	woken_count = 0;
	for (i = 2; i < 5; i++)
		start(i, waiter_fn, NULL);
	nanosleep(&tick, NULL); /* they all wait now */
	gate = 1;
	n = futex(&gate, FUTEX_WAKE, 2, NULL, -1);
	ok(n == 2, "WAKE 2 of 3 waiters: %ld woken", n);
	nanosleep(&tick, NULL);
	ok(woken_count == 2, "two ran on (%d)", woken_count);
	n = futex(&gate, FUTEX_WAKE, 0x7fffffff, NULL, -1);
	ok(n == 1, "WAKE all: the last one (%ld)", n);
	for (i = 2; i < 5; i++)
		join(i);
	ok(woken_count == 3, "all three ended");
}

/* --- signals to the process and to a thread --------------------------------------- */

static volatile long handler_tid;
static volatile int handler_runs;
static volatile int stop_spinning;

static void on_usr1(int sig)
{
	(void)sig;
	handler_tid = gettid_();
	handler_runs++;
}

static int spinner_fn(void *arg)
{
	sigset_t none;

	(void)arg;
	/*
	 * Everything open but SIGUSR2: the process-directed SIGUSR2 of the
	 * timer on this thread's CPU clock comes while this thread runs, and
	 * since Linux 6.3 goes through the running thread; were it open
	 * here, init (this program) would drop it, its action being the
	 * default.  Blocked here, it waits for the main thread's sigtimedwait.
	 */
	sigemptyset(&none);
	sigaddset(&none, SIGUSR2);
	sigprocmask(SIG_SETMASK, &none, NULL);
	while (!stop_spinning)
		;
	return 0;
}

static void test_signals(void)
{
	struct sigaction sa;
	sigset_t usr1, old;
	struct timespec tick = {0, 5000000};
	siginfo_t info;
	long tid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	stop_spinning = 0;
	tid = start(5, spinner_fn, NULL);
	nanosleep(&tick, NULL);
	handler_runs = 0;
	kill(getpid(), SIGUSR1);
	while (!handler_runs)
		nanosleep(&tick, NULL);
	ok(handler_tid == tid, "kill to the process: the thread not blocking it ran the handler");
	handler_runs = 0;
	ok(sys5(NR_tgkill, getpid(), tid, SIGUSR1, 0, 0) == 0, "tgkill to the thread");
	while (!handler_runs)
		nanosleep(&tick, NULL);
	ok(handler_tid == tid, "tgkill: that thread ran it");
	ok(sys5(NR_tgkill, getpid() + 1000, tid, SIGUSR1, 0, 0) == -ESRCH,
	   "tgkill with another tgid: ESRCH");
	ok(sys5(NR_tgkill, 0, tid, SIGUSR1, 0, 0) == -EINVAL, "tgkill tgid 0: EINVAL");
	/* A signal aimed at us (blocked) stays ours even with the thread free. */
	handler_runs = 0;
	ok(sys5(NR_tgkill, getpid(), gettid_(), SIGUSR1, 0, 0) == 0, "tgkill to ourselves, blocked");
	nanosleep(&tick, NULL);
	ok(handler_runs == 0, "the other thread did not take our thread's signal");
	/* The raw call: the libc's sigtimedwait shows SI_TKILL as SI_USER, as glibc's. */
	ok(sys5(177 /* rt_sigtimedwait */, (long)&usr1, (long)&info, (long)&tick, 8, 0) == SIGUSR1 &&
		   info.si_code == SI_TKILL,
	   "sigtimedwait took it (si_code SI_TKILL)");
	stop_spinning = 1;
	join(5);
	/* With the thread gone, a process signal waits for us. */
	kill(getpid(), SIGUSR1);
	ok(sigtimedwait(&usr1, &info, &tick) == SIGUSR1 && info.si_code == SI_USER &&
	       info.si_pid == getpid(),
	   "sigtimedwait takes a process-directed signal (si_pid %d)", info.si_pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGUSR1, &sa, NULL);
}

/* --- SIGEV_THREAD_ID and the thread CPU clock ------------------------------------- */

static volatile int timer_sigs;
static volatile long timer_sig_tid;
static volatile int timer_sig_id;

static void on_rt(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	timer_sigs++;
	timer_sig_tid = gettid_();
	timer_sig_id = si->si_timerid;
}

static volatile unsigned long long spin_thread_cpu;

static int cpu_spinner_fn(void *arg)
{
	struct timespec ts;
	sigset_t none;

	(void)arg;
	/*
	 * Everything open but SIGUSR2: the process-directed SIGUSR2 of the
	 * timer on this thread's CPU clock comes while this thread runs, and
	 * since Linux 6.3 goes through the running thread; were it open
	 * here, init (this program) would drop it, its action being the
	 * default.  Blocked here, it waits for the main thread's sigtimedwait.
	 */
	sigemptyset(&none);
	sigaddset(&none, SIGUSR2);
	sigprocmask(SIG_SETMASK, &none, NULL);
	while (!stop_spinning)
		;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	spin_thread_cpu = ts.tv_sec * 1000000000ull + ts.tv_nsec;
	return 0;
}

static void test_thread_id_timer(void)
{
	struct sigaction sa;
	struct sigevent ev;
	struct itimerspec its = {{0, 0}, {0, 10000000}};
	struct timespec tick = {0, 5000000}, nap = {0, 30000000}, mine0, mine1, proc0, proc1;
	sigset_t rt, old;
	timer_t timer;
	long tid;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_rt;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGRTMIN, &sa, NULL);
	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &rt, &old);
	stop_spinning = 0;
	tid = start(6, cpu_spinner_fn, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGRTMIN;
	{
		pid_t other = fork();

		if (other == 0) {
			pause();
			_exit(0);
		}
		ev.sigev_notify_thread_id = other; /* a thread of another process */
		errno = 0;
		ok(timer_create(CLOCK_MONOTONIC, &ev, &timer) == -1 && errno == EINVAL,
		   "SIGEV_THREAD_ID to a thread of another process: EINVAL");
		kill(other, SIGKILL);
		waitpid(other, NULL, 0);
	}
	ev.sigev_notify_thread_id = (int)tid;
	ok(timer_create(CLOCK_MONOTONIC, &ev, &timer) == 0, "SIGEV_THREAD_ID to our thread");
	timer_settime(timer, 0, &its, NULL);
	for (i = 0; i < 100 && !timer_sigs; i++)
		nanosleep(&tick, NULL);
	ok(timer_sigs == 1 && timer_sig_tid == tid && timer_sig_id == (int)(intptr_t)timer,
	   "the timer's signal ran in that thread (%d, tid %ld)", timer_sigs, timer_sig_tid);
	/* A timer on the spinner's own CPU clock (pthread_getcpuclockid's id). */
	{
		clockid_t its_clock = MAKE_PROCESS_CPUCLOCK(tid, CPUCLOCK_SCHED | CPUCLOCK_PERTHREAD_MASK);
		struct itimerspec ten = {{0, 0}, {0, 10000000}};
		struct timespec wait = {2, 0}, at;
		sigset_t usr2;
		timer_t cpu_timer;

		sigemptyset(&usr2);
		sigaddset(&usr2, SIGUSR2);
		sigprocmask(SIG_BLOCK, &usr2, NULL);
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGUSR2;
		ok(timer_create(its_clock, &ev, &cpu_timer) == 0, "a timer on another thread's CPU clock");
		clock_gettime(its_clock, &at);
		ten.it_value.tv_sec = at.tv_sec;
		ten.it_value.tv_nsec = at.tv_nsec + 10000000;
		if (ten.it_value.tv_nsec >= 1000000000) {
			ten.it_value.tv_nsec -= 1000000000;
			ten.it_value.tv_sec++;
		}
		timer_settime(cpu_timer, TIMER_ABSTIME, &ten, NULL);
		ok(sigtimedwait(&usr2, NULL, &wait) == SIGUSR2, "it fired (SIGUSR2 to the process)");
		clock_gettime(its_clock, &at);
		ok(at.tv_sec > ten.it_value.tv_sec ||
		       (at.tv_sec == ten.it_value.tv_sec && at.tv_nsec >= ten.it_value.tv_nsec),
		   "when that thread's clock had reached it");
		timer_delete(cpu_timer);
	}
	/* While we sleep the spinner runs: the process's CPU time grows, ours not. */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mine0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &proc0);
	nanosleep(&nap, NULL);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &proc1);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mine1);
	stop_spinning = 1;
	join(6);
	{
		unsigned long long mine = (mine1.tv_sec - mine0.tv_sec) * 1000000000ull +
					  mine1.tv_nsec - mine0.tv_nsec;
		unsigned long long proc = (proc1.tv_sec - proc0.tv_sec) * 1000000000ull +
					  proc1.tv_nsec - proc0.tv_nsec;

		ok(spin_thread_cpu > 25000000ull, "the spinner's thread clock counted its time (%llu)",
		   spin_thread_cpu);
		ok(proc >= 25000000ull, "the process clock counted its time while we slept (%llu)",
		   proc);
		ok(mine < proc / 4, "our thread clock did not (%llu)", mine);
	}
	/* The thread is gone: the timer stays, its signals dropped. */
	its.it_value.tv_nsec = 1000000;
	timer_sigs = 0;
	ok(timer_settime(timer, 0, &its, NULL) == 0, "the timer can still be armed");
	nanosleep(&tick, NULL);
	nanosleep(&tick, NULL);
	ok(timer_sigs == 0, "its signal went nowhere: not to us");
	ok(timer_delete(timer) == 0, "and deleted");
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* --- ends of processes with threads --------------------------------------------- */

static int exit_group_fn(void *arg)
{
	sys5(NR_exit_group, (long)(intptr_t)arg, 0, 0, 0, 0);
	return 99;
}

static int forever_fn(void *arg)
{
	struct timespec t = {100, 0};

	(void)arg;
	for (;;)
		nanosleep(&t, NULL);
	return 0;
}

static int late_exit_fn(void *arg)
{
	struct timespec t = {0, 20000000};

	nanosleep(&t, NULL);
	sys5(NR_exit_group, (long)(intptr_t)arg, 0, 0, 0, 0);
	return 0;
}

static int exec_fn(void *arg)
{
	char *argv[] = {"/bin/hello", NULL};

	(void)arg;
	execve("/bin/hello", argv, NULL);
	return 111;
}

static int killed_fn(void *arg)
{
	(void)arg;
	kill(getpid(), SIGKILL);
	return 0;
}

static int fault_fn(void *arg)
{
	(void)arg;
	*(volatile int *)16 = 1; /* SIGSEGV: aimed at this thread, fatal to all */
	return 0;
}

/*
 * A child process of three threads: one that sleeps, one running fn(arg),
 * and the leader, which sleeps too, or (leader_exits) ends its own thread
 * with exit(3) at once.  Returns the child, for the caller to wait for.
 */
static pid_t child_with(int (*fn)(void *), void *arg, bool leader_exits)
{
	pid_t pid = fork();

	if (pid == 0) {
		start(0, forever_fn, NULL);
		if (fn)
			start(1, fn, arg);
		if (leader_exits)
			sys5(NR_exit, 3, 0, 0, 0, 0);
		forever_fn(NULL);
	}
	return pid;
}

static int status_of(pid_t pid)
{
	int status = -1;

	waitpid(pid, &status, 0);
	return status;
}

static void test_process_ends(void)
{
	struct timespec t = {0, 20000000};
	pid_t pid;
	int st;

	st = status_of(child_with(exit_group_fn, (void *)7, false));
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 7, "exit_group in a thread ends all (status %#x)", st);
	st = status_of(child_with(late_exit_fn, (void *)9, true));
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 9,
	   "the leader ends first, a thread's exit_group later gives the status (%#x)", st);
	pid = child_with(NULL, NULL, true);
	nanosleep(&t, NULL);
	ok(kill(pid, 0) == 0, "its leader gone, the process is still there for kill");
	kill(pid, SIGTERM);
	st = status_of(pid);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM,
	   "SIGTERM to it reached its thread and ended it (%#x)", st);
	st = status_of(child_with(fault_fn, NULL, false));
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "a fault in a thread ends the process (%#x)",
	   st);
	st = status_of(child_with(killed_fn, NULL, false));
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "SIGKILL from a thread kills all (%#x)",
	   st);
	st = status_of(child_with(exec_fn, NULL, false));
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "execve from a thread that is not the leader: the program ran, the others ended (%#x)",
	   st);
}

int main(void)
{
	test_basic();
	test_tls();
	test_futex();
	test_futex_wake_count();
	test_signals();
	test_thread_id_timer();
	test_process_ends();
	return done_testing();
}
