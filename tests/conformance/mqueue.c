/*
 * POSIX message queues: names (EINVAL, ENOENT, EACCES, ENAMETOOLONG,
 * EEXIST), attributes (defaults, bounds, the byte limit's EMFILE),
 * mq_getattr/mq_setattr, priorities (highest first, FIFO within one),
 * EMSGSIZE, EBADF for the wrong access mode, O_NONBLOCK's EAGAIN, timed
 * waits (ETIMEDOUT never early, EINVAL for a bad timespec: when), bad
 * pointers, a handler with and without SA_RESTART, poll and select,
 * mq_notify (SIGEV_SIGNAL's siginfo, SIGEV_NONE, SIGEV_THREAD, EBUSY,
 * once only, only from empty and with no receiver waiting, removed by the
 * registrant's close), unlink while open, a blocked sender woken by a
 * receiver in another process.  The bounds are those of a caller without
 * CAP_SYS_RESOURCE (the host's root here has none; tick386 has no
 * capabilities): msg_max 10, msgsize_max 8192.
 */
#include <fcntl.h>
#include <mqueue.h>
#include <poll.h>
#include <pthread.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include "conformance.h"

#define Q "/conf_mq"
#define Q2 "/conf_mq2"

static char *volatile bad_ptr = BAD_PTR_LOW;
static volatile sig_atomic_t caught;
static siginfo_t caught_info;



static void on_info(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	caught = sig;
	caught_info = *si;
}

static void catch(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_info;
	sa.sa_flags = SA_SIGINFO | flags;
	sigaction(sig, &sa, NULL);
}

static mqd_t make(const char *name, long maxmsg, long msgsize, int flags)
{
	struct mq_attr a;

	memset(&a, 0, sizeof(a));
	a.mq_maxmsg = maxmsg;
	a.mq_msgsize = msgsize;
	mq_unlink(name);
	return mq_open(name, O_CREAT | O_EXCL | flags, 0600, &a);
}

static long curmsgs(mqd_t q)
{
	struct mq_attr a;

	return mq_getattr(q, &a) == 0 ? a.mq_curmsgs : -1;
}

static struct timespec in_ms(long ms)
{
	return ns_ts(now_ns(CLOCK_REALTIME) + ms * NS_PER_MS);
}

