/*
 * signalfd: flags EINVAL, EFAULT, EBADF, EINVAL for a file that is not a
 * signalfd; SFD_NONBLOCK's EAGAIN, a buffer under 128 bytes EINVAL; the
 * record of a kill (SI_USER, pid, uid), of sigqueue (SI_QUEUE, the value),
 * of a POSIX timer (SI_TIMER, its id, the overrun, the value), several in
 * one read, lowest signal first; taking a signal from the queue as
 * sigwaitinfo does; poll and epoll readable while one is pending; a
 * new mask by signalfd(fd, ...); a blocking read woken by a child's kill;
 * a handler ends a blocked read with EINTR, or restarts it (SA_RESTART).
 */
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/wait.h>

#include "conformance.h"

static void *volatile bad_ptr = BAD_PTR_LOW;
static volatile int got_usr2;

static void on_usr2(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)si, (void)uc;
	got_usr2++;
}

static int readable(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};

	return poll(&p, 1, 0) == 1 && p.revents == POLLIN;
}

int main(void)
{
	struct signalfd_siginfo rec[3];
	sigset_t m, m2;
	int sfd, fd, p[2];
	char small[127];
	union sigval val;

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	sigaddset(&m, SIGRTMIN);
	sigaddset(&m, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &m, NULL);

	EXPECT(signalfd(-1, &m, 0x100), EINVAL, "signalfd(flags 0x100)");
	EXPECT(signalfd(-1, bad_ptr, 0), EFAULT, "signalfd(bad mask)");
	EXPECT(signalfd(99, &m, 0), EBADF, "signalfd(fd 99)");
	pipe(p);
	EXPECT(signalfd(p[0], &m, 0), EINVAL, "signalfd(a pipe)");
	sfd = signalfd(-1, &m, SFD_NONBLOCK | SFD_CLOEXEC);
	ok(sfd >= 0, "signalfd(-1, NONBLOCK|CLOEXEC) -> fd");
	ok(fcntl(sfd, F_GETFD) == FD_CLOEXEC, "SFD_CLOEXEC");
	ok((fcntl(sfd, F_GETFL) & O_NONBLOCK) != 0, "SFD_NONBLOCK");
	EXPECT(read(sfd, rec, sizeof(rec[0])), EAGAIN, "read, nothing pending");
	EXPECT(read(sfd, small, sizeof(small)), EINVAL, "read(127 bytes)");
	ok(!readable(sfd), "poll: not readable");

	kill(getpid(), SIGUSR1);
	ok(readable(sfd), "poll: readable with SIGUSR1 pending");
	ok(read(sfd, rec, sizeof(rec)) == 128, "read -> one record of 128 bytes");
	ok(rec[0].ssi_signo == SIGUSR1 && rec[0].ssi_code == SI_USER, "SIGUSR1, SI_USER");
	ok(rec[0].ssi_pid == (uint32_t)getpid() && rec[0].ssi_uid == (uint32_t)getuid(),
	   "ssi_pid, ssi_uid: the sender");
	ok(is_pending(SIGUSR1) == 0, "taken: no longer pending");
	ok(!readable(sfd), "poll: not readable after");

	val.sival_int = 42;
	sigqueue(getpid(), SIGRTMIN, val);
	val.sival_int = 43;
	sigqueue(getpid(), SIGRTMIN, val);
	kill(getpid(), SIGUSR1);
	ok(read(sfd, rec, sizeof(rec)) == 3 * 128, "read of 3 records' room -> 3");
	ok(rec[0].ssi_signo == SIGUSR1, "SIGUSR1 first (lowest number)");
	ok(rec[1].ssi_signo == (uint32_t)SIGRTMIN && rec[1].ssi_code == SI_QUEUE &&
		   rec[1].ssi_int == 42 && rec[2].ssi_int == 43,
	   "then SIGRTMIN twice, SI_QUEUE, values 42, 43 in order");
	ok(rec[1].ssi_pid == (uint32_t)getpid(), "sigqueue: ssi_pid");

	/* a timer's signal: its id, its overrun and its value */
	struct sigevent sev;
	timer_t tid;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN + 1;
	sev.sigev_value.sival_int = 7;
	ok(timer_create(CLOCK_MONOTONIC, &sev, &tid) == 0, "timer_create(SIGRTMIN+1)");
	int64_t armed = mono_ns();
	arm_timer(tid, 0, 5 * NS_PER_MS, 5 * NS_PER_MS);
	sleep_ms(40);
	/* room for one: the re-armed timer may fire again before a second
	 * look on a loaded machine */
	ok(read(sfd, rec, sizeof(rec[0])) == 128, "timer: a record");
	why("overrun %u", rec[0].ssi_overrun);
	ok(rec[0].ssi_signo == (uint32_t)SIGRTMIN + 1 && rec[0].ssi_code == SI_TIMER &&
		   rec[0].ssi_int == 7,
	   "SI_TIMER, the value 7");
	ok(rec[0].ssi_tid == (uint32_t)TIMER_ID_INT(tid), "ssi_tid: the timer's id");
	int64_t periods = (mono_ns() - armed) / (5 * NS_PER_MS);
	why("overrun %u, %lld periods passed", rec[0].ssi_overrun, (long long)periods);
	ok(rec[0].ssi_overrun >= 3 && (int64_t)rec[0].ssi_overrun < periods,
	   "ssi_overrun: the expiries missed (>= 3, fewer than the periods passed)");
	timer_delete(tid);
	read(sfd, rec, sizeof(rec)); /* one more may have come */

	/* epoll sees it too */
	int ep = epoll_create1(0);
	struct epoll_event ev = {EPOLLIN, {.u64 = 1}};
	epoll_ctl(ep, EPOLL_CTL_ADD, sfd, &ev);
	ok(epoll_wait(ep, &ev, 1, 0) == 0, "epoll: nothing pending");
	kill(getpid(), SIGUSR1);
	ok(epoll_wait(ep, &ev, 1, 0) == 1 && ev.events == EPOLLIN, "epoll: SIGUSR1 pending -> IN");

	/* edge-triggered: a signal sent by another process is an edge */
	take_signal(SIGUSR1, NULL, 0);
	int ep2 = epoll_create1(0);
	ev.events = EPOLLIN | EPOLLET;
	ev.data.u64 = 2;
	epoll_ctl(ep2, EPOLL_CTL_ADD, sfd, &ev);
	ok(epoll_wait(ep2, &ev, 1, 0) == 0, "ET epoll: nothing pending");
	pid_t kid = fork();
	if (kid == 0) {
		sleep_ms(30);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	ok(epoll_wait(ep2, &ev, 1, 2000) == 1 && ev.data.u64 == 2, "ET epoll: a child's SIGUSR1 -> IN");
	waitpid(kid, NULL, 0);
	ok(read(sfd, rec, sizeof(rec)) == 128 && rec[0].ssi_pid == (uint32_t)kid, "read it: the child's");
	ok(epoll_wait(ep2, &ev, 1, 0) == 0, "ET epoll: then nothing");
	close(ep2);
	kill(getpid(), SIGUSR1);

	/* a new mask: SIGUSR1 no longer read */
	sigemptyset(&m2);
	sigaddset(&m2, SIGRTMIN);
	ok(signalfd(sfd, &m2, 0) == sfd, "signalfd(sfd, new mask) -> sfd");
	ok(!readable(sfd), "SIGUSR1 pending but out of the mask: not readable");
	EXPECT(read(sfd, rec, sizeof(rec)), EAGAIN, "read -> EAGAIN");
	ok(take_signal(SIGUSR1, NULL, 0) == SIGUSR1, "SIGUSR1 still pending for sigwaitinfo");
	close(ep);
	close(sfd);

	/* blocking: woken by a child's kill, never before */
	fd = signalfd(-1, &m, 0);
	int64_t t0 = mono_ns();
	pid_t pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	ok(read(fd, rec, sizeof(rec)) == 128 && rec[0].ssi_signo == SIGUSR1,
	   "blocking read woken by a child's SIGUSR1");
	ok(rec[0].ssi_pid == (uint32_t)pid, "ssi_pid: the child");
	ok(mono_ns() - t0 >= 30 * NS_PER_MS, "not before it");
	waitpid(pid, NULL, 0);

	/* a handler of another signal: EINTR, or restart under SA_RESTART */
	set_handler(SIGUSR2, on_usr2, 0);
	pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		kill(getppid(), SIGUSR2);
		_exit(0);
	}
	EXPECT(read(fd, rec, sizeof(rec)), EINTR, "a SIGUSR2 handler ends the read");
	ok(got_usr2 == 1, "the handler ran");
	waitpid(pid, NULL, 0);
	set_handler(SIGUSR2, on_usr2, SA_RESTART);
	pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		kill(getppid(), SIGUSR2);
		sleep_ms(30);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	ok(read(fd, rec, sizeof(rec)) == 128 && rec[0].ssi_signo == SIGUSR1,
	   "SA_RESTART: the read goes on and takes SIGUSR1");
	ok(got_usr2 == 2, "the handler ran in between");
	waitpid(pid, NULL, 0);
	close(fd);
	return done();
}
