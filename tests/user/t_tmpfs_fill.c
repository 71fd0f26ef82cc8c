/*
 * tmpfs budgets under attack from ring 3 (fs/tmpfs.c, fs/mount.c), tick386
 * only: a small mount (size=64k) written until ENOSPC, its pages back on
 * unlink, on truncate and on the last close of an unlinked file (statfs
 * and /proc/meminfo agree); a mount of nr_inodes=8 filled with names until
 * ENOSPC; umount refused while a file is open, a cwd or a mount is inside
 * (EBUSY), then taken apart with every page back; mount's bad input.
 * Exit gives back every page (the runner checks).
 */
/* expect: status=0 */
/* parallel: yes */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>
#include "../tap.h"

#define FAILS(call, e) ((errno = 0, (call) == -1) && errno == (e))

static char chunk[4096];

static long bfree(const char *path)
{
	struct statfs sf;

	return statfs(path, &sf) ? -1 : (long)sf.f_bfree;
}

/* Write chunks to fd until it fails: the bytes taken; errno stays. */
static long fill(int fd)
{
	long total = 0, n;

	while ((n = write(fd, chunk, sizeof(chunk))) > 0)
		total += n;
	return total;
}

static void space(void)
{
	struct statfs sf;
	long before, full, total;
	int fd, fd2;

	memset(chunk, 'x', sizeof(chunk));
	before = tap_meminfo_kb("MemFree:");
	ok(statfs("/tmp/small", &sf) == 0 && sf.f_type == 0x01021994 && sf.f_blocks == 16 &&
	       sf.f_bfree == 16,
	   "statfs of size=64k: tmpfs, 16 blocks, all free");
	fd = open("/tmp/small/big", O_RDWR | O_CREAT, 0600);
	errno = 0;
	total = fill(fd);
	tap_why("wrote %ld bytes, errno %d", total, errno);
	ok(errno == ENOSPC && total >= 12 * 4096 && total < 16 * 4096,
	   "writes until ENOSPC, short of 64 KiB (the table pages count)");
	ok(bfree("/tmp/small") == 0, "statfs: no block free");
	full = tap_meminfo_kb("MemFree:");
	tap_why("MemFree %ld -> %ld kB", before, full);
	ok(before - full >= 56, "the pages came from the page allocator");
	fd2 = open("/tmp/small/other", O_RDWR | O_CREAT, 0600);
	ok(fd2 >= 0, "creating a name still works (names cost no page)");
	ok(FAILS(write(fd2, "y", 1), ENOSPC), "another file's first write -> ENOSPC");
	close(fd2);
	ok(unlink("/tmp/small/other") == 0, "unlink the other");
	ok(ftruncate(fd, 8192) == 0 && bfree("/tmp/small") >= 12, "ftruncate gives pages back");
	ok(lseek(fd, 0, SEEK_END) == 8192 && fill(fd) > 0 && errno == ENOSPC, "and fills again");
	ok(unlink("/tmp/small/big") == 0 && bfree("/tmp/small") == 0,
	   "unlinked but open: the pages stay");
	close(fd);
	ok(bfree("/tmp/small") == 16, "the last close gives them back");
	tap_why("MemFree %ld -> %ld kB", before, tap_meminfo_kb("MemFree:"));
	ok(tap_meminfo_kb("MemFree:") == before, "MemFree as before");
	fd = open("/tmp/small/sparse", O_RDWR | O_CREAT, 0600);
	ok(ftruncate(fd, 1 << 30) == 0 && bfree("/tmp/small") == 16,
	   "a 1 GiB sparse file costs nothing");
	tap_why("bfree %ld", (pwrite(fd, "z", 1, (1 << 30) - 1), bfree("/tmp/small")));
	ok(bfree("/tmp/small") == 13,
	   "one byte at its end: the table's directory and leaf, and a data page");
	close(fd);
	ok(unlink("/tmp/small/sparse") == 0 && bfree("/tmp/small") == 16, "unlink: back");
}

static void inodes(void)
{
	char name[32];
	int made = 0, fd;

	ok(mkdir("/tmp/few", 0700) == 0 &&
	       mount("none", "/tmp/few", "tmpfs", 0, "nr_inodes=8,mode=0700") == 0,
	   "mount nr_inodes=8,mode=0700");
	for (int i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "/tmp/few/f%d", i);
		fd = open(name, O_RDWR | O_CREAT, 0600);
		if (fd < 0)
			break;
		close(fd);
		made++;
	}
	tap_why("made %d, errno %d", made, errno);
	ok(made == 7 && errno == ENOSPC, "7 names besides the root, then ENOSPC");
	ok(FAILS(mkdir("/tmp/few/d", 0700), ENOSPC), "mkdir -> ENOSPC too");
	ok(unlink("/tmp/few/f0") == 0 && mkdir("/tmp/few/d", 0700) == 0, "unlink frees one");
	ok(FAILS(umount("/tmp/few/d"), EINVAL), "umount of a directory that is no mount -> EINVAL");
	ok(umount("/tmp/few") == 0, "umount with files inside: all freed");
	ok(rmdir("/tmp/few") == 0, "its mount point removed");
}

