/*
 * fail_page_alloc= on the kernel command line (mm/fault_inject.h): the
 * first page allocation of a task with a pid fails, then every one, three
 * in all.  init itself was made by kmain (pid 0: never failed); then fork
 * (the new task's page), and two opens (the path buffer, a two-page block)
 * fail with ENOMEM, and after the three, everything works again.  A slab
 * object needs no counted page: timer_create succeeds meanwhile.
 */
/* initramfs: yes */
/* qemu: -append fail_page_alloc=1,1,3 */
/* expect: status=0 */
/* expect-line: fault_inject: fail_page_alloc=1,1,3: allocation 1 of pages fails, then 1 in 1 after it, 3 times in all */
/* parallel: yes */
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct sigevent ev;
	timer_t id;
	int fd, status;
	pid_t pid;

	errno = 0;
	ok(fork() == -1 && errno == ENOMEM, "fork: its first page fails: ENOMEM");
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	ok(timer_create(CLOCK_MONOTONIC, &ev, &id) == 0 && timer_delete(id) == 0,
	   "timer_create: no counted page, succeeds");
	for (int i = 0; i < 2; i++) {
		errno = 0;
		ok(open("/bin/sleep", O_RDONLY) == -1 && errno == ENOMEM,
		   "open %d: its path buffer fails: ENOMEM", i + 1);
	}
	fd = open("/bin/sleep", O_RDONLY);
	ok(fd >= 0 && close(fd) == 0, "open: after three failures it works again");
	pid = fork();
	if (pid == 0)
		_exit(3);
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		   WEXITSTATUS(status) == 3,
	   "fork: works again");
	return done_testing();
}
