/*
 * A user buffer's length is checked whole, as Linux i386 does: read and
 * write with a length that reaches past the kernel's start are -EFAULT
 * before anything moves (access_ok), even on a file with a few bytes to
 * give or a terminal; a length above INT_MAX that stays below it is
 * -EINVAL; getdents64 keeps its count in an int, so 0xffffffff fits no
 * record (-EINVAL) where tick386 once returned entries.  The same source
 * runs as Linux's /init (tools/runprog-linux) and prints the same lines.
 */
/* requires: fs/read_write.c */
/* initramfs: yes */
/* expect: status=0 */
/* parallel: yes */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../tap.h"

static char buf[4096];

/* The result of a raw call as "-errno" or the count. */
static long raw3(long nr, long a, long b, long c)
{
	long r = syscall(nr, a, b, c);

	return r < 0 ? -errno : r;
}

int main(void)
{
	int dir = open("/", O_RDONLY | O_DIRECTORY);
	int file = open("/init", O_RDONLY); /* Linux's; tick386's tree has /bin/sh */
	long r;

	if (file < 0)
		file = open("/bin/sh", O_RDONLY);
	ok(dir >= 0 && file >= 0, "a directory and a file are open");
	r = raw3(SYS_getdents64, dir, (long)buf, (long)0xffffffffu);
	ok(r == -EINVAL, "getdents64 count 0xffffffff: EINVAL (%ld)", r);
	r = raw3(SYS_getdents64, dir, (long)buf, (long)0x80000000u);
	ok(r == -EINVAL, "getdents64 count 0x80000000: EINVAL (%ld)", r);
	r = raw3(SYS_getdents64, 99, (long)buf, (long)0xffffffffu);
	ok(r == -EBADF, "getdents64 on a bad descriptor: EBADF first (%ld)", r);
	r = raw3(SYS_getdents64, dir, (long)buf, 0x7fffffff);
	ok(r > 0, "getdents64 count 0x7fffffff: entries (%ld)", r);

	r = raw3(SYS_read, file, (long)buf, (long)0xffffffffu);
	ok(r == -EFAULT, "read count 0xffffffff: EFAULT (%ld)", r);
	r = raw3(SYS_read, dir, (long)buf, (long)0xffffffffu);
	ok(r == -EFAULT, "read of a directory, count 0xffffffff: EFAULT before EISDIR (%ld)", r);
	r = raw3(SYS_read, file, (long)buf, (long)0x80000000u);
	ok(r == -EINVAL, "read count 0x80000000: EINVAL (%ld)", r);
	r = raw3(SYS_write, 1, (long)buf, (long)0xffffffffu);
	ok(r == -EFAULT, "write count 0xffffffff to the console: EFAULT (%ld)", r);
	r = raw3(SYS_write, 1, (long)buf, (long)0x80000000u);
	ok(r == -EINVAL, "write count 0x80000000 to the console: EINVAL (%ld)", r);
	r = raw3(SYS_write, 99, (long)buf, (long)0xffffffffu);
	ok(r == -EBADF, "write on a bad descriptor: EBADF first (%ld)", r);
	r = raw3(SYS_write, file, (long)buf, (long)0xffffffffu);
	ok(r == -EBADF, "write on a read-only descriptor: EBADF first (%ld)", r);
	r = raw3(SYS_read, file, (long)buf, 16);
	ok(r == 16, "read 16 bytes still works (%ld)", r);
	return done_testing();
}
