/*
 * execve: what the new program gets (argv, envp, the same pid and parent),
 * what exec drops (timers with their queued signals, handlers, close-on-exec
 * descriptors) and keeps (ignored signals, the mask, pending signals, other
 * descriptors), and the errors of a failed execve, after which the caller
 * is as it was.  The program execs itself: on Linux by the path it was run
 * with, on tick386 as /bin/NAME (tools/runprog puts it in the file tree).
 * The exec'd image prints its own TAP lines on the inherited stdout,
 * numbered on from the parent's count (passed as an argument), and exits
 * with the number of its failures; the parent then counts them as its own.
 */
#include "conformance.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char self[256];
/* A bad pointer the compiler cannot see through (glibc declares sizes). */
static void *volatile const bad_low = BAD_PTR_LOW;
#define BADP ((void *)bad_low)

static void find_self(const char *argv0)
{
	if (strchr(argv0, '/'))
		snprintf(self, sizeof(self), "%s", argv0);
	else
		snprintf(self, sizeof(self), "/bin/%s", argv0);
}

static void on_usr1(int sig)
{
	(void)sig;
}

/* --- the exec'd image -------------------------------------------------------- */

/* argv: self "after" FIRST PID PPID TIMER CLOEXEC_FD KEPT_FD */
#define AFTER_CHECKS 11
static int after_exec(int argc, char **argv, char **envp)
{
	struct sigaction sa;
	sigset_t mask, pend;
	struct stat st;
	struct itimerspec v;
	timer_t t;

	if (argc != 8)
		return 100;
	tap_count = atoi(argv[2]);
	ok(1, "the new image gets the arguments");
	why("envp[0] %s", envp && envp[0] ? envp[0] : "(none)");
	ok(envp && envp[0] && !strcmp(envp[0], "TICK=386") && !envp[1] && getenv("TICK") &&
		   !strcmp(getenv("TICK"), "386"),
	   "the new image gets exactly the environment passed");
	ok(getpid() == atoi(argv[3]) && getppid() == atoi(argv[4]),
	   "exec keeps the pid and the parent");
	t = (timer_t)(intptr_t)atol(argv[5]);
	EXPECT(timer_gettime(t, &v), EINVAL, "exec deletes the timers: timer_gettime");
	sigpending(&pend);
	ok(!sigismember(&pend, SIGRTMIN), "exec drops the deleted timer's queued signal");
	ok(sigismember(&pend, SIGUSR2), "a pending signal stays pending across exec");
	sigprocmask(SIG_BLOCK, NULL, &mask);
	ok(sigismember(&mask, SIGUSR2) && sigismember(&mask, SIGRTMIN),
	   "the signal mask stays across exec");
	sigaction(SIGUSR1, NULL, &sa);
	ok(sa.sa_handler == SIG_DFL, "a caught signal is SIG_DFL after exec");
	sigaction(SIGHUP, NULL, &sa);
	ok(sa.sa_handler == SIG_IGN, "an ignored signal stays SIG_IGN after exec");
	EXPECT(fstat(atoi(argv[6]), &st), EBADF, "an O_CLOEXEC descriptor after exec: fstat");
	EXPECT(fstat(atoi(argv[7]), &st), 0, "a descriptor without O_CLOEXEC after exec: fstat");
	return tap_count - atoi(argv[2]) == AFTER_CHECKS ? tap_failed : 100;
}

/* --- the checks ----------------------------------------------------------------- */