static void names(void)
{
	char longname[300];
	struct mq_attr a;
	mqd_t q;

	mq_unlink(Q);
	EXPECT_ID(mq_open("conf_mq", O_RDWR | O_CREAT, 0600, NULL), EINVAL, "mq_open of a name without '/'");
	EXPECT_ID(mq_unlink("conf_mq"), EINVAL, "mq_unlink of a name without '/'");
	EXPECT_ID(mq_open("/", O_RDWR | O_CREAT, 0600, NULL), ENOENT, "mq_open of \"/\"");
	EXPECT_ID(mq_open("/a/b", O_RDWR | O_CREAT, 0600, NULL), EACCES, "mq_open of a name with a second '/'");
	EXPECT_ID(mq_open("/.", O_RDWR | O_CREAT, 0600, NULL), EACCES, "mq_open of \"/.\"");
	EXPECT_ID(mq_open("/..", O_RDWR, 0600, NULL), EACCES, "mq_open of \"/..\"");
	EXPECT_ID(mq_unlink("/a/b"), EACCES, "mq_unlink of a name with a second '/'");
	memset(longname, 'n', sizeof(longname));
	longname[0] = '/';
	longname[257] = 0;
	EXPECT_ID(mq_open(longname, O_RDWR | O_CREAT, 0600, NULL), ENAMETOOLONG, "a name of 256 bytes");
	EXPECT_ID(mq_unlink(longname), ENAMETOOLONG, "mq_unlink of a name of 256 bytes");
	longname[256] = 0;
	q = mq_open(longname, O_RDWR | O_CREAT, 0600, NULL);
	ok(q >= 0, "a name of 255 bytes");
	mq_close(q);
	EXPECT_ID(mq_unlink(longname), 0, "its mq_unlink");
	EXPECT_ID(mq_open(Q, O_RDWR, 0600, NULL), ENOENT, "mq_open of a missing queue without O_CREAT");
	EXPECT_ID(mq_unlink(Q), ENOENT, "mq_unlink of a missing queue");
	EXPECT_ID(syscall(SYS_mq_open, bad_ptr, O_RDWR | O_CREAT, 0600, NULL), EFAULT, "a bad name pointer (raw call: the C library reads the name)");
	EXPECT_ID(mq_open(Q, O_RDWR | O_CREAT, 0600, (struct mq_attr *)bad_ptr), EFAULT, "a bad attr pointer");
	q = mq_open(Q, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	ok(q >= 0, "O_CREAT | O_EXCL makes it");
	ok(mq_getattr(q, &a) == 0 && a.mq_maxmsg == 10 && a.mq_msgsize == 8192 && a.mq_curmsgs == 0 &&
		   a.mq_flags == 0,
	   "a NULL attr gives 10 messages of 8192 bytes");
	EXPECT_ID(mq_open(Q, O_RDWR | O_CREAT | O_EXCL, 0600, NULL), EEXIST, "O_CREAT | O_EXCL of an existing queue");
	EXPECT_ID(mq_open(Q, O_RDWR | O_WRONLY, 0600, NULL), EINVAL, "O_RDWR | O_WRONLY of an existing queue");
	EXPECT_ID(mq_open(Q, O_RDWR | O_EXCL, 0600, NULL), 0, "O_EXCL without O_CREAT opens it");
	mq_close(q);
	EXPECT_ID(mq_unlink(Q), 0, "mq_unlink");
	EXPECT_ID(mq_unlink(Q), ENOENT, "mq_unlink again");
}

static void attrs(void)
{
	static const struct {
		long maxmsg, msgsize;
		int err;
		const char *what;
	} cases[] = {
		{0, 16, EINVAL, "mq_maxmsg 0"},
		{-1, 16, EINVAL, "mq_maxmsg -1"},
		{4, 0, EINVAL, "mq_msgsize 0"},
		{4, -5, EINVAL, "mq_msgsize -5"},
		{65537, 1, EINVAL, "mq_maxmsg 65537 (past the hard limit)"},
		{1, 16 * 1024 * 1024 + 1, EINVAL, "mq_msgsize 16 MiB + 1"},
		{11, 16, EINVAL, "mq_maxmsg 11 (past msg_max)"},
		{1, 8193, EINVAL, "mq_msgsize 8193 (past msgsize_max)"},
		{10, 8192, 0, "10 x 8192 bytes (both limits)"},
		{1, 1, 0, "1 x 1 byte"},
	};
	mqd_t qs[16];
	int n = 0, i;

	for (i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
		mqd_t q = make(Q, cases[i].maxmsg, cases[i].msgsize, O_RDWR);
		int err = errno;

		why("rc=%d errno=%s", (int)q, errname(err));
		if (cases[i].err)
			ok(q == -1 && err == cases[i].err, "%s -> %s", cases[i].what, errname(cases[i].err));
		else
			ok(q >= 0, "%s -> ok", cases[i].what);
		if (q >= 0)
			mq_close(q);
		mq_unlink(Q);
	}
	/* The byte limit counts every queue: default queues (82 KB each and
	 * then some) until EMFILE; closing one is not enough, unlinking it is. */
	for (n = 0; n < 16; n++) {
		char name[32];

		snprintf(name, sizeof(name), "/conf_mq_many%d", n);
		mq_unlink(name);
		qs[n] = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
		if (qs[n] < 0)
			break;
	}
	/* 9 on an idle system (the charge counts every queue of the user) */
	why("%d queues, errno %s", n, errname(errno));
	ok(n >= 1 && n <= 9 && errno == EMFILE, "default queues until EMFILE (RLIMIT_MSGQUEUE)");
	if (n > 0) {
		char name[32];

		mq_close(qs[0]);
		snprintf(name, sizeof(name), "/conf_mq_many%d", n);
		EXPECT_ID(mq_open(name, O_RDWR | O_CREAT, 0600, NULL), EMFILE, "closed but named: still EMFILE");
		mq_unlink("/conf_mq_many0");
		qs[0] = mq_open(name, O_RDWR | O_CREAT, 0600, NULL);
		ok(qs[0] >= 0, "after its unlink the charge is back");
		mq_close(qs[0]);
		mq_unlink(name);
	}
	for (i = 1; i < n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "/conf_mq_many%d", i);
		mq_close(qs[i]);
		mq_unlink(name);
	}
}

