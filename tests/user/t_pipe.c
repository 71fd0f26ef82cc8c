/*
 * Pipes under attack from ring 3 (fs/pipe.c), tick386 only:
 *   - a thread blocked in read while another closes the reader's own
 *     descriptor (it sleeps on, holding its end, and reads the next write),
 *     or the last write end (end of file);
 *   - a thread blocked in write on a full pipe while another closes the
 *     writer's descriptor (it finishes when the pipe drains) or the last
 *     read end (EPIPE, SIGPIPE ignored here);
 *   - exit_group while threads block in a read and in a write;
 *   - PIPE_BUF writes of two processes never interleave;
 *   - pipes until EMFILE (the last, with one descriptor free, leaves none
 *     behind), closed again: every page and kmalloc object back;
 *   - 1 MiB through fork in writes and reads of odd sizes, checksummed.
 * Every wait has a time-out: a hang is a failure, not a stuck run.
 */
/* expect: status=0 */
#include "sleeper.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#define NR_write 4
#define EPIPE_ 32
#define CAP_MAX (1 << 20)

static int rfd, wfd;
static volatile long result;
static char rbuf[64];
static char wbuf[CAP_MAX];

static int reader_fn(void *arg)
{
	(void)arg;
	result = sys5(NR_read, rfd, (long)rbuf, sizeof(rbuf), 0, 0);
	return 0;
}

static int writer_fn(void *arg)
{
	result = sys5(NR_write, wfd, (long)wbuf, (long)arg, 0, 0);
	return 0;
}

/* Fill a non-blocking write end until EAGAIN: the bytes it took. */
static long fill(int fd)
{
	long total = 0, n;

	while ((n = sys5(NR_write, fd, (long)wbuf, 4096, 0, 0)) > 0)
		total += n;
	return total;
}

/* The lowest free descriptor now. */
static int lowest_free(void)
{
	int fd = dup(0);

	close(fd);
	return fd;
}

static void close_under_reader(void)
{
	int fds[2], joined;

	pipe(fds);
	rfd = fds[0], wfd = fds[1];
	result = -9999;
	start(0, reader_fn, NULL);
	sleep_ns(SETTLE_NS);
	ok(close(rfd) == 0 && result == -9999, "reader: its descriptor closed, it sleeps on");
	write(wfd, "xyz", 3);
	joined = join_within(0, 3000000000ll);
	tap_why("joined %d, read %ld", joined, result);
	ok(joined && result == 3 && memcmp(rbuf, "xyz", 3) == 0, "reader: it reads the next write");
	close(wfd);

	pipe(fds);
	rfd = fds[0], wfd = fds[1];
	result = -9999;
	start(1, reader_fn, NULL);
	sleep_ns(SETTLE_NS);
	close(wfd);
	joined = join_within(1, 3000000000ll);
	tap_why("joined %d, read %ld", joined, result);
	ok(joined && result == 0, "reader: the last writer's close is end of file");
	close(rfd);
}

static void close_under_writer(void)
{
	int fds[2], joined;
	long cap, got = 0, n;

	/* the capacity, from a non-blocking pipe; then a blocking one */
	pipe2(fds, O_NONBLOCK);
	cap = fill(fds[1]);
	close(fds[1]);
	close(fds[0]);
	pipe(fds);
	rfd = fds[0], wfd = fds[1];
	tap_why("capacity %ld", cap);
	ok(cap >= 4096 && write(wfd, wbuf, (size_t)cap) == cap, "a write of the capacity fills it");
	result = -9999;
	start(2, writer_fn, (void *)100);
	sleep_ns(SETTLE_NS);
	ok(close(wfd) == 0 && result == -9999, "writer: its descriptor closed, it sleeps on");
	while (got < cap + 100 && (n = read(rfd, wbuf + CAP_MAX / 2, 4096)) > 0)
		got += n;
	joined = join_within(2, 3000000000ll);
	tap_why("joined %d, wrote %ld, read %ld", joined, result, got);
	ok(joined && result == 100 && got == cap + 100, "writer: it finishes when the pipe drains");
	ok(read(rfd, wbuf, 1) == 0, "then end of file");
	close(rfd);

	signal(SIGPIPE, SIG_IGN);
	pipe(fds);
	rfd = fds[0], wfd = fds[1];
	write(wfd, wbuf, (size_t)cap);
	result = -9999;
	start(3, writer_fn, (void *)1);
	sleep_ns(SETTLE_NS);
	close(rfd);
	joined = join_within(3, 3000000000ll);
	tap_why("joined %d, write %ld", joined, result);
	ok(joined && result == -EPIPE_, "writer: the last reader's close is EPIPE");
	close(wfd);

	/* a big write under way: the count written before the readers left */
	pipe(fds);
	rfd = fds[0], wfd = fds[1];
	result = -9999;
	start(4, writer_fn, (void *)(long)(cap * 3));
	sleep_ns(SETTLE_NS);
	got = 0;
	while (got < cap && (n = read(rfd, wbuf + CAP_MAX / 2, 4096)) > 0)
		got += n; /* the writer puts cap more in, and blocks with cap left */
	sleep_ns(SETTLE_NS);
	close(rfd);
	joined = join_within(4, 3000000000ll);
	tap_why("joined %d, write %ld of %ld, read %ld", joined, result, cap * 3, got);
	ok(joined && result == got + cap, "big writer: readers gone, the count written");
	close(wfd);
	signal(SIGPIPE, SIG_DFL);
}

