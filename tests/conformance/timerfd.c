/*
 * timerfd_create, timerfd_settime, timerfd_gettime and read: exact
 * expiration counts under a periodic timer read late, EAGAIN when
 * nonblocking, absolute times, gettime, and the errors.
 */
#include <poll.h>
#include <stdint.h>
#include <sys/timerfd.h>

#include "conformance.h"

static struct itimerspec its(int64_t value_ns, int64_t interval_ns)
{
	struct itimerspec v;

	v.it_value = ns_ts(value_ns);
	v.it_interval = ns_ts(interval_ns);
	return v;
}

static int readable(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};

	return poll(&p, 1, 0) == 1 && p.revents == POLLIN;
}

int main(void)
{
	struct itimerspec v, cur;
	uint64_t n = 0;
	int fd, nb;
	char small[4];

	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	ok(fd >= 0, "timerfd_create(CLOCK_MONOTONIC, 0) -> fd");
	nb = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
	ok(nb >= 0, "timerfd_create(CLOCK_REALTIME, NONBLOCK|CLOEXEC) -> fd");

	EXPECT(timerfd_gettime(fd, &cur), 0, "timerfd_gettime(new)");
	ok(ts_ns(&cur.it_value) == 0 && ts_ns(&cur.it_interval) == 0, "a new timerfd is disarmed");
	EXPECT(read(nb, &n, 8), EAGAIN, "read(nonblocking, nothing expired)");
	EXPECT(read(nb, small, 4), EINVAL, "read(4 bytes)");
	ok(!readable(fd), "poll: not readable before expiry");

	/* one-shot, relative: blocking read waits for it, never early */
	int64_t t0 = mono_ns();
	v = its(30 * NS_PER_MS, 0);
	EXPECT(timerfd_settime(fd, 0, &v, NULL), 0, "timerfd_settime(30 ms)");
	timerfd_gettime(fd, &cur);
	why("left %lld", (long long)ts_ns(&cur.it_value));
	ok(ts_ns(&cur.it_value) > 0 && ts_ns(&cur.it_value) <= 30 * NS_PER_MS,
	   "timerfd_gettime: left in (0, 30 ms]");
	ok(read(fd, &n, 8) == 8 && n == 1, "blocking read -> 8 bytes, count 1");
	why("after %lld ns", (long long)(mono_ns() - t0));
	ok(mono_ns() - t0 >= 30 * NS_PER_MS, "read returned no earlier than the expiry");
	timerfd_gettime(fd, &cur);
	ok(ts_ns(&cur.it_value) == 0, "a fired one-shot reads 0");

	/* periodic 10 ms read late: the count is every period that passed */
	v = its(10 * NS_PER_MS, 10 * NS_PER_MS);
	t0 = mono_ns();
	timerfd_settime(fd, 0, &v, NULL);
	sleep_ms(105);
	ok(readable(fd), "poll: readable after expiries");
	read(fd, &n, 8);
	int64_t el = mono_ns() - t0;
	why("n=%llu elapsed %lld ns", (unsigned long long)n, (long long)el);
	ok((int64_t)n == el / (10 * NS_PER_MS) || (int64_t)n == el / (10 * NS_PER_MS) - 1,
	   "periodic read late: count = periods elapsed");
	ok(n >= 10, "periodic: at least 10 expirations in 105 ms");
	timerfd_gettime(fd, &cur);
	/* time left in [0, interval]: 0 when the next expiry is due but its
	 * interrupt not yet taken (Linux's timerfd_get_remaining clamps to 0
	 * as well); seen under load, one run in many */
	ok(ts_ns(&cur.it_interval) == 10 * NS_PER_MS && ts_ns(&cur.it_value) >= 0 &&
	       ts_ns(&cur.it_value) <= 10 * NS_PER_MS,
	   "periodic: gettime shows the interval and time left");
	v = its(0, 0);
	EXPECT(timerfd_settime(fd, 0, &v, &cur), 0, "timerfd_settime(0) disarms");
	ok(ts_ns(&cur.it_interval) == 10 * NS_PER_MS, "old value returned");
	v = its(0, NS_PER_S);
	timerfd_settime(fd, 0, &v, NULL);
	timerfd_gettime(fd, &cur);
	ok(ts_ns(&cur.it_value) == 0 && ts_ns(&cur.it_interval) == NS_PER_S,
	   "value 0 with an interval: disarmed, interval kept");

	/* absolute */
	v = its(now_ns(CLOCK_REALTIME) + 20 * NS_PER_MS, 0);
	EXPECT(timerfd_settime(nb, TFD_TIMER_ABSTIME, &v, NULL), 0, "settime(ABSTIME, now + 20 ms)");
	EXPECT(read(nb, &n, 8), EAGAIN, "read before the absolute time");
	sleep_ms(40);
	ok(read(nb, &n, 8) == 8 && n == 1, "after it: count 1");
	v = its(now_ns(CLOCK_REALTIME) - NS_PER_S, 0);
	timerfd_settime(nb, TFD_TIMER_ABSTIME, &v, NULL);
	sleep_ms(5);
	ok(read(nb, &n, 8) == 8 && n == 1, "an absolute time already past fires at once");
	v = its(now_ns(CLOCK_REALTIME) + NS_PER_S, 0);
	EXPECT(timerfd_settime(nb, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &v, NULL), 0,
	       "settime(ABSTIME|CANCEL_ON_SET)");
	EXPECT(read(nb, &n, 8), EAGAIN, "CANCEL_ON_SET: read before anything -> EAGAIN");
	v = its(0, 0);
	EXPECT(timerfd_settime(nb, TFD_TIMER_CANCEL_ON_SET, &v, NULL), 0,
	       "settime(CANCEL_ON_SET without ABSTIME)");

	/* errors */
	EXPECT(timerfd_create(99, 0), EINVAL, "timerfd_create(clock 99)");
	EXPECT(timerfd_create(CLOCK_PROCESS_CPUTIME_ID, 0), EINVAL, "timerfd_create(CPU clock)");
	EXPECT(timerfd_create(CLOCK_MONOTONIC, 4), EINVAL, "timerfd_create(flags 4)");
	v = its(0, 0);
	EXPECT(timerfd_settime(fd, 4, &v, NULL), EINVAL, "timerfd_settime(flags 4)");
	v.it_value.tv_nsec = 1000000000;
	EXPECT(timerfd_settime(fd, 0, &v, NULL), EINVAL, "timerfd_settime(tv_nsec 1e9)");
	v = its(0, 0);
	v.it_interval.tv_sec = -1;
	EXPECT(timerfd_settime(fd, 0, &v, NULL), EINVAL, "timerfd_settime(interval -1 s)");
	v = its(0, 0);
	EXPECT(timerfd_settime(99, 0, &v, NULL), EBADF, "timerfd_settime(fd 99)");
	EXPECT(timerfd_settime(0, 0, &v, NULL), EINVAL, "timerfd_settime(stdin, not a timerfd)");
	EXPECT(timerfd_gettime(99, &cur), EBADF, "timerfd_gettime(fd 99)");
	EXPECT(timerfd_gettime(0, &cur), EINVAL, "timerfd_gettime(stdin)");
	EXPECT(timerfd_settime(fd, 0, BAD_PTR_LOW, NULL), EFAULT, "timerfd_settime(bad pointer)");
	EXPECT(timerfd_gettime(fd, BAD_PTR_LOW), EFAULT, "timerfd_gettime(bad pointer)");
	EXPECT(write(fd, &n, 8), EINVAL, "write(timerfd)");
	EXPECT(close(fd), 0, "close(timerfd)");
	EXPECT(timerfd_gettime(fd, &cur), EBADF, "timerfd_gettime(closed)");
	close(nb);
	return done();
}
