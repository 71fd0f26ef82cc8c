/*
 * FIFOs on tmpfs (a fresh directory under /dev/shm): mkfifo and mknod
 * S_IFIFO; the open rules (a reader waits for a writer and a writer for a
 * reader, O_NONBLOCK reader succeeds, O_NONBLOCK writer without a reader
 * ENXIO, O_RDWR never waits); a blocked open ended by a handler (EINTR)
 * or restarted under SA_RESTART; bytes through it, end of file, ESPIPE,
 * fstat; a FIFO unlinked while open.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include "conformance.h"

static char top[64];
static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static void arm_ms(int ms)
{
	struct itimerval it = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};

	setitimer(ITIMER_REAL, &it, NULL);
}

static void handler(int restart)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
}

/* A child that sleeps ms, then opens path with flags, writes what, exits. */
static pid_t later(const char *path, int flags, int ms, const char *what)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct timespec ts = {0, ms * 1000000L};
		int fd;

		nanosleep(&ts, NULL);
		fd = open(path, flags);
		if (what && fd >= 0 && write(fd, what, strlen(what)) < 0)
			_exit(2);
		_exit(fd >= 0 ? 0 : 1);
	}
	return pid;
}

static int reaped_ok(pid_t pid)
{
	int status;

	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(void)
{
	char buf[32];
	struct stat st;
	int r, w, fd;
	pid_t pid;

	strcpy(top, "/dev/shm/conf-fifo-XXXXXX");
	if (!mkdtemp(top) || chdir(top)) {
		printf("Bail out! no directory under /dev/shm\n");
		return 1;
	}
	ok(mkfifo("p", 0644) == 0, "mkfifo");
	ok(stat("p", &st) == 0 && S_ISFIFO(st.st_mode) && (st.st_mode & 07777) == 0644 &&
	       st.st_size == 0,
	   "stat: a FIFO, 0644, size 0");
	EXPECT(mkfifo("p", 0644), EEXIST, "mkfifo of an existing name -> EEXIST");
	ok(mknod("q", S_IFIFO | 0600, 0) == 0 && stat("q", &st) == 0 && S_ISFIFO(st.st_mode),
	   "mknod S_IFIFO");
	EXPECT(mkfifo("nodir/p", 0644), ENOENT, "mkfifo under a missing dir -> ENOENT");

	EXPECT(open("p", O_WRONLY | O_NONBLOCK), ENXIO, "O_WRONLY|O_NONBLOCK without a reader -> ENXIO");
	r = open("p", O_RDONLY | O_NONBLOCK);
	ok(r >= 0, "O_RDONLY|O_NONBLOCK opens without a writer");
	ok(read(r, buf, sizeof(buf)) == 0, "read without a writer: 0 (end of file)");
	w = open("p", O_WRONLY | O_NONBLOCK);
	ok(w >= 0, "O_WRONLY|O_NONBLOCK opens with a reader");
	EXPECT(read(r, buf, sizeof(buf)), EAGAIN, "read of an empty FIFO with a writer -> EAGAIN");
	ok(write(w, "abc", 3) == 3 && read(r, buf, sizeof(buf)) == 3 && !memcmp(buf, "abc", 3),
	   "bytes go through");
	EXPECT(lseek(r, 0, SEEK_SET), ESPIPE, "lseek -> ESPIPE");
	ok(fstat(w, &st) == 0 && S_ISFIFO(st.st_mode), "fstat of an end: a FIFO");
	close(w);
	ok(read(r, buf, sizeof(buf)) == 0, "the writer gone: end of file");
	close(r);

	fd = open("p", O_RDWR);
	ok(fd >= 0, "O_RDWR opens at once");
	ok(write(fd, "xy", 2) == 2 && read(fd, buf, 2) == 2 && !memcmp(buf, "xy", 2),
	   "O_RDWR writes and reads itself");
	close(fd);

	/* A blocking reader waits for the writer. */
	pid = later("p", O_WRONLY, 100, "hello");
	r = open("p", O_RDONLY);
	ok(r >= 0, "O_RDONLY waits for a writer, then opens");
	memset(buf, 0, sizeof(buf));
	ok(read(r, buf, 5) == 5 && !strcmp(buf, "hello"), "and reads what it wrote");
	ok(reaped_ok(pid), "the writer child opened and wrote");
	ok(read(r, buf, 5) == 0, "then end of file");
	close(r);

	/* A blocking writer waits for the reader. */
	pid = later("p", O_RDONLY, 100, NULL);
	w = open("p", O_WRONLY);
	ok(w >= 0, "O_WRONLY waits for a reader, then opens");
	close(w);
	ok(reaped_ok(pid), "the reader child opened");

	/* A handler ends a blocked open: EINTR without SA_RESTART. */
	handler(0);
	alarms = 0;
	arm_ms(100);
	EXPECT(open("p", O_RDONLY), EINTR, "a handler ends a blocked open -> EINTR");
	ok(alarms == 1, "the handler ran once");
	arm_ms(100);
	EXPECT(open("p", O_WRONLY), EINTR, "the same for a writer -> EINTR");

	/* With SA_RESTART the open goes on and meets the writer. */
	handler(1);
	alarms = 0;
	pid = later("p", O_WRONLY, 400, "r");
	arm_ms(100);
	r = open("p", O_RDONLY);
	ok(r >= 0 && alarms == 1, "SA_RESTART: the open restarts and succeeds after the handler");
	ok(read(r, buf, 1) == 1 && buf[0] == 'r', "and reads");
	close(r);
	ok(reaped_ok(pid), "the late writer");
	signal(SIGALRM, SIG_DFL);

	/* Unlinked while open. */
	fd = open("p", O_RDWR);
	ok(unlink("p") == 0 && write(fd, "z", 1) == 1 && read(fd, buf, 1) == 1 && buf[0] == 'z',
	   "an unlinked FIFO works through its descriptor");
	close(fd);
	EXPECT(open("p", O_RDONLY | O_NONBLOCK), ENOENT, "its name is gone -> ENOENT");
	ok(unlink("q") == 0, "unlink the other");
	chdir("/");
	ok(rmdir(top) == 0, "the fresh directory is removed at the end");
	return done();
}