static void exec_and_report(void)
{
	char a_first[16], a_pid[16], a_ppid[16], a_timer[24], a_cfd[16], a_kfd[16];
	int st = -1;
	pid_t pid = fork();

	if (pid == 0) {
		struct sigevent ev;
		struct itimerspec v;
		struct sigaction sa;
		sigset_t set;
		timer_t t;
		int cfd, kfd;

		sigemptyset(&set);
		sigaddset(&set, SIGRTMIN);
		sigaddset(&set, SIGUSR2);
		sigprocmask(SIG_BLOCK, &set, NULL);
		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGRTMIN;
		if (timer_create(CLOCK_MONOTONIC, &ev, &t))
			_exit(126);
		memset(&v, 0, sizeof(v));
		v.it_value.tv_nsec = 1000000;
		v.it_interval.tv_nsec = 1000000;
		timer_settime(t, 0, &v, NULL);
		for (int i = 0; i < 1000; i++) { /* its signal queued */
			sigset_t pend;

			sigpending(&pend);
			if (sigismember(&pend, SIGRTMIN))
				break;
			sleep_ms(1);
		}
		raise(SIGUSR2); /* blocked: pending */
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, NULL);
		signal(SIGHUP, SIG_IGN);
		cfd = open("/", O_RDONLY | O_CLOEXEC);
		kfd = open("/", O_RDONLY);
		snprintf(a_first, sizeof(a_first), "%d", tap_count);
		snprintf(a_pid, sizeof(a_pid), "%d", (int)getpid());
		snprintf(a_ppid, sizeof(a_ppid), "%d", (int)getppid());
		snprintf(a_timer, sizeof(a_timer), "%ld", (long)(intptr_t)t);
		snprintf(a_cfd, sizeof(a_cfd), "%d", cfd);
		snprintf(a_kfd, sizeof(a_kfd), "%d", kfd);
		char *av[] = {self, "after", a_first, a_pid, a_ppid, a_timer, a_cfd, a_kfd, NULL};
		char *envp[] = {"TICK=386", NULL};
		execve(self, av, envp);
		_exit(127);
	}
	waitpid(pid, &st, 0);
	if (WIFEXITED(st) && WEXITSTATUS(st) < 100) {
		tap_count += AFTER_CHECKS; /* printed by the new image */
		tap_failed += WEXITSTATUS(st);
	} else {
		why("status %#x", st);
		ok(0, "the exec'd image ran its checks");
	}
}

/* A failed execve changes nothing: the caller goes on with its timer. */
static void exec_errors(void)
{
	char longpath[5000], through_file[300];
	char *av[] = {self, NULL};
	char *bad_av[] = {self, (char *)BADP, NULL};
	struct sigevent ev;
	struct itimerspec v;
	timer_t t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	timer_create(CLOCK_MONOTONIC, &ev, &t);
	memset(&v, 0, sizeof(v));
	v.it_value.tv_sec = 100;
	timer_settime(t, 0, &v, NULL);

	EXPECT(execve("/no/such/program", av, NULL), ENOENT, "execve of a missing file");
	EXPECT(execve("/", av, NULL), EACCES, "execve of a directory");
	snprintf(through_file, sizeof(through_file), "%s/x", self);
	EXPECT(execve(through_file, av, NULL), ENOTDIR, "execve through a file");
	memset(longpath, 'a', sizeof(longpath) - 1);
	longpath[0] = '/';
	longpath[sizeof(longpath) - 1] = '\0';
	EXPECT(execve(longpath, av, NULL), ENAMETOOLONG, "execve of a path of 5000 bytes");
	EXPECT(execve(NULLP, av, NULL), EFAULT, "execve of a NULL path");
	EXPECT(execve(BADP, av, NULL), EFAULT, "execve of a bad path pointer");
	EXPECT(execve(self, BADP, NULL), EFAULT, "execve with a bad argv pointer");
	EXPECT(execve(self, bad_av, NULL), EFAULT, "execve with a bad string in argv");
	EXPECT(execve(self, av, BADP), EFAULT, "execve with a bad envp pointer");
	EXPECT(timer_gettime(t, &v), 0, "after the failed execs the caller's timer is there");
	ok(v.it_value.tv_sec > 90, "and still armed");
	timer_delete(t);
}

int main(int argc, char **argv, char **envp)
{
	if (argc > 1 && !strcmp(argv[1], "after")) {
		fflush(stdout);
		return after_exec(argc, argv, envp);
	}
	find_self(argv[0]);
	exec_and_report();
	exec_errors();
	return done();
}
