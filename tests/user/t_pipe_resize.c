/*
 * F_SETPIPE_SZ under sleepers (fs/pipe.c): the resize replaces the ring's
 * slot array while other threads sleep in read or write on the pipe.
 *   - a writer asleep on a full two-page pipe: shrinking below the content
 *     is EBUSY and wakes nobody; growing the ring wakes it and its page
 *     goes in after the others;
 *   - a reader asleep on an empty pipe while the ring is grown and shrunk
 *     (empty: every size is allowed): a write then wakes it with the bytes;
 *   - 256 KiB of a counting pattern written by one thread while the other
 *     reads in odd pieces and resizes between reads (EBUSY allowed): every
 *     byte arrives once, in order;
 *   - close under a sleeper: the reader's descriptor closed while it sleeps
 *     (its call holds the file: a write still reaches it), a writer's
 *     descriptor closed and then the last reader gone (EPIPE, SIGPIPE
 *     ignored), the pipe resized in between.
 * Every object comes back: the kmalloc caches' count is the same before
 * and after, and the runner checks the pages.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "sleeper.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#define F_GETPIPE_SZ 1032
#endif
#define NR_write 4

#define STREAM (256 * 1024)

static int p[2];
static volatile long result;
static char wbuf[20000], rbuf[20000];
static const void *volatile w_ptr;
static volatile long w_len;

static int writer_fn(void *arg)
{
	(void)arg;
	result = sys5(NR_write, p[1], (long)w_ptr, w_len, 0, 0);
	return 0;
}

static int reader_fn(void *arg)
{
	(void)arg;
	result = sys5(NR_read, p[0], (long)rbuf, sizeof(rbuf), 0, 0);
	return 0;
}

static int streamer_fn(void *arg)
{
	static unsigned char chunk[3000];
	long sent = 0;

	(void)arg;
	while (sent < STREAM) {
		long n = STREAM - sent < (long)sizeof(chunk) ? STREAM - sent : (long)sizeof(chunk);

		for (long i = 0; i < n; i++)
			chunk[i] = (unsigned char)((sent + i) % 251);
		long r = sys5(NR_write, p[1], (long)chunk, n, 0, 0);
		if (r != n) {
			result = r;
			return 0;
		}
		sent += n;
	}
	result = sent;
	return 0;
}

static int nread(int fd)
{
	int n = -1;

	ioctl(fd, FIONREAD, &n);
	return n;
}

/* A write of text wakes the reader sleeping in slot: it reads it all. */
static void reader_gets(int slot, const char *text, const char *what)
{
	long len = (long)strlen(text);

	ok(write(p[1], text, (size_t)len) == len, "%s", what);
	tap_why("the reader never returned");
	if (ok(join_within(slot, 2000000000ll), "the reader's call returned")) {
		tap_why("result %ld", result);
		ok(result == len && memcmp(rbuf, text, (size_t)len) == 0, "it read the %ld bytes",
		   len);
	}
}

static void writer_woken_by_grow(void)
{
	long r;

	pipe(p);
	ok(fcntl(p[0], F_SETPIPE_SZ, 8192) == 8192, "two pages");
	memset(wbuf, 'a', 8192);
	memset(wbuf + 8192, 'b', 4096);
	ok(write(p[1], wbuf, 8192) == 8192, "filled");
	result = -9999;
	w_ptr = wbuf + 8192;
	w_len = 4096;
	start(0, writer_fn, NULL);
	sleep_ns(SETTLE_NS);
	tap_why("result %ld", result);
	ok(result == -9999, "the writer sleeps on the full pipe");
	r = fcntl(p[1], F_SETPIPE_SZ, 4096);
	tap_why("%ld %s", r, r < 0 ? strerror(errno) : "");
	ok(r < 0 && errno == EBUSY, "shrinking below the content: EBUSY");
	sleep_ns(SETTLE_NS);
	ok(result == -9999, "the writer still sleeps");
	ok(fcntl(p[0], F_SETPIPE_SZ, 16384) == 16384, "grown to four pages under it");
	tap_why("the writer never returned");
	if (ok(join_within(0, 2000000000ll), "the writer's call returned")) {
		tap_why("result %ld", result);
		ok(result == 4096, "it wrote its page");
	}
	tap_why("FIONREAD %d", nread(p[0]));
	ok(nread(p[0]) == 12288, "12288 bytes in the pipe");
	memset(rbuf, 0, sizeof(rbuf));
	ok(read(p[0], rbuf, sizeof(rbuf)) == 12288 && memcmp(rbuf, wbuf, 12288) == 0,
	   "read back in order");
	close(p[0]);
	close(p[1]);
}

