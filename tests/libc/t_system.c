/*
 * system(3), and what a program that includes only <stdlib.h> sees, as
 * glibc gives it: select() (glibc's <stdlib.h> brings <sys/select.h>),
 * and <sys/errno.h> as another name of <errno.h>.  The command runs under
 * /bin/sh -c: tick386's own shell on tick386, the host's on Linux.
 */
/* parallel: yes */
#include <signal.h>
#include <stdlib.h>
#include <sys/errno.h>
#include <sys/wait.h>
#include "../tap.h"

static void on_int(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa = {0}, now;
	struct timeval tv = {0, 1000};
	int st;

	ok(system(NULL) != 0, "system(NULL): there is a shell");
	st = system("exit 3");
	ok(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 3, "system(\"exit 3\"): exit status 3 (%#x)",
	   st);
	st = system("exit 0");
	ok(st == 0, "system(\"exit 0\") is 0 (%#x)", st);
	st = system("/no/such/program");
	ok(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 127,
	   "a command that is not found: exit status 127 (%#x)", st);

	sa.sa_handler = on_int;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	system("exit 0");
	sigaction(SIGINT, NULL, &now);
	ok(now.sa_handler == on_int, "system puts back the caller's SIGINT action");

	errno = 0;
	ok(select(0, NULL, NULL, NULL, &tv) == 0 && errno == 0,
	   "select, declared by <stdlib.h>: a 1 ms time-out with no descriptors");
	ok(EINTR == 4 && ENOENT == 2, "<sys/errno.h> is <errno.h>");
	return done_testing();
}
