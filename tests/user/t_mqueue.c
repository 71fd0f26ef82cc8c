/*
 * Message queues attacked from ring 3 (tick386 only; the behaviour itself
 * is compared with Linux by tests/conformance/mqueue.c):
 *  - the descriptor closed by another thread while a thread sleeps in
 *    mq_timedreceive: the sleeper keeps the queue and gets the next message
 *    sent through another descriptor;
 *  - mq_unlink while a receiver sleeps: the same;
 *  - a process killed while it sleeps in mq_send on a full queue, and a
 *    process that ends (exit_group) while two of its threads sleep in
 *    mq_receive: the queue stays whole;
 *  - an absolute mq_timedreceive deadline moved by clock_settime: the
 *    clock jumping past it ends the wait at once, ETIMEDOUT;
 *  - four threads racing through a queue of 4: every message received
 *    exactly once;
 *  - queues until the charge limit (EMFILE) and messages until the queue
 *    is full, then all freed: the free pages come back (/proc/meminfo);
 *  - a mq_notify registrant that exits: no signal goes anywhere, the
 *    queue is free to register again.
 * The runner also checks that init's exit gave back every page.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, ms % 1000 * 1000000};

	nanosleep(&ts, NULL);
}

static mqd_t make(const char *name, long maxmsg, long msgsize)
{
	struct mq_attr a = {0, maxmsg, msgsize, 0, {0}};

	mq_unlink(name);
	return mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
}

static long curmsgs(mqd_t q)
{
	struct mq_attr a;

	return mq_getattr(q, &a) == 0 ? a.mq_curmsgs : -1;
}

/* ---- a sleeper whose descriptor goes away ------------------------------------ */

static mqd_t sleeper_q;
static volatile long sleeper_rc = -2;
static char sleeper_buf[64];

static void *receiver(void *arg)
{
	struct timespec ts;

	(void)arg;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += 10;
	sleeper_rc = mq_timedreceive(sleeper_q, sleeper_buf, sizeof(sleeper_buf), NULL, &ts);
	return NULL;
}

static void under_sleeper(int unlink_it)
{
	const char *what = unlink_it ? "mq_unlink" : "close";
	pthread_t t;
	mqd_t other;

	sleeper_q = make("/t_mq_sleep", 2, 64);
	other = mq_open("/t_mq_sleep", O_WRONLY);
	sleeper_rc = -2;
	pthread_create(&t, NULL, receiver, NULL);
	sleep_ms(50);
	if (unlink_it)
		ok(mq_unlink("/t_mq_sleep") == 0, "mq_unlink while a receiver sleeps");
	else
		ok(mq_close(sleeper_q) == 0, "close of the descriptor a receiver sleeps on");
	sleep_ms(50);
	ok(sleeper_rc == -2, "%s: the receiver sleeps on", what);
	ok(mq_send(other, "wake", 5, 1) == 0, "%s: a send through another descriptor", what);
	pthread_join(t, NULL);
	ok(sleeper_rc == 5 && !strcmp(sleeper_buf, "wake"), "%s: the receiver got it", what);
	mq_close(other);
	if (unlink_it)
		mq_close(sleeper_q);
	else
		mq_unlink("/t_mq_sleep");
}

/* ---- killed and ended sleepers ------------------------------------------------ */

static void *blocked_receive(void *arg)
{
	char buf[64];

	mq_receive(*(mqd_t *)arg, buf, sizeof(buf), NULL);
	return NULL;
}

static void killed_sleepers(void)
{
	mqd_t q = make("/t_mq_kill", 1, 64);
	pid_t p;
	int st;

	ok(mq_send(q, "full", 4, 0) == 0, "a full queue");
	p = fork();
	if (p == 0) {
		mq_send(q, "never", 5, 0);
		_exit(1);
	}
	sleep_ms(50);
	kill(p, SIGKILL);
	waitpid(p, &st, 0);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "a sender sleeping in mq_send is killed");
	ok(curmsgs(q) == 1, "its message never went in");
	{
		char buf[64];

		ok(mq_receive(q, buf, 64, NULL) == 4, "the queue works on");
	}
	p = fork();
	if (p == 0) {
		pthread_t a, b;

		pthread_create(&a, NULL, blocked_receive, &q);
		pthread_create(&b, NULL, blocked_receive, &q);
		sleep_ms(50);
		exit(7); /* exit_group under two sleeping receivers */
	}
	waitpid(p, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 7, "a process ends while two threads sleep in mq_receive");
	ok(mq_send(q, "after", 5, 0) == 0 && curmsgs(q) == 1, "nobody took the next message");
	mq_close(q);
	mq_unlink("/t_mq_kill");
}

/* ---- the deadline and the wall clock ------------------------------------------ */

static void settime_moves_deadline(void)
{
	mqd_t q = make("/t_mq_clock", 1, 64);
	struct timespec dl, now;
	long long t0, waited;
	pid_t p;
	int st;
	char buf[64];

	p = fork();
	if (p == 0) {
		sleep_ms(100);
		clock_gettime(CLOCK_REALTIME, &now);
		now.tv_sec += 30;
		clock_settime(CLOCK_REALTIME, &now);
		_exit(0);
	}
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += 20;
	t0 = now_ns(CLOCK_MONOTONIC);
	errno = 0;
	ok(mq_timedreceive(q, buf, 64, NULL, &dl) == -1 && errno == ETIMEDOUT,
	   "clock_settime past an absolute deadline: ETIMEDOUT");
	waited = now_ns(CLOCK_MONOTONIC) - t0;
	tap_why("after %lld ms", waited / 1000000);
	ok(waited < 5000000000ll, "at once, not after 20 s of monotonic time");
	waitpid(p, &st, 0);
	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_sec -= 30;
	clock_settime(CLOCK_REALTIME, &now);
	mq_close(q);
	mq_unlink("/t_mq_clock");
}

