/*
 * fcntl: F_DUPFD and F_DUPFD_CLOEXEC (lowest free >= arg, EINVAL past the
 * limit), F_GETFD/F_SETFD per descriptor, F_GETFL/F_SETFL (O_NONBLOCK and
 * O_APPEND change, the access mode and O_CREAT-like bits do not; a dup
 * shares them), F_GETOWN/F_SETOWN, F_GETPIPE_SZ of a pipe (EBADF for
 * another file), EBADF and EINVAL for an unknown command.  O_LARGEFILE is
 * masked: a 64-bit kernel and a C library that asks for it both set it.
 */
#include <fcntl.h>
#include <poll.h>

#include "conformance.h"

#ifndef F_GETPIPE_SZ
#define F_SETPIPE_SZ 1031
#define F_GETPIPE_SZ 1032
#endif
#ifndef F_DUPFD_CLOEXEC
#define F_DUPFD_CLOEXEC 1030
#endif

static int getfl(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 ? fl : fl & ~0100000; /* the kernel's O_LARGEFILE on x86 */
}

int main(void)
{
	int p[2], d, fd;
	char c;

	ok(pipe(p) == 0, "pipe");
	d = fcntl(p[0], F_DUPFD, 40);
	why("fd %d", d);
	ok(d == 40, "F_DUPFD(40) -> 40 (lowest free >= 40)");
	ok(fcntl(p[0], F_DUPFD, 40) == 41, "F_DUPFD(40) again -> 41");
	ok(fcntl(d, F_GETFD) == 0, "F_DUPFD: no FD_CLOEXEC");
	fd = fcntl(p[0], F_DUPFD_CLOEXEC, 0);
	why("fd %d", fd);
	ok(fd > p[1], "F_DUPFD_CLOEXEC(0) -> lowest free");
	ok(fcntl(fd, F_GETFD) == FD_CLOEXEC, "F_DUPFD_CLOEXEC: FD_CLOEXEC set");
	ok(fcntl(p[0], F_GETFD) == 0, "the original keeps no FD_CLOEXEC");
	EXPECT(fcntl(p[0], F_DUPFD, -1), EINVAL, "F_DUPFD(-1)");
	EXPECT(fcntl(p[0], F_DUPFD, 1 << 20), EINVAL, "F_DUPFD(2^20)");
	EXPECT(fcntl(p[0], F_DUPFD_CLOEXEC, 1 << 20), EINVAL, "F_DUPFD_CLOEXEC(2^20)");

	EXPECT(fcntl(d, F_SETFD, FD_CLOEXEC), 0, "F_SETFD(FD_CLOEXEC)");
	ok(fcntl(d, F_GETFD) == FD_CLOEXEC, "F_GETFD -> FD_CLOEXEC");
	ok(fcntl(41, F_GETFD) == 0, "another descriptor of the same file: not");
	EXPECT(fcntl(d, F_SETFD, 0xfe), 0, "F_SETFD(0xfe): other bits ignored");
	ok(fcntl(d, F_GETFD) == 0, "F_GETFD -> 0");

	ok(getfl(p[0]) == O_RDONLY, "F_GETFL(read end) -> O_RDONLY");
	ok(getfl(p[1]) == O_WRONLY, "F_GETFL(write end) -> O_WRONLY");
	EXPECT(fcntl(p[0], F_SETFL, O_NONBLOCK), 0, "F_SETFL(O_NONBLOCK)");
	ok(getfl(p[0]) == (O_RDONLY | O_NONBLOCK), "F_GETFL -> O_RDONLY|O_NONBLOCK");
	ok(getfl(d) == (O_RDONLY | O_NONBLOCK), "a dup shares the status flags");
	EXPECT(read(p[0], &c, 1), EAGAIN, "read now non-blocking");
	EXPECT(fcntl(p[0], F_SETFL, O_RDWR | O_CREAT | O_EXCL | O_TRUNC | O_APPEND), 0,
	       "F_SETFL(O_RDWR|O_CREAT|O_EXCL|O_TRUNC|O_APPEND)");
	ok(getfl(p[0]) == (O_RDONLY | O_APPEND), "only O_APPEND taken, O_NONBLOCK cleared");
	EXPECT(fcntl(p[0], F_SETFL, 0), 0, "F_SETFL(0)");
	ok(getfl(p[0]) == O_RDONLY, "F_GETFL -> O_RDONLY");

	ok(fcntl(p[0], F_GETOWN) == 0, "F_GETOWN of a new file -> 0");
	EXPECT(fcntl(p[0], F_SETOWN, getpid()), 0, "F_SETOWN(getpid())");
	ok(fcntl(p[0], F_GETOWN) == getpid(), "F_GETOWN -> the pid");

	why("size %d", fcntl(p[0], F_GETPIPE_SZ));
	ok(fcntl(p[0], F_GETPIPE_SZ) >= 4096, "F_GETPIPE_SZ -> at least a page");
	ok(fcntl(p[0], F_GETPIPE_SZ) == fcntl(p[1], F_GETPIPE_SZ), "both ends say the same");
	EXPECT(fcntl(0, F_GETPIPE_SZ), EBADF, "F_GETPIPE_SZ(not a pipe)");

	EXPECT(fcntl(99, F_GETFD), EBADF, "F_GETFD(fd 99)");
	EXPECT(fcntl(-1, F_GETFL), EBADF, "F_GETFL(fd -1)");
	EXPECT(fcntl(99, F_DUPFD, 0), EBADF, "F_DUPFD(fd 99)");
	EXPECT(fcntl(99, 12345), EBADF, "unknown command on fd 99 -> EBADF first");
	EXPECT(fcntl(p[0], 12345), EINVAL, "unknown command 12345");
	EXPECT(fcntl(p[0], -1), EINVAL, "unknown command -1");
	close(d);
	EXPECT(fcntl(d, F_GETFD), EBADF, "F_GETFD(closed)");
	return done();
}
