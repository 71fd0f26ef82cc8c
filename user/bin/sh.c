/*
 * sh: a small job-control shell for the console.  A line is commands
 * separated by ';', each words separated by blanks, "&" at its end runs it
 * in the background; "$?" is the last status.  A command is a built-in
 * (help, exit, jobs, fg, bg, wait, kill) or a pipeline of programs
 * /bin/NAME joined by '|' (one program is a pipeline of one), each stage's
 * standard output the next one's input.  A pipeline is one job: its
 * processes share one process group (the first one's pid), which is given
 * the terminal while in the foreground (tcsetpgrp) and waited for with
 * WUNTRACED, so ^C ends all of it and ^Z stops all of it into `jobs`; its
 * status is its last program's, as POSIX's.
 * "sh -c LINE" runs one such line and exits with its status (system(3)).
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#define LINE_MAX_LEN 256
#define ARGS_MAX 16
#define JOBS_MAX 16
#define STAGES_MAX 8 /* programs in one pipeline */

enum job_state { JOB_FREE, JOB_RUNNING, JOB_STOPPED };

struct job {
	enum job_state state;
	pid_t pgid;		  /* the first program's pid */
	pid_t pids[STAGES_MAX];   /* its processes not reaped yet; 0: reaped */
	int live;		  /* how many of pids are not 0 */
	pid_t last;		  /* the last program: its status is the job's */
	int last_ws;
	char cmd[64];
};

/* job n is jobs[n], 1..JOBS_MAX; jobs[0] holds a foreground pipeline when
 * every other slot is taken (it cannot be stopped into `jobs` then) */
static struct job jobs[JOBS_MAX + 1];
static int last_status;
static pid_t shell_pgid;
static int interactive;
extern char **environ;

static const int job_signals[] = {SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU};

static void set_job_signals(void (*action)(int))
{
	for (unsigned i = 0; i < sizeof(job_signals) / sizeof(job_signals[0]); i++)
		signal(job_signals[i], action);
}

static int status_value(int ws)
{
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	if (WIFSTOPPED(ws))
		return 128 + WSTOPSIG(ws);
	return 128 + WTERMSIG(ws);
}

static int job_add(pid_t pgid, const char *cmd, enum job_state state)
{
	for (int n = 1; n <= JOBS_MAX; n++) {
		if (jobs[n].state == JOB_FREE) {
			jobs[n].state = state;
			jobs[n].pgid = pgid;
			snprintf(jobs[n].cmd, sizeof(jobs[n].cmd), "%s", cmd);
			return n;
		}
	}
	return 0;
}

static int job_of_pid(pid_t pid)
{
	for (int n = 1; n <= JOBS_MAX; n++) {
		if (jobs[n].state == JOB_FREE)
			continue;
		if (jobs[n].pgid == pid)
			return n;
		for (int i = 0; i < STAGES_MAX; i++)
			if (jobs[n].pids[i] == pid)
				return n;
	}
	return 0;
}

/* One of job n's processes ended (ws): 1 when it was the last one alive. */
static int job_reaped(int n, pid_t pid, int ws)
{
	for (int i = 0; i < STAGES_MAX; i++)
		if (jobs[n].pids[i] == pid) {
			jobs[n].pids[i] = 0;
			jobs[n].live--;
		}
	if (pid == jobs[n].last)
		jobs[n].last_ws = ws;
	return jobs[n].live <= 0;
}

/* A process of job n changed (ws from waitpid): note it, and say so when
 * asked.  A pipeline stops once (its other processes' stops say nothing)
 * and is done when its last process is reaped. */
static void job_update(int n, pid_t pid, int ws, int report)
{
	if (WIFSTOPPED(ws)) {
		if (jobs[n].state != JOB_STOPPED)
			printf("\n[%d]+  Stopped                 %s\n", n, jobs[n].cmd);
		jobs[n].state = JOB_STOPPED;
		return;
	}
	if (!job_reaped(n, pid, ws))
		return;
	if (report)
		printf("[%d]+  Done(%d)                 %s\n", n, status_value(jobs[n].last_ws),
		       jobs[n].cmd);
	jobs[n].state = JOB_FREE;
}

/* Collect background jobs that ended or stopped, without waiting. */
static void reap_jobs(void)
{
	int ws;
	pid_t pid;

	while ((pid = waitpid(-1, &ws, WNOHANG | WUNTRACED)) > 0) {
		int n = job_of_pid(pid);
		if (n)
			job_update(n, pid, ws, 1);
	}
}

static void give_terminal(pid_t pgid)
{
	if (interactive)
		tcsetpgrp(0, pgid);
}

