/*
 * flock(2) under attack: what a blocked LOCK_EX holds, and what ends it.
 *   - another thread closes the descriptor the waiter sleeps on: the
 *     waiter holds the file, sleeps on, and gets the lock when the holder
 *     lets go; it returns 0, and its last file_put then drops the lock
 *     (a new description takes LOCK_EX at once);
 *   - a waiting child is killed (SIGKILL): nothing of its wait is left;
 *   - a child process whose thread waits calls exit_group: the process
 *     ends, the lock it held through another descriptor is dropped;
 *   - eight children wait for an exclusive lock its holder keeps, then
 *     exits: each gets it in turn, and all end.
 * Every object comes back: the kmalloc caches' count is the same before
 * and after (slub_debug poisons anything freed too early).
 */
/* expect: status=0 */
/* append: slub_debug */
#include "sleeper.h"
#include <fcntl.h>
#include <sys/file.h>

#define NR_flock 143
#define NR_close 6
#define HIGH_FD 40

static volatile long result;

static int waiter_fn(void *arg)
{
	result = sys5(NR_flock, (long)(intptr_t)arg, LOCK_EX, 0, 0, 0);
	return 0;
}

/* Child: a thread waits for LOCK_EX on f, while this one holds it through
 * another description; then exit_group under the waiter. */
static void exit_under_waiter(void)
{
	int held = open("f", O_RDWR), w = open("f", O_RDWR);

	if (held < 0 || w < 0 || flock(held, LOCK_EX))
		_exit(1);
	start(0, waiter_fn, (void *)(intptr_t)w);
	sleep_ns(SETTLE_NS);
	sys5(NR_exit_group, 7, 0, 0, 0, 0);
}

int main(void)
{
	long before = kmalloc_objects(), after;
	pid_t pids[8];
	int held, w, other, status, i, all;

	if (chdir("/tmp") || (held = open("f", O_CREAT | O_RDWR, 0644)) < 0) {
		printf("Bail out! no /tmp/f\n");
		return 1;
	}
	close(held);

	/* 1. close under the waiter */
	held = open("f", O_RDWR);
	w = open("f", O_RDWR);
	if (dup2(w, HIGH_FD) == HIGH_FD) {
		close(w);
		w = HIGH_FD;
	}
	ok(flock(held, LOCK_EX) == 0, "close: the holder takes LOCK_EX");
	result = -9999;
	start(0, waiter_fn, (void *)(intptr_t)w);
	sleep_ns(SETTLE_NS);
	ok(result == -9999, "close: the waiter sleeps");
	ok(close(w) == 0, "close: close() of the descriptor it sleeps on");
	sleep_ns(SETTLE_NS);
	ok(result == -9999, "close: the waiter sleeps on");
	close(held);
	ok(join_within(0, 3000000000ll), "close: the holder's close wakes the waiter");
	tap_why("flock = %ld", result);
	ok(result == 0, "close: the waiter got the lock");
	other = open("f", O_RDWR);
	ok(flock(other, LOCK_EX | LOCK_NB) == 0,
	   "close: its file's last reference dropped the lock");
	close(other);

	/* 2. SIGKILL of a waiting child */
	held = open("f", O_RDWR);
	flock(held, LOCK_EX);
	pids[0] = fork();
	if (pids[0] == 0) {
		int fd = open("f", O_RDWR);

		flock(fd, LOCK_EX);
		_exit(3);
	}
	sleep_ns(SETTLE_NS);
	kill(pids[0], SIGKILL);
	ok(waitpid(pids[0], &status, 0) == pids[0] && WIFSIGNALED(status) &&
		   WTERMSIG(status) == SIGKILL,
	   "kill: the waiting child died of SIGKILL, still waiting");
	other = open("f", O_RDWR);
	ok(flock(other, LOCK_SH | LOCK_NB) == -1 && errno == EWOULDBLOCK,
	   "kill: the holder still holds it");
	close(held);
	ok(flock(other, LOCK_EX | LOCK_NB) == 0, "kill: no lock left by the dead waiter");
	close(other);

	/* 3. exit_group under a waiting thread */
	status = child_status_within(exit_under_waiter, 3000000000ll);
	tap_why("status %#x", status);
	ok(status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 7,
	   "exit_group: the process ended under its waiting thread");
	other = open("f", O_RDWR);
	ok(flock(other, LOCK_EX | LOCK_NB) == 0, "exit_group: its locks are gone");
	close(other);

	/* 4. eight waiters, the holder exits */
	held = open("f", O_RDWR);
	flock(held, LOCK_EX);
	for (i = 0; i < 8; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			int fd = open("f", O_RDWR);

			close(held); /* the holder's description: not ours to keep */
			if (flock(fd, LOCK_EX))
				_exit(1);
			sleep_ns(5000000);
			_exit(flock(fd, LOCK_UN) == 0 ? 0 : 2);
		}
	}
	sleep_ns(SETTLE_NS);
	close(held);
	all = 1;
	for (i = 0; i < 8; i++)
		all &= waitpid(pids[i], &status, 0) == pids[i] && WIFEXITED(status) &&
		       WEXITSTATUS(status) == 0;
	ok(all, "eight waiters: each got the lock in turn and ended");
	reap_all();
	unlink("f");

	after = kmalloc_objects();
	if (before >= 0) {
		tap_why("kmalloc objects in use %ld before, %ld after", before, after);
		ok(after == before, "every lock and file came back");
	}
	done_testing();
	return 0;
}
