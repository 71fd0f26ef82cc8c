/*
 * The README's fork/exec/wait example (docs/examples/forkexec.c) runs as it
 * says: the child execs /bin/hello, the parent reaps it with status 0.
 */
/* initramfs: yes */
/* parallel: yes */
#include "../tap.h"

#define main example_main
#include "../../docs/examples/forkexec.c"
#undef main

int main(void)
{
	int rc;

	fflush(stdout);
	rc = example_main();
	ok(rc == 0, "fork, execl(\"/bin/hello\"), waitpid: the child exited 0 (got %d)", rc);
	return done_testing();
}