/* ---- racing threads ----------------------------------------------------------- */

#define RACE_MSGS 1500
static mqd_t race_q;
static volatile int race_seen[2 * RACE_MSGS];
static volatile int race_bad;

static void *race_sender(void *arg)
{
	int base = (int)(long)arg;

	for (int i = 0; i < RACE_MSGS; i++) {
		int v = base + i;

		if (mq_send(race_q, (char *)&v, sizeof(v), (unsigned)(i % 7)) != 0)
			race_bad++;
	}
	return NULL;
}

static void *race_receiver(void *arg)
{
	(void)arg;
	for (int i = 0; i < RACE_MSGS; i++) {
		char buf[64];
		int v;

		if (mq_receive(race_q, buf, sizeof(buf), NULL) != sizeof(v)) {
			race_bad++;
			continue;
		}
		memcpy(&v, buf, sizeof(v));
		if (v < 0 || v >= 2 * RACE_MSGS)
			race_bad++;
		else
			__sync_fetch_and_add(&race_seen[v], 1);
	}
	return NULL;
}

static void race(void)
{
	pthread_t t[4];
	int once = 1;

	race_q = make("/t_mq_race", 4, 64);
	pthread_create(&t[0], NULL, race_receiver, NULL);
	pthread_create(&t[1], NULL, race_sender, (void *)0L);
	pthread_create(&t[2], NULL, race_receiver, NULL);
	pthread_create(&t[3], NULL, race_sender, (void *)(long)RACE_MSGS);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 2 * RACE_MSGS; i++)
		if (race_seen[i] != 1)
			once = 0;
	ok(!race_bad && once && curmsgs(race_q) == 0,
	   "two senders, two receivers, a queue of 4: %d messages each received once", 2 * RACE_MSGS);
	mq_close(race_q);
	mq_unlink("/t_mq_race");
}

/* ---- exhaustion and the pages ----------------------------------------------- */

static void exhaustion(void)
{
	static char msg[8192];
	mqd_t qs[32];
	long before, full, after;
	int n, sent = 0;

	before = tap_meminfo_kb("MemFree:");
	for (n = 0; n < 32; n++) {
		char name[32];

		snprintf(name, sizeof(name), "/t_mq_many%d", n);
		mq_unlink(name);
		qs[n] = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, NULL);
		if (qs[n] < 0)
			break;
	}
	ok(n == 9 && errno == EMFILE, "nine default queues, then EMFILE (RLIMIT_MSGQUEUE)");
	for (int i = 0; i < n; i++)
		while (mq_send(qs[i], msg, sizeof(msg), (unsigned)i) == 0)
			sent++;
	ok(sent == 9 * 10 && errno == EAGAIN, "each filled to its 10 messages of 8192 bytes, then EAGAIN");
	full = tap_meminfo_kb("MemFree:");
	for (int i = 0; i < n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "/t_mq_many%d", i);
		mq_unlink(name); /* unlinked with its messages still in it */
		mq_close(qs[i]);
	}
	after = tap_meminfo_kb("MemFree:");
	tap_why("MemFree %ld kB before, %ld full, %ld after", before, full, after);
	ok(full < before - 700 && after == before, "the messages took pages, and all came back");
}

/* ---- a registrant that exits ------------------------------------------------- */

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

static void registrant_exits(void)
{
	mqd_t q = make("/t_mq_notify", 2, 64);
	struct sigevent ev;
	pid_t p;
	int st;
	char buf[64];

	signal(SIGUSR1, on_usr1);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR1;
	p = fork();
	if (p == 0)
		_exit(mq_notify(q, &ev) == 0 ? 0 : 1);
	waitpid(p, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a child registers and exits");
	ok(mq_send(q, "x", 1, 0) == 0 && usr1 == 0, "a message: no signal to anyone");
	ok(mq_notify(q, &ev) == 0, "the queue registers again");
	mq_receive(q, buf, 64, NULL);
	ok(mq_send(q, "y", 1, 0) == 0 && usr1 == 1, "and signals its new registrant");
	signal(SIGUSR1, SIG_DFL);
	mq_close(q);
	mq_unlink("/t_mq_notify");
}

/* ---- a full descriptor table ------------------------------------------------ */

/* Linux takes the descriptor first: a full table is EMFILE whatever the
 * name (probed on the host with RLIMIT_NOFILE lowered), and nothing is made. */
static void full_table(void)
{
	int fds[80], n = 0;

	while (n < 80 && (fds[n] = dup(0)) >= 0)
		n++;
	errno = 0;
	ok(mq_open("/a/b", O_RDWR | O_CREAT, 0600, NULL) == -1 && errno == EMFILE,
	   "full table: a bad name is EMFILE");
	errno = 0;
	ok(mq_open("/t_mq_full", O_RDWR | O_CREAT, 0600, NULL) == -1 && errno == EMFILE,
	   "full table: a new queue is EMFILE");
	while (n > 0)
		close(fds[--n]);
	errno = 0;
	ok(mq_unlink("/t_mq_full") == -1 && errno == ENOENT, "and no queue was made");
}

int main(void)
{
	full_table();
	under_sleeper(0);
	under_sleeper(1);
	killed_sleepers();
	settime_moves_deadline();
	race();
	exhaustion();
	registrant_exits();
	return done_testing();
}