static void getset(void)
{
	struct mq_attr a, old;
	mqd_t q = make(Q, 4, 64, O_RDWR);
	int fds[2];

	ok(q >= 0, "a queue of 4 x 64");
	memset(&a, 0, sizeof(a));
	a.mq_flags = O_NONBLOCK;
	a.mq_maxmsg = 99;
	a.mq_msgsize = 99;
	ok(mq_setattr(q, &a, &old) == 0 && old.mq_flags == 0 && old.mq_maxmsg == 4 && old.mq_msgsize == 64,
	   "mq_setattr O_NONBLOCK, the old attributes");
	ok(mq_getattr(q, &a) == 0 && a.mq_flags == O_NONBLOCK && a.mq_maxmsg == 4 && a.mq_msgsize == 64,
	   "only mq_flags changed");
	a.mq_flags = O_NONBLOCK | O_APPEND;
	EXPECT_ID(mq_setattr(q, &a, NULL), EINVAL, "mq_flags with another bit");
	EXPECT_ID(mq_setattr(q, (struct mq_attr *)bad_ptr, NULL), EFAULT, "mq_setattr of a bad pointer");
	EXPECT_ID(mq_getattr(q, (struct mq_attr *)bad_ptr), EFAULT, "mq_getattr to a bad pointer");
	a.mq_flags = 0;
	ok(mq_setattr(q, &a, NULL) == 0 && mq_getattr(q, &a) == 0 && a.mq_flags == 0, "O_NONBLOCK off again");
	EXPECT_ID(mq_getattr(-1, &a), EBADF, "mq_getattr of -1");
	EXPECT_ID(mq_getattr(63, &a), EBADF, "mq_getattr of a closed descriptor");
	ok(pipe(fds) == 0, "a pipe");
	EXPECT_ID(mq_getattr(fds[0], &a), EBADF, "mq_getattr of a pipe");
	EXPECT_ID(mq_send(fds[1], "x", 1, 0), EBADF, "mq_send to a pipe");
	EXPECT_ID(mq_notify(fds[0], NULL), EBADF, "mq_notify of a pipe");
	close(fds[0]);
	close(fds[1]);
	mq_close(q);
	mq_unlink(Q);
}

