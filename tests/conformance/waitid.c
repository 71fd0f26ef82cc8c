/*
 * waitid: the siginfo it fills (si_signo SIGCHLD, si_code CLD_EXITED,
 * CLD_KILLED, CLD_STOPPED, CLD_CONTINUED, si_pid, si_uid, si_status),
 * P_PID, P_PGID (0: the caller's group), P_ALL, WNOHANG (0 and a zeroed
 * siginfo), WNOWAIT (reported again, then reaped), WEXITED absent, the
 * errors (EINVAL for options and ids, ECHILD, EFAULT after the child is
 * reaped), the rusage of the raw call's fifth argument, a handler with and
 * without SA_RESTART.  P_PIDFD is not compared (tick386 has no pidfd).
 */
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include "conformance.h"

static volatile sig_atomic_t caught;
static siginfo_t *volatile bad_info = BAD_PTR_LOW;

static const char *code_name(int c)
{
	switch (c) {
	case 0: return "0";
	case CLD_EXITED: return "CLD_EXITED";
	case CLD_KILLED: return "CLD_KILLED";
	case CLD_DUMPED: return "CLD_DUMPED";
	case CLD_STOPPED: return "CLD_STOPPED";
	case CLD_CONTINUED: return "CLD_CONTINUED";
	default: return "other";
	}
}

static void on_signal(int sig)
{
	caught = sig;
}

static void catch(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = flags;
	sigaction(sig, &sa, NULL);
}

static pid_t child_exiting(int code, int after_ms)
{
	pid_t p = fork();

	if (p == 0) {
		if (after_ms)
			sleep_ms(after_ms);
		_exit(code);
	}
	return p;
}

/* si filled as waitid reports child p with code and status */
static void expect_info(const siginfo_t *si, pid_t p, int code, int status, const char *what)
{
	why("signo %d code %s pid %d/%d status %d uid %d", si->si_signo, code_name(si->si_code),
	    (int)si->si_pid, (int)p, si->si_status, (int)si->si_uid);
	ok(si->si_signo == SIGCHLD && si->si_code == code && si->si_pid == p &&
		   si->si_status == status && si->si_uid == getuid() && si->si_errno == 0,
	   "%s: SIGCHLD, %s, its pid, status %d, our uid", what, code_name(code), status);
}

static void errors(void)
{
	siginfo_t si;

	EXPECT(waitid(P_ALL, 0, &si, 0), EINVAL, "no WEXITED, WSTOPPED or WCONTINUED");
	EXPECT(waitid(P_ALL, 0, &si, WNOHANG), EINVAL, "WNOHANG alone");
	EXPECT(waitid(P_ALL, 0, &si, WEXITED | 0x100), EINVAL, "an unknown option bit");
	EXPECT(waitid((idtype_t)42, 0, &si, WEXITED), EINVAL, "idtype 42");
	EXPECT(waitid(P_PID, 0, &si, WEXITED), EINVAL, "P_PID 0");
	EXPECT(waitid(P_PID, (id_t)-1, &si, WEXITED), EINVAL, "P_PID -1");
	EXPECT(waitid(P_PGID, (id_t)-1, &si, WEXITED), EINVAL, "P_PGID -1");
	memset(&si, 0x55, sizeof(si));
	EXPECT(waitid(P_ALL, 0, &si, WEXITED), ECHILD, "no children");
	ok(si.si_signo == 0 && si.si_code == 0 && si.si_pid == 0 && si.si_status == 0,
	   "ECHILD still zeroes the siginfo");
	EXPECT(waitid(P_PID, 99999, &si, WEXITED), ECHILD, "a pid that is no child");
}

static void exits(void)
{
	siginfo_t si;
	pid_t p;

	p = child_exiting(7, 0);
	memset(&si, 0, sizeof(si));
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED), 0, "P_PID of an exiting child");
	expect_info(&si, p, CLD_EXITED, 7, "exit 7");
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED), ECHILD, "reaped: gone");

	p = child_exiting(3, 0);
	sleep_ms(50);
	EXPECT(waitid(P_ALL, 0, &si, WEXITED | WNOWAIT), 0, "WNOWAIT");
	expect_info(&si, p, CLD_EXITED, 3, "WNOWAIT");
	memset(&si, 0, sizeof(si));
	EXPECT(waitid(P_ALL, 0, &si, WEXITED | WNOWAIT), 0, "WNOWAIT again");
	expect_info(&si, p, CLD_EXITED, 3, "reported again");
	ok(waitpid(p, NULL, WNOHANG) == p, "still a zombie for waitpid");

	p = child_exiting(0, 300);
	memset(&si, 0x55, sizeof(si));
	EXPECT(waitid(P_ALL, 0, &si, WEXITED | WNOHANG), 0, "WNOHANG while the child runs");
	ok(si.si_pid == 0 && si.si_signo == 0 && si.si_code == 0 && si.si_status == 0,
	   "and a zeroed siginfo");
	waitpid(p, NULL, 0);

	p = fork();
	if (p == 0) {
		kill(getpid(), SIGKILL);
		for (;;)
			pause();
	}
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED), 0, "a killed child");
	expect_info(&si, p, CLD_KILLED, SIGKILL, "SIGKILL");

	p = child_exiting(9, 0);
	sleep_ms(50);
	EXPECT(waitid(P_PID, (id_t)p, &si, WSTOPPED | WCONTINUED | WNOHANG), ECHILD,
	    "an exited child without WEXITED: not a child to wait for");
	EXPECT(waitid(P_PID, (id_t)p, bad_info, WEXITED), EFAULT, "a bad siginfo");
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED | WNOHANG), ECHILD, "the child was reaped all the same");
}