/* Wait for foreground job n (every process of its group) to end, or for
 * one of them to stop (^Z stops the group: the job is stopped). */
static int wait_foreground(int n)
{
	pid_t pgid = jobs[n].pgid, pid;
	int ws = 0, interrupted = 0;

	give_terminal(pgid);
	while (jobs[n].live > 0) {
		pid = waitpid(-pgid, &ws, WUNTRACED);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break; /* ECHILD: nothing left of it */
		}
		if (WIFSTOPPED(ws))
			break;
		if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGINT)
			interrupted = 1;
		job_reaped(n, pid, ws);
	}
	give_terminal(shell_pgid);
	if (jobs[n].live > 0 && WIFSTOPPED(ws)) {
		if (n == 0) { /* the spare slot: give it a number now */
			int k = job_add(pgid, jobs[0].cmd, JOB_RUNNING);
			if (k) {
				jobs[k] = jobs[0];
				jobs[0].state = JOB_FREE;
				n = k;
			}
		}
		jobs[n].state = JOB_RUNNING; /* job_update says Stopped once */
		job_update(n, 0, ws, 0);
		return status_value(ws);
	}
	if (interrupted)
		printf("\n");
	jobs[n].state = JOB_FREE;
	return status_value(jobs[n].last_ws);
}

/* Start one program of a pipeline in process group pgid (0: its own),
 * reading in and writing out (-1: the shell's); its pid, or -1. */
static pid_t start_stage(char **argv, pid_t pgid, int in, int out, int background,
			 const int *close_fds, int nclose)
{
	char path[LINE_MAX_LEN];
	pid_t pid;

	if (strchr(argv[0], '/'))
		snprintf(path, sizeof(path), "%s", argv[0]);
	else
		snprintf(path, sizeof(path), "/bin/%s", argv[0]);
	pid = fork();
	if (pid < 0) {
		perror("sh: fork");
		return -1;
	}
	if (pid == 0) {
		setpgid(0, pgid);
		if (!background)
			give_terminal(pgid ? pgid : getpid());
		set_job_signals(SIG_DFL);
		if (in >= 0)
			dup2(in, 0);
		if (out >= 0)
			dup2(out, 1);
		for (int i = 0; i < nclose; i++)
			if (close_fds[i] >= 0)
				close(close_fds[i]);
		execve(path, argv, environ);
		fprintf(stderr, "sh: %s: %s\n", argv[0], errno == ENOENT ? "not found" : strerror(errno));
		_exit(127);
	}
	setpgid(pid, pgid ? pgid : pid); /* both sides: whichever runs first */
	return pid;
}

/* Run stages[0] | stages[1] | ... as one job. */
static int run_pipeline(char ***stages, int nstages, int background, const char *cmd)
{
	int n = job_add(0, cmd, JOB_RUNNING), in = -1;
	struct job *j;

	if (!n) {
		if (background) {
			fprintf(stderr, "sh: too many jobs\n");
			return 1;
		}
		jobs[0].state = JOB_RUNNING;
		snprintf(jobs[0].cmd, sizeof(jobs[0].cmd), "%s", cmd);
	}
	j = &jobs[n];
	memset(j->pids, 0, sizeof(j->pids));
	j->pgid = 0;
	j->live = 0;
	j->last = 0;
	j->last_ws = 0;
	for (int i = 0; i < nstages; i++) {
		int p[2] = {-1, -1}, fds[3];
		pid_t pid;

		if (i < nstages - 1 && pipe(p) < 0) {
			perror("sh: pipe");
			break;
		}
		fds[0] = in;
		fds[1] = p[0];
		fds[2] = p[1];
		pid = start_stage(stages[i], j->pgid, in, p[1], background, fds, 3);
		if (in >= 0)
			close(in);
		if (p[1] >= 0)
			close(p[1]);
		in = p[0];
		if (pid < 0)
			break;
		if (!j->pgid)
			j->pgid = pid;
		j->pids[i] = pid;
		j->live++;
		j->last = pid;
	}
	if (in >= 0)
		close(in);
	if (!j->live) {
		j->state = JOB_FREE;
		return 1;
	}
	if (background) {
		printf("[%d] %d\n", n, (int)j->last);
		return 0;
	}
	return wait_foreground(n);
}

/* "%N" or a pid: the job number, or 0 (a message printed). */
static int job_arg(const char *arg, const char *who)
{
	int n = 0;

	if (!arg) {
		for (int i = JOBS_MAX; i >= 1 && !n; i--)
			if (jobs[i].state != JOB_FREE)
				n = i;
	} else if (arg[0] == '%') {
		n = atoi(arg + 1);
	} else {
		n = job_of_pid(atoi(arg));
	}
	if (n < 1 || n > JOBS_MAX || jobs[n].state == JOB_FREE) {
		fprintf(stderr, "sh: %s: %s: no such job\n", who, arg ? arg : "current");
		return 0;
	}
	return n;
}

