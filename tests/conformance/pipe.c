/*
 * Pipes: pipe and pipe2, what each end allows, blocking and non-blocking
 * reads and writes, end of file, EPIPE and SIGPIPE (default, ignored,
 * blocked, caught), a handler ending a blocked read or write (EINTR, or the
 * count written so far), poll and select readiness of each end, FIONREAD,
 * fstat, lseek, dup keeping an end open, a transfer through fork.  The
 * capacity differs (Linux 65536, tick386 16384): only what holds for any
 * capacity of at least PIPE_BUF is compared, the figure is a detail.
 */
#define _GNU_SOURCE /* pipe2 */
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "conformance.h"

#define BIG (1024 * 1024)

static volatile sig_atomic_t caught;
/* Bad arrays the compiler cannot see through. */
static int *volatile bad_low = BAD_PTR_LOW, *volatile bad_high = BAD_PTR_HIGH;

static void on_signal(int sig)
{
	caught = sig;
}

static void catch_signal(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn; /* no SA_RESTART: the call ends with EINTR */
	sigaction(sig, &sa, NULL);
}

static short revents(int fd, short events)
{
	struct pollfd p = {fd, events, 0};

	return poll(&p, 1, 0) == 1 ? p.revents : 0;
}

/* The lowest free descriptor now (dup and close it). */
static int lowest_free(void)
{
	int fd = dup(0);

	close(fd);
	return fd;
}

static void basics(void)
{
	int fds[2], n;
	char buf[16];
	struct stat r, w;

	ok(pipe(fds) == 0 && fds[0] >= 0 && fds[1] >= 0 && fds[0] != fds[1], "pipe gives two descriptors");
	ok(fstat(fds[0], &r) == 0 && fstat(fds[1], &w) == 0, "fstat of both ends");
	ok(S_ISFIFO(r.st_mode) && S_ISFIFO(w.st_mode), "both ends are FIFOs");
	why("mode %o", (unsigned)r.st_mode);
	ok((r.st_mode & 07777) == 0600, "mode 0600");
	ok(r.st_ino == w.st_ino && r.st_nlink == 1 && r.st_size == 0, "one inode, one link, size 0");
	EXPECT(read(fds[1], buf, 1), EBADF, "read of the write end");
	EXPECT(write(fds[0], "x", 1), EBADF, "write to the read end");
	EXPECT(lseek(fds[0], 0, SEEK_SET), ESPIPE, "lseek of the read end");
	EXPECT(lseek(fds[1], 0, SEEK_CUR), ESPIPE, "lseek of the write end");
	ok(write(fds[1], buf, 0) == 0 && read(fds[0], buf, 0) == 0, "zero-byte write and read return 0");
	ok(write(fds[1], "hello", 5) == 5, "write 5 bytes");
	n = -1;
	ok(ioctl(fds[0], FIONREAD, &n) == 0 && n == 5, "FIONREAD on the read end: 5");
	n = -1;
	ok(ioctl(fds[1], FIONREAD, &n) == 0 && n == 5, "FIONREAD on the write end: 5");
	EXPECT(ioctl(fds[0], FIONREAD, BAD_PTR_LOW), EFAULT, "FIONREAD to a bad address");
	EXPECT(ioctl(fds[0], TIOCGWINSZ, buf), ENOTTY, "a terminal request");
	ok(revents(fds[0], POLLIN | POLLOUT) == POLLIN, "poll: the read end POLLIN");
	ok(revents(fds[1], POLLIN | POLLOUT) == POLLOUT, "poll: the write end POLLOUT");
	ok(read(fds[0], buf, 3) == 3 && memcmp(buf, "hel", 3) == 0, "a short read takes 3");
	ok(read(fds[0], buf, sizeof(buf)) == 2 && memcmp(buf, "lo", 2) == 0, "a long read takes the 2 left");
	ok(revents(fds[0], POLLIN) == 0, "poll: empty read end not ready");
	close(fds[1]);
	ok(read(fds[0], buf, sizeof(buf)) == 0, "no writer: read returns 0");
	ok(revents(fds[0], POLLIN) == POLLHUP, "poll: the read end POLLHUP");
	close(fds[0]);
}

static void flags(void)
{
	int fds[2] = {-1, -1}, before = lowest_free();

	EXPECT(pipe2(fds, O_APPEND), EINVAL, "pipe2 O_APPEND");
	EXPECT(pipe2(fds, 1), EINVAL, "pipe2 flag 1");
	EXPECT(pipe(bad_low), EFAULT, "pipe to a bad address");
	EXPECT(pipe(bad_high), EFAULT, "pipe to a kernel address");
	EXPECT(pipe2(bad_low, O_NONBLOCK), EFAULT, "pipe2 to a bad address");
	ok(lowest_free() == before, "no descriptor left behind");
	ok(pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0, "pipe2 O_CLOEXEC | O_NONBLOCK");
	close(fds[0]);
	close(fds[1]);
}

