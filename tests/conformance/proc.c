/*
 * /proc where Linux and tick386 must agree: /proc/self/stat parses into 52
 * fields with our pid, ppid and state R; /proc/self/timers shows a created
 * timer in show_timer's exact line formats; /proc/uptime parses and does
 * not go back; /proc/meminfo has MemTotal and MemFree lines in kB; the
 * errnos of bad input (a missing pid, writing, SEEK_END).  Run as root on
 * both (tick386's tasks are root): /proc/uptime opens for writing.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include "conformance.h"

static char text[8192];

/* The whole text of path into text: tests/tap.h */
static int slurp(const char *path)
{
	return tap_slurp(path, text, (int)sizeof(text));
}

static int uptime_cs(long *up)
{
	unsigned long s, cs, is, ics;
	char nl;

	if (slurp("/proc/uptime") <= 0 ||
	    sscanf(text, "%lu.%2lu %lu.%2lu%c", &s, &cs, &is, &ics, &nl) != 5 || nl != '\n')
		return -1;
	*up = (long)(s * 100 + cs);
	return 0;
}

int main(void)
{
	char *f[64], *p, line[128], want[64], buf[8];
	unsigned long sig_ptr, kb;
	int n = 0, id, signo, pid, clk, fd;
	long up1 = 0, up2 = 0;
	struct sigevent ev;
	struct stat st;
	timer_t t;

	/* stat: "pid (comm) S ..." then 50 more fields */
	ok(slurp("/proc/self/stat") > 0, "read /proc/self/stat");
	p = strrchr(text, ')');
	if (p) {
		*p = '\0';
		f[n++] = text;
		f[n++] = strchr(text, '(');
		for (p = strtok(p + 2, " \n"); p && n < 64; p = strtok(NULL, " \n"))
			f[n++] = p;
	}
	ok(n == 52, "/proc/self/stat has 52 fields # %d", n);
	ok(n >= 4 && atoi(f[0]) == getpid(), "stat: pid is getpid()");
	ok(n >= 4 && !strcmp(f[2], "R"), "stat: state R while reading");
	ok(n >= 4 && atoi(f[3]) == getppid(), "stat: ppid is getppid()");
	ok(n >= 20 && !strcmp(f[19], "1"), "stat: num_threads 1");

	/* timers: show_timer's four lines */
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN + 1;
	ev.sigev_value.sival_ptr = (void *)0x5678;
	ok(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0, "timer_create");
	ok(slurp("/proc/self/timers") > 0, "read /proc/self/timers");
	ok(sscanf(text, "ID: %d\n", &id) == 1 && id == TIMER_ID_INT(t), "timers: ID: <the id>");
	p = strchr(text, '\n');
	ok(p && sscanf(p + 1, "signal: %d/%lx\n", &signo, &sig_ptr) == 2 && signo == SIGRTMIN + 1 &&
		   sig_ptr == 0x5678, "timers: signal: SIGNO/SIVAL_PTR in hex");
	ok(p && (p = strchr(p + 1, '/')) && strspn(p + 1, "0123456789abcdef") >= 8,
	   "timers: the pointer has at least 8 hex digits");
	p = p ? strchr(p, '\n') : NULL;
	ok(p && sscanf(p + 1, "notify: signal/pid.%d\n", &pid) == 1 && pid == getpid(),
	   "timers: notify: signal/pid.<pid>");
	p = p ? strchr(p + 1, '\n') : NULL;
	ok(p && sscanf(p + 1, "ClockID: %d\n", &clk) == 1 && clk == CLOCK_MONOTONIC,
	   "timers: ClockID: 1");
	p = p ? strchr(p + 1, '\n') : NULL;
	ok(p && p[1] == '\0', "timers: nothing else for one timer");
	timer_delete(t);
	ok(slurp("/proc/self/timers") == 0, "timers: empty after timer_delete");

	/* uptime */
	ok(uptime_cs(&up1) == 0, "/proc/uptime parses as \"%%lu.%%02lu %%lu.%%02lu\\n\"");
	sleep_ms(30);
	ok(uptime_cs(&up2) == 0 && up2 >= up1 + 2, "uptime grows over 30 ms # %ld -> %ld", up1, up2);

	/* meminfo */
	ok(slurp("/proc/meminfo") > 0, "read /proc/meminfo");
	ok(sscanf(text, "MemTotal: %lu kB\n", &kb) == 1 && kb > 0, "meminfo: MemTotal first, in kB");
	p = strstr(text, "\nMemFree:");
	ok(p && sscanf(p + 1, "MemFree: %lu kB\n", &kb) == 1, "meminfo: MemFree in kB");
	p = strchr(text, '\n');
	ok(p && p - text == 16 + 8 + 3,
	   "meminfo: Linux's columns (16 + 8 + \" kB\")");
	snprintf(line, sizeof(line), "%.*s", (int)(p ? p - text : 0), text);
	note("%s", line);

	/* bad input */
	EXPECT(open("/proc/999999999/stat", O_RDONLY), ENOENT, "a missing pid -> ENOENT");
	EXPECT(open("/proc/self/nothing", O_RDONLY), ENOENT, "a missing file -> ENOENT");
	EXPECT(open("/proc/uptime/x", O_RDONLY), ENOTDIR, "a name under a file -> ENOTDIR");
	fd = open("/proc/uptime", O_WRONLY);
	ok(fd >= 0, "open(/proc/uptime, O_WRONLY) as root succeeds");
	EXPECT(write(fd, "1", 1), EIO, "write to /proc/uptime -> EIO");
	close(fd);
	fd = open("/proc/self/stat", O_RDONLY);
	snprintf(want, sizeof(want), "%d (", getpid());
	ok(lseek(fd, 0, SEEK_SET) == 0 && read(fd, buf, 1) == 1 && buf[0] == want[0],
	   "lseek(SEEK_SET) and read");
	EXPECT(lseek(fd, 0, SEEK_END), EINVAL, "lseek(SEEK_END) -> EINVAL");
	ok(fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0, "fstat: size 0");
	close(fd);
	fd = open("/proc/self/stat", O_WRONLY);
	EXPECT(write(fd, "1", 1), EINVAL, "write to /proc/self/stat -> EINVAL");
	close(fd);
	EXPECT(open("/proc/self", O_WRONLY), EISDIR, "open(/proc/self, O_WRONLY) -> EISDIR");
	return done();
}