static void stops(void)
{
	siginfo_t si;
	pid_t p = fork();

	if (p == 0) {
		for (;;)
			pause();
	}
	kill(p, SIGSTOP);
	EXPECT(waitid(P_PID, (id_t)p, &si, WSTOPPED | WNOWAIT), 0, "WSTOPPED | WNOWAIT");
	expect_info(&si, p, CLD_STOPPED, SIGSTOP, "stopped");
	EXPECT(waitid(P_PID, (id_t)p, &si, WSTOPPED), 0, "WSTOPPED");
	expect_info(&si, p, CLD_STOPPED, SIGSTOP, "the stop again");
	memset(&si, 0x55, sizeof(si));
	EXPECT(waitid(P_PID, (id_t)p, &si, WSTOPPED | WNOHANG), 0, "taken: WNOHANG finds nothing");
	ok(si.si_pid == 0, "si_pid 0");
	kill(p, SIGCONT);
	EXPECT(waitid(P_PID, (id_t)p, &si, WCONTINUED), 0, "WCONTINUED");
	expect_info(&si, p, CLD_CONTINUED, SIGCONT, "continued");
	kill(p, SIGTERM);
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED), 0, "then killed");
	expect_info(&si, p, CLD_KILLED, SIGTERM, "SIGTERM");
}

static void groups(void)
{
	siginfo_t si;
	pid_t p, q;

	p = fork();
	if (p == 0) {
		setpgid(0, 0);
		sleep_ms(100);
		_exit(4);
	}
	setpgid(p, p);
	q = child_exiting(5, 200);
	EXPECT(waitid(P_PGID, (id_t)p, &si, WEXITED), 0, "P_PGID of the child's own group");
	expect_info(&si, p, CLD_EXITED, 4, "that child");
	EXPECT(waitid(P_PGID, (id_t)p, &si, WEXITED), ECHILD, "the group has no child left");
	EXPECT(waitid(P_PGID, 0, &si, WEXITED), 0, "P_PGID 0: our group");
	expect_info(&si, q, CLD_EXITED, 5, "the child in our group");
}

static void rusage_and_signals(void)
{
	struct rusage ru;
	siginfo_t si;
	struct itimerval it = {{0, 0}, {0, 50000}};
	int64_t t0;
	pid_t p;

	p = fork();
	if (p == 0) {
		t0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
		while (now_ns(CLOCK_PROCESS_CPUTIME_ID) - t0 < 60 * NS_PER_MS)
			;
		_exit(1);
	}
	memset(&ru, 0x55, sizeof(ru));
	EXPECT(syscall(SYS_waitid, P_PID, p, &si, WEXITED, &ru), 0, "the raw call with a rusage");
	why("utime %ld.%06ld stime %ld.%06ld", (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec,
	    (long)ru.ru_stime.tv_sec, (long)ru.ru_stime.tv_usec);
	ok((ru.ru_utime.tv_sec * 1000000L + ru.ru_utime.tv_usec + ru.ru_stime.tv_sec * 1000000L +
	    ru.ru_stime.tv_usec) >= 50000 && ru.ru_utime.tv_usec < 1000000 && ru.ru_stime.tv_usec < 1000000,
	   "the child's CPU time (60 ms of computing) is in it");
	expect_info(&si, p, CLD_EXITED, 1, "with it");

	p = child_exiting(0, 400);
	catch(SIGALRM, 0);
	caught = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED), EINTR, "a handler ends the wait");
	catch(SIGALRM, SA_RESTART);
	caught = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	EXPECT(waitid(P_PID, (id_t)p, &si, WEXITED), 0, "SA_RESTART: it waits on");
	ok(caught == SIGALRM && si.si_pid == p, "the handler ran and the child was reported");
	signal(SIGALRM, SIG_DFL);
}

int main(void)
{
	errors();
	exits();
	stops();
	groups();
	rusage_and_signals();
	return done();
}
