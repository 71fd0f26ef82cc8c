/*
 * failslab= on the kernel command line (mm/fault_inject.h): the third
 * timer created fails, then every second one, two failures in all.  So of
 * eight timer_create calls the third and fifth fail with EAGAIN (Linux's
 * errno when the timer cannot be allocated), the others succeed, and the
 * ids go on in order (a failed create uses none up).
 */
/* qemu: -append failslab=posix_timer:3,2,2 */
/* expect: status=0 */
/* expect-line: fault_inject: failslab=posix_timer:3,2,2: allocation 3 of posix_timer fails, then 1 in 2 after it, 2 times in all */
/* parallel: yes */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

int main(void)
{
	timer_t ids[8];
	int last = -1;

	for (int i = 0; i < 8; i++) {
		struct sigevent ev;
		int fails = i == 2 || i == 4, r;

		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_NONE;
		errno = 0;
		r = timer_create(CLOCK_MONOTONIC, &ev, &ids[i]);
		if (fails) {
			ok(r == -1 && errno == EAGAIN, "timer_create %d fails with EAGAIN", i + 1);
			continue;
		}
		ok(r == 0 && (last < 0 || (int)(long)ids[i] == last + 1),
		   "timer_create %d succeeds, the next id", i + 1);
		last = (int)(long)ids[i];
	}
	for (int i = 0; i < 8; i++)
		if (i != 2 && i != 4)
			timer_delete(ids[i]);
	return done_testing();
}
