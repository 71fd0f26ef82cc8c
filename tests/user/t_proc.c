/*
 * /proc (fs/proc*.c) seen by a parent: it forks a child that makes a
 * periodic POSIX timer and waits in pause(), then reads the child's
 * /proc/PID/stat, status, timers and /proc/timer_list and checks every
 * field it knows (pid, comm, state S then T then Z, ppid, pgrp, session,
 * 52 fields, the masks, the timer's ID/signal/notify/ClockID lines, its
 * timer_list line's owner and interval).  Then the bad inputs: a missing
 * pid, a file of a process that is gone, writes (EIO, EINVAL as Linux),
 * lseek (SEEK_SET works, SEEK_END EINVAL), stat's size 0.  Exit must give
 * back every page (the runner checks): generated nodes and texts included.
 */
/* initramfs: yes */
/* expect: status=0 */
#include "../tap.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SIVAL 0x4321
#define INTERVAL_NS 50000000L

static char text[8192];

/* The whole text of path into text: tests/tap.h */
static int slurp(const char *path)
{
	return tap_slurp(path, text, (int)sizeof(text));
}

/* The value after "key:\t" in text, or NULL. */
static const char *status_field(const char *key)
{
	static char value[128];
	char want[40];
	const char *p;
	size_t n;

	snprintf(want, sizeof(want), "\n%s:\t", key);
	p = strstr(text, want);
	if (!p && !strncmp(text, want + 1, strlen(want + 1)))
		p = text - 1;
	if (!p)
		return NULL;
	p += strlen(want);
	n = strcspn(p, "\n");
	if (n >= sizeof(value))
		n = sizeof(value) - 1;
	memcpy(value, p, n);
	value[n] = '\0';
	return value;
}

/* Split a stat line: fields[0] is the pid, [1] the comm, [2] the state... */
static int stat_fields(char *line, char *fields[], int max)
{
	char *close_paren = strrchr(line, ')'), *p;
	int n = 0;

	if (!close_paren || close_paren[1] != ' ')
		return -1;
	*close_paren = '\0';
	p = strchr(line, '(');
	if (!p)
		return -1;
	p[-1] = '\0';
	fields[n++] = line;
	fields[n++] = p + 1;
	for (p = strtok(close_paren + 2, " \n"); p && n < max; p = strtok(NULL, " \n"))
		fields[n++] = p;
	return n;
}

static void on_usr1(int sig)
{
	(void)sig;
}

