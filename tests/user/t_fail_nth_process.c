/*
 * Every allocation of fork, clone (a thread) and execve made to fail, one at a time, with
 * /proc/self/fail-nth (the walk: fail_nth.h): fork fails with ENOMEM and
 * leaves no child, no task and no page behind; a failed execve returns
 * ENOMEM to the old program with its timers, handlers and descriptors as
 * they were (Linux builds the new image beside the old one too).  And bad
 * input leaves nothing: execve of a /proc file is EACCES, nothing kept.
 */
/* initramfs: yes */
/* expect: status=0 */
/* parallel: yes */
#include "fail_nth.h"
#include "rawthread.h"

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

/* clone of a thread that ends at once; the parent joins it. */
static int thread_ends(void *arg)
{
	(void)arg;
	return 0;
}

static long clone_run(void)
{
	long tid = start(0, thread_ends, NULL);

	return tid < 0 ? (errno = (int)-tid, -1) : tid;
}

static int clone_settle(long r, int injected)
{
	(void)injected;
	if (r < 0)
		return 1;
	join(0);
	return 1;
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

/* ---- main ----------------------------------------------------------------------- */

int main(void)
{
	const struct call fork_call = { "fork", ENOMEM, NULL, fork_run, fork_settle };
	const struct call clone_call = { "clone(thread)", ENOMEM, NULL, clone_run, clone_settle };

	nth_fd = open("/proc/self/fail-nth", O_RDWR);
	if (!ok(nth_fd >= 0, "/proc/self/fail-nth opens for reading and writing"))
		return done_testing();
	walk(&fork_call);
	walk(&clone_call);
	walk_execve();
	test_exec_proc();
	summary_print();
	close(nth_fd);
	return done_testing();
}