static void priorities(void)
{
	static const unsigned prio[] = {1, 5, 3, 5, 0, 32767, 3};
	static const char *want[] = {"m5", "m6", "m1", "m3", "m2", "m6b", "m0"};
	char buf[64], names[7][4] = {"m0", "m1", "m2", "m3", "m4", "m5", "m6"};
	mqd_t q = make(Q, 8, 64, O_RDWR);
	unsigned p;
	int i, order = 1;

	/* prio 1 5 3 5 0 32767 3: names m0..m6; FIFO within a priority */
	strcpy(names[6], "m6b");
	for (i = 0; i < 7; i++)
		if (mq_send(q, names[i], strlen(names[i]) + 1, prio[i]) != 0)
			order = 0;
	ok(order && curmsgs(q) == 7, "seven messages sent");
	{
		/* expected: 32767 (m5), 5 (m1, m3), 3 (m2, m6b), 1 (m0), 0 (m4) */
		static const char *exp[] = {"m5", "m1", "m3", "m2", "m6b", "m0", "m4"};
		static const unsigned expp[] = {32767, 5, 5, 3, 3, 1, 0};

		(void)want;
		for (i = 0; i < 7; i++) {
			ssize_t n = mq_receive(q, buf, sizeof(buf), &p);

			if (n != (ssize_t)strlen(exp[i]) + 1 || strcmp(buf, exp[i]) || p != expp[i]) {
				why("message %d: n=%zd '%s' prio %u", i, n, n > 0 ? buf : "", p);
				order = 0;
			}
		}
	}
	ok(order, "received highest priority first, FIFO within one");
	EXPECT_ID(mq_send(q, "x", 1, 32768), EINVAL, "priority MQ_PRIO_MAX");
	EXPECT_ID(mq_send(q, buf, 65, 0), EMSGSIZE, "a message longer than mq_msgsize");
	EXPECT_ID(mq_send(q, buf, 64, 0), 0, "a message of mq_msgsize");
	EXPECT_ID(mq_receive(q, buf, 63, &p), EMSGSIZE, "a buffer shorter than mq_msgsize");
	ok(curmsgs(q) == 1, "the message stays");
	ok(mq_receive(q, buf, 64, NULL) == 64, "received with a NULL priority pointer");
	ok(mq_send(q, buf, 0, 7) == 0 && mq_receive(q, buf, 64, &p) == 0 && p == 7, "a message of 0 bytes");
	EXPECT_ID(mq_send(q, bad_ptr, 8, 0), EFAULT, "mq_send of a bad buffer");
	ok(curmsgs(q) == 0, "nothing was queued");
	ok(mq_send(q, "lost", 4, 0) == 0, "one more message");
	EXPECT_ID(mq_receive(q, bad_ptr, 64, NULL), EFAULT, "mq_receive into a bad buffer");
	ok(curmsgs(q) == 0, "the message is gone (Linux takes it first)");
	ok(mq_send(q, "lost", 4, 0) == 0, "one more message");
	EXPECT_ID(mq_receive(q, buf, 64, (unsigned *)bad_ptr), EFAULT, "mq_receive with a bad priority pointer");
	ok(curmsgs(q) == 0, "that one is gone too");
	mq_close(q);
	mq_unlink(Q);
}

static void modes(void)
{
	char buf[64];
	mqd_t q = make(Q, 2, 64, O_WRONLY), r, rw3;

	ok(q >= 0, "a write-only queue");
	EXPECT_ID(mq_receive(q, buf, 64, NULL), EBADF, "mq_receive from O_WRONLY");
	r = mq_open(Q, O_RDONLY | O_NONBLOCK);
	ok(r >= 0, "a second descriptor, O_RDONLY | O_NONBLOCK");
	EXPECT_ID(mq_send(r, "x", 1, 0), EBADF, "mq_send to O_RDONLY");
	EXPECT_ID(mq_receive(r, buf, 64, NULL), EAGAIN, "non-blocking receive from an empty queue");
	ok(mq_send(q, "a", 1, 0) == 0 && mq_send(q, "b", 1, 0) == 0, "fill it");
	mq_close(q);
	q = mq_open(Q, O_WRONLY | O_NONBLOCK);
	EXPECT_ID(mq_send(q, "c", 1, 0), EAGAIN, "non-blocking send to a full queue");
	EXPECT_ID(mq_send(q, bad_ptr, 1, 0), EFAULT, "bad buffer to a full non-blocking queue: EFAULT first");
	mq_close(q);
	mq_close(r);
	mq_unlink(Q);
	/* created with O_RDWR | O_WRONLY: a descriptor that can do neither */
	mq_unlink(Q2);
	rw3 = mq_open(Q2, O_RDWR | O_WRONLY | O_CREAT, 0600, NULL);
	ok(rw3 >= 0, "O_RDWR | O_WRONLY creating a queue -> ok");
	if (rw3 >= 0) {
		EXPECT_ID(mq_send(rw3, "x", 1, 0), EBADF, "mq_send through it");
		EXPECT_ID(mq_receive(rw3, buf, 8192, NULL), EBADF, "mq_receive through it");
		mq_close(rw3);
	}
	mq_unlink(Q2);
}

