/*
 * stdio_proc: reading /proc through stdio, as public test programs do.
 *   - fopen + fscanf of /proc/self/stat ("%d (%[^)]) %c %d": pid, name,
 *     state R, ppid), %n and ftell agree, rewind and fseek go back,
 *     ungetc is seen by ftell and fscanf;
 *   - Open POSIX's way of waiting for a process state: a child that
 *     pauses is polled through fopen/fscanf of /proc/PID/stat until it
 *     reads S, then stopped with SIGSTOP until it reads T;
 *   - getline over /proc/meminfo: the first line, every line ending in a
 *     newline, -1 and feof at the end; getdelim on ' ' gives the pid
 *     field of /proc/self/stat; getline(NULL) is EINVAL;
 *   - fscanf("%lf %lf") of /proc/uptime; fscanf at the end of input is EOF;
 *     a matching failure leaves the character for the next read.
 */
#include "conformance.h"
#include <sys/wait.h>
#include <unistd.h>

static int stat_of(pid_t pid, char *state)
{
	char path[64], name[64];
	int got_pid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d (%63[^)]) %c", &got_pid, name, state) != 3)
		got_pid = -1;
	fclose(f);
	return got_pid;
}

/* Polls pid's state until it is `want` (10 ms apart, at most 5 s). */
static int wait_state(pid_t pid, char want)
{
	char state = '?';

	for (int i = 0; i < 500; i++) {
		if (stat_of(pid, &state) == pid && state == want)
			return 1;
		sleep_ms(10);
	}
	why("last state %c", state);
	return 0;
}

static void self_stat(void)
{
	FILE *f = fopen("/proc/self/stat", "r");
	char name[64], state = 0;
	int pid = -1, ppid = -1, consumed = -1, c;
	long pos;

	ok(f != NULL, "fopen(/proc/self/stat)");
	if (!f)
		return;
	ok(fscanf(f, "%d (%63[^)]) %c %d%n", &pid, name, &state, &ppid, &consumed) == 4,
	   "fscanf reads pid, name, state, ppid");
	ok(pid == getpid() && ppid == getppid(), "pid and ppid are the process's");
	ok(state == 'R', "its own state is R");
	pos = ftell(f);
	why("ftell %ld, %%n %d", pos, consumed);
	ok(pos == consumed, "ftell is what %%n counted");
	rewind(f);
	ok(ftell(f) == 0, "rewind: ftell 0");
	pid = -1;
	ok(fscanf(f, "%d", &pid) == 1 && pid == getpid(), "fscanf again after rewind");
	ok(fseek(f, 1, SEEK_SET) == 0 && ftell(f) == 1, "fseek(1, SEEK_SET)");
	c = fgetc(f);
	ok(c != EOF && ungetc(c, f) == c && ftell(f) == 1, "ungetc: ftell counts the byte back");
	snprintf(name, sizeof(name), "%d", (int)getpid());
	ok(fseek(f, 0, SEEK_SET) == 0 && fgetc(f) == name[0],
	   "fseek(0): the first digit of the pid again");
	fclose(f);
}

static void child_states(void)
{
	pid_t child = fork();
	int status;

	if (child == 0) {
		for (;;)
			pause();
	}
	ok(child > 0 && wait_state(child, 'S'), "a pausing child reads S through fscanf");
	kill(child, SIGSTOP);
	ok(wait_state(child, 'T'), "stopped by SIGSTOP it reads T");
	kill(child, SIGKILL);
	ok(waitpid(child, &status, 0) == child && WIFSIGNALED(status), "it is reaped");
}

static void lines(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char *line = NULL;
	size_t size = 0;
	ssize_t n;
	int count = 0, all_newline = 1, first_ok = 0;

	ok(f != NULL, "fopen(/proc/meminfo)");
	if (!f)
		return;
	while ((n = getline(&line, &size, f)) > 0) {
		if (count == 0)
			first_ok = !strncmp(line, "MemTotal:", 9) && (size_t)n == strlen(line);
		all_newline &= line[n - 1] == '\n';
		count++;
	}
	ok(first_ok, "getline: the first line is MemTotal, its length returned");
	why("%d lines", count);
	ok(count >= 3 && all_newline, "every line ends in a newline");
	ok(n == -1 && feof(f) && !ferror(f), "then -1, feof, no error");
	fclose(f);
	f = fopen("/proc/self/stat", "r");
	if (f) {
		char want[32];

		snprintf(want, sizeof(want), "%d ", (int)getpid());
		n = getdelim(&line, &size, ' ', f);
		ok(n == (ssize_t)strlen(want) && !strcmp(line, want), "getdelim(' '): the pid field");
		fclose(f);
	}
	free(line);
	errno = 0;
	ok(getline(NULL, &size, stdin) == -1 && errno == EINVAL, "getline(NULL, ...): EINVAL");
}

static void numbers(void)
{
	FILE *f = fopen("/proc/uptime", "r");
	double up = -1, idle = -1;
	int x = -7;
	char word[16];

	ok(f && fscanf(f, "%lf %lf", &up, &idle) == 2 && up > 0 && idle >= 0,
	   "fscanf(%%lf %%lf) of /proc/uptime");
	ok(f && fscanf(f, "%d", &x) == EOF && x == -7, "fscanf at the end of input: EOF");
	if (f)
		fclose(f);
	f = fopen("/proc/self/stat", "r");
	ok(f && fscanf(f, "%d", &x) == 1 && fscanf(f, " %d", &x) == 0 && fgetc(f) == '(',
	   "a matching failure leaves its character to be read");
	ok(f && fscanf(f, "%15[^)]", word) == 1 && fgetc(f) == ')', "%%[^)] stops before the )");
	if (f)
		fclose(f);
}

int main(void)
{
	self_stat();
	child_states();
	lines();
	numbers();
	return done();
}