static void reader_under_resizes(void)
{
	static const long sizes[] = {4096, 1048576, 8192, 0, 65536, 2097152, 4096};
	int good = 1;

	pipe(p);
	result = -9999;
	start(1, reader_fn, NULL);
	sleep_ns(SETTLE_NS);
	ok(result == -9999, "the reader sleeps on the empty pipe");
	for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		long want = sizes[i] < 4096 ? 4096 : sizes[i];

		if (fcntl(p[0], F_SETPIPE_SZ, sizes[i]) != want) {
			tap_why("F_SETPIPE_SZ(%ld): %s", sizes[i], strerror(errno));
			good = 0;
		}
	}
	ok(good, "resized seven times under it (empty: every size allowed)");
	ok(result == -9999, "the reader still sleeps");
	reader_gets(1, "xyz", "a write");
	close(p[0]);
	close(p[1]);
}

static void stream_with_resizes(void)
{
	static const long sizes[] = {4096, 8192, 65536, 16384, 4096, 32768};
	static unsigned char buf[5000];
	long got = 0, busy = 0, resized = 0, bad_at = -1;
	unsigned k = 0;

	pipe(p);
	result = -9999;
	start(2, streamer_fn, NULL);
	while (got < STREAM) {
		long want = 1 + (long)(k * 977 % sizeof(buf));
		long n = read(p[0], buf, (size_t)want);

		if (n <= 0)
			break;
		for (long i = 0; i < n; i++)
			if (buf[i] != (unsigned char)((got + i) % 251) && bad_at < 0)
				bad_at = got + i;
		got += n;
		long s = fcntl(p[0], F_SETPIPE_SZ, sizes[k++ % (sizeof(sizes) / sizeof(sizes[0]))]);
		if (s > 0)
			resized++;
		else if (errno == EBUSY)
			busy++;
		else
			bad_at = bad_at < 0 ? -2 : bad_at;
	}
	tap_note("%ld resizes, %ld EBUSY", resized, busy);
	tap_why("read %ld, first bad byte at %ld", got, bad_at);
	ok(got == STREAM && bad_at == -1, "256 KiB through resizes: every byte once, in order");
	tap_why("the writer never returned");
	if (ok(join_within(2, 2000000000ll), "the writer's call returned")) {
		tap_why("result %ld", result);
		ok(result == STREAM, "it wrote all of it");
	}
	ok(resized > 0, "some resizes took place");
	close(p[0]);
	close(p[1]);
}

static void close_under_sleepers(void)
{
	int rfd, wfd;

	/* the reader's only descriptor closed: its call holds the file */
	pipe(p);
	rfd = p[0];
	result = -9999;
	start(3, reader_fn, NULL);
	sleep_ns(SETTLE_NS);
	ok(close(rfd) == 0, "close of the descriptor a reader sleeps on");
	ok(fcntl(p[1], F_SETPIPE_SZ, 4096) == 4096, "resized from the other end");
	sleep_ns(SETTLE_NS);
	ok(result == -9999, "the reader sleeps on");
	reader_gets(3, "hello", "a write: the read end is still open");
	close(p[1]);

	/* the writer's descriptor closed, then the last reader: EPIPE */
	signal(SIGPIPE, SIG_IGN);
	pipe(p);
	wfd = p[1];
	fcntl(p[0], F_SETPIPE_SZ, 4096);
	memset(wbuf, 'w', sizeof(wbuf));
	result = -9999;
	w_ptr = wbuf;
	w_len = 10000;
	start(4, writer_fn, NULL);
	sleep_ns(SETTLE_NS);
	ok(close(wfd) == 0, "close of the descriptor a writer sleeps on");
	ok(fcntl(p[0], F_SETPIPE_SZ, 8192) == 8192, "grown under it");
	sleep_ns(SETTLE_NS);
	tap_why("FIONREAD %d", nread(p[0]));
	ok(nread(p[0]) == 8192 && result == -9999, "it filled the new page and sleeps on");
	ok(close(p[0]) == 0, "the last reader gone");
	tap_why("the writer never returned");
	if (ok(join_within(4, 2000000000ll), "the writer's call returned")) {
		tap_why("result %ld", result);
		ok(result == 8192, "it returns what it wrote before the readers went");
	}
	signal(SIGPIPE, SIG_DFL);
}

int main(void)
{
	long before = kmalloc_objects(), after;

	writer_woken_by_grow();
	reader_under_resizes();
	stream_with_resizes();
	close_under_sleepers();

	after = kmalloc_objects();
	if (before >= 0) {
		tap_why("kmalloc objects in use %ld before, %ld after", before, after);
		ok(after == before, "every pipe and slot array freed");
	} else {
		tap_skip("no tick386 /proc/slabinfo", "every pipe and slot array freed");
	}
	return done_testing();
}