static void timed(void)
{
	char buf[64];
	mqd_t q = make(Q, 1, 64, O_RDWR);
	struct timespec ts, bad = {0, 1000000000}, neg = {-1, 0};
	int64_t t0, late;

	ts = in_ms(60);
	t0 = now_ns(CLOCK_REALTIME);
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &ts), ETIMEDOUT, "timed receive from an empty queue");
	late = now_ns(CLOCK_REALTIME) - ts_ns(&ts);
	why("late by %lld ns after %lld", (long long)late, (long long)(now_ns(CLOCK_REALTIME) - t0));
	ok(late >= 0, "not before the deadline");
	ts = in_ms(-1000);
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &ts), ETIMEDOUT, "a deadline already past");
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &bad), EINVAL, "tv_nsec 1e9 when it would block");
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &neg), EINVAL, "tv_sec -1 when it would block");
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, (struct timespec *)bad_ptr), EFAULT, "a bad timeout pointer");
	ok(mq_send(q, "m", 1, 0) == 0, "one message: the queue is full");
	ts = in_ms(60);
	t0 = now_ns(CLOCK_REALTIME);
	EXPECT_ID(mq_timedsend(q, "n", 1, 0, &ts), ETIMEDOUT, "timed send to a full queue");
	ok(now_ns(CLOCK_REALTIME) >= ts_ns(&ts), "not before the deadline");
	EXPECT_ID(mq_timedsend(q, "n", 1, 0, &bad), EINVAL, "tv_nsec 1e9 when the send would block");
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &bad), EINVAL, "tv_nsec 1e9 with a message there");
	ok(curmsgs(q) == 1, "the message stays");
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &neg), EINVAL, "tv_sec -1 with a message there");
	EXPECT_ID(mq_timedsend(q, "n", 1, 99999, &bad), EINVAL, "bad priority and bad timeout");
	ok(mq_receive(q, buf, 64, NULL) == 1, "receive it");
	EXPECT_ID(mq_timedsend(q, "n", 1, 0, &bad), EINVAL, "tv_nsec 1e9 with room");
	ok(curmsgs(q) == 0, "nothing was sent");
	EXPECT_ID(mq_timedsend(q, "n", 1, 0, (struct timespec *)bad_ptr), EFAULT, "mq_timedsend: a bad timeout pointer with room");
	EXPECT_ID(mq_timedsend(-1, "n", 1, 0, &bad), EINVAL, "a bad timespec before a bad descriptor");
	EXPECT_ID(mq_send(-1, "n", 1, 0), EBADF, "a bad descriptor");
	mq_close(q);
	mq_unlink(Q);
}

/* SIGALRM in ms (ualarm is not POSIX any more) */
static void alarm_ms(long ms)
{
	struct itimerval it = {{0, 0}, {0, ms * 1000}};

	setitimer(ITIMER_REAL, &it, NULL);
}

static void handlers(void)
{
	char buf[64];
	mqd_t q = make(Q, 1, 64, O_RDWR);
	struct timespec ts;
	int64_t t0;

	catch(SIGALRM, 0);
	caught = 0;
	alarm_ms(30);
	EXPECT_ID(mq_receive(q, buf, 64, NULL), EINTR, "a handler ends a blocked mq_receive");
	ok(caught == SIGALRM, "the handler ran");
	catch(SIGALRM, SA_RESTART);
	caught = 0;
	ts = in_ms(150);
	t0 = now_ns(CLOCK_REALTIME);
	alarm_ms(30);
	EXPECT_ID(mq_timedreceive(q, buf, 64, NULL, &ts), ETIMEDOUT, "SA_RESTART: the timed receive goes on");
	why("after %lld ms", (long long)((now_ns(CLOCK_REALTIME) - t0) / NS_PER_MS));
	ok(caught == SIGALRM && now_ns(CLOCK_REALTIME) >= ts_ns(&ts), "to its absolute deadline");
	ok(mq_send(q, "f", 1, 0) == 0, "full");
	catch(SIGALRM, 0);
	caught = 0;
	alarm_ms(30);
	EXPECT_ID(mq_send(q, "g", 1, 0), EINTR, "a handler ends a blocked mq_send");
	signal(SIGALRM, SIG_DFL);
	mq_close(q);
	mq_unlink(Q);
}