static const struct {
	const char *name;
	int signo;
} signal_names[] = {{"HUP", SIGHUP}, {"INT", SIGINT}, {"QUIT", SIGQUIT}, {"KILL", SIGKILL},
		    {"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"ALRM", SIGALRM}, {"TERM", SIGTERM},
		    {"CONT", SIGCONT}, {"STOP", SIGSTOP}, {"TSTP", SIGTSTP}};

static int builtin_kill(char **argv)
{
	int signo = SIGTERM, rc = 0, i = 1;

	if (argv[1] && argv[1][0] == '-') {
		const char *s = argv[1] + 1;
		signo = -1;
		if (*s >= '0' && *s <= '9')
			signo = atoi(s);
		for (unsigned k = 0; k < sizeof(signal_names) / sizeof(signal_names[0]); k++)
			if (!strcmp(s, signal_names[k].name) ||
			    (!strncmp(s, "SIG", 3) && !strcmp(s + 3, signal_names[k].name)))
				signo = signal_names[k].signo;
		if (signo < 0) {
			fprintf(stderr, "sh: kill: %s: invalid signal\n", s);
			return 1;
		}
		i = 2;
	}
	if (!argv[i]) {
		fprintf(stderr, "usage: kill [-SIGNAL] pid|%%job ...\n");
		return 2;
	}
	for (; argv[i]; i++) {
		pid_t target;
		if (argv[i][0] == '%') {
			int n = job_arg(argv[i], "kill");
			if (!n) {
				rc = 1;
				continue;
			}
			target = -jobs[n].pgid;
		} else {
			target = atoi(argv[i]);
		}
		if (kill(target, signo) < 0) {
			fprintf(stderr, "sh: kill: %s: %s\n", argv[i], strerror(errno));
			rc = 1;
		}
	}
	return rc;
}

/* Wait for every process of job n to end: its last one's status. */
static int wait_all(int n)
{
	int ws;

	while (jobs[n].live > 0) {
		pid_t pid = waitpid(-jobs[n].pgid, &ws, 0);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		job_reaped(n, pid, ws);
	}
	jobs[n].state = JOB_FREE;
	return status_value(jobs[n].last_ws);
}

/* wait [%N|pid]: for one job, or every running one; $? its status. */
static int builtin_wait(char **argv)
{
	int status = 0;

	if (argv[1]) {
		int n = job_arg(argv[1], "wait");
		if (!n)
			return 127;
		return wait_all(n);
	}
	for (int n = 1; n <= JOBS_MAX; n++) {
		if (jobs[n].state != JOB_RUNNING)
			continue;
		status = wait_all(n);
	}
	return status;
}

static int builtin_fg_bg(char **argv, int fg)
{
	int n = job_arg(argv[1], fg ? "fg" : "bg");

	if (!n)
		return 1;
	printf("%s\n", jobs[n].cmd);
	jobs[n].state = JOB_RUNNING;
	if (!fg) {
		kill(-jobs[n].pgid, SIGCONT);
		return 0;
	}
	give_terminal(jobs[n].pgid);
	kill(-jobs[n].pgid, SIGCONT);
	return wait_foreground(n);
}

static void help(void)
{
	printf("tick386 sh: CMD [ARGS] [&] [; CMD ...]   runs /bin/CMD; $? is the last status\n"
	       "built-ins: help, exit [N], jobs, fg [%%N], bg [%%N], wait [%%N|PID],\n"
	       "           kill [-SIG] PID|%%N\n"
	       "keys: ^C interrupts, ^Z stops (then fg/bg), ^D on an empty line leaves,\n"
	       "      ^U erases the line, Backspace a character\n"
	       "programs: ");
	DIR *d = opendir("/bin");
	for (struct dirent *e; d && (e = readdir(d));)
		if (e->d_name[0] != '.')
			printf("%s ", e->d_name);
	if (d)
		closedir(d);
	printf("\n");
}

/* Replace each "$?" of word with the last status (in place, short words). */
static char *expand(char *word, char *space, size_t size)
{
	char *q = strstr(word, "$?");

	if (!q)
		return word;
	snprintf(space, size, "%.*s%d%s", (int)(q - word), word, last_status, q + 2);
	return space;
}

static int run_command(char *cmd)
{
	static char expanded[ARGS_MAX][32];
	char text[64], *argv[ARGS_MAX + 1];
	int argc = 0, background = 0;
	size_t len = strlen(cmd);

	while (len && (cmd[len - 1] == ' ' || cmd[len - 1] == '\t'))
		cmd[--len] = 0;
	if (len && cmd[len - 1] == '&') {
		background = 1;
		cmd[--len] = 0;
	}
	snprintf(text, sizeof(text), "%s", cmd);
	/* "a|b" is "a | b": '|' is a word of its own */
	static char spaced[LINE_MAX_LEN * 3];
	size_t k = 0;
	for (const char *c = cmd; *c && k < sizeof(spaced) - 4; c++) {
		if (*c == '|') {
			spaced[k++] = ' ';
			spaced[k++] = '|';
			spaced[k++] = ' ';
		} else {
			spaced[k++] = *c;
		}
	}
	spaced[k] = 0;
	cmd = spaced;
	for (char *w = strtok(cmd, " \t"); w && argc < ARGS_MAX; w = strtok(NULL, " \t"))
		argv[argc] = expand(w, expanded[argc], sizeof(expanded[argc])), argc++;
	argv[argc] = NULL;
	if (!argc)
		return last_status;
	if (!strcmp(argv[0], "exit")) {
		exit(argv[1] ? atoi(argv[1]) : last_status);
	} else if (!strcmp(argv[0], "help")) {
		help();
		return 0;
	} else if (!strcmp(argv[0], "jobs")) {
		reap_jobs();
		for (int n = 1; n <= JOBS_MAX; n++)
			if (jobs[n].state != JOB_FREE)
				printf("[%d]  %-8s %6d  %s\n", n,
				       jobs[n].state == JOB_STOPPED ? "Stopped" : "Running",
				       (int)jobs[n].pgid, jobs[n].cmd);
		return 0;
	} else if (!strcmp(argv[0], "fg") || !strcmp(argv[0], "bg")) {
		return builtin_fg_bg(argv, argv[0][0] == 'f');
	} else if (!strcmp(argv[0], "wait")) {
		return builtin_wait(argv);
	} else if (!strcmp(argv[0], "kill")) {
		return builtin_kill(argv);
	}
	/* split at the '|' words: each stage's argv ends with a NULL */
	char **stages[STAGES_MAX + 1];
	int nstages = 1;

	stages[0] = argv;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "|"))
			continue;
		argv[i] = NULL;
		if (nstages == STAGES_MAX) {
			fprintf(stderr, "sh: more than %d programs in a pipeline\n", STAGES_MAX);
			return 2;
		}
		stages[nstages++] = &argv[i + 1];
	}
	for (int i = 0; i < nstages; i++)
		if (!stages[i][0]) {
			fprintf(stderr, "sh: syntax error near '|'\n");
			return 2;
		}
	return run_pipeline(stages, nstages, background, text);
}

