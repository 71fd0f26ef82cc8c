/*
 * Hard and symbolic links under attack from ring 3 (fs/namei.c,
 * fs/tmpfs.c, fs/initramfs.c's fs_walk), tick386 only:
 *   - loops: a link to itself, two to each other, O_CREAT through a loop
 *     (ELOOP); 40 links nested inside each other's targets (each walk of
 *     a target starts another: the kernel stack's deepest lookup) found,
 *     the 41st ELOOP;
 *   - targets of PATH_MAX - 1 bytes made and followed, PATH_MAX bytes
 *     ENAMETOOLONG; bad pointers EFAULT with nothing made;
 *   - races: threads renaming and unlinking a link and a hard link back
 *     and forth while another resolves, opens and readlinks them: only
 *     0 or ENOENT, and the right bytes;
 *   - a mount of size=16k filled with long links until ENOSPC, and one of
 *     nr_inodes=8 filled with hard links until ENOSPC; umount refused while
 *     a file named only by a hard link, then by none, is open; every page
 *     back (statfs, /proc/meminfo).
 * Exit gives back every page (the runner checks).
 */
/* expect: status=0 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>
#include "../tap.h"

#define FAILS(call, e) ((errno = 0, (call) == -1) && errno == (e))
#define ROUNDS 1000

static void loops(void)
{
	char name[32], to[32];
	struct stat st;
	int found;

	ok(symlink("self", "/tmp/self") == 0 && FAILS(stat("/tmp/self", &st), ELOOP),
	   "a link to itself -> ELOOP");
	ok(FAILS(open("/tmp/self", O_RDWR | O_CREAT, 0600), ELOOP), "O_CREAT through it -> ELOOP");
	ok(FAILS(open("/tmp/self/x", O_RDWR | O_CREAT, 0600), ELOOP), "O_CREAT under it -> ELOOP");
	ok(symlink("/tmp/pong", "/tmp/ping") == 0 && symlink("ping/.", "/tmp/pong") == 0 &&
	       FAILS(chdir("/tmp/ping"), ELOOP),
	   "two links to each other, nested -> ELOOP");
	unlink("/tmp/self");
	unlink("/tmp/ping");
	unlink("/tmp/pong");
	/* n0 -> d; nI -> n(I-1)/. : resolving nI walks nI-1 inside its target. */
	mkdir("/tmp/nest", 0700);
	mkdir("/tmp/nest/d", 0700);
	close(open("/tmp/nest/d/x", O_RDWR | O_CREAT, 0600));
	symlink("d", "/tmp/nest/n0");
	for (int i = 1; i <= 40; i++) {
		snprintf(name, sizeof(name), "/tmp/nest/n%d", i);
		snprintf(to, sizeof(to), "n%d/.", i - 1);
		symlink(to, name);
	}
	found = stat("/tmp/nest/n39/x", &st) == 0 && S_ISREG(st.st_mode);
	ok(found, "40 links nested in each other's targets: found");
	ok(FAILS(stat("/tmp/nest/n40/x", &st), ELOOP), "41 nested -> ELOOP");
	ok(FAILS(open("/tmp/nest/n40/y", O_RDWR | O_CREAT, 0600), ELOOP),
	   "O_CREAT under 41 nested -> ELOOP, nothing made");
	for (int i = 0; i <= 40; i++) {
		snprintf(name, sizeof(name), "/tmp/nest/n%d", i);
		unlink(name);
	}
	ok(unlink("/tmp/nest/d/x") == 0 && rmdir("/tmp/nest/d") == 0 && rmdir("/tmp/nest") == 0,
	   "all removed: nothing made by the failed O_CREAT");
}

static void long_targets(void)
{
	char *t = malloc(PATH_MAX + 1), buf[16];
	struct stat st;

	/* "././././.../x": PATH_MAX - 1 bytes that resolve to /tmp/lx */
	for (int i = 0; i < PATH_MAX - 2; i += 2)
		t[i] = '.', t[i + 1] = '/';
	t[PATH_MAX - 3] = '/', t[PATH_MAX - 2] = 'x', t[PATH_MAX - 1] = '\0';
	close(open("/tmp/x", O_RDWR | O_CREAT, 0600));
	ok(strlen(t) == PATH_MAX - 1 && symlink(t, "/tmp/lx") == 0, "a target of PATH_MAX - 1");
	ok(lstat("/tmp/lx", &st) == 0 && st.st_size == PATH_MAX - 1 && st.st_blocks == 8,
	   "lstat: its size, a page");
	ok(stat("/tmp/lx", &st) == 0 && S_ISREG(st.st_mode), "followed to /tmp/x");
	ok(readlink("/tmp/lx", buf, sizeof(buf)) == sizeof(buf) && !memcmp(buf, "./", 2),
	   "readlink of it, truncated");
	t[PATH_MAX - 1] = 'y', t[PATH_MAX] = '\0';
	ok(FAILS(symlink(t, "/tmp/ly"), ENAMETOOLONG) && lstat("/tmp/ly", &st) != 0,
	   "a target of PATH_MAX -> ENAMETOOLONG, nothing made");
	ok(FAILS(symlink((char *)1, "/tmp/ly"), EFAULT) && lstat("/tmp/ly", &st) != 0,
	   "a bad target pointer -> EFAULT");
	ok(FAILS(symlink("x", (char *)1), EFAULT), "a bad name pointer -> EFAULT");
	ok(FAILS(readlink("/tmp/lx", (char *)1, 10), EFAULT), "readlink to a bad buffer -> EFAULT");
	ok(FAILS(readlink("/tmp/lx", (char *)0xC0000000u, 10), EFAULT),
	   "readlink to the kernel's half -> EFAULT");
	ok(FAILS(link((char *)1, "/tmp/ly"), EFAULT), "link of a bad pointer -> EFAULT");
	unlink("/tmp/lx");
	unlink("/tmp/x");
	free(t);
}

