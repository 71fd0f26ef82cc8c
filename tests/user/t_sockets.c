/*
 * Sockets from a hostile ring 3 (fs/socket.c): a descriptor closed under
 * a blocked accept, recv and connect (the sleeper goes on, a connection or
 * a byte ends it, as Linux's); a process exiting with connections queued on
 * its listener and bytes unread (the clients see ECONNRESET, nothing
 * leaked); buffers filled until EAGAIN; socketpairs until EMFILE, each freed;
 * a thread racing shutdown against a blocked recv; connect off the loopback
 * (ENETUNREACH, as Linux with only lo up); the free page count at the end is
 * the one at the start.
 */
/* initramfs: yes */
/* expect: status=0 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/sysinfo.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static struct sockaddr_un name = {AF_UNIX, "\0t_sockets"};
#define NAME_LEN (sizeof(sa_family_t) + 10)

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

static unsigned long free_ram(void)
{
	struct sysinfo si;

	sysinfo(&si);
	return si.freeram;
}

static int listener(int backlog)
{
	int l = socket(AF_UNIX, SOCK_STREAM, 0);

	if (bind(l, (struct sockaddr *)&name, NAME_LEN) || listen(l, backlog))
		return -1;
	return l;
}

static int sv[2];

static void *closer(void *arg)
{
	sleep_ms(50);
	close(*(int *)arg);
	sleep_ms(50);
	/* then a connection (or a byte) ends the sleep */
	if (arg == &sv[0]) {
		write(sv[1], "z", 1);
	} else {
		int c = socket(AF_UNIX, SOCK_STREAM, 0);

		connect(c, (struct sockaddr *)&name, NAME_LEN);
		close(c);
	}
	return NULL;
}

static void close_under_sleepers(void)
{
	pthread_t t;
	char b;
	int l = listener(4), d;

	pthread_create(&t, NULL, closer, &l);
	d = accept(l, NULL, NULL);
	ok(d >= 0, "accept blocked while its descriptor closed: a connection still ends it");
	pthread_join(t, NULL);
	close(d);
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	pthread_create(&t, NULL, closer, &sv[0]);
	ok(recv(sv[0], &b, 1, 0) == 1 && b == 'z', "recv blocked while its descriptor closed");
	pthread_join(t, NULL);
	close(sv[1]);
}

static void full_backlog_connect(void)
{
	int l = listener(0), c[3], n = 0, d;

	for (int i = 0; i < 3; i++) {
		c[i] = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
		if (connect(c[i], (struct sockaddr *)&name, NAME_LEN) == 0)
			n++;
		else
			ok(errno == EAGAIN, "nonblocking connect, backlog full: EAGAIN (%d)", i);
	}
	ok(n == 1, "backlog 0 holds one connection (%d)", n);
	/* a blocked connect: ended by the listener's close (ECONNREFUSED) */
	if (fork() == 0) {
		int s = socket(AF_UNIX, SOCK_STREAM, 0);
		int r = connect(s, (struct sockaddr *)&name, NAME_LEN);

		_exit(r < 0 && errno == ECONNREFUSED ? 0 : 1);
	}
	sleep_ms(50);
	d = accept(l, NULL, NULL);
	ok(d >= 0, "accept one");
	close(d);
	{
		int st;

		sleep_ms(20);
		close(l);
		wait(&st);
		ok(WIFEXITED(st), "the blocked connect ended");
	}
	for (int i = 0; i < 3; i++)
		close(c[i]);
}

static void exit_with_queue(void)
{
	int c[3], p[2];
	char b;

	pipe(p);
	if (fork() == 0) {
		int l = listener(8);

		write(p[1], "r", 1);
		sleep_ms(100);
		_exit(l < 0);
	}
	read(p[0], &b, 1);
	for (int i = 0; i < 3; i++) {
		c[i] = socket(AF_UNIX, SOCK_STREAM, 0);
		connect(c[i], (struct sockaddr *)&name, NAME_LEN);
		write(c[i], "abc", 3);
	}
	wait(NULL);
	for (int i = 0; i < 3; i++) {
		errno = 0;
		ok(read(c[i], &b, 1) < 0 && errno == ECONNRESET,
		   "client %d of a listener that exited: ECONNRESET", i);
		close(c[i]);
	}
	close(p[0]);
	close(p[1]);
}

static void fill_and_many(void)
{
	static char big[8192];
	long n, total = 0;
	int fds[200], k = 0;

	socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv);
	while ((n = send(sv[0], big, sizeof(big), 0)) > 0)
		total += n;
	ok(n < 0 && errno == EAGAIN, "stream full: EAGAIN after %ld bytes", total);
	close(sv[0]);
	close(sv[1]);
	socketpair(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, sv);
	for (total = 0; (n = send(sv[0], big, 100, 0)) > 0; total++)
		;
	ok(n < 0 && errno == EAGAIN, "dgram queue full: EAGAIN after %ld records", total);
	ok(send(sv[0], big, sizeof(big) * 4, 0) < 0 && errno == EMSGSIZE, "a record too big");
	close(sv[0]);
	close(sv[1]);
	for (int round = 0; round < 20; round++) {
		k = 0;
		while (k + 1 < 200 && socketpair(AF_UNIX, SOCK_STREAM, 0, fds + k) == 0)
			k += 2;
		if (round == 0)
			ok(errno == EMFILE, "socketpairs until EMFILE (%d descriptors)", k);
		while (k > 0)
			close(fds[--k]);
	}
	ok(1, "20 rounds of socketpairs until EMFILE, all closed");
}

static volatile int race_done;

static void *shutter(void *arg)
{
	(void)arg;
	sleep_ms(5);
	shutdown(sv[0], SHUT_RDWR);
	return NULL;
}

static void race_shutdown(void)
{
	int good = 0;

	for (int i = 0; i < 20; i++) {
		pthread_t t;
		char b;

		socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
		pthread_create(&t, NULL, shutter, NULL);
		if (recv(sv[0], &b, 1, 0) == 0)
			good++;
		pthread_join(t, NULL);
		close(sv[0]);
		close(sv[1]);
	}
	ok(good == 20, "recv racing shutdown(SHUT_RDWR): end of file each time (%d)", good);
}

static void inet_edges(void)
{
	struct sockaddr_in a = {AF_INET, 0, {htonl(0x08080808)}, {0}};
	int c = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_port = htons(80);
	errno = 0;
	ok(connect(c, (struct sockaddr *)&a, sizeof(a)) < 0 && errno == ENETUNREACH,
	   "connect to 8.8.8.8: ENETUNREACH (loopback only)");
	close(c);
}

int main(void)
{
	unsigned long before;

	signal(SIGPIPE, SIG_IGN);
	/* warm the heap once */
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	close(sv[0]);
	close(sv[1]);
	close_under_sleepers();
	full_backlog_connect();
	race_shutdown();
	/* no thread stacks from here on: the free memory must come back whole
	 * (the runner checks the whole run's pages at init's exit too) */
	before = free_ram();
	exit_with_queue();
	fill_and_many();
	inet_edges();
	ok(free_ram() == before, "free memory as before the last three (%lu, %lu)", free_ram(),
	   before);
	return done_testing();
}
