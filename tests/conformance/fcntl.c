/*
 * fcntl: F_DUPFD and F_DUPFD_CLOEXEC (lowest free >= arg, EINVAL past the
 * limit), F_GETFD/F_SETFD per descriptor, F_GETFL/F_SETFL (O_NONBLOCK and
 * O_APPEND change, the access mode and O_CREAT-like bits do not; a dup
 * shares them), F_GETOWN/F_SETOWN, F_GETPIPE_SZ of a pipe (65536; EBADF
 * for another file), F_SETPIPE_SZ (a power of two number of pages, 0 one
 * page, root past pipe-max-size, ENOMEM for a slot array Linux cannot
 * allocate, EINVAL past 2^31 and for negative sizes, EBUSY below the
 * content, the bytes kept; EBADF for a directory or a regular file), what a
 * size means (a page slot in use until its last byte is read, small writes
 * sharing a page, O_NONBLOCK writes cut at the free slots, PIPE_BUF writes
 * whole), EBADF and EINVAL for an unknown command.  O_LARGEFILE is
 * masked: a 64-bit kernel and a C library that asks for it both set it.
 */
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>

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

/* F_SETPIPE_SZ's answer and the size after it: "4096 4096", or the errno
 * and whether the size stayed: "EINVAL kept". */
static const char *setsz(int fd, long arg)
{
	static char s[64];
	int before = fcntl(fd, F_GETPIPE_SZ);
	int r = fcntl(fd, F_SETPIPE_SZ, arg), e = errno;

	if (r < 0)
		snprintf(s, sizeof(s), "%s %s", errname(e),
			 fcntl(fd, F_GETPIPE_SZ) == before ? "kept" : "changed");
	else
		snprintf(s, sizeof(s), "%d %d", r, fcntl(fd, F_GETPIPE_SZ));
	return s;
}

#define SETSZ_IS(fd, arg, want, desc)                                                              \
	do {                                                                                       \
		const char *got_ = setsz(fd, arg);                                                 \
		why("got %s", got_);                                                               \
		ok(strcmp(got_, want) == 0, "F_SETPIPE_SZ(%s): %s", desc, want);                  \
	} while (0)

/* Whether this process has CAP_SYS_RESOURCE (bit 24 of CapEff); tick386
 * has no capability sets: every task is root with all of them. */
static int cap_sys_resource(void)
{
	static char text[4096];
	char *p;

	if (tap_slurp("/proc/self/status", text, sizeof(text)) < 0 ||
	    !(p = strstr(text, "CapEff:")))
		return geteuid() == 0;
	return (int)((strtoull(p + 7, NULL, 16) >> 24) & 1);
}

static char big[3 * 4096];

