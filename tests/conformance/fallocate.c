/*
 * fallocate(2) and posix_fallocate(3) on tmpfs (a fresh directory under
 * /dev/shm): mode 0 backs a range and grows the size, KEEP_SIZE backs it
 * and keeps the size, PUNCH_HOLE|KEEP_SIZE zeroes a range and gives its
 * whole pages back (st_blocks counts them, as Linux's i_blocks); a shared
 * mapping sees the punched hole.  Bad input in vfs_fallocate's order, the
 * modes tmpfs does not do (EOPNOTSUPP), and a full mount: ENOSPC with
 * nothing kept.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include "conformance.h"

static long long blocks(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? -1 : (long long)st.st_blocks;
}

static long long size_of(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? -1 : (long long)st.st_size;
}

/* Whether [off, off + n) of fd reads as byte c. */
static int reads_as(int fd, off_t off, size_t n, char c)
{
	char buf[512];

	while (n) {
		size_t k = n < sizeof(buf) ? n : sizeof(buf);

		if (pread(fd, buf, k, off) != (ssize_t)k)
			return 0;
		for (size_t i = 0; i < k; i++)
			if (buf[i] != c)
				return 0;
		off += (off_t)k;
		n -= k;
	}
	return 1;
}

int main(void)
{
	char top[64], buf[4096];
	int fd, fd2, ro, p[2];
	char *m;

	strcpy(top, "/dev/shm/conf-falloc-XXXXXX");
	if (!mkdtemp(top) || chdir(top)) {
		printf("Bail out! no directory under /dev/shm\n");
		return 1;
	}
	fd = open("f", O_RDWR | O_CREAT, 0600);
	ok(fd >= 0, "a tmpfs file");

	ok(fallocate(fd, 0, 0, 10000) == 0, "fallocate(0, 10000)");
	ok(size_of(fd) == 10000, "the size grows to 10000");
	ok(blocks(fd) == 24, "three pages held: st_blocks 24");
	ok(reads_as(fd, 0, 10000, 0), "the range reads as zeros");
	ok(fallocate(fd, FALLOC_FL_KEEP_SIZE, 8192, 16384) == 0, "KEEP_SIZE past the end");
	ok(size_of(fd) == 10000 && blocks(fd) == 48, "the size stays, six pages held");
	ok(fallocate(fd, 0, 0, 4096) == 0 && size_of(fd) == 10000 && blocks(fd) == 48,
	   "a range already backed: nothing changes");

	memset(buf, 'a', sizeof(buf));
	for (off_t o = 0; o < 12288; o += 4096)
		pwrite(fd, buf, sizeof(buf), o);
	ok(size_of(fd) == 12288, "written over: size 12288");
	ok(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 100, 8000) == 0, "punch [100, 8100)");
	ok(reads_as(fd, 0, 100, 'a') && reads_as(fd, 100, 8000, 0) && reads_as(fd, 8100, 12288 - 8100, 'a'),
	   "zeros inside, the bytes around it kept");
	ok(size_of(fd) == 12288, "the size stays");
	ok(blocks(fd) == 48, "no whole page inside [100, 8100): st_blocks 48");
	ok(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 4096, 8192) == 0 && blocks(fd) == 32,
	   "punch [4096, 12288): two pages back, st_blocks 32");
	ok(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 12288, 1 << 20) == 0 && blocks(fd) == 8,
	   "punch past the end frees what KEEP_SIZE put there");
	ok(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 1 << 20, 4096) == 0,
	   "punch of a hole far past the end: 0");

	/* A shared mapping sees the hole; it faults the zeros back in. */
	m = mmap(NULL, 12288, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "mmap MAP_SHARED");
	if (m != MAP_FAILED) {
		memset(m, 'b', 12288);
		ok(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 4096, 4096) == 0,
		   "punch a mapped page");
		ok(m[4095] == 'b' && m[4096] == 0 && m[8191] == 0 && m[8192] == 'b',
		   "the mapping reads zeros in the hole, the rest kept");
		m[5000] = 'c';
		ok(reads_as(fd, 5000, 1, 'c'), "a write through the mapping lands in the file again");
		munmap(m, 12288);
	}

	EXPECT(fallocate(fd, 0, 0, 0), EINVAL, "len 0 -> EINVAL");
	EXPECT(fallocate(fd, 0, -1, 10), EINVAL, "offset -1 -> EINVAL");
	EXPECT(fallocate(fd, 0, 0, -5), EINVAL, "len -5 -> EINVAL");
	EXPECT(fallocate(fd, 0x1000, 0, 10), EOPNOTSUPP, "an unknown mode bit -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_PUNCH_HOLE, 0, 10), EOPNOTSUPP, "PUNCH_HOLE without KEEP_SIZE -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE | FALLOC_FL_KEEP_SIZE, 0, 10), EOPNOTSUPP,
	       "PUNCH_HOLE with ZERO_RANGE -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_KEEP_SIZE, 0, 4096), EOPNOTSUPP,
	       "COLLAPSE_RANGE with KEEP_SIZE -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_ZERO_RANGE | FALLOC_FL_UNSHARE_RANGE, 0, 4096), EOPNOTSUPP,
	       "two modes at once -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_ZERO_RANGE, 0, 4096), EOPNOTSUPP, "ZERO_RANGE on tmpfs -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 0, 4096), EOPNOTSUPP,
	       "COLLAPSE_RANGE on tmpfs -> EOPNOTSUPP");
	EXPECT(fallocate(fd, FALLOC_FL_INSERT_RANGE, 0, 4096), EOPNOTSUPP, "INSERT_RANGE on tmpfs -> EOPNOTSUPP");
	EXPECT(fallocate(-1, 0, 0, 10), EBADF, "fd -1 -> EBADF");
	EXPECT(fallocate64(fd, 0, INT64_MAX - 10, 100), EFBIG, "offset + len wraps (fallocate64) -> EFBIG");
	ro = open("f", O_RDONLY);
	EXPECT(fallocate(ro, 0, 0, 10), EBADF, "a read-only descriptor -> EBADF");
	EXPECT(fallocate(ro, 0, 0, 0), EINVAL, "the range is checked before the descriptor's mode -> EINVAL");
	close(ro);
	ok(pipe(p) == 0, "a pipe");
	EXPECT(fallocate(p[1], 0, 0, 10), ESPIPE, "a pipe -> ESPIPE");
	close(p[0]);
	close(p[1]);
	ro = open("/proc/self/stat", O_RDONLY);
	EXPECT(fallocate(ro, 0, 0, 10), EBADF, "a /proc file open for reading -> EBADF");
	close(ro);

	ok(posix_fallocate(fd, 0, 20000) == 0 && size_of(fd) == 20000, "posix_fallocate grows the file");
	ok(posix_fallocate(fd, 0, 0) == EINVAL, "posix_fallocate returns EINVAL (errno untouched)");
	ok(posix_fallocate(-1, 0, 1) == EBADF, "posix_fallocate(-1) returns EBADF");
	close(fd);

	/* A full mount: ENOSPC, and nothing of the range kept. */
	if (mkdir("small", 0755) == 0 && mount("none", "small", "tmpfs", 0, "size=64k") == 0) {
		struct statvfs before, after;

		fd = open("small/g", O_RDWR | O_CREAT, 0600);
		statvfs("small", &before);
		EXPECT(fallocate(fd, 0, 0, 128 * 1024), ENOSPC, "128 KiB in a 64 KiB tmpfs -> ENOSPC");
		statvfs("small", &after);
		ok(size_of(fd) == 0 && blocks(fd) == 0 && after.f_bfree == before.f_bfree,
		   "nothing kept: size 0, no page, the free count as before");
		ok(fallocate(fd, 0, 0, 32 * 1024) == 0 && blocks(fd) == 64, "32 KiB fits");
		ok(fallocate(fd, 0, 0, 48 * 1024) == 0 && blocks(fd) == 96,
		   "48 KiB over the 32 KiB held: only the 16 KiB more is taken");
		EXPECT(fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, 80 * 1024), ENOSPC,
		       "a range larger than the mount -> ENOSPC");
		fd2 = open("small/h", O_RDWR | O_CREAT, 0600);
		statvfs("small", &before);
		EXPECT(fallocate(fd2, 0, 0, 32 * 1024), ENOSPC, "32 KiB more with 48 KiB held -> ENOSPC");
		statvfs("small", &after);
		ok(size_of(fd2) == 0 && blocks(fd2) == 0 && after.f_bfree == before.f_bfree,
		   "the pages taken before the mount filled are given back");
		close(fd2);
		close(fd);
		ok(umount("small") == 0, "umount");
	} else {
		skip("mounting a tmpfs needs root", "ENOSPC on a full mount");
	}
	unlink("f");
	rmdir("small");
	chdir("/");
	rmdir(top);
	done();
	return 0;
}
