/*
 * TFD_TIMER_CANCEL_ON_SET (tick386 only: it sets the wall clock).  An
 * absolute CLOCK_REALTIME timerfd armed with it is canceled when the clock
 * is set, and only then: timer interrupts in between leave it alone (a read
 * says EAGAIN, not ECANCELED), clock_settime makes a read say ECANCELED
 * once, and timerfd_settime arms it again.
 */
/* expect: status=0 */
#include "../tap.h"
#include <errno.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec now, pause_ts = {0, 50000000};
	struct itimerspec its = {{0, 0}, {0, 0}};
	uint64_t ticks;
	int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);

	ok(fd >= 0, "timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK)");
	clock_gettime(CLOCK_REALTIME, &now);
	its.it_value.tv_sec = now.tv_sec + 100;
	ok(timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &its, NULL) == 0,
	   "armed 100 s ahead with TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET");
	/* Timer interrupts come and go meanwhile (the scheduler's slices). */
	nanosleep(&pause_ts, NULL);
	nanosleep(&pause_ts, NULL);
	errno = 0;
	ok(read(fd, &ticks, sizeof(ticks)) == -1 && errno == EAGAIN,
	   "before the clock is set: EAGAIN (errno %d)", errno);
	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_sec += 5;
	ok(clock_settime(CLOCK_REALTIME, &now) == 0, "clock_settime 5 s ahead");
	errno = 0;
	ok(read(fd, &ticks, sizeof(ticks)) == -1 && errno == ECANCELED,
	   "then a read says ECANCELED (errno %d)", errno);
	its.it_value.tv_sec = now.tv_sec + 100;
	ok(timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &its, NULL) == 0,
	   "timerfd_settime arms it again");
	nanosleep(&pause_ts, NULL);
	errno = 0;
	ok(read(fd, &ticks, sizeof(ticks)) == -1 && errno == EAGAIN, "and it waits again: EAGAIN");
	close(fd);
	return done_testing();
}