static void readiness(void)
{
	mqd_t q = make(Q, 1, 64, O_RDWR);
	struct pollfd p = {q, POLLIN | POLLOUT, 0};
	struct timeval tv = {0, 0};
	fd_set r, w;
	char buf[64];

	ok(poll(&p, 1, 0) == 1 && p.revents == POLLOUT, "empty: POLLOUT");
	mq_send(q, "x", 1, 0);
	ok(poll(&p, 1, 0) == 1 && p.revents == POLLIN, "full: POLLIN");
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(q, &r);
	FD_SET(q, &w);
	ok(select(q + 1, &r, &w, NULL, &tv) == 1 && FD_ISSET(q, &r) && !FD_ISSET(q, &w), "select: readable only");
	mq_receive(q, buf, 64, NULL);
	if (fork() == 0) {
		sleep_ms(50);
		mq_send(q, "y", 1, 0);
		_exit(0);
	}
	p.events = POLLIN;
	ok(poll(&p, 1, 5000) == 1 && p.revents == POLLIN, "poll woken by another process's send");
	wait(NULL);
	mq_close(q);
	mq_unlink(Q);
}

static volatile int thread_calls, thread_value;
static volatile pthread_t thread_self, main_self;

static void on_notify_thread(union sigval v)
{
	thread_value = v.sival_int;
	thread_self = pthread_self();
	__sync_fetch_and_add(&thread_calls, 1);
}