static void block_then_exit_group(void)
{
	int fds[2], fds2[2];

	pipe(fds);
	pipe(fds2);
	rfd = fds[0];
	start(0, reader_fn, NULL);
	wfd = fds2[1];
	start(1, writer_fn, (void *)(long)CAP_MAX); /* fills the pipe, then blocks */
	sleep_ns(SETTLE_NS);
	sys5(NR_exit_group, 7, 0, 0, 0, 0);
}

/* Each child writes 200 records of PIPE_BUF bytes of its own letter. */
static void atomic_writes(void)
{
	int fds[2], status, bad = 0;
	long n, total = 0;
	static char rec[4096], in[1000];
	pid_t pid[2];

	pipe(fds);
	for (int c = 0; c < 2; c++) {
		pid[c] = fork();
		if (pid[c] == 0) {
			close(fds[0]);
			memset(rec, 'a' + c, sizeof(rec));
			for (int i = 0; i < 200; i++)
				if (write(fds[1], rec, sizeof(rec)) != (long)sizeof(rec))
					_exit(1);
			_exit(0);
		}
	}
	close(fds[1]);
	/* read in odd sizes (1000 bytes), so that the room the writers see is
	 * any number: every record of the stream must still be one letter */
	{
		char letter = 0;

		while ((n = read(fds[0], in, 1000)) > 0) {
			for (long i = 0; i < n; i++, total++) {
				if (total % 4096 == 0)
					letter = in[i];
				else if (in[i] != letter)
					bad++;
			}
		}
	}
	for (int c = 0; c < 2; c++)
		waitpid(pid[c], &status, 0);
	tap_why("%ld bytes, %d bytes out of their record", total, bad);
	ok(total == 2 * 200 * 4096 && bad == 0, "PIPE_BUF writes of two processes never interleave");
	close(fds[0]);
}

static void exhaustion(void)
{
	int fds[2], pipes = 0, last_errno = 0, before_fd;
	long mem_before, mem_full, mem_after;

	mem_before = tap_meminfo_kb("MemFree:");
	before_fd = lowest_free();
	for (;;) {
		if (pipe(fds) != 0) {
			last_errno = errno;
			break;
		}
		pipes++;
	}
	mem_full = tap_meminfo_kb("MemFree:");
	tap_why("%d pipes, then %s; one descriptor free: %d", pipes, strerror(last_errno),
		lowest_free());
	ok(last_errno == EMFILE && pipes > 10, "pipes until EMFILE");
	{
		int spare = lowest_free(), got;

		/* exactly one descriptor free: pipe must fail and leave it free */
		got = pipe(fds);
		ok(got == -1 && errno == EMFILE && lowest_free() == spare,
		   "with one descriptor free, EMFILE and nothing left");
	}
	for (int fd = before_fd; fd < 64; fd++)
		close(fd);
	mem_after = tap_meminfo_kb("MemFree:");
	tap_why("MemFree %ld kB before, %ld full, %ld after", mem_before, mem_full, mem_after);
	ok(mem_full < mem_before && mem_after == mem_before, "every page back when the pipes are closed");
}

static void transfer(void)
{
	int fds[2], status;
	unsigned long sum = 0, want = 0, seed = 12345;
	long total = 0, n;
	pid_t pid;

	for (long i = 0; i < CAP_MAX; i++) {
		wbuf[i] = (char)(i ^ (i >> 8) ^ (i >> 16));
		want = want * 31 + (unsigned char)wbuf[i];
	}
	pipe(fds);
	pid = fork();
	if (pid == 0) {
		long off = 0;

		close(fds[0]);
		while (off < CAP_MAX) {
			long len;

			seed = seed * 1103515245 + 12345;
			len = (long)(seed >> 8) % 20000 + 1;
			if (len > CAP_MAX - off)
				len = CAP_MAX - off;
			if (write(fds[1], wbuf + off, (size_t)len) != len)
				_exit(1);
			off += len;
		}
		_exit(0);
	}
	close(fds[1]);
	for (;;) {
		static char in[7001];

		seed = seed * 1103515245 + 12345;
		n = read(fds[0], in, (size_t)((seed >> 8) % 7000 + 1));
		if (n <= 0)
			break;
		for (long i = 0; i < n; i++)
			sum = sum * 31 + (unsigned char)in[i];
		total += n;
	}
	waitpid(pid, &status, 0);
	tap_why("%ld bytes, status %#x", total, status);
	ok(total == CAP_MAX && sum == want && status == 0, "1 MiB through fork in odd sizes, checksum equal");
	close(fds[0]);
}

int main(void)
{
	int st;

	close_under_reader();
	close_under_writer();
	st = child_status_within(block_then_exit_group, 3000000000ll);
	tap_why("status %#x", st);
	ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 7,
	   "exit_group under a blocked read and write: the process ends with its status");
	atomic_writes();
	transfer();
	exhaustion();
	reap_all();
	return done_testing();
}