/* One line of input (without its newline) in line; 0 at end of input. */
static int read_line(char *line, size_t size)
{
	static char buf[LINE_MAX_LEN];
	static size_t have;

	for (;;) {
		char *nl = memchr(buf, '\n', have);
		if (nl) {
			size_t n = (size_t)(nl - buf);
			snprintf(line, size, "%.*s", (int)n, buf);
			memmove(buf, nl + 1, have - n - 1);
			have -= n + 1;
			return 1;
		}
		if (have == sizeof(buf)) /* too long: take it as it is */
			buf[have - 1] = '\n';
		ssize_t r = read(0, buf + have, sizeof(buf) - have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (!have)
				return 0;
			buf[have++] = '\n'; /* a last line without its newline */
			continue;
		}
		have += (size_t)r;
	}
}

int main(int argc, char **argv)
{
	char line[LINE_MAX_LEN];

	if (argc >= 3 && !strcmp(argv[1], "-c")) {
		snprintf(line, sizeof(line), "%s", argv[2]);
		for (char *cmd = line, *next; cmd; cmd = next) {
			next = strchr(cmd, ';');
			if (next)
				*next++ = 0;
			last_status = run_command(cmd);
		}
		return last_status;
	}
	interactive = isatty(0);
	if (interactive) {
		set_job_signals(SIG_IGN);
		setpgid(0, 0);
		shell_pgid = getpgrp();
		tcsetpgrp(0, shell_pgid);
		printf("tick386 sh: type help for the commands, ^D to leave\n");
	}
	for (;;) {
		reap_jobs();
		if (interactive) {
			printf("$ ");
			fflush(stdout);
		}
		if (!read_line(line, sizeof(line)))
			break;
		for (char *cmd = line, *next; cmd; cmd = next) {
			next = strchr(cmd, ';');
			if (next)
				*next++ = 0;
			last_status = run_command(cmd);
		}
	}
	if (interactive)
		printf("exit\n");
	return last_status;
}