static void nonblocking(void)
{
	static char big[BIG];
	int fds[2];
	long total = 0, n;
	char c;
	fd_set rs, ws;
	struct timeval tv = {0, 0};

	pipe2(fds, O_NONBLOCK);
	EXPECT(read(fds[0], &c, 1), EAGAIN, "non-blocking read of an empty pipe");
	FD_ZERO(&ws);
	FD_SET(fds[1], &ws);
	ok(select(fds[1] + 1, NULL, &ws, NULL, &tv) == 1, "select: an empty pipe is writable");
	n = write(fds[1], big, BIG);
	why("wrote %ld", n);
	ok(n >= 4096 && n < BIG, "a non-blocking 1 MiB write takes part");
	while ((n = write(fds[1], big, 1)) == 1)
		total++;
	why("1 more byte %ld times", total);
	ok(n == -1 && errno == EAGAIN, "filled: EAGAIN");
	EXPECT(write(fds[1], big, 4096), EAGAIN, "a PIPE_BUF write to a full pipe");
	EXPECT(write(fds[1], big, BIG), EAGAIN, "a big write to a full pipe");
	ok(revents(fds[1], POLLOUT) == 0, "poll: a full pipe is not writable");
	FD_ZERO(&rs);
	FD_SET(fds[0], &rs);
	FD_ZERO(&ws);
	FD_SET(fds[1], &ws);
	ok(select(fds[1] + 1, &rs, &ws, NULL, &tv) == 1 && FD_ISSET(fds[0], &rs) && !FD_ISSET(fds[1], &ws),
	   "select: readable, not writable");
	total = 0;
	while ((n = read(fds[0], big, 1000)) > 0)
		total += n;
	why("read back %ld", total);
	ok(n == -1 && errno == EAGAIN && total >= 4096, "drained: EAGAIN");
	ok(revents(fds[1], POLLOUT) == POLLOUT, "poll: a drained pipe is writable");
	close(fds[0]);
	ok(revents(fds[1], POLLOUT) == (POLLOUT | POLLERR), "poll: no reader: POLLOUT | POLLERR");
	close(fds[1]);
}

static void epipe(void)
{
	int fds[2], status;
	sigset_t set, old;
	pid_t pid;

	pipe(fds);
	close(fds[0]);
	signal(SIGPIPE, SIG_IGN);
	EXPECT(write(fds[1], "x", 1), EPIPE, "no reader, SIGPIPE ignored: write");
	ok(write(fds[1], "", 0) == 0, "no reader: a zero-byte write returns 0");
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigprocmask(SIG_BLOCK, &set, &old);
	EXPECT(write(fds[1], "x", 1), EPIPE, "no reader, SIGPIPE blocked: write");
	sigpending(&set);
	ok(sigismember(&set, SIGPIPE), "SIGPIPE pending");
	catch_signal(SIGPIPE, on_signal);
	caught = 0;
	sigprocmask(SIG_SETMASK, &old, NULL);
	ok(caught == SIGPIPE, "unblocked: the handler runs");
	caught = 0;
	EXPECT(write(fds[1], "x", 1), EPIPE, "no reader, SIGPIPE caught: write");
	ok(caught == SIGPIPE, "the handler ran");
	signal(SIGPIPE, SIG_DFL);
	pid = fork();
	if (pid == 0) {
		write(fds[1], "x", 1);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE, "default action: killed by SIGPIPE");
	close(fds[1]);
}

/* A writer in a child: 1 MiB in one write while the parent reads it. */
static void transfer(void)
{
	static unsigned char big[BIG];
	int fds[2], status;
	unsigned long sum = 0, want = 0;
	long n, total = 0;
	pid_t pid;

	for (long i = 0; i < BIG; i++) {
		big[i] = (unsigned char)(i * 7 + (i >> 10));
		want += big[i] * (unsigned long)(i % 251 + 1);
	}
	pipe(fds);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		_exit(write(fds[1], big, BIG) == BIG ? 0 : 1);
	}
	close(fds[1]);
	memset(big, 0, sizeof(big));
	while ((n = read(fds[0], big + total, BIG - total > 3000 ? 3000 : BIG - total)) > 0)
		total += n;
	for (long i = 0; i < total; i++)
		sum += big[i] * (unsigned long)(i % 251 + 1);
	waitpid(pid, &status, 0);
	ok(total == BIG && sum == want, "1 MiB through fork, in order");
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the writer's one write returned 1 MiB");
	ok(read(fds[0], big, 1) == 0, "then end of file");
	close(fds[0]);
}

static void interrupted(void)
{
	static char big[BIG];
	int fds[2], keep;
	char c;
	long n;

	catch_signal(SIGALRM, on_signal);
	pipe(fds);
	caught = 0;
	alarm(1);
	EXPECT(read(fds[0], &c, 1), EINTR, "a handler ends a blocked read");
	caught = 0;
	alarm(1);
	n = write(fds[1], big, BIG);
	why("wrote %ld", n);
	ok(caught == SIGALRM && n > 0 && n < BIG, "a handler ends a big write: the count written");
	caught = 0;
	alarm(1);
	EXPECT(write(fds[1], big, 1), EINTR, "full: a handler ends a 1-byte write");
	close(fds[0]);
	close(fds[1]);

	/* dup keeps the write end open: no end of file until both close */
	pipe2(fds, O_NONBLOCK);
	keep = dup(fds[1]);
	close(fds[1]);
	EXPECT(read(fds[0], &c, 1), EAGAIN, "a dup of the write end keeps it open");
	close(keep);
	ok(read(fds[0], &c, 1) == 0, "its close ends the file");
	close(fds[0]);
	signal(SIGALRM, SIG_DFL);
}

/* A blocked reader woken by a child's write, then by its exit. */
static void wakeups(void)
{
	int fds[2], status;
	char buf[8];
	pid_t pid;

	pipe(fds);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		sleep_ms(50);
		write(fds[1], "ab", 2);
		sleep_ms(50);
		_exit(0);
	}
	close(fds[1]);
	ok(read(fds[0], buf, sizeof(buf)) == 2, "a blocked read wakes for the bytes");
	ok(read(fds[0], buf, sizeof(buf)) == 0, "and for the last writer's exit");
	waitpid(pid, &status, 0);
	close(fds[0]);
}

int main(void)
{
	basics();
	flags();
	nonblocking();
	epipe();
	transfer();
	interrupted();
	wakeups();
	return done();
}
