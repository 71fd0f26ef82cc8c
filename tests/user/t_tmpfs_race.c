/*
 * tmpfs under attack from ring 3, tick386 only:
 *   - a file unlinked while another process reads it: the reader gets
 *     every byte, the pages come back at its close;
 *   - threads renaming the same names back and forth, and two directories
 *     into each other, while another thread looks them up: no cycle, no
 *     lost or doubled name, everything removable afterwards;
 *   - a thread creating in the cwd while another removes it (ENOENT);
 *   - 1000 files made and removed: every page back;
 *   - a directory chain deeper than PATH_MAX: getcwd ENAMETOOLONG, the
 *     chain still walked back and removed;
 * and FIFOs (fs/pipe.c's fifo_open):
 *   - a thread blocked in read while another closes the reader's own
 *     descriptor: it sleeps on and reads the next write;
 *   - a thread blocked in open(O_RDONLY): a writer that opens and closes
 *     at once still wakes it (end of file follows);
 *   - exit_group while a thread is blocked in a FIFO open, and SIGKILL of
 *     a process blocked in one: both end, and the FIFO is left with no
 *     reader or writer counted (ENXIO, end of file);
 *   - the blocked opener's FIFO unlinked under it, the process ended
 *     with the opener still blocked;
 *   - every pipe page back.
 * Every wait has a time-out.  Exit gives back every page (the runner checks).
 */
/* expect: status=0 */
#include "sleeper.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sched.h>

#define NR_rename 38
#define NR_mkdir 39
#define NR_stat64 195
#define NR_open 5
#define ROUNDS 1000
#define NR_sched_yield_ 158

static char pattern[65536];
static volatile int stop;
static volatile long fails[4], wins[4];

static void unlink_under_reader(void)
{
	int fd, sync[2], status;
	long before = tap_meminfo_kb("MemFree:");
	pid_t pid;
	char c;

	for (unsigned i = 0; i < sizeof(pattern); i++)
		pattern[i] = (char)(i * 7 + 3);
	fd = open("/tmp/r", O_RDWR | O_CREAT, 0600);
	ok(write(fd, pattern, sizeof(pattern)) == (long)sizeof(pattern), "write 64 KiB");
	close(fd);
	pipe(sync);
	pid = fork();
	if (pid == 0) {
		static char got[sizeof(pattern)];
		long n, total = 0;

		fd = open("/tmp/r", O_RDONLY);
		write(sync[1], "o", 1);
		sleep_ns(SETTLE_NS * 2); /* the parent unlinks meanwhile */
		while ((n = read(fd, got + total, 1000)) > 0)
			total += n;
		_exit(total == (long)sizeof(pattern) && !memcmp(got, pattern, sizeof(got)) ? 0 : 1);
	}
	ok(read(sync[0], &c, 1) == 1 && unlink("/tmp/r") == 0, "unlink while the child holds it");
	ok(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "the child read every byte of the unlinked file");
	close(sync[0]);
	close(sync[1]);
	tap_why("MemFree %ld -> %ld kB", before, tap_meminfo_kb("MemFree:"));
	ok(tap_meminfo_kb("MemFree:") == before, "its last close gave the pages back");
}

static int renamer(void *arg)
{
	long i = (long)arg;

	for (int r = 0; r < ROUNDS && !stop; r++) {
		long a = sys5(NR_rename, (long)"/tmp/x/a", (long)"/tmp/x/b", 0, 0, 0);
		long b = sys5(NR_rename, (long)"/tmp/x/b", (long)"/tmp/x/a", 0, 0, 0);

		wins[i] += (a == 0) + (b == 0);
		fails[i] += (a != 0 && a != -ENOENT) + (b != 0 && b != -ENOENT);
		if ((r & 63) == 0)
			sys5(NR_sched_yield_, 0, 0, 0, 0, 0);
	}
	return 0;
}

static int dir_swapper(void *arg)
{
	long i = (long)arg;
	const char *from = i == 2 ? "/tmp/x/d1" : "/tmp/x/d2";
	const char *to = i == 2 ? "/tmp/x/d2/d1" : "/tmp/x/d1/d2";
	const char *back_from = i == 2 ? "/tmp/x/d2/d1" : "/tmp/x/d1/d2";
	const char *back_to = i == 2 ? "/tmp/x/d1" : "/tmp/x/d2";

	for (int r = 0; r < ROUNDS && !stop; r++) {
		long a = sys5(NR_rename, (long)from, (long)to, 0, 0, 0);

		if (a == 0) {
			wins[i]++;
			if (sys5(NR_rename, (long)back_from, (long)back_to, 0, 0, 0) != 0)
				fails[i]++;
		} else if (a != -ENOENT && a != -EINVAL) {
			fails[i]++;
		}
		if ((r & 31) == 0)
			sys5(NR_sched_yield_, 0, 0, 0, 0, 0);
	}
	return 0;
}