static void busy(void)
{
	struct stat st;
	int fd;

	ok(mkdir("/tmp/b", 0700) == 0 && mount("x", "/tmp/b", "tmpfs", 0, "size=1m") == 0,
	   "mount /tmp/b");
	ok(stat("/tmp/b", &st) == 0 && (st.st_mode & 07777) == 01777, "its root: mode 1777");
	ok(FAILS(mount("x", "/tmp/b", "tmpfs", 0, NULL), EBUSY), "a second mount there -> EBUSY");
	ok(FAILS(rmdir("/tmp/b"), EBUSY), "rmdir of the mount point -> EBUSY");
	ok(FAILS(rename("/tmp/b", "/tmp/c"), EBUSY), "rename of the mount point -> EBUSY");
	fd = open("/tmp/b/f", O_RDWR | O_CREAT, 0600);
	write(fd, chunk, sizeof(chunk));
	ok(FAILS(umount("/tmp/b"), EBUSY), "an open file inside: umount -> EBUSY");
	close(fd);
	ok(FAILS(rename("/tmp/b/f", "/tmp/f"), EXDEV), "rename across mounts -> EXDEV");
	ok(chdir("/tmp/b") == 0 && FAILS(umount("/tmp/b"), EBUSY), "a cwd inside -> EBUSY");
	ok(chdir("/") == 0, "chdir out");
	ok(mkdir("/tmp/b/in", 0700) == 0 && mount("y", "/tmp/b/in", "tmpfs", 0, NULL) == 0,
	   "a mount inside a mount");
	ok(FAILS(umount("/tmp/b"), EBUSY), "the outer one -> EBUSY");
	ok(FAILS(rmdir("/tmp/b/in"), EBUSY) && FAILS(rmdir("/tmp/b"), EBUSY), "rmdir of either -> EBUSY");
	ok(umount("/tmp/b/in") == 0 && umount("/tmp/b") == 0, "inner, then outer");
	ok(FAILS(stat("/tmp/b/f", &st), ENOENT), "its files are gone");
	ok(rmdir("/tmp/b") == 0, "the mount point removed");
}

static void bad_input(void)
{
	ok(FAILS(mount("x", "/tmp/small", "ext4", 0, NULL), ENODEV), "type ext4 -> ENODEV");
	ok(FAILS(mount("x", "/tmp/small", "tmpfs", 0, "size=abc"), EINVAL), "size=abc -> EINVAL");
	ok(FAILS(mount("x", "/tmp/small", "tmpfs", 0, "mode=999"), EINVAL), "mode=999 -> EINVAL");
	ok(FAILS(mount("x", "/tmp/small", "tmpfs", 0, "colour=red"), EINVAL),
	   "an unknown option -> EINVAL");
	ok(FAILS(mount("x", "/tmp/missing", "tmpfs", 0, NULL), ENOENT), "a missing target -> ENOENT");
	ok(FAILS(mount("x", "/tmp/small", (char *)1, 0, NULL), EFAULT), "a bad type pointer -> EFAULT");
	ok(FAILS(mount("x", "/tmp/small", "tmpfs", 0, (void *)1), EFAULT), "bad data -> EFAULT");
	ok(FAILS(umount("/tmp/missing"), ENOENT), "umount of a missing name -> ENOENT");
	ok(FAILS(umount2("/tmp/small", 0x100), EINVAL), "umount2 bad flags -> EINVAL");
	ok(FAILS(umount("/"), EINVAL), "umount of the tree -> EINVAL");
}

int main(void)
{
	long before;

	ok(mkdir("/tmp/small", 0700) == 0, "mkdir /tmp/small");
	ok(mount("none", "/tmp/small", "tmpfs", 0, "size=64k") == 0, "mount size=64k");
	space();
	before = tap_meminfo_kb("MemFree:");
	inodes();
	busy();
	bad_input();
	ok(umount("/tmp/small") == 0 && rmdir("/tmp/small") == 0, "umount and remove /tmp/small");
	tap_why("MemFree %ld -> %ld kB", before, tap_meminfo_kb("MemFree:"));
	ok(tap_meminfo_kb("MemFree:") >= before, "mounts gone: MemFree as before");
	return done_testing();
}