static volatile int stop;
static volatile long bad;

/* The renamer: the link and the hard link appear and vanish. */
static void *churn(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		rename("/tmp/race/l", "/tmp/race/l2");
		rename("/tmp/race/l2", "/tmp/race/l");
		unlink("/tmp/race/h");
		link("/tmp/race/f", "/tmp/race/h");
		unlink("/tmp/race/l");
		symlink("f", "/tmp/race/l");
		if (i % 50 == 0)
			sched_yield();
	}
	stop = 1;
	return NULL;
}

static void *resolver(void *arg)
{
	const char *path = arg;
	char buf[8];

	while (!stop) {
		int fd = open(path, O_RDONLY);
		long n;

		if (fd < 0) {
			if (errno != ENOENT)
				bad++;
		} else {
			n = read(fd, buf, sizeof(buf));
			if (n != 4 || memcmp(buf, "data", 4))
				bad++;
			close(fd);
		}
		n = readlink("/tmp/race/l", buf, sizeof(buf));
		if (!(n == 1 && buf[0] == 'f') && !(n < 0 && errno == ENOENT))
			bad++;
	}
	return NULL;
}

static void races(void)
{
	pthread_t a, b, c;
	struct stat st;
	int fd;

	mkdir("/tmp/race", 0700);
	fd = open("/tmp/race/f", O_RDWR | O_CREAT, 0600);
	write(fd, "data", 4);
	close(fd);
	symlink("f", "/tmp/race/l");
	link("/tmp/race/f", "/tmp/race/h");
	pthread_create(&a, NULL, churn, NULL);
	pthread_create(&b, NULL, resolver, "/tmp/race/l");
	pthread_create(&c, NULL, resolver, "/tmp/race/h");
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	pthread_join(c, NULL);
	ok(bad == 0, "links renamed and unlinked under lookups: only 0 or ENOENT, right bytes");
	tap_why("%ld bad", bad);
	ok(stat("/tmp/race/f", &st) == 0 && st.st_nlink == 2, "the file has its two links");
	ok(unlink("/tmp/race/l") == 0 && unlink("/tmp/race/h") == 0 &&
	       unlink("/tmp/race/f") == 0 && rmdir("/tmp/race") == 0,
	   "everything removable");
}

static void fill(void)
{
	char long_target[512], name[64];
	long before = tap_meminfo_kb("MemFree:");
	struct statfs sf;
	int n = 0, fd, e = 0;

	memset(long_target, 't', sizeof(long_target) - 1);
	long_target[sizeof(long_target) - 1] = '\0';
	mkdir("/tmp/small", 0700);
	ok(mount("x", "/tmp/small", "tmpfs", 0, "size=16k") == 0, "mount size=16k");
	for (;;) {
		snprintf(name, sizeof(name), "/tmp/small/l%d", n);
		if (symlink(long_target, name)) {
			e = errno;
			break;
		}
		n++;
	}
	ok(e == ENOSPC && n == 4, "long links fill it: 4, then ENOSPC");
	tap_why("%d links, errno %d", n, e);
	ok(statfs("/tmp/small", &sf) == 0 && sf.f_bfree == 0, "statfs: no block free");
	ok(symlink("short", "/tmp/small/s") == 0, "a short link takes no page");
	unlink("/tmp/small/l0");
	ok(statfs("/tmp/small", &sf) == 0 && sf.f_bfree == 1, "unlink of a long link: its page back");
	ok(umount("/tmp/small") == 0, "umount with links inside");
	ok(mount("x", "/tmp/small", "tmpfs", 0, "nr_inodes=8") == 0, "mount nr_inodes=8");
	close(open("/tmp/small/f", O_RDWR | O_CREAT, 0600));
	for (n = 0;; n++) {
		snprintf(name, sizeof(name), "/tmp/small/h%d", n);
		if (link("/tmp/small/f", name)) {
			e = errno;
			break;
		}
	}
	ok(e == ENOSPC && n == 6, "hard links count as inodes: 6 more, then ENOSPC");
	tap_why("%d links, errno %d", n, e);
	fd = open("/tmp/small/h3", O_RDONLY);
	unlink("/tmp/small/f");
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "/tmp/small/h%d", i);
		if (i != 3)
			unlink(name);
	}
	ok(FAILS(umount("/tmp/small"), EBUSY), "umount while the file is open -> EBUSY");
	unlink("/tmp/small/h3");
	ok(FAILS(umount("/tmp/small"), EBUSY), "... and once its last name is gone -> EBUSY");
	close(fd);
	ok(umount("/tmp/small") == 0 && rmdir("/tmp/small") == 0, "umount once it is closed");
	ok(tap_meminfo_kb("MemFree:") >= before - 64, "the memory comes back");
	tap_why("%ld kB before, %ld after", before, tap_meminfo_kb("MemFree:"));
}

int main(void)
{
	loops();
	long_targets();
	races();
	fill();
	return done_testing();
}