static int looker(void *arg)
{
	static char st[96];

	(void)arg;
	while (!stop) {
		sys5(NR_stat64, (long)"/tmp/x/a", (long)st, 0, 0, 0);
		sys5(NR_stat64, (long)"/tmp/x/d1/d2/..", (long)st, 0, 0, 0);
		sys5(NR_sched_yield_, 0, 0, 0, 0, 0);
	}
	return 0;
}

static void rename_races(void)
{
	struct stat st;
	int a, b, d1, d2;

	mkdir("/tmp/x", 0700);
	close(open("/tmp/x/a", O_RDWR | O_CREAT, 0600));
	mkdir("/tmp/x/d1", 0700);
	mkdir("/tmp/x/d2", 0700);
	start(0, renamer, (void *)0);
	start(1, renamer, (void *)1);
	start(2, dir_swapper, (void *)2);
	start(3, dir_swapper, (void *)3);
	start(4, looker, NULL);
	for (int i = 0; i < 4; i++)
		if (!join_within(i, 30000000000ll))
			stop = 1;
	stop = 1;
	ok(join_within(4, 3000000000ll), "every thread ended in time");
	tap_why("renames %ld %ld, swaps %ld %ld", wins[0], wins[1], wins[2], wins[3]);
	ok(!fails[0] && !fails[1] && !fails[2] && !fails[3],
	   "only ENOENT or EINVAL (into itself) ever failed");
	ok(wins[0] + wins[1] > 0 && wins[2] + wins[3] > 0, "renames happened");
	a = stat("/tmp/x/a", &st) == 0;
	b = stat("/tmp/x/b", &st) == 0;
	ok(a + b == 1, "exactly one of a and b exists");
	d1 = stat("/tmp/x/d1", &st) == 0 && S_ISDIR(st.st_mode);
	d2 = stat("/tmp/x/d2", &st) == 0 && S_ISDIR(st.st_mode);
	ok(d1 && d2, "both directories back at the top");
	ok(unlink(a ? "/tmp/x/a" : "/tmp/x/b") == 0 && rmdir("/tmp/x/d1") == 0 &&
	       rmdir("/tmp/x/d2") == 0 && rmdir("/tmp/x") == 0,
	   "and all of it removable");
}

static int cwd_remover(void *arg)
{
	(void)arg;
	sleep_ns(SETTLE_NS);
	/* ENOTEMPTY while the creator's name exists: try until it is gone */
	while ((wins[0] = sys5(40 /* rmdir */, (long)"/tmp/cw", 0, 0, 0, 0)) == -ENOTEMPTY)
		sys5(NR_sched_yield_, 0, 0, 0, 0, 0);
	return 0;
}

static void remove_cwd_under_creator(void)
{
	int made = 0, fd = 0;
	long long end;

	mkdir("/tmp/cw", 0700);
	chdir("/tmp/cw");
	start(5, cwd_remover, NULL);
	end = now_ns() + 3000000000ll;
	/* make and remove a name in the cwd until the other thread removes it */
	while (now_ns() < end) {
		fd = open("n", O_RDWR | O_CREAT, 0600);
		if (fd < 0)
			break;
		close(fd);
		unlink("n");
		made++;
		if (made % 16 == 0)
			sched_yield();
	}
	join_within(5, 3000000000ll);
	tap_why("made %d, rmdir %ld, errno %d", made, wins[0], errno);
	ok(wins[0] == 0 && fd < 0 && errno == ENOENT, "the cwd removed under the creator: ENOENT");
	ok(chdir("/") == 0, "chdir out of the removed cwd");
}

static void many_files(void)
{
	long before = tap_meminfo_kb("MemFree:");
	char name[64];
	int made = 0;

	mkdir("/tmp/many", 0700);
	for (int i = 0; i < 1000; i++) {
		int fd;

		snprintf(name, sizeof(name), "/tmp/many/file-with-a-long-name-%d", i);
		fd = open(name, O_RDWR | O_CREAT, 0600);
		if (fd < 0)
			break;
		if (i % 10 == 0)
			write(fd, "data", 4);
		close(fd);
		made++;
	}
	ok(made == 1000, "1000 files made");
	for (int i = 0; i < made; i++) {
		snprintf(name, sizeof(name), "/tmp/many/file-with-a-long-name-%d", i);
		unlink(name);
	}
	ok(rmdir("/tmp/many") == 0, "all removed");
	tap_why("MemFree %ld -> %ld kB", before, tap_meminfo_kb("MemFree:"));
	ok(tap_meminfo_kb("MemFree:") >= before - 64, "MemFree back (the heap may keep a few pages)");
}

static void deep(void)
{
	char name[201], buf[64];
	int depth = 0;

	memset(name, 'd', 200);
	name[200] = '\0';
	chdir("/tmp");
	for (; depth < 25; depth++)
		if (mkdir(name, 0700) || chdir(name))
			break;
	ok(depth == 25, "25 directories of 200-byte names, one in the other");
	errno = 0;
	ok(getcwd(buf, sizeof(buf)) == NULL && errno == ENAMETOOLONG,
	   "getcwd deeper than PATH_MAX -> ENAMETOOLONG");
	for (int i = 0; i < depth; i++)
		if (chdir("..") || rmdir(name))
			break;
	ok(getcwd(buf, sizeof(buf)) && !strcmp(buf, "/tmp") && access(name, F_OK) != 0,
	   "walked back up and removed");
	chdir("/");
}

