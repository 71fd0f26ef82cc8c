/*
 * The xattr calls (fs/xattr.c) from ring 3: tick386 keeps no extended
 * attributes and answers as Linux 6.13 on a file system without them, in
 * its order: bad flags EINVAL, a bad or unmapped name EFAULT (also past
 * the top of user space), an empty or 256-byte name ERANGE, a size over
 * 64 KiB E2BIG, an unreadable value EFAULT (a 64 KiB value read to its
 * end), then the path or fd (ENOENT, EBADF), EROFS on the read-only
 * tree, "user." on a FIFO EPERM/ENODATA, else EOPNOTSUPP; list 0 with any
 * buffer, even a bad one.  Nothing leaks: the kmalloc count is the same.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "sleeper.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#define BAD ((void *)1)
#define KERNEL ((void *)0xc0001000)

static void expect(long rc, int want, const char *what)
{
	int e = errno;

	tap_why("rc %ld errno %d", rc, e);
	ok(rc == -1 && e == want, "%s", what);
	errno = 0;
}

int main(void)
{
	long before = kmalloc_objects(), after;
	char name[300], buf[16];
	char *big = malloc(65537), *tail;
	int fd, p[2];

	memset(name, 'a', sizeof(name));
	memcpy(name, "user.", 5);
	name[256] = '\0';
	fd = open("/tmp/xf", O_CREAT | O_RDWR, 0644);
	mkfifo("/tmp/xfifo", 0644);
	memset(big, 'v', 65537);

	expect(setxattr("/tmp/xf", "user.a", "v", 1, 4), EINVAL, "set: flags 4 EINVAL");
	expect(setxattr("/nope", "user.a", "v", 1, 4), EINVAL, "set: flags before the path");
	expect(setxattr("/tmp/xf", BAD, "v", 1, 0), EFAULT, "set: bad name EFAULT");
	expect(setxattr("/tmp/xf", KERNEL, "v", 1, 0), EFAULT, "set: kernel name EFAULT");
	expect(setxattr("/tmp/xf", "", "v", 1, 0), ERANGE, "set: empty name ERANGE");
	expect(setxattr("/tmp/xf", name, "v", 1, 0), ERANGE, "set: 256-byte name ERANGE");
	name[255] = '\0';
	expect(setxattr("/tmp/xf", name, "v", 1, 0), EOPNOTSUPP, "set: 255-byte name EOPNOTSUPP");
	expect(setxattr("/tmp/xf", "user.a", big, 65537, 0), E2BIG, "set: 65537 bytes E2BIG");
	expect(setxattr("/tmp/xf", "user.a", big, 65536, 0), EOPNOTSUPP,
	       "set: 65536 readable bytes EOPNOTSUPP");
	tail = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(tail + 4096, 4096);
	expect(setxattr("/tmp/xf", "user.a", tail + 4000, 200, 0), EFAULT,
	       "set: a value running into an unmapped page EFAULT");
	munmap(tail, 4096);
	expect(setxattr("/tmp/xf", "user.a", BAD, 0, 0), EOPNOTSUPP, "set: size 0 reads nothing");
	expect(setxattr("/nope", "user.a", "v", 1, 0), ENOENT, "set: missing path ENOENT");
	expect(setxattr(BAD, "user.a", "v", 1, 0), EFAULT, "set: bad path EFAULT");
	expect(setxattr("/", "user.a", "v", 1, 0), EROFS, "set: the read-only tree EROFS");
	expect(setxattr("/tmp/xfifo", "user.a", "v", 1, 0), EPERM, "set: user. on a FIFO EPERM");
	expect(setxattr("/tmp/xfifo", "trusted.a", "v", 1, 0), EOPNOTSUPP,
	       "set: trusted. on a FIFO EOPNOTSUPP");
	expect(lsetxattr("/tmp/xf", "user.a", "v", 1, XATTR_CREATE), EOPNOTSUPP, "lset EOPNOTSUPP");
	expect(fsetxattr(fd, "user.a", "v", 1, XATTR_REPLACE), EOPNOTSUPP, "fset EOPNOTSUPP");
	expect(fsetxattr(99, "user.a", "v", 1, 0), EBADF, "fset: closed fd EBADF");
	expect(fsetxattr(99, BAD, "v", 1, 0), EFAULT, "fset: the name before the fd (6.13)");
	ok(pipe(p) == 0, "a pipe");
	expect(fsetxattr(p[1], "user.a", "v", 1, 0), EPERM, "fset: user. on a pipe EPERM");
	expect(fsetxattr(p[1], "security.a", "v", 1, 0), EOPNOTSUPP, "fset: a pipe is not EROFS");

	expect(getxattr("/tmp/xf", "user.a", buf, sizeof(buf)), EOPNOTSUPP, "get EOPNOTSUPP");
	expect(getxattr("/tmp/xf", "user.a", BAD, 1 << 20), EOPNOTSUPP,
	       "get: bad buffer, huge size: still EOPNOTSUPP");
	expect(getxattr("/tmp/xf", BAD, buf, 1), EFAULT, "get: bad name EFAULT");
	expect(getxattr("/", "user.a", buf, 1), EOPNOTSUPP, "get: read-only tree EOPNOTSUPP");
	expect(getxattr("/tmp/xfifo", "user.a", buf, 1), ENODATA, "get: user. on a FIFO ENODATA");
	expect(lgetxattr("/nope", "user.a", buf, 1), ENOENT, "lget: missing ENOENT");
	expect(fgetxattr(p[0], "user.a", buf, 1), ENODATA, "fget: user. on a pipe ENODATA");
	expect(fgetxattr(-1, "user.a", buf, 1), EBADF, "fget: fd -1 EBADF");

	errno = 0;
	ok(listxattr("/tmp/xf", buf, sizeof(buf)) == 0, "list: 0");
	ok(listxattr("/tmp/xf", BAD, 100) == 0, "list: 0 with a bad buffer");
	ok(llistxattr("/", NULL, 0) == 0, "llist: 0");
	ok(flistxattr(fd, KERNEL, 10) == 0, "flist: 0");
	expect(listxattr("/nope", buf, 1), ENOENT, "list: missing ENOENT");
	expect(flistxattr(99, buf, 1), EBADF, "flist: closed EBADF");

	expect(removexattr("/tmp/xf", "user.a"), EOPNOTSUPP, "remove EOPNOTSUPP");
	expect(removexattr("/", "user.a"), EROFS, "remove: read-only tree EROFS");
	expect(lremovexattr("/tmp/xfifo", "user.a"), EPERM, "lremove: user. on a FIFO EPERM");
	expect(fremovexattr(fd, ""), ERANGE, "fremove: empty name ERANGE");
	expect(fremovexattr(fd, "user.a"), EOPNOTSUPP, "fremove EOPNOTSUPP");

	close(p[0]);
	close(p[1]);
	close(fd);
	unlink("/tmp/xf");
	unlink("/tmp/xfifo");
	free(big);
	after = kmalloc_objects();
	if (before >= 0) {
		tap_why("kmalloc objects in use %ld before, %ld after", before, after);
		ok(after == before, "nothing kept");
	}
	done_testing();
	return 0;
}
