/*
 * flock(2) on a tmpfs file (a fresh directory under /dev/shm), utime(2),
 * and the line /proc/mounts gives a tmpfs the program mounts:
 *   flock: EINVAL for an operation that is not one of LOCK_SH, LOCK_EX,
 *   LOCK_UN (before EBADF), LOCK_MAND ignored (0), EBADF; shared locks
 *   together, an exclusive one alone (EWOULDBLOCK with LOCK_NB); a lock
 *   belongs to the open file description (dup and fork share it, close
 *   of one descriptor keeps it, the last close drops it); a conversion
 *   that fails has lost the old lock; a blocked LOCK_EX gets the lock
 *   when the holder exits; a handler ends the wait (EINTR), SA_RESTART
 *   restarts it; a pipe can be locked;
 *   utime: the times given, NULL for now, ENOENT;
 *   /proc/mounts: "tmpfs DIR tmpfs rw,relatime,size=1024k,mode=700 0 0"
 *   with DIR's space as \040, the same in /proc/self/mounts, gone after
 *   umount (mount needs root: SKIP otherwise).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mntent.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <utime.h>
#include "conformance.h"

static char top[64];
static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static void handler(int restart)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
}

static void arm_ms(int ms)
{
	struct itimerval it = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};

	setitimer(ITIMER_REAL, &it, NULL);
}

/* A child that opens "f", takes op, tells through the pipe, holds it ms,
 * then exits (dropping it). */
static pid_t holder(int op, int ms)
{
	int p[2];
	pid_t pid;
	char c;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		int fd = open("f", O_RDWR);

		close(p[0]);
		if (fd < 0 || flock(fd, op))
			_exit(1);
		if (write(p[1], "x", 1) != 1)
			_exit(2);
		sleep_ms(ms);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		pid = -1;
	close(p[0]);
	return pid;
}