static int child(void)
{
	struct sigevent ev;
	struct itimerspec it = { { 0, INTERVAL_NS }, { 30, 0 } };
	sigset_t set;
	timer_t t;

	signal(SIGUSR1, on_usr1);
	signal(SIGHUP, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR1;
	ev.sigev_value.sival_ptr = (void *)SIVAL;
	if (timer_create(CLOCK_MONOTONIC, &ev, &t) || timer_settime(t, 0, &it, NULL))
		return 2;
	for (;;)
		pause();
}

static char state_of(int pid)
{
	char path[40], *f[60];

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (slurp(path) < 0 || stat_fields(text, f, 60) < 3)
		return '?';
	return f[2][0];
}

int main(void)
{
	char path[64], want[128], *f[60], buf[16];
	struct timespec ten_ms = { 0, 10000000 };
	int pid, n, fd, status, tries, seen_child = 0, seen_self = 0;
	struct stat st;
	struct dirent *e;
	DIR *d;

	pid = fork();
	if (pid == 0)
		_exit(child());
	ok(pid > 0, "fork");
	setpgid(pid, pid);
	snprintf(path, sizeof(path), "/proc/%d/timers", pid);
	for (tries = 0; tries < 300 && !(slurp(path) > 0 && state_of(pid) == 'S'); tries++)
		nanosleep(&ten_ms, NULL);

	/* /proc/PID/timers: fs/proc/base.c show_timer's four lines */
	slurp(path);
	tap_note("timers: %s", text);
	ok(sscanf(text, "ID: %d\n", &n) == 1 && n >= 0, "timers: ID: N");
	ok(strstr(text, "\nsignal: 10/00004321\n") != NULL, "timers: signal: 10/00004321");
	snprintf(want, sizeof(want), "\nnotify: signal/pid.%d\n", pid);
	ok(strstr(text, want) != NULL, "timers: notify: signal/pid.CHILD");
	ok(strstr(text, "\nClockID: 1\n") != NULL, "timers: ClockID: 1");

	/* /proc/PID/stat */
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	ok(slurp(path) > 0, "read /proc/CHILD/stat");
	n = stat_fields(text, f, 60);
	ok(n == 52, "stat: 52 fields # %d", n);
	if (n == 52) {
		ok(atoi(f[0]) == pid, "stat: pid");
		ok(!strcmp(f[1], "t_proc"), "stat: comm (t_proc) # %s", f[1]);
		ok(!strcmp(f[2], "S"), "stat: state S (in pause) # %s", f[2]);
		ok(atoi(f[3]) == getpid(), "stat: ppid is the parent # %s", f[3]);
		ok(atoi(f[4]) == pid, "stat: pgrp is its own (setpgid) # %s", f[4]);
		ok(atoi(f[5]) == getsid(0), "stat: session is the parent's # %s", f[5]);
		ok(!strcmp(f[19], "1"), "stat: num_threads 1");
		ok(strtoul(f[22], NULL, 10) > 0 && strtoul(f[23], NULL, 10) > 0,
		   "stat: vsize and rss > 0");
		ok(strtoul(f[31], NULL, 10) == 1u << (SIGUSR2 - 1), "stat: blocked SIGUSR2 # %s",
		   f[31]);
		ok(strtoul(f[32], NULL, 10) == 1u << (SIGHUP - 1), "stat: sigignore SIGHUP # %s",
		   f[32]);
		ok(strtoul(f[33], NULL, 10) == 1u << (SIGUSR1 - 1), "stat: sigcatch SIGUSR1 # %s",
		   f[33]);
		ok(!strcmp(f[37], "17"), "stat: exit_signal 17");
	}

	/* /proc/PID/status */
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	ok(slurp(path) > 0, "read /proc/CHILD/status");
	ok(status_field("Name") && !strcmp(status_field("Name"), "t_proc"), "status: Name");
	ok(status_field("State") && !strcmp(status_field("State"), "S (sleeping)"),
	   "status: State: S (sleeping)");
	ok(status_field("Pid") && atoi(status_field("Pid")) == pid, "status: Pid");
	ok(status_field("Tgid") && atoi(status_field("Tgid")) == pid, "status: Tgid");
	ok(status_field("PPid") && atoi(status_field("PPid")) == getpid(), "status: PPid");
	ok(status_field("Threads") && !strcmp(status_field("Threads"), "1"), "status: Threads");
	ok(status_field("SigBlk") && !strcmp(status_field("SigBlk"), "0000000000000800"),
	   "status: SigBlk SIGUSR2");
	ok(status_field("SigCgt") && !strcmp(status_field("SigCgt"), "0000000000000200"),
	   "status: SigCgt SIGUSR1");
	ok(status_field("SigIgn") && !strcmp(status_field("SigIgn"), "0000000000000001"),
	   "status: SigIgn SIGHUP");
	ok(status_field("VmRSS") && strstr(status_field("VmRSS"), " kB"), "status: VmRSS in kB");
	ok(status_field("SigQ") && !strcmp(status_field("SigQ"), "0/1024"), "status: SigQ 0/1024");

	/* /proc/timer_list: the child's timer on CLOCK_MONOTONIC */
	ok(slurp("/proc/timer_list") > 0, "read /proc/timer_list");
	ok(!strncmp(text, "Timer List Version: ", 20), "timer_list: header");
	ok(strstr(text, "clock 1: CLOCK_MONOTONIC\n") && strstr(text, "clock 0: CLOCK_REALTIME\n"),
	   "timer_list: a section per clock");
	snprintf(want, sizeof(want), ": <pid %d (t_proc)>, expires at ", pid);
	{
		char *line = strstr(text, want), *end = line ? strchr(line, '\n') : NULL;

		if (end)
			*end = '\0';
		ok(line != NULL, "timer_list: a line owned by the child");
		ok(line && strstr(line, ", interval: 50000000 nsecs,"), "timer_list: its interval");
		ok(line && strstr(line, "ClockID: 1,") && strstr(line, "signal: 10,"),
		   "timer_list: its clock and signal");
		ok(line && strstr(line, "queued: no"), "timer_list: its signal is not queued");
	}

	/* /proc lists the child and self */
	d = opendir("/proc");
	snprintf(want, sizeof(want), "%d", pid);
	while (d && (e = readdir(d))) {
		seen_child |= !strcmp(e->d_name, want);
		seen_self |= !strcmp(e->d_name, "self");
	}
	ok(d && seen_child && seen_self, "readdir /proc: the child's pid and self");
	if (d)
		closedir(d);

	/* stop, continue, kill: T, then Z until waited for, then gone */
	kill(pid, SIGSTOP);
	for (tries = 0; tries < 100 && state_of(pid) != 'T'; tries++)
		nanosleep(&ten_ms, NULL);
	ok(state_of(pid) == 'T', "stat: state T when stopped");
	kill(pid, SIGCONT);
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	fd = open(path, O_RDONLY); /* read after the process is gone: its text stays */
	kill(pid, SIGKILL);
	for (tries = 0; tries < 100 && state_of(pid) != 'Z'; tries++)
		nanosleep(&ten_ms, NULL);
	ok(state_of(pid) == 'Z', "stat: state Z before wait");
	ok(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status), "waitpid");
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	ok(slurp(path) == -ENOENT, "the reaped child's stat: ENOENT");
	snprintf(path, sizeof(path), "/proc/%d", pid);
	ok(stat(path, &st) == -1 && errno == ENOENT, "the reaped child's directory: ENOENT");
	ok(fd >= 0 && read(fd, text, 6) == 6 && !memcmp(text, "Name:\t", 6),
	   "a file opened before keeps its text");
	close(fd);

	/* self, and bad input */
	ok(slurp("/proc/self/stat") > 0 && stat_fields(text, f, 60) == 52 && atoi(f[0]) == getpid(),
	   "/proc/self/stat is ours");
	ok(slurp("/proc/99999/stat") == -ENOENT, "a missing pid: ENOENT");
	ok(slurp("/proc/01/stat") == -ENOENT, "a pid with a leading 0: ENOENT");
	ok(slurp("/proc/self/nothing") == -ENOENT, "a missing file: ENOENT");
	ok(slurp("/proc/uptime/x") == -ENOTDIR, "under a file: ENOTDIR");
	fd = open("/proc/uptime", O_WRONLY);
	ok(fd >= 0, "open(/proc/uptime, O_WRONLY) succeeds for root, as Linux");
	ok(write(fd, "1", 1) == -1 && errno == EIO, "write to /proc/uptime: EIO");
	close(fd);
	fd = open("/proc/self/stat", O_RDWR);
	ok(fd >= 0 && write(fd, "1", 1) == -1 && errno == EINVAL, "write to /proc/self/stat: EINVAL");
	ok(lseek(fd, 3, SEEK_SET) == 3 && read(fd, buf, 1) == 1, "lseek SEEK_SET, then read");
	ok(lseek(fd, 0, SEEK_END) == -1 && errno == EINVAL, "lseek SEEK_END: EINVAL");
	ok(fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0, "fstat: a file of size 0");
	close(fd);
	ok(open("/proc/self", O_WRONLY) == -1 && errno == EISDIR, "open(/proc/self, O_WRONLY): EISDIR");
	ok(open("/proc/meminfo", O_RDONLY | O_CREAT | O_EXCL, 0644) == -1 && errno == EEXIST,
	   "O_CREAT|O_EXCL: EEXIST");
	ok(stat("/proc/timer_list", &st) == 0 && (st.st_mode & 0777) == 0400,
	   "timer_list is 0400 as Linux");
	return done_testing();
}
