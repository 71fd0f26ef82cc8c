/*
 * uname on tick386 only: what the command line and a racing thread do to it.
 *
 * osrelease= on the command line replaces the release uname reports (and
 * /proc/sys/kernel/osrelease, /proc/version), so that a teacher can run a
 * program as if under another Linux; the rest stays: sysname Linux, and
 * the version, which names tick386 (how a program tells it from Linux).
 *
 * The names under a race: one thread renames the host (a 64-byte name and
 * a 2-byte one, in turn, through sethostname and through a write to
 * /proc/sys/kernel/hostname) while another reads it through uname and
 * /proc: every reading is one of the two names whole, never a mix (the
 * names are copied whole under the lock, kernel/utsname.c), and a rename
 * from a buffer whose end is unmapped (the last bytes of the heap's last
 * page, then nothing) is EFAULT and changes nothing: the kernel copies
 * the name aside before it touches the field.
 */
/* append: osrelease=5.10.0-teach */
/* qemu: -icount shift=3,sleep=off */
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#define ROUNDS 3000

static char long_name[65];
static volatile int stop;
/* 4 mapped bytes "XXXX" at the end of a page of the heap's own, then the
 * unmapped page past the break (set after pthread_create, whose malloc
 * may move the break) */
static const char *volatile straddling;

static void *renamer(void *arg)
{
	int fd = open("/proc/sys/kernel/hostname", O_WRONLY);

	(void)arg;
	for (int i = 0; !stop; i++) {
		if (i % 3 == 2 && fd >= 0)
			(void)!write(fd, i & 1 ? "bb\n" : long_name, i & 1 ? 3 : 64);
		else
			sethostname(i & 1 ? "bb" : long_name, i & 1 ? 2 : 64);
		if (straddling)
			sethostname(straddling, 8); /* EFAULT: must change nothing */
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void release_from_command_line(void)
{
	struct utsname u;
	char buf[128];
	int fd, n = -1;

	ok(uname(&u) == 0 && !strcmp(u.release, "5.10.0-teach"), "uname: release from osrelease=");
	ok(!strcmp(u.sysname, "Linux") && strstr(u.version, "tick386"),
	   "sysname Linux, version names tick386");
	fd = open("/proc/sys/kernel/osrelease", O_RDONLY);
	if (fd >= 0) {
		n = (int)read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	ok(n == 13 && !memcmp(buf, "5.10.0-teach\n", 13), "/proc/sys/kernel/osrelease says it");
	fd = open("/proc/version", O_RDONLY);
	n = fd >= 0 ? (int)read(fd, buf, sizeof(buf) - 1) : -1;
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	ok(!strncmp(buf, "Linux version 5.10.0-teach (", 28), "/proc/version says it");
}

static void names_under_race(void)
{
	pthread_t t;
	struct utsname u;
	int torn = 0, reads = 0, seen_long = 0, seen_short = 0;

	char *brk_now, *page_end;

	memset(long_name, 'L', 64);
	sethostname(long_name, 64);
	pthread_create(&t, NULL, renamer, NULL);
	brk_now = sbrk(0);
	page_end = brk_now + (4096 - (uintptr_t)brk_now % 4096) % 4096 + 4096;
	sbrk(page_end - brk_now);
	memcpy(page_end - 4, "XXXX", 4);
	errno = 0;
	ok(sethostname(page_end, 1) == -1 && errno == EFAULT, "the page past the break is unmapped");
	straddling = page_end - 4;
	for (int i = 0; i < ROUNDS; i++) {
		char buf[80];
		int fd, n;

		uname(&u);
		reads++;
		if (!strcmp(u.nodename, long_name))
			seen_long++;
		else if (!strcmp(u.nodename, "bb"))
			seen_short++;
		else
			torn++;
		fd = open("/proc/sys/kernel/hostname", O_RDONLY);
		n = fd >= 0 ? (int)read(fd, buf, sizeof(buf) - 1) : -1;
		if (fd >= 0)
			close(fd);
		if (n > 0) {
			buf[n] = '\0';
			if (strcmp(buf, "bb\n") && !(n == 65 && !memcmp(buf, long_name, 64)))
				torn++;
		}
		if (i % 16 == 0)
			sched_yield();
	}
	stop = 1;
	pthread_join(t, NULL);
	tap_why("%d reads: %d long, %d short, %d torn", reads, seen_long, seen_short, torn);
	ok(torn == 0 && seen_long > 0 && seen_short > 0, "every reading is one name, whole");
	errno = 0;
	ok(sethostname(straddling, 8) == -1 && errno == EFAULT && uname(&u) == 0 &&
		   (!strcmp(u.nodename, long_name) || !strcmp(u.nodename, "bb")),
	   "a rename from a buffer running into an unmapped page: EFAULT, the name kept");
}

int main(void)
{
	release_from_command_line();
	names_under_race();
	return done_testing();
}