static int reaped_ok(pid_t pid)
{
	int status;

	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* The /proc/mounts line whose mount point is dir, into line; 1 if found. */
static int mount_line(const char *file, const char *dir, char *line, size_t size)
{
	FILE *f = fopen(file, "r");
	struct mntent m;
	char buf[1024];
	int found = 0;

	if (!f)
		return 0;
	while (!found && getmntent_r(f, &m, buf, sizeof(buf)))
		if (!strcmp(m.mnt_dir, dir)) {
			snprintf(line, size, "%s %s %s %s %d %d", m.mnt_fsname, "DIR", m.mnt_type,
				 m.mnt_opts, m.mnt_freq, m.mnt_passno);
			found = 1;
		}
	fclose(f);
	return found;
}

static void mounts(void)
{
	char dir[128], line[256], raw[8192], want[160], *p;
	int fd, n;

	snprintf(dir, sizeof(dir), "%s/m n", top);
	if (mkdir(dir, 0755)) {
		ok(0, "mkdir of the mount point");
		return;
	}
	errno = 0;
	if (mount("tmpfs", dir, "tmpfs", 0, "size=1m,mode=700") != 0 && errno == EPERM) {
		skip("not root", "mount a tmpfs");
		skip("not root", "/proc/mounts: its line");
		skip("not root", "/proc/mounts: the space written \\040");
		skip("not root", "/proc/self/mounts: the same line");
		skip("not root", "umount: the line gone");
		rmdir(dir);
		return;
	}
	ok(1, "mount a tmpfs");
	n = mount_line("/proc/mounts", dir, line, sizeof(line));
	why("%s", n ? line : "no line");
	ok(n && !strcmp(line, "tmpfs DIR tmpfs rw,relatime,size=1024k,mode=700 0 0"),
	   "/proc/mounts: its line");
	snprintf(want, sizeof(want), " %s/m\\040n tmpfs ", top);
	fd = open("/proc/mounts", O_RDONLY);
	n = fd >= 0 ? (int)read(fd, raw, sizeof(raw) - 1) : -1;
	raw[n > 0 ? n : 0] = '\0';
	if (fd >= 0)
		close(fd);
	p = strstr(raw, want);
	ok(p != NULL, "/proc/mounts: the space written \\040");
	n = mount_line("/proc/self/mounts", dir, line, sizeof(line));
	ok(n && !strcmp(line, "tmpfs DIR tmpfs rw,relatime,size=1024k,mode=700 0 0"),
	   "/proc/self/mounts: the same line");
	umount(dir);
	ok(!mount_line("/proc/mounts", dir, line, sizeof(line)), "umount: the line gone");
	rmdir(dir);
}

static void utimes_(void)
{
	struct utimbuf ub = {1000000000, 1200000000};
	struct stat st;
	time_t now = time(NULL);

	EXPECT(utime("f", &ub), 0, "utime with times");
	ok(stat("f", &st) == 0 && st.st_atime == 1000000000 && st.st_mtime == 1200000000,
	   "utime: atime and mtime as given");
	EXPECT(utime("f", NULL), 0, "utime(NULL)");
	ok(stat("f", &st) == 0 && st.st_atime >= now && st.st_mtime >= now &&
		   st.st_mtime <= now + 5,
	   "utime(NULL): both now");
	EXPECT(utime("nofile", &ub), ENOENT, "utime of a missing file");
}

int main(void)
{
	int a, b, c, d, p[2];
	pid_t pid;

	strcpy(top, "/dev/shm/conf-flock-XXXXXX");
	if (!mkdtemp(top) || chdir(top)) {
		printf("Bail out! no directory under /dev/shm\n");
		return 1;
	}
	a = open("f", O_CREAT | O_RDWR, 0644);
	b = open("f", O_RDWR);
	c = open("f", O_RDONLY);

	EXPECT(flock(a, 0), EINVAL, "flock op 0");
	EXPECT(flock(a, LOCK_SH | LOCK_EX), EINVAL, "flock LOCK_SH|LOCK_EX");
	EXPECT(flock(a, LOCK_UN | LOCK_EX), EINVAL, "flock LOCK_UN|LOCK_EX");
	EXPECT(flock(a, 16), EINVAL, "flock op 16");
	EXPECT(flock(-1, 0), EINVAL, "flock op 0 on fd -1: EINVAL before EBADF");
	EXPECT(flock(-1, LOCK_EX), EBADF, "flock on fd -1");
	EXPECT(flock(99, LOCK_SH), EBADF, "flock on a closed fd");
	EXPECT(flock(a, 32), 0, "LOCK_MAND is ignored");
	EXPECT(flock(a, LOCK_UN), 0, "LOCK_UN without a lock");

	EXPECT(flock(a, LOCK_SH), 0, "LOCK_SH");
	EXPECT(flock(b, LOCK_SH | LOCK_NB), 0, "a second description's LOCK_SH");
	EXPECT(flock(c, LOCK_EX | LOCK_NB), EWOULDBLOCK, "LOCK_EX|LOCK_NB against two shared");
	EXPECT(flock(a, LOCK_SH), 0, "LOCK_SH again on the same description");
	EXPECT(flock(a, LOCK_EX | LOCK_NB), EWOULDBLOCK,
	       "converting to LOCK_EX while another shares");
	EXPECT(flock(b, LOCK_UN), 0, "the other unlocks");
	EXPECT(flock(c, LOCK_EX | LOCK_NB), 0,
	       "the failed conversion lost the lock: a third takes LOCK_EX");
	EXPECT(flock(a, LOCK_SH | LOCK_NB), EWOULDBLOCK, "LOCK_SH|LOCK_NB against LOCK_EX");
	EXPECT(flock(c, LOCK_SH), 0, "converting LOCK_EX to LOCK_SH alone");
	EXPECT(flock(a, LOCK_SH | LOCK_NB), 0, "then another LOCK_SH");
	EXPECT(flock(a, LOCK_UN), 0, "unlock");
	EXPECT(flock(c, LOCK_UN), 0, "unlock");

	/* the description, not the descriptor */
	d = dup(a);
	EXPECT(flock(d, LOCK_EX), 0, "LOCK_EX through a dup");
	EXPECT(flock(a, LOCK_EX | LOCK_NB), 0, "the original descriptor has it too");
	EXPECT(flock(b, LOCK_SH | LOCK_NB), EWOULDBLOCK, "another description does not");
	close(d);
	EXPECT(flock(b, LOCK_SH | LOCK_NB), EWOULDBLOCK, "closing the dup keeps the lock");
	close(a);
	EXPECT(flock(b, LOCK_EX | LOCK_NB), 0, "the last close drops it");
	EXPECT(flock(b, LOCK_UN), 0, "unlock");

	/* fork shares the description */
	a = open("f", O_RDWR);
	flock(a, LOCK_EX);
	pid = fork();
	if (pid == 0)
		_exit(flock(a, LOCK_UN) == 0 ? 0 : 1);
	ok(reaped_ok(pid), "a child unlocks the inherited description");
	EXPECT(flock(b, LOCK_EX | LOCK_NB), 0, "so the parent's lock is gone");
	flock(b, LOCK_UN);
	pid = fork();
	if (pid == 0)
		_exit(flock(a, LOCK_EX) == 0 ? 0 : 1);
	ok(reaped_ok(pid), "a child locks the inherited description and exits");
	EXPECT(flock(b, LOCK_SH | LOCK_NB), EWOULDBLOCK, "the lock outlives the child (parent has the fd)");
	close(a);
	EXPECT(flock(b, LOCK_SH | LOCK_NB), 0, "the parent's close drops it");
	flock(b, LOCK_UN);

	/* waiting */
	pid = holder(LOCK_EX, 150);
	ok(pid > 0, "a child holds LOCK_EX");
	EXPECT(flock(b, LOCK_SH | LOCK_NB), EWOULDBLOCK, "LOCK_SH|LOCK_NB against it");
	EXPECT(flock(b, LOCK_SH), 0, "LOCK_SH waits until the holder exits");
	ok(reaped_ok(pid), "the holder ran to its end");
	flock(b, LOCK_UN);

	pid = holder(LOCK_SH, 400);
	handler(0);
	alarms = 0;
	arm_ms(100);
	EXPECT(flock(b, LOCK_EX), EINTR, "a handler ends a blocked LOCK_EX (EINTR)");
	ok(alarms == 1, "the handler ran");
	reaped_ok(pid);

	pid = holder(LOCK_EX, 300);
	handler(1);
	alarms = 0;
	arm_ms(100);
	EXPECT(flock(b, LOCK_SH), 0, "under SA_RESTART the wait goes on to the lock");
	ok(alarms == 1, "the handler ran");
	ok(reaped_ok(pid), "the holder ran to its end");
	flock(b, LOCK_UN);
	close(b);
	close(c);

	ok(pipe(p) == 0 && flock(p[0], LOCK_EX | LOCK_NB) == 0, "a pipe's read end locks");
	EXPECT(flock(p[1], LOCK_SH | LOCK_NB), EWOULDBLOCK, "its write end is the same pipe");
	close(p[0]);
	EXPECT(flock(p[1], LOCK_SH | LOCK_NB), 0, "closed: free");
	close(p[1]);

	utimes_();
	mounts();
	unlink("f");
	chdir("/");
	rmdir(top);
	done();
	return 0;
}
