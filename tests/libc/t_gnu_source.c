/*
 * Without _GNU_SOURCE, <sys/timex.h> and <time.h> do not declare
 * clock_adjtime, as glibc's do not: a program (Linux's timer self-test
 * valid-adjtimex, for one) may then define its own, static, on
 * syscall(); with _GNU_SOURCE the libc's is declared
 * (tests/conformance/adjtimex.c uses it).  This file builds only if the
 * headers leave the name free.
 */
/* parallel: yes */
#include <string.h>
#include <sys/timex.h>
#include <time.h>
#include "../tap.h"

static int clock_adjtime(clockid_t id, struct timex *tx)
{
	return id == CLOCK_REALTIME ? adjtimex(tx) : -1;
}

int main(void)
{
	struct timex a, b;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ok(clock_adjtime(CLOCK_REALTIME, &a) == adjtimex(&b) && a.tick == b.tick,
	   "a program's own static clock_adjtime builds and runs");
	return done_testing();
}
