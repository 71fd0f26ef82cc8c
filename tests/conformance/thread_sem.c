/*
 * POSIX semaphores (unnamed, process-private and pshared between threads):
 * init/post/wait/trywait/getvalue; sem_timedwait and sem_clockwait end
 * with ETIMEDOUT no earlier than their deadline on the clock they name; a
 * CLOCK_REALTIME deadline stays absolute across clock_settime; a handler
 * ends the wait with EINTR (glibc; sem_wait too, unless SA_RESTART, which
 * restarts the futex); bad arguments (EINVAL for tv_nsec before the value
 * is tried, a bad clock, a value too large; EAGAIN, EOVERFLOW); posts and
 * waits from several threads add up.
 */
#define _GNU_SOURCE
#include <semaphore.h>
#include "waits.h"

static sem_t s;

static int sem_call(int r)
{
	return r == 0 ? 0 : errno;
}

static int wait_clock(clockid_t clock, const struct timespec *abs)
{
	return sem_call(sem_clockwait(&s, clock, abs));
}

static int wait_timed(clockid_t clock, const struct timespec *abs)
{
	if (clock == CLOCK_REALTIME)
		return sem_call(sem_timedwait(&s, abs));
	return sem_call(sem_clockwait(&s, clock, abs));
}

static int value(void)
{
	int v = -1;

	sem_getvalue(&s, &v);
	return v;
}

static void *post_later(void *arg)
{
	sleep_ms(150);
	sem_post(arg);
	return NULL;
}

static int untimed(clockid_t clock, const struct timespec *abs)
{
	pthread_t t;
	int r;

	(void)clock;
	(void)abs;
	pthread_create(&t, NULL, post_later, &s);
	r = sem_call(sem_wait(&s));
	pthread_join(t, NULL);
	if (r == EINTR)
		sem_wait(&s); /* the post that came after: the value is 0 again */
	return r;
}

static void basics(void)
{
	struct timespec ts;

	EXPECT(sem_init(&s, 0, 2), 0, "sem_init(value 2)");
	ok(value() == 2, "sem_getvalue -> 2");
	EXPECT(sem_wait(&s), 0, "sem_wait at 2");
	EXPECT(sem_trywait(&s), 0, "sem_trywait at 1");
	EXPECT(sem_trywait(&s), EAGAIN, "sem_trywait at 0");
	ok(value() == 0, "sem_getvalue -> 0");
	EXPECT(sem_post(&s), 0, "sem_post");
	ok(value() == 1, "sem_getvalue after a post -> 1");

	/* tv_nsec is checked before the value is tried. */
	ts = ns_ts(now_ns(CLOCK_REALTIME) + NS_PER_S);
	ts.tv_nsec = 1000000000;
	EXPECT(sem_timedwait(&s, &ts), EINVAL, "sem_timedwait(tv_nsec 1000000000) at 1");
	ts.tv_nsec = -1;
	EXPECT(sem_timedwait(&s, &ts), EINVAL, "sem_timedwait(tv_nsec -1) at 1");
	EXPECT(sem_clockwait(&s, CLOCK_MONOTONIC, &ts), EINVAL,
	       "sem_clockwait(CLOCK_MONOTONIC, tv_nsec -1) at 1");
	ts.tv_nsec = 0;
	EXPECT(sem_clockwait(&s, CLOCK_PROCESS_CPUTIME_ID, &ts), EINVAL,
	       "sem_clockwait(CLOCK_PROCESS_CPUTIME_ID) at 1");
	EXPECT(sem_clockwait(&s, 99, &ts), EINVAL, "sem_clockwait(clock 99) at 1");
	ok(value() == 1, "the value is still 1");
	ts.tv_sec = -1;
	EXPECT(sem_timedwait(&s, &ts), 0, "sem_timedwait(tv_sec -1) at 1 takes it");
	EXPECT(sem_clockwait(&s, CLOCK_MONOTONIC, &ts), ETIMEDOUT,
	       "sem_clockwait(tv_sec -1) at 0");

	EXPECT(sem_init(&s, 0, (unsigned)SEM_VALUE_MAX + 1), EINVAL,
	       "sem_init(SEM_VALUE_MAX + 1)");
	EXPECT(sem_init(&s, 0, SEM_VALUE_MAX), 0, "sem_init(SEM_VALUE_MAX)");
	errno = 0;
	int r = sem_post(&s);
	why("rc=%d errno=%s", r, errnum(errno));
	ok(r == -1 && errno == EOVERFLOW, "sem_post at SEM_VALUE_MAX -> EOVERFLOW");
	ok(value() == SEM_VALUE_MAX, "the value is still SEM_VALUE_MAX");
	EXPECT(sem_destroy(&s), 0, "sem_destroy");
}

/* ---- contention: 4 threads post 500 times each, 2 take 1000 each ---- */

#define POSTERS 4
#define POSTS 500
#define TAKERS 2

static void *poster(void *arg)
{
	(void)arg;
	for (int i = 0; i < POSTS; i++)
		sem_post(&s);
	return NULL;
}

static void *taker(void *arg)
{
	long fails = 0;

	(void)arg;
	for (int i = 0; i < POSTS * POSTERS / TAKERS; i++) {
		struct timespec ts = ns_ts(now_ns(CLOCK_MONOTONIC) + 20 * NS_PER_S);

		if (i % 2 ? sem_wait(&s) : sem_clockwait(&s, CLOCK_MONOTONIC, &ts))
			fails++;
	}
	return (void *)fails;
}

static void contention(int pshared)
{
	pthread_t p[POSTERS], t[TAKERS];
	long fails = 0;
	void *f;

	sem_init(&s, pshared, 0);
	for (int i = 0; i < TAKERS; i++)
		pthread_create(&t[i], NULL, taker, NULL);
	for (int i = 0; i < POSTERS; i++)
		pthread_create(&p[i], NULL, poster, NULL);
	for (int i = 0; i < POSTERS; i++)
		pthread_join(p[i], NULL);
	for (int i = 0; i < TAKERS; i++) {
		pthread_join(t[i], &f);
		fails += (long)f;
	}
	why("failed waits %ld, value %d", fails, value());
	ok(fails == 0 && value() == 0, "%s: 2000 posts from 4 threads, 2000 waits from 2: all taken",
	   pshared ? "pshared" : "private");
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	basics();
	sem_init(&s, 0, 0);
	check_timeout("sem_clockwait", wait_clock);
	check_timeout("sem_timedwait", wait_timed);
	check_signal("sem_clockwait", wait_clock, 0, EINTR);
	check_signal("sem_timedwait", wait_timed, SA_RESTART, EINTR);
	check_signal("sem_wait", untimed, 0, EINTR);
	check_signal("sem_wait", untimed, SA_RESTART, 0);
	ok(value() == 0, "the value is 0 after the waits");
	check_settime("sem_timedwait", wait_timed, allowed);
	contention(0);
	contention(1);
	return done();
}