/* ---- FIFOs (fs/pipe.c's fifo_open) ---- */

static volatile long result, rfd_v;
static char rbuf[64];

static int opener(void *arg)
{
	rfd_v = sys5(NR_open, (long)"/tmp/p", (long)arg, 0, 0, 0);
	return 0;
}

static int fifo_reader(void *arg)
{
	result = sys5(NR_read, (long)arg, (long)rbuf, sizeof(rbuf), 0, 0);
	return 0;
}

static void close_under_reader(void)
{
	int w, joined;

	rfd_v = -9999;
	start(0, opener, (void *)O_RDONLY);
	sleep_ns(SETTLE_NS);
	ok(rfd_v == -9999, "a reader's open blocks without a writer");
	w = open("/tmp/p", O_WRONLY);
	joined = join_within(0, 3000000000ll);
	ok(joined && rfd_v >= 0 && w >= 0, "a writer's open lets it through");
	result = -9999;
	start(1, fifo_reader, (void *)rfd_v);
	sleep_ns(SETTLE_NS);
	ok(close((int)rfd_v) == 0 && result == -9999, "its descriptor closed, the reader sleeps on");
	write(w, "xyz", 3);
	joined = join_within(1, 3000000000ll);
	tap_why("joined %d, read %ld", joined, result);
	ok(joined && result == 3 && !memcmp(rbuf, "xyz", 3), "and reads the next write");
	close(w);
}

static void brief_writer(void)
{
	char c;
	int w, joined;

	rfd_v = -9999;
	start(2, opener, (void *)O_RDONLY);
	sleep_ns(SETTLE_NS);
	w = open("/tmp/p", O_WRONLY | O_NONBLOCK);
	ok(w >= 0 && close(w) == 0, "a writer opens and closes at once");
	joined = join_within(2, 3000000000ll);
	ok(joined && rfd_v >= 0, "the blocked reader's open still succeeds");
	ok(read((int)rfd_v, &c, 1) == 0, "and reads end of file");
	close((int)rfd_v);
}

static void exit_group_in_open(void)
{
	start(3, opener, (void *)O_RDONLY);
	sleep_ns(SETTLE_NS);
	sys5(NR_exit_group, 7, 0, 0, 0, 0);
}

static void blocked_writer(void)
{
	open("/tmp/p", O_WRONLY);
	_exit(0);
}

static void gone_openers(void)
{
	int status, fd;
	char c;
	pid_t pid;

	status = child_status_within(exit_group_in_open, 5000000000ll);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 7, "exit_group under a blocked open: ends");
	ok(open("/tmp/p", O_WRONLY | O_NONBLOCK) == -1 && errno == ENXIO,
	   "no reader left counted: O_NONBLOCK writer -> ENXIO");
	pid = fork();
	if (pid == 0)
		blocked_writer();
	sleep_ns(SETTLE_NS);
	ok(kill(pid, SIGKILL) == 0 && waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
	       WTERMSIG(status) == SIGKILL,
	   "SIGKILL of a process blocked in a writer's open");
	fd = open("/tmp/p", O_RDONLY | O_NONBLOCK);
	ok(fd >= 0 && read(fd, &c, 1) == 0, "no writer left counted: end of file, not EAGAIN");
	close(fd);
}

static void unlinked_under_opener(void)
{
	rfd_v = -9999;
	start(4, opener, (void *)O_WRONLY);
	/* opener opens /tmp/p; unlink /tmp/p under it */
	sleep_ns(SETTLE_NS);
	ok(rfd_v == -9999 && unlink("/tmp/p") == 0, "unlink the FIFO under a blocked writer's open");
	ok(open("/tmp/p", O_RDONLY | O_NONBLOCK) == -1 && errno == ENOENT,
	   "its name is gone: no way to meet it");
	ok(!join_within(4, 200000000ll), "the opener still waits");
	/* it ends with the process's exit: the runner checks no page stays */
}

static void fifos(void)
{
	long before;

	ok(mkfifo("/tmp/p", 0600) == 0, "mkfifo /tmp/p");
	before = tap_meminfo_kb("MemFree:");
	close_under_reader();
	brief_writer();
	gone_openers();
	tap_why("MemFree %ld -> %ld kB", before, tap_meminfo_kb("MemFree:"));
	ok(tap_meminfo_kb("MemFree:") == before, "every pipe page back");
	unlinked_under_opener(); /* last: its opener stays blocked until exit_group */
}

int main(void)
{
	unlink_under_reader();
	rename_races();
	remove_cwd_under_creator();
	many_files();
	deep();
	fifos();
	/* exit_group: a FIFO opener thread still blocks on its unlinked FIFO */
	sys5(NR_exit_group, done_testing(), 0, 0, 0, 0);
	return 0;
}
