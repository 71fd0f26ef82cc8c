/*
 * wait4 in one thread, with a live child, while another thread of its
 * process calls exit_group or execve: the waiter is killed and must end.
 * The kernel once spun for ever in wait4's loop, which looked only at
 * signal_pending() while every sleep ended at once for the kill: the
 * machine hung (the kernel is not preemptible).  Each case runs in a child
 * process with a time-out.
 */
/* expect: status=0 */
/* initramfs: yes */
#include "sleeper.h"

static int waiter_fn(void *arg)
{
	(void)arg;
	sys5(NR_wait4, -1, 0, 0, 0, 0); /* the grandchild lives a second */
	return 0;
}

/* A child that lives a second, and a thread waiting for it. */
static void start_waiter(void)
{
	if (fork() == 0) {
		sleep_ns(1000000000ll);
		_exit(0);
	}
	start(0, waiter_fn, NULL);
	sleep_ns(SETTLE_NS);
}

static void wait4_exit_group(void)
{
	start_waiter();
	sys5(NR_exit_group, 7, 0, 0, 0, 0);
}

static void wait4_execve(void)
{
	char *argv[] = {"hello", NULL};

	start_waiter();
	execve("/bin/hello", argv, NULL);
	execve("/bin/true", argv, NULL); /* on Linux */
	_exit(111);
}

int main(void)
{
	int st;

	st = child_status_within(wait4_exit_group, 3000000000ll);
	tap_why("status %#x (-1: did not end)", st);
	ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 7,
	   "wait4 in a thread, exit_group in another: the process ends with its status");
	st = child_status_within(wait4_execve, 3000000000ll);
	tap_why("status %#x (-1: did not end)", st);
	ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "wait4 in a thread, execve in another: the new program runs and ends");
	reap_all();
	return done_testing();
}
