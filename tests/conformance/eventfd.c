/*
 * eventfd: the counter read and written as 8 bytes, EFD_SEMAPHORE, the
 * non-blocking EAGAINs at 0 and at the ceiling 2^64 - 2, short buffers
 * EINVAL, the value 2^64 - 1 refused, poll's bits, a blocked read woken by
 * a child's write and a blocked write woken by a read, a handler ending a
 * blocked read (EINTR without SA_RESTART), and the flags.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/time.h>
#include <sys/wait.h>

#include "conformance.h"

static int revents(int fd)
{
	struct pollfd p = {fd, POLLIN | POLLOUT, 0};

	return poll(&p, 1, 0) < 0 ? -1 : p.revents;
}

/* BAD_PTR_LOW where the compiler cannot see it (glibc's access hints) */
static void *volatile bad_ptr = BAD_PTR_LOW;

static void on_alarm(int sig)
{
	(void)sig;
}

int main(void)
{
	uint64_t v = 0;
	char small[7];
	int fd, nb, sem;
	pid_t pid;

	EXPECT(eventfd(0, 0x100), EINVAL, "eventfd(0, flags 0x100)");
	fd = eventfd(5, 0);
	ok(fd >= 0, "eventfd(5, 0) -> fd");
	ok(fcntl(fd, F_GETFD) == 0, "no FD_CLOEXEC without EFD_CLOEXEC");
	ok((fcntl(fd, F_GETFL) & (O_ACCMODE | O_NONBLOCK)) == O_RDWR, "F_GETFL: O_RDWR");
	ok(revents(fd) == (POLLIN | POLLOUT), "poll: POLLIN | POLLOUT at 5");
	ok(read(fd, &v, 8) == 8 && v == 5, "read -> 8 bytes, 5");
	ok(revents(fd) == POLLOUT, "poll: POLLOUT only at 0");
	EXPECT(read(fd, small, 7), EINVAL, "read(7 bytes)");
	EXPECT(write(fd, small, 7), EINVAL, "write(7 bytes)");
	v = 3;
	ok(write(fd, &v, 8) == 8, "write 3 -> 8");
	uint64_t two[2] = {4, 99};
	EXPECT(write(fd, two, 16), EINVAL, "write(16 bytes)");
	ok(write(fd, two, 8) == 8, "write 4 -> 8");
	ok(read(fd, two, 16) == 8 && two[0] == 7 && two[1] == 99, "read(16 bytes) -> 8, the sum 7");
	v = ~0ull;
	EXPECT(write(fd, &v, 8), EINVAL, "write(2^64 - 1)");
	EXPECT(write(fd, bad_ptr, 8), EFAULT, "write(bad pointer)");

	nb = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	ok(nb >= 0, "eventfd(0, NONBLOCK|CLOEXEC) -> fd");
	ok(fcntl(nb, F_GETFD) == FD_CLOEXEC, "EFD_CLOEXEC sets FD_CLOEXEC");
	ok((fcntl(nb, F_GETFL) & O_NONBLOCK) != 0, "EFD_NONBLOCK sets O_NONBLOCK");
	EXPECT(read(nb, &v, 8), EAGAIN, "read at 0, non-blocking");
	v = 0xfffffffffffffffeull;
	ok(write(nb, &v, 8) == 8, "write 2^64 - 2 (the ceiling) -> 8");
	ok(revents(nb) == POLLIN, "poll at the ceiling: POLLIN, no POLLOUT");
	v = 1;
	EXPECT(write(nb, &v, 8), EAGAIN, "write 1 past the ceiling, non-blocking");
	v = 0;
	ok(write(nb, &v, 8) == 8, "write 0 at the ceiling -> 8");
	ok(read(nb, &v, 8) == 8 && v == 0xfffffffffffffffeull, "read -> 2^64 - 2");

	sem = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
	ok(sem >= 0, "eventfd(2, SEMAPHORE|NONBLOCK) -> fd");
	ok(read(sem, &v, 8) == 8 && v == 1, "semaphore read -> 1");
	ok(read(sem, &v, 8) == 8 && v == 1, "semaphore read again -> 1");
	EXPECT(read(sem, &v, 8), EAGAIN, "semaphore at 0");

	/* a blocked read woken by a child's write, never before it */
	int64_t t0 = mono_ns();
	pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		v = 9;
		_exit(write(fd, &v, 8) == 8 ? 0 : 1);
	}
	ok(read(fd, &v, 8) == 8 && v == 9, "blocked read woken by a child's write: 9");
	why("after %lld ns", (long long)(mono_ns() - t0));
	ok(mono_ns() - t0 >= 30 * NS_PER_MS, "not before the write");
	waitpid(pid, NULL, 0);

	/* a blocked write at the ceiling woken by a read */
	v = 0xfffffffffffffffeull;
	write(fd, &v, 8);
	pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		_exit(read(fd, &v, 8) == 8 ? 0 : 1);
	}
	v = 5;
	ok(write(fd, &v, 8) == 8, "blocked write at the ceiling woken by a read");
	waitpid(pid, NULL, 0);
	ok(read(fd, &v, 8) == 8 && v == 5, "then the count is the written 5");

	/* a handler ends a blocked read: EINTR without SA_RESTART */
	set_disposition(SIGALRM, on_alarm);
	struct itimerval it = {{0, 0}, {0, 50000}};
	t0 = mono_ns();
	setitimer(ITIMER_REAL, &it, NULL);
	EXPECT(read(fd, &v, 8), EINTR, "blocked read, SIGALRM handler");
	ok(mono_ns() - t0 >= 50 * NS_PER_MS, "after the alarm (50 ms)");

	v = 1;
	EXPECT(eventfd_write(fd, 6), 0, "eventfd_write(6)");
	EXPECT(eventfd_read(fd, &v), 0, "eventfd_read");
	ok(v == 6, "eventfd_read -> 6");
	EXPECT(close(fd), 0, "close");
	EXPECT(read(fd, &v, 8), EBADF, "read after close");
	close(nb);
	close(sem);
	return done();
}