/* F_SETPIPE_SZ (Linux 6.13's pipe_set_size; run as root: CAP_SYS_RESOURCE). */
static void setpipe_sz(void)
{
	int p[2], fd, n;
	char c = 0, maxsz[32] = "";
	struct pollfd pf;

	if (pipe(p)) {
		ok(0, "pipe");
		return;
	}
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	why("got '%s'", tap_slurp("/proc/sys/fs/pipe-max-size", maxsz, sizeof(maxsz)) > 0 ? maxsz : "");
	ok(strcmp(maxsz, "1048576\n") == 0, "/proc/sys/fs/pipe-max-size: 1048576");
	SETSZ_IS(p[1], 4096, "4096 4096", "4096, the write end");
	SETSZ_IS(p[0], 0, "4096 4096", "0 -> one page");
	SETSZ_IS(p[0], 1, "4096 4096", "1 -> one page");
	SETSZ_IS(p[0], 4097, "8192 8192", "4097 -> two pages");
	SETSZ_IS(p[0], 12288, "16384 16384", "three pages -> four");
	SETSZ_IS(p[0], 1048576, "1048576 1048576", "pipe-max-size");
	/* past pipe-max-size: CAP_SYS_RESOURCE may, others EPERM; one of the
	 * two sets is checked, the other skipped (the host's container has no
	 * CAP_SYS_RESOURCE, Linux i386 in QEMU and tick386 have it) */
	if (cap_sys_resource()) {
		SETSZ_IS(p[0], 2097152, "2097152 2097152", "twice pipe-max-size, privileged");
		SETSZ_IS(p[0], 1L << 30, "ENOMEM kept", "2^30: no slot array so big");
		SETSZ_IS(p[0], 1L << 31, "ENOMEM kept", "2^31: no slot array so big");
		skip("CAP_SYS_RESOURCE", "F_SETPIPE_SZ(twice pipe-max-size, unprivileged): EPERM kept");
	} else {
		skip("no CAP_SYS_RESOURCE",
		     "F_SETPIPE_SZ(twice pipe-max-size, privileged): 2097152 2097152");
		skip("no CAP_SYS_RESOURCE",
		     "F_SETPIPE_SZ(2^30: no slot array so big): ENOMEM kept");
		skip("no CAP_SYS_RESOURCE",
		     "F_SETPIPE_SZ(2^31: no slot array so big): ENOMEM kept");
		SETSZ_IS(p[0], 2097152, "EPERM kept", "twice pipe-max-size, unprivileged");
	}
	SETSZ_IS(p[0], 2048, "4096 4096", "2048 -> one page, shrinking");
	SETSZ_IS(p[0], (1L << 31) + 1, "EINVAL kept", "2^31 + 1");
	SETSZ_IS(p[0], -1, "EINVAL kept", "-1");
	SETSZ_IS(p[0], -4096, "EINVAL kept", "-4096");

	/* the content stays; fewer slots than are in use is EBUSY */
	SETSZ_IS(p[0], 65536, "65536 65536", "back to 65536");
	for (unsigned i = 0; i < sizeof(big); i++)
		big[i] = (char)(i * 7);
	ok(write(p[1], big, 5000) == 5000, "5000 bytes: two pages in use");
	SETSZ_IS(p[0], 4096, "EBUSY kept", "4096 below the content");
	SETSZ_IS(p[0], 8192, "8192 8192", "8192, just the content");
	ioctl(p[0], FIONREAD, &n);
	ok(n == 5000, "FIONREAD after: 5000");
	memset(big + 4096, 0, 4096);
	n = (int)read(p[0], big + 4096, 8192);
	why("read %d", n);
	ok(n == 5000 && memcmp(big, big + 4096, 904) == 0 &&
	       (unsigned char)big[4096 + 4999] == (unsigned char)(4999 * 7),
	   "the bytes read back as written");

	/* a page-sized slot is in use until its last byte is read */
	SETSZ_IS(p[0], 4096, "4096 4096", "empty again, one page");
	ok(write(p[1], big, 4096) == 4096, "4096 bytes fill it");
	EXPECT(write(p[1], &c, 1), EAGAIN, "a byte more (O_NONBLOCK)");
	ok(read(p[0], &c, 1) == 1, "read one byte");
	EXPECT(write(p[1], &c, 1), EAGAIN, "the page is still in use: one byte EAGAIN");
	pf.fd = p[1];
	pf.events = POLLOUT;
	ok(poll(&pf, 1, 0) == 0, "no POLLOUT");
	ok(read(p[0], big, 8192) == 4095, "read the rest");
	pf.revents = 0;
	ok(poll(&pf, 1, 0) == 1 && pf.revents == POLLOUT, "POLLOUT when empty");

	/* small writes share a page; a write is cut at the slots free */
	SETSZ_IS(p[0], 8192, "8192 8192", "two pages");
	n = (int)write(p[1], big, 10000);
	why("wrote %d", n);
	ok(n == 8192, "O_NONBLOCK write of 10000 into two empty pages: 8192");
	ok(read(p[0], big, sizeof(big)) == 8192, "read them");
	ok(write(p[1], big, 100) == 100, "100 bytes");
	n = (int)write(p[1], big, 5000);
	why("wrote %d", n);
	ok(n == 5000, "5000 more: 904 after the 100, 4096 in the second page");
	EXPECT(write(p[1], &c, 1), EAGAIN, "both pages in use: a byte EAGAIN");
	ioctl(p[0], FIONREAD, &n);
	ok(n == 5100, "FIONREAD 5100");
	ok(read(p[0], big, 1004) == 1004, "read the first page");
	n = (int)write(p[1], big, 4096);
	why("wrote %d", n);
	ok(n == 4096, "a PIPE_BUF write takes the freed page whole");
	EXPECT(write(p[1], big, 10), EAGAIN, "full again");
	close(p[0]);
	close(p[1]);

	fd = open("/", O_RDONLY | O_DIRECTORY);
	EXPECT(fcntl(fd, F_SETPIPE_SZ, 4096), EBADF, "F_SETPIPE_SZ(a directory)");
	close(fd);
	fd = open("/proc/self/stat", O_RDONLY);
	EXPECT(fcntl(fd, F_SETPIPE_SZ, 4096), EBADF, "F_SETPIPE_SZ(a regular file)");
	EXPECT(fcntl(fd, F_GETPIPE_SZ), EBADF, "F_GETPIPE_SZ(a regular file)");
	close(fd);
	EXPECT(fcntl(99, F_SETPIPE_SZ, 4096), EBADF, "F_SETPIPE_SZ(fd 99)");
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
	ok(fcntl(p[0], F_GETPIPE_SZ) == 65536, "F_GETPIPE_SZ of a new pipe -> 65536");
	ok(fcntl(p[0], F_GETPIPE_SZ) == fcntl(p[1], F_GETPIPE_SZ), "both ends say the same");
	EXPECT(fcntl(0, F_GETPIPE_SZ), EBADF, "F_GETPIPE_SZ(not a pipe)");
	setpipe_sz();

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