static void notify(void)
{
	struct sigevent ev;
	sigset_t set, old;
	char buf[64];
	mqd_t q = make(Q, 4, 64, O_RDWR), q2;
	pid_t child;
	int st, i;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR1;
	ev.sigev_value.sival_int = 4242;
	catch(SIGUSR1, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	EXPECT_ID(mq_notify(q, &ev), 0, "mq_notify SIGEV_SIGNAL");
	EXPECT_ID(mq_notify(q, &ev), EBUSY, "again by the same process");
	caught = 0;
	ok(mq_send(q, "a", 1, 0) == 0, "a message into the empty queue");
	sigprocmask(SIG_SETMASK, &old, NULL);
	ok(caught == SIGUSR1, "the signal came");
	ok(caught_info.si_code == SI_MESGQ && caught_info.si_value.sival_int == 4242 &&
		   caught_info.si_pid == getpid() && caught_info.si_uid == getuid(),
	   "SI_MESGQ, the value, the sender's pid and uid");
	caught = 0;
	ok(mq_send(q, "b", 1, 0) == 0 && caught == 0, "once only");
	EXPECT_ID(mq_notify(q, &ev), 0, "registered again");
	ok(mq_send(q, "c", 1, 0) == 0 && caught == 0, "no signal: the queue was not empty");
	while (curmsgs(q) > 0)
		mq_receive(q, buf, 64, NULL);
	EXPECT_ID(mq_notify(q, NULL), 0, "mq_notify(NULL) removes it");
	ok(mq_send(q, "d", 1, 0) == 0 && caught == 0, "no signal after removal");
	mq_receive(q, buf, 64, NULL);
	EXPECT_ID(mq_notify(q, NULL), 0, "mq_notify(NULL) with nothing registered");

	/* another process's registration */
	EXPECT_ID(mq_notify(q, &ev), 0, "registered");
	child = fork();
	if (child == 0) {
		errno = 0;
		_exit(mq_notify(q, &ev) == -1 && errno == EBUSY ? 0 : 1);
	}
	waitpid(child, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a child's mq_notify -> EBUSY");
	child = fork();
	if (child == 0)
		_exit(mq_notify(q, NULL) == 0 ? 0 : 1);
	waitpid(child, &st, 0);
	EXPECT_ID(mq_notify(q, &ev), EBUSY, "a child's mq_notify(NULL) left ours");
	q2 = mq_open(Q, O_RDWR);
	mq_close(q2);
	EXPECT_ID(mq_notify(q, &ev), 0, "our close of another descriptor removed it");
	EXPECT_ID(mq_notify(q, NULL), 0, "removed");

	/* no notification while a receiver waits */
	EXPECT_ID(mq_notify(q, &ev), 0, "registered");
	child = fork();
	if (child == 0)
		_exit(mq_receive(q, buf, 64, NULL) == 1 ? 0 : 1);
	sleep_ms(100);
	caught = 0;
	ok(mq_send(q, "e", 1, 0) == 0, "a send while a child waits in mq_receive");
	waitpid(child, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0 && caught == 0 && curmsgs(q) == 0,
	   "the child got it, no signal");
	EXPECT_ID(mq_notify(q, &ev), EBUSY, "still registered");
	ok(mq_send(q, "f", 1, 0) == 0 && caught == SIGUSR1, "the next message signals");
	mq_receive(q, buf, 64, NULL);

	/* a registrant that exits */
	child = fork();
	if (child == 0)
		_exit(mq_notify(q, &ev) == 0 ? 0 : 1);
	waitpid(child, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a child registered and exited");
	EXPECT_ID(mq_notify(q, &ev), 0, "its registration went with it");
	EXPECT_ID(mq_notify(q, NULL), 0, "removed");

	/* SIGEV_NONE */
	ev.sigev_notify = SIGEV_NONE;
	EXPECT_ID(mq_notify(q, &ev), 0, "SIGEV_NONE");
	EXPECT_ID(mq_notify(q, &ev), EBUSY, "it occupies the queue");
	caught = 0;
	ok(mq_send(q, "g", 1, 0) == 0 && caught == 0, "no signal");
	EXPECT_ID(mq_notify(q, &ev), 0, "used up by the message");
	mq_notify(q, NULL);
	mq_receive(q, buf, 64, NULL);
	/* bad sigevents */
	ev.sigev_notify = 99;
	EXPECT_ID(mq_notify(q, &ev), EINVAL, "sigev_notify 99");
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = 65;
	EXPECT_ID(mq_notify(q, &ev), EINVAL, "signal 65");
	ev.sigev_signo = 0;
	EXPECT_ID(mq_notify(q, &ev), 0, "signal 0 is accepted");
	caught = 0;
	ok(mq_send(q, "h", 1, 0) == 0 && caught == 0, "and sends nothing");
	mq_receive(q, buf, 64, NULL);
	EXPECT_ID(mq_notify(q, &ev), 0, "and was used up");
	mq_notify(q, NULL);
	EXPECT_ID(syscall(SYS_mq_notify, q, bad_ptr), EFAULT, "a bad sigevent pointer (raw call: the C library reads it)");

	/* SIGEV_THREAD */
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_notify_function = on_notify_thread;
	ev.sigev_value.sival_int = 77;
	main_self = pthread_self();
	EXPECT_ID(mq_notify(q, &ev), 0, "SIGEV_THREAD");
	EXPECT_ID(mq_notify(q, &ev), EBUSY, "SIGEV_THREAD again");
	ok(mq_send(q, "i", 1, 0) == 0, "SIGEV_THREAD: a message");
	for (i = 0; i < 500 && !thread_calls; i++)
		sleep_ms(10);
	ok(thread_calls == 1 && thread_value == 77, "SIGEV_THREAD: the function ran once with the value");
	ok(thread_calls == 1 && !pthread_equal(thread_self, main_self), "SIGEV_THREAD: in another thread");
	mq_receive(q, buf, 64, NULL);
	mq_send(q, "j", 1, 0);
	sleep_ms(50);
	ok(thread_calls == 1, "SIGEV_THREAD: once only");
	mq_close(q);
	mq_unlink(Q);
}

/* The descriptor as a file: read(2)'s line of state, write(2), and the
 * limits in /proc/sys/fs/mqueue. */
static void as_file(void)
{
	static const struct {
		const char *file;
		long value;
	} limits[] = {
		{"/proc/sys/fs/mqueue/msg_max", 10},
		{"/proc/sys/fs/mqueue/msgsize_max", 8192},
		{"/proc/sys/fs/mqueue/msg_default", 10},
		{"/proc/sys/fs/mqueue/msgsize_default", 8192},
		{"/proc/sys/fs/mqueue/queues_max", 256},
	};
	char line[128], want[128];
	struct sigevent ev;
	mqd_t q = make(Q, 4, 64, O_RDWR);
	ssize_t n;

	mq_send(q, "hello", 5, 0);
	mq_send(q, "abc", 3, 0);
	n = read(q, line, sizeof(line) - 1);
	line[n > 0 ? n : 0] = 0;
	why("'%s'", line);
	ok(!strcmp(line, "QSIZE:8          NOTIFY:0     SIGNO:0     NOTIFY_PID:0     \n"),
	   "read: QSIZE 8, no registration");
	ok(read(q, line, sizeof(line)) == 0, "then end of file");
	ok(lseek(q, 0, SEEK_CUR) == 60 && lseek(q, 6, SEEK_SET) == 6 && read(q, line, 2) == 2 &&
		   !memcmp(line, "8 ", 2),
	   "lseek moves the read offset");
	ok(lseek(q, 0, SEEK_END) == 80, "SEEK_END: the size 80");
	{
		struct stat st;

		ok(fstat(q, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600 &&
			   st.st_size == 80 && st.st_nlink == 1,
		   "fstat: a regular file, 0600, size 80, one link");
	}
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR2;
	mq_notify(q, &ev);
	mq_close(q);
	q = mq_open(Q, O_RDWR);
	mq_notify(q, &ev);
	n = read(q, line, sizeof(line) - 1);
	line[n > 0 ? n : 0] = 0;
	snprintf(want, sizeof(want), "QSIZE:8          NOTIFY:0     SIGNO:%-5d NOTIFY_PID:%-6d\n", SIGUSR2,
		 (int)getpid());
	why("'%s'", line);
	ok(!strcmp(line, want), "read: SIGEV_SIGNAL registration, its signal and pid");
	EXPECT_ID(write(q, "x", 1), EINVAL, "write(2) of a queue");
	mq_close(q);
	mq_unlink(Q);
	for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		int fd = open(limits[i].file, O_RDONLY);
		long v = -1;

		if (fd >= 0) {
			n = read(fd, line, sizeof(line) - 1);
			if (n > 0) {
				line[n] = 0;
				v = strtol(line, NULL, 10);
			}
			close(fd);
		}
		ok(v == limits[i].value, "%s reads %ld", limits[i].file, limits[i].value);
	}
}

static void lifetime(void)
{
	char buf[64];
	mqd_t q = make(Q, 2, 64, O_RDWR), q2;
	pid_t child;
	int st;
	unsigned p;

	ok(mq_send(q, "kept", 4, 3) == 0, "a message");
	EXPECT_ID(mq_unlink(Q), 0, "unlinked while open");
	EXPECT_ID(mq_open(Q, O_RDWR), ENOENT, "the name is gone");
	ok(mq_receive(q, buf, 64, &p) == 4 && p == 3 && !memcmp(buf, "kept", 4), "the queue and its message stay");
	q2 = mq_open(Q, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	ok(q2 >= 0 && curmsgs(q2) == 0, "the name makes a new queue");
	mq_close(q2);
	mq_unlink(Q);
	/* a blocked sender woken by a receiver in another process */
	ok(mq_send(q, "1", 1, 1) == 0 && mq_send(q, "2", 1, 2) == 0, "full");
	child = fork();
	if (child == 0)
		_exit(mq_send(q, "3", 1, 9) == 0 ? 0 : 1);
	sleep_ms(100);
	ok(mq_receive(q, buf, 64, &p) == 1 && p == 2, "receive the highest");
	waitpid(child, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the child's blocked send went through");
	ok(mq_receive(q, buf, 64, &p) == 1 && p == 9 && buf[0] == '3', "its message, by its priority");
	mq_close(q);
}

int main(void)
{
	names();
	attrs();
	getset();
	priorities();
	modes();
	timed();
	handlers();
	readiness();
	notify();
	as_file();
	lifetime();
	return done();
}
