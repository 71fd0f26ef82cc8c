/*
 * FIFOs of tmpfs under attack from ring 3 (fs/pipe.c's fifo_open), tick386
 * only:
 *   - a thread blocked in read while another closes the reader's own
 *     descriptor: it sleeps on and reads the next write;
 *   - a thread blocked in open(O_RDONLY): a writer that opens and closes
 *     at once still wakes it (end of file follows);
 *   - exit_group while a thread is blocked in a FIFO open, and SIGKILL of
 *     a process blocked in one: both end, and the FIFO is left with no
 *     reader or writer counted (ENXIO, end of file);
 *   - the blocked opener's FIFO unlinked under it;
 *   - every pipe page back at the end.
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

#define NR_open 5
#define NR_write 4

static volatile long result, rfd_v;
static char rbuf[64];

static long mem_free_kb(void)
{
	static char buf[2048];
	char *p;

	if (tap_slurp("/proc/meminfo", buf, sizeof(buf)) < 0 || !(p = strstr(buf, "MemFree:")))
		return -1;
	return strtol(p + 8, NULL, 10);
}

static int opener(void *arg)
{
	rfd_v = sys5(NR_open, (long)"/tmp/p", (long)arg, 0, 0, 0);
	return 0;
}

static int reader(void *arg)
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
	start(1, reader, (void *)rfd_v);
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

int main(void)
{
	long before;

	ok(mkfifo("/tmp/p", 0600) == 0, "mkfifo /tmp/p");
	before = mem_free_kb();
	close_under_reader();
	brief_writer();
	gone_openers();
	tap_why("MemFree %ld -> %ld kB", before, mem_free_kb());
	ok(mem_free_kb() == before, "every pipe page back");
	unlinked_under_opener();
	/* exit_group: the opener thread still blocks on the unlinked FIFO */
	sys5(NR_exit_group, done_testing(), 0, 0, 0, 0);
	return 0;
}
