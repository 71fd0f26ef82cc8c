/*
 * close() of a timerfd while another thread sleeps in read() on it.
 *
 * The read holds the file (Linux's fdget/fdput): closing the descriptor
 * takes it out of the table but frees nothing while the read sleeps.  So a
 * signal still ends that read with EINTR, and a timer armed before the
 * close still fires and the read returns its tick; only then does the
 * file go.  A read that held no reference slept on a freed struct timerfd
 * (kmalloc-128): the signal's wake-up then used freed memory, and the
 * timer, cancelled by the close, never came.  Run with slub_debug so that
 * such a use of freed memory is caught at once (poison, quarantine): the
 * kernel before the fix faulted in wait_sleep at 0x6b6b773b, the freed
 * timerfd named as freed by sys_close.  Linux 6.18 passes it (the source
 * builds with cc -pthread); t_close_sleeper.c covers poll and select too.
 */
/* append: slub_debug */
/* expect: status=0 */
#include "../tap.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static int fd;
static volatile int handled;
static ssize_t got;
static int got_errno;
static uint64_t ticks;

static void on_usr1(int sig)
{
	(void)sig;
	handled++;
}

static void *reader(void *arg)
{
	(void)arg;
	errno = 0;
	got = read(fd, &ticks, sizeof(ticks));
	got_errno = errno;
	return NULL;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, ms % 1000 * 1000000L};
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1; /* no SA_RESTART: the read ends with EINTR */
	sigaction(SIGUSR1, &sa, NULL);

	/* 1: close under the sleeping read, then a signal wakes it. */
	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	ok(fd >= 0, "timerfd_create (disarmed: a read sleeps)");
	ok(pthread_create(&t, NULL, reader, NULL) == 0, "a thread reads it");
	sleep_ms(100); /* the reader is asleep in read() */
	ok(close(fd) == 0, "close() while the thread sleeps in read()");
	sleep_ms(20);
	ok(pthread_kill(t, SIGUSR1) == 0, "SIGUSR1 to the reader");
	pthread_join(t, NULL);
	ok(handled == 1, "its handler ran");
	tap_why("read returned %ld, errno %d", (long)got, got_errno);
	ok(got == -1 && got_errno == EINTR, "the read ends with EINTR");

	/* 2: close under the sleeping read, then the timer armed before fires. */
	struct itimerspec its = {{0, 0}, {0, 200000000}};
	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	ok(fd >= 0 && timerfd_settime(fd, 0, &its, NULL) == 0, "a timerfd armed 200 ms ahead");
	ok(pthread_create(&t, NULL, reader, NULL) == 0, "a thread reads it");
	sleep_ms(50);
	ok(close(fd) == 0, "close() while the thread sleeps in read()");
	pthread_join(t, NULL);
	tap_why("read returned %ld, errno %d, ticks %llu", (long)got, got_errno,
		(unsigned long long)ticks);
	ok(got == 8 && ticks == 1, "the timer still fires: the read returns its tick");

	errno = 0;
	ok(read(fd, &ticks, sizeof(ticks)) == -1 && errno == EBADF, "the descriptor is closed");
	return done_testing();
}
