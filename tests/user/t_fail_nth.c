/*
 * Every allocation of the timer, interval timer, timerfd, file and memory
 * calls made to fail, one at a time, with /proc/self/fail-nth (the walk:
 * fail_nth.h), and the file's own interface (Linux's kstrtouint forms).
 * timer_create must fail with EAGAIN, as Linux's when the timer cannot be
 * allocated, each clock and notification kind, and use up no timer id;
 * setitimer, alarm, timer_settime, sigaction, select and poll on a few
 * descriptors make no allocation that could fail them (Linux's do not);
 * timerfd_create, open and poll on many descriptors fail with ENOMEM;
 * pipe2 with ENFILE (the pipe) or ENOMEM (a file), as Linux's;
 * F_SETPIPE_SZ with ENOMEM, the ring and its bytes as they were; a write
 * into a pipe with ENOMEM for its first page, its count for a later one; brk
 * keeps the old break; mq_open creating a queue and mq_send with ENOMEM,
 * leaving no queue and no message; waitid never fails for memory; on
 * tmpfs, open(O_CREAT), mkdir and rename fail with ENOMEM and leave no
 * name made or moved, a write fails with ENOMEM or returns what it wrote
 * before the failed page (the size says so), and the open of a FIFO
 * fails with ENOMEM; symlink (short and long targets), link, an O_CREAT
 * through a dangling link, readlink and a lookup through a link fail
 * with ENOMEM and leave no name or link count changed; futex_waitv with
 * ENOMEM (its vector), a futex requeue never; epoll_create1, epoll_ctl's
 * ADD, eventfd and signalfd fail with ENOMEM; socket, socketpair and an
 * AF_UNIX connect (its server-side socket) fail with ENOMEM, leaving
 * nothing queued; and epoll_wait makes none (its events are
 * gathered on the stack); System V msgget and semget fail with ENOMEM and
 * leave no id, msgsnd with ENOMEM queues nothing, msgrcv(MSG_COPY) with
 * ENOMEM leaves the message, a semop of SEM_UNDO (its undo) and one of
 * 100 operations (the array) with ENOMEM change no value, semctl(GETALL)
 * with ENOMEM.  A kernel fault ends the run (the runner then
 * misses init's exit line).  The last lines count the failures, per call.
 */
/* initramfs: yes */
/* expect: status=0 */
#define _GNU_SOURCE /* fallocate */
#include "fail_nth.h"
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <mqueue.h>

/* ---- timers ------------------------------------------------------------------- */

static clockid_t t_clock;
static int t_notify; /* a SIGEV_* kind, or -1 for a NULL sigevent */
static int last_timer_id = -1;
static timer_t t_timer;

static long timer_create_run(void)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = t_notify;
	ev.sigev_signo = SIGRTMIN + 1;
	ev.sigev_value.sival_int = 77;
	if (t_notify == SIGEV_THREAD_ID)
		ev.sigev_notify_thread_id = getpid();
	return timer_create(t_clock, t_notify < 0 ? NULL : &ev, &t_timer);
}

/* Ids are handed out in order and never at once again: a failed create
 * must not have used one up. */
static int timer_create_settle(long r, int injected)
{
	int id = (int)(long)t_timer, good = 1;

	(void)injected;
	if (r < 0)
		return 1;
	if (last_timer_id >= 0 && id != last_timer_id + 1) {
		tap_why("timer id %d after %d: a failed create used ids", id, last_timer_id);
		good = 0;
	}
	last_timer_id = id;
	if (timer_delete(t_timer))
		good = 0;
	return good;
}

static timer_t s_timer;

static void settime_prepare(void)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN + 2;
	timer_create(CLOCK_MONOTONIC, &ev, &s_timer);
}

/* Armed to fire at once and periodic: the expiry and its queued signal
 * happen inside the walk too (the IRQ path must not allocate). */
static long settime_run(void)
{
	struct itimerspec its = { { 0, 1000000 }, { 0, 1 } };

	return timer_settime(s_timer, 0, &its, NULL);
}

static int settime_settle(long r, int injected)
{
	struct timespec zero = { 0, 0 };
	sigset_t set;
	siginfo_t info;
	int good = r == 0 && !injected;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 2);
	if (r == 0)
		good = sigwaitinfo(&set, &info) == SIGRTMIN + 2 && info.si_code == SI_TIMER;
	timer_delete(s_timer);
	sigtimedwait(&set, &info, &zero); /* nothing is left: timer_delete dropped it */
	return good;
}

/* ---- actions, interval timers, timerfd, files ----------------------------------- */

static long sigaction_run(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr2;
	return sigaction(SIGUSR2, &sa, NULL);
}

static int sigaction_settle(long r, int injected)
{
	(void)injected;
	signal(SIGUSR2, SIG_DFL);
	return r == 0;
}

static long setitimer_run(void)
{
	struct itimerval itv = { { 0, 0 }, { 100, 0 } };

	return setitimer(ITIMER_REAL, &itv, NULL);
}

static long alarm_run(void)
{
	alarm(100);
	return 0;
}

/* alarm cannot fail: it must be armed whatever happened. */
static int itimer_settle(long r, int injected)
{
	struct itimerval itv, zero;
	int armed;

	(void)injected;
	getitimer(ITIMER_REAL, &itv);
	armed = itv.it_value.tv_sec > 0;
	memset(&zero, 0, sizeof(zero));
	setitimer(ITIMER_REAL, &zero, NULL);
	if (r == 0 && !armed)
		tap_why("succeeded but ITIMER_REAL is not armed");
	return r < 0 || armed;
}

static long timerfd_run(void)
{
	return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
}

static int tfd = -1;

static void timerfd_settime_prepare(void)
{
	tfd = timerfd_create(CLOCK_REALTIME, 0);
}

static long timerfd_settime_run(void)
{
	struct itimerspec its = { { 0, 0 }, { 1000, 0 } };

	return timerfd_settime(tfd, 0, &its, NULL);
}

static int timerfd_settime_settle(long r, int injected)
{
	(void)injected;
	close(tfd);
	return r == 0;
}

static const char *open_path;

static long open_run(void)
{
	return open(open_path, O_RDONLY);
}

static long poll_run(void)
{
	struct pollfd p[2] = { { 1, POLLOUT, 0 }, { 0, 0, 0 } };

	return poll(p, 2, 0);
}

/* More than Linux keeps on its stack (31 on i386): the rest is allocated. */
static long poll_many_run(void)
{
	struct pollfd p[40];

	for (int i = 0; i < 40; i++)
		p[i] = (struct pollfd){ i ? -1 : 1, POLLOUT, 0 };
	return poll(p, 40, 0);
}

static long select_run(void)
{
	struct timeval zero = { 0, 0 };
	fd_set w;

	FD_ZERO(&w);
	FD_SET(1, &w);
	return select(2, NULL, &w, NULL, &zero);
}

/*
 * brk, raw (Linux's: the new break, or the old one when it cannot grow),
 * by three pages.  tick386 maps them at once (Linux at the first touch),
 * so each is an allocation.  The page table they need is made once before
 * the walk: one that a failed brk made stays (empty) until exit, which is
 * no leak but would show in MemFree.
 */
static unsigned long brk_start, brk_want;

/* The break now: malloc (opendir's) may have moved it since. */
static void brk_prepare(void)
{
	brk_start = (unsigned long)syscall(SYS_brk, 0);
	brk_want = brk_start + 3 * 4096;
}

static void brk_prepare_once(void)
{
	brk_prepare();
	syscall(SYS_brk, brk_want);
	syscall(SYS_brk, brk_start);
}

static long brk_run(void)
{
	return syscall(SYS_brk, brk_want);
}

static int brk_settle(long r, int injected)
{
	int good = (unsigned long)r == (injected ? brk_start : brk_want);

	if (!good)
		tap_why("brk gave %#lx", (unsigned long)r);
	syscall(SYS_brk, brk_start);
	return good;
}

static long nanosleep_run(void)
{
	struct timespec ts = { 0, 1000 };

	return clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
}

static long dup_run(void)
{
	return dup(1);
}

static int pipe_fds[2];

static long pipe_run(void)
{
	return pipe2(pipe_fds, O_CLOEXEC);
}

static int pipe_settle(long r, int injected)
{
	(void)injected;
	if (r == 0) {
		close(pipe_fds[0]);
		close(pipe_fds[1]);
	}
	return 1;
}

static int sock_fds[2];

static int socketpair_settle(long r, int injected)
{
	(void)injected;
	if (r == 0) {
		close(sock_fds[0]);
		close(sock_fds[1]);
	}
	return 1;
}

/* ---- sockets ---------------------------------------------------------------------- */

static int sock_listener = -1, sock_client = -1;
static struct sockaddr_un sock_name = {AF_UNIX, "\0fail-nth"};
#define SOCK_NAME_LEN (sizeof(sa_family_t) + 10)

static long socket_run(void)
{
	return socket(AF_INET, SOCK_STREAM, 0);
}

static long socketpair_run(void)
{
	return socketpair(AF_UNIX, SOCK_STREAM, 0, sock_fds);
}

static void connect_prepare(void)
{
	sock_client = socket(AF_UNIX, SOCK_STREAM, 0);
}

static long connect_run(void)
{
	return connect(sock_client, (struct sockaddr *)&sock_name, SOCK_NAME_LEN);
}

/* A connection made is taken off the queue; the client goes either way. */
static int connect_settle(long r, int injected)
{
	int good = 1;

	(void)injected;
	if (r == 0) {
		int d = accept4(sock_listener, NULL, NULL, SOCK_NONBLOCK);

		good = d >= 0 && close(d) == 0;
	}
	close(sock_client);
	return good;
}

/* F_SETPIPE_SZ's one allocation is the new slot array: ENOMEM, the ring and
 * its bytes as they were.  A write takes a page per slot it fills: ENOMEM
 * for the first, the count written for a later one (Linux's pipe_write). */
static char pipe_buf[8192];

static void pipe_prepare(void)
{
	if (pipe(pipe_fds) == 0)
		write(pipe_fds[1], pipe_buf, 100);
}

static long setpipe_run(void)
{
	return fcntl(pipe_fds[0], F_SETPIPE_SZ, 8192);
}

static int pipe_close_settle(long r, int injected, long want_size, int want_bytes)
{
	int n = -1, good = 1;

	(void)injected;
	ioctl(pipe_fds[0], FIONREAD, &n);
	if (n != want_bytes || fcntl(pipe_fds[0], F_GETPIPE_SZ) != want_size) {
		tap_why("r %ld: %d bytes, size %d", r, n, fcntl(pipe_fds[0], F_GETPIPE_SZ));
		good = 0;
	}
	close(pipe_fds[0]);
	close(pipe_fds[1]);
	return good;
}

static int setpipe_settle(long r, int injected)
{
	return pipe_close_settle(r, injected, r < 0 ? 65536 : 8192, 100);
}

static void pipe_empty_prepare(void)
{
	pipe(pipe_fds);
}

static long pipe_write_run(void)
{
	return write(pipe_fds[1], pipe_buf, sizeof(pipe_buf));
}

static int pipe_write_settle(long r, int injected)
{
	/* a failed page: nothing written (ENOMEM) or the first page's count */
	int cut = injected && r >= 0 && r != 4096;

	if (cut)
		tap_why("wrote %ld with a page failed", r);
	return pipe_close_settle(r, injected, 65536, r < 0 ? 0 : (int)r) && !cut;
}

/* ---- epoll, eventfd, signalfd ------------------------------------------------------ */

static long epoll_create_run(void)
{
	return epoll_create1(EPOLL_CLOEXEC);
}

static long eventfd_run(void)
{
	return eventfd(0, EFD_CLOEXEC);
}

static long signalfd_run(void)
{
	sigset_t m;

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	return signalfd(-1, &m, SFD_CLOEXEC);
}

static int ctl_ep = -1, ctl_fd = -1;

/* made before the state is taken and the countdown set: not walked */
static void epoll_ctl_prepare(void)
{
	ctl_ep = epoll_create1(0);
	ctl_fd = eventfd(1, 0);
}

static long epoll_ctl_run(void)
{
	struct epoll_event ev = {EPOLLIN, {.u64 = 1}};

	return epoll_ctl(ctl_ep, EPOLL_CTL_ADD, ctl_fd, &ev);
}

/* added: the item reports; failed: there is none (a DEL says ENOENT) */
static int epoll_ctl_settle(long r, int injected)
{
	struct epoll_event ev;
	int n = epoll_wait(ctl_ep, &ev, 1, 0), good;

	(void)injected;
	good = r == 0 ? n == 1 : n == 0 && epoll_ctl(ctl_ep, EPOLL_CTL_DEL, ctl_fd, NULL) == -1 &&
					errno == ENOENT;
	close(ctl_fd);
	close(ctl_ep);
	return good;
}

static void epoll_wait_prepare(void)
{
	epoll_ctl_prepare();
	epoll_ctl_run();
}

static long epoll_wait_run(void)
{
	struct epoll_event ev[4];

	return epoll_wait(ctl_ep, ev, 4, 0);
}

static int epoll_wait_settle(long r, int injected)
{
	(void)injected;
	close(ctl_fd);
	close(ctl_ep);
	return r == 1;
}

/* ---- message queues and waitid ------------------------------------------------- */

/* mq_open creating a queue: the name, the queue, its name copy, the file;
 * Linux's getname, inode and file allocations all say ENOMEM, and a
 * failure leaves no queue (the name is free again) and no charge. */
static long mq_create_run(void)
{
	return mq_open("/fail_nth", O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
}

static int mq_create_settle(long r, int injected)
{
	int good = 1;

	(void)injected;
	if (r >= 0)
		good = mq_close((mqd_t)r) == 0;
	/* a failed create made no queue: the name must be free */
	errno = 0;
	if (mq_unlink("/fail_nth") != 0 && (r >= 0 || errno != ENOENT))
		good = 0;
	else if (r < 0 && errno != ENOENT) {
		tap_why("a failed mq_open left its queue");
		good = 0;
	}
	return good;
}

static mqd_t mq_walk_q = -1;

/* mq_send: the message (Linux's load_msg, ENOMEM); a failure queues nothing. */
static long mq_send_run(void)
{
	return mq_send(mq_walk_q, "fail-nth", 8, 3);
}

static int mq_send_settle(long r, int injected)
{
	static char buf[8192]; /* a receive takes a buffer of mq_msgsize */
	struct mq_attr a;

	(void)injected;
	if (mq_getattr(mq_walk_q, &a) != 0 || a.mq_curmsgs != (r == 0 ? 1 : 0))
		return 0;
	return r != 0 || mq_receive(mq_walk_q, buf, sizeof(buf), NULL) == 8;
}

/* ---- System V message queues and semaphore sets --------------------------------- */

static int sysv_msq = -1, sysv_msq_copy = -1, sysv_sem = -1;
static struct {
	long mtype;
	char mtext[16];
} sysv_m = {1, "fail-nth"};

/* msgget and semget: the queue or set (Linux's kvmalloc, ENOMEM); a
 * failure leaves no id behind. */
static long msgget_run(void)
{
	return msgget(IPC_PRIVATE, 0600);
}

static int msgget_settle(long r, int injected)
{
	(void)injected;
	return r < 0 || msgctl((int)r, IPC_RMID, NULL) == 0;
}

static long semget_run(void)
{
	return semget(IPC_PRIVATE, 4, 0600);
}

static int semget_settle(long r, int injected)
{
	(void)injected;
	return r < 0 || semctl((int)r, 0, IPC_RMID) == 0;
}

/* msgsnd: the message (load_msg); a failure queues nothing. */
static long msgsnd_run(void)
{
	return msgsnd(sysv_msq, &sysv_m, 8, IPC_NOWAIT);
}

static int msgsnd_settle(long r, int injected)
{
	struct msqid_ds ds;

	(void)injected;
	if (msgctl(sysv_msq, IPC_STAT, &ds) != 0 || ds.msg_qnum != (r == 0 ? 1u : 0u))
		return 0;
	return r != 0 || msgrcv(sysv_msq, &sysv_m, sizeof(sysv_m.mtext), 0, IPC_NOWAIT) == 8;
}

/* msgrcv(MSG_COPY): the copy (prepare_copy); the message stays queued. */
static long msgcopy_run(void)
{
	return msgrcv(sysv_msq_copy, &sysv_m, sizeof(sysv_m.mtext), 0, MSG_COPY | IPC_NOWAIT);
}

static int msgcopy_settle(long r, int injected)
{
	struct msqid_ds ds;

	(void)injected;
	return msgctl(sysv_msq_copy, IPC_STAT, &ds) == 0 && ds.msg_qnum == 1 && (r < 0 || r == 8);
}

/* semop with SEM_UNDO: the undo (find_alloc_undo); a failure changes no
 * value.  The set is made again, so that the undo goes with the old one. */
static long semundo_run(void)
{
	struct sembuf b = {0, 1, SEM_UNDO};

	return semop(sysv_sem, &b, 1);
}

static int semundo_settle(long r, int injected)
{
	int good = semctl(sysv_sem, 0, GETVAL) == (r == 0 ? 1 : 0);

	(void)injected;
	semctl(sysv_sem, 0, IPC_RMID);
	sysv_sem = semget(IPC_PRIVATE, 4, 0600);
	return good && sysv_sem >= 0;
}

/* semop of 100 waits for zero: the array (more than SEMOPM_FAST). */
static long semop_many_run(void)
{
	static struct sembuf b[100];

	return semop(sysv_sem, b, 100);
}

/* semctl(GETALL): the values' buffer. */
static long semgetall_run(void)
{
	unsigned short v[4];

	return semctl(sysv_sem, 0, GETALL, v);
}

static pid_t waitid_child;

static void waitid_prepare(void)
{
	waitid_child = fork();
	if (waitid_child == 0)
		_exit(5);
}

/* waitid allocates nothing (nor does Linux's): no failure may reach it. */
static long waitid_run(void)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)waitid_child, &si, WEXITED) != 0)
		return -1;
	return si.si_pid == waitid_child && si.si_status == 5 ? 0 : -1;
}

/* ---- tmpfs (fs/tmpfs.c, fs/namei.c) and FIFOs (fs/pipe.c) ------------------------ */

/* A failed create leaves no name; a made one is removed again. */
static int gone_settle(const char *path, long r, int is_fd)
{
	int good = 1;

	if (r < 0)
		good = access(path, F_OK) != 0 && errno == ENOENT;
	else if (is_fd)
		close((int)r);
	if (!good)
		tap_why("%s left behind", path);
	return good;
}

static long tmpfs_create_run(void)
{
	return open("/tmp/fail-nth-new", O_RDWR | O_CREAT | O_EXCL, 0600);
}

static int tmpfs_create_settle(long r, int injected)
{
	int good = gone_settle("/tmp/fail-nth-new", r, 1);

	(void)injected;
	unlink("/tmp/fail-nth-new");
	return good;
}

static long mkdir_run(void)
{
	return mkdir("/tmp/fail-nth-dir", 0700);
}

static int mkdir_settle(long r, int injected)
{
	int good = gone_settle("/tmp/fail-nth-dir", r, 0);

	(void)injected;
	rmdir("/tmp/fail-nth-dir");
	return good;
}

/* 3 pages written to an empty file: the table's two and the data's. */
static char wbuf[3 * 4096];
static int wfd = -1;

static long tmpfs_write_run(void)
{
	return pwrite(wfd, wbuf, sizeof(wbuf), 0);
}

/* A write cut short by a failed page returns what it wrote (Linux). */
static int tmpfs_write_settle(long r, int injected)
{
	struct stat st;
	int good = fstat(wfd, &st) == 0 && st.st_size == (r > 0 ? r : 0);

	if (!good)
		tap_why("size %ld after %ld", (long)st.st_size, r);
	if (!injected && r != (long)sizeof(wbuf))
		good = 0;
	ftruncate(wfd, 0);
	return good;
}

/* fallocate of 3 pages into the empty file: all or nothing (ENOMEM with no
 * page kept, the size still 0), as Linux's shmem_fallocate undoes. */
static long tmpfs_falloc_run(void)
{
	return fallocate(wfd, 0, 0, sizeof(wbuf));
}

static int tmpfs_falloc_settle(long r, int injected)
{
	struct stat st;
	int good = fstat(wfd, &st) == 0;

	if (good && r == 0)
		good = st.st_size == (off_t)sizeof(wbuf) && st.st_blocks == 24;
	else if (good)
		good = st.st_size == 0 && st.st_blocks == 0;
	if (!good)
		tap_why("size %ld, %ld blocks after %ld", (long)st.st_size, (long)st.st_blocks, r);
	if (!injected && r != 0)
		good = 0;
	ftruncate(wfd, 0);
	return good;
}

static long rename_run(void)
{
	return rename("/tmp/fail-nth-a", "/tmp/fail-nth-b");
}

static int rename_settle(long r, int injected)
{
	int good = access(r == 0 ? "/tmp/fail-nth-b" : "/tmp/fail-nth-a", F_OK) == 0;

	(void)injected;
	if (r == 0)
		rename("/tmp/fail-nth-b", "/tmp/fail-nth-a");
	return good;
}

/* Links (fs/namei.c, fs/tmpfs.c): a short and a long symlink target
 * (the heap; a page charged to the mount), a hard link, an O_CREAT
 * through a dangling link (the target's copy), a lookup and a readlink
 * through links. */
static char long_target[1000];

static long symlink_run(void)
{
	return symlink("fail-nth-a", "/tmp/fail-nth-s");
}

static long symlink_long_run(void)
{
	return symlink(long_target, "/tmp/fail-nth-s");
}

static int symlink_settle(long r, int injected)
{
	struct stat st;
	int good = r < 0 ? lstat("/tmp/fail-nth-s", &st) != 0 && errno == ENOENT
			 : lstat("/tmp/fail-nth-s", &st) == 0 && S_ISLNK(st.st_mode);

	(void)injected;
	unlink("/tmp/fail-nth-s");
	return good;
}

static long link_run(void)
{
	return link("/tmp/fail-nth-a", "/tmp/fail-nth-h");
}

static int link_settle(long r, int injected)
{
	struct stat st;
	int made = access("/tmp/fail-nth-h", F_OK) == 0;
	int good = stat("/tmp/fail-nth-a", &st) == 0 && st.st_nlink == (r == 0 ? 2u : 1u) &&
		   made == (r == 0);

	(void)injected;
	unlink("/tmp/fail-nth-h");
	return good;
}

static long create_through_link_run(void)
{
	return open("/tmp/fail-nth-dangling", O_RDWR | O_CREAT, 0600);
}

static int create_through_link_settle(long r, int injected)
{
	int good = gone_settle("/tmp/fail-nth-made", r, 1);

	(void)injected;
	unlink("/tmp/fail-nth-made");
	return good;
}

static long readlink_run(void)
{
	static char buf[64];

	return readlink("/tmp/fail-nth-dangling", buf, sizeof(buf));
}

static long stat_through_link_run(void)
{
	struct stat st;

	return stat("/tmp/fail-nth-la", &st);
}

static long fifo_open_run(void)
{
	return open("/tmp/fail-nth-fifo", O_RDWR);
}

/* ---- the interface itself ------------------------------------------------------- */

static void test_interface(void)
{
	static const struct {
		const char *in;
		long ret;
		unsigned value;
	} writes[] = {
		{ "5", 1, 5 },		  { "0x10\n", 5, 16 },	  { "+7", 2, 7 },
		{ "010", 3, 8 },	  { "abc", -EINVAL, 8 },  { "-1", -EINVAL, 8 },
		{ "4294967296", -ERANGE, 8 }, { "4294967295", 10, 4294967295u },
		{ "3 ", -EINVAL, 4294967295u }, { "", -EINVAL, 4294967295u }, { "0", 1, 0 },
	};
	struct stat st;
	void *p;

	ok(nth_get_fd(nth_fd) == 0, "fail-nth reads 0 when nothing is asked");
	for (unsigned i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		long r = write(nth_fd, writes[i].in, strlen(writes[i].in));

		if (r < 0)
			r = -errno;
		ok(r == writes[i].ret && nth_get_fd(nth_fd) == writes[i].value,
		   "fail-nth: writing '%s' gives %ld, then reads %u", writes[i].in, writes[i].ret,
		   writes[i].value);
	}
	ok(stat("/proc/self/fail-nth", &st) == 0 && (st.st_mode & 0777) == 0644,
	   "fail-nth is mode 0644");
	/* The countdown is the task's: one allocation made by open fires it. */
	nth_set(1);
	errno = 0;
	p = (void *)(long)open("/proc/self/status", O_RDONLY);
	ok((long)p == -1 && errno == ENOMEM && nth_get_fd(nth_fd) == 0,
	   "fail-nth 1: the next allocation (open's) fails, then it reads 0");
}

/* ---- futex ------------------------------------------------------------------------ */

/* futex_waitv allocates its vector (ENOMEM, nothing queued); a requeue and
 * a wake allocate nothing.  The deadline is past: ETIMEDOUT is success. */
static unsigned fx_words[2];

static long waitv_run(void)
{
	struct {
		unsigned long long val, uaddr;
		unsigned flags, reserved;
	} v[8];
	struct {
		long long sec, nsec;
	} past = { 0, 0 };
	long r;

	for (int i = 0; i < 8; i++) {
		v[i].val = 0, v[i].uaddr = (unsigned long)&fx_words[i & 1];
		v[i].flags = 2 | 128, v[i].reserved = 0;
	}
	r = syscall(SYS_futex_waitv, v, 8, 0, &past, CLOCK_MONOTONIC);
	return r < 0 && errno == ETIMEDOUT ? 0 : -1;
}

static long requeue_run(void)
{
	return syscall(SYS_futex, &fx_words[0], 4 | 128, 1, 1, &fx_words[1], 0);
}

/* ---- main ----------------------------------------------------------------------- */

int main(void)
{
	static const struct {
		clockid_t clock;
		const char *name;
	} clocks[] = {
		{ CLOCK_REALTIME, "REALTIME" },
		{ CLOCK_MONOTONIC, "MONOTONIC" },
		{ CLOCK_BOOTTIME, "BOOTTIME" },
		{ CLOCK_TAI, "TAI" },
		{ CLOCK_PROCESS_CPUTIME_ID, "PROCESS_CPUTIME_ID" },
		{ CLOCK_THREAD_CPUTIME_ID, "THREAD_CPUTIME_ID" },
		{ 0, "own pid's CPU clock" },
	};
	static const struct {
		int notify;
		const char *name;
	} notifies[] = {
		{ SIGEV_SIGNAL, "SIGEV_SIGNAL" },
		{ SIGEV_NONE, "SIGEV_NONE" },
		{ SIGEV_THREAD_ID, "SIGEV_THREAD_ID" },
		{ -1, "NULL sigevent" },
	};
	static const char *const paths[] = { "/bin/sleep", "/proc/self/status", "/proc/slabinfo" };
	static char names[64][64];
	const struct call calls[] = {
		{ "timer_settime", 0, settime_prepare, settime_run, settime_settle },
		{ "sigaction", 0, NULL, sigaction_run, sigaction_settle },
		{ "setitimer", 0, NULL, setitimer_run, itimer_settle },
		{ "alarm", 0, NULL, alarm_run, itimer_settle },
		{ "timerfd_create", ENOMEM, NULL, timerfd_run, close_settle },
		{ "timerfd_settime", 0, timerfd_settime_prepare, timerfd_settime_run,
		  timerfd_settime_settle },
		{ "poll", 0, NULL, poll_run, plain_settle },
		{ "poll(40 fds)", ENOMEM, NULL, poll_many_run, plain_settle },
		{ "select", 0, NULL, select_run, plain_settle },
		{ "brk", 0, brk_prepare, brk_run, brk_settle },
		{ "clock_nanosleep", 0, NULL, nanosleep_run, plain_settle },
		{ "dup", 0, NULL, dup_run, close_settle },
		{ "pipe2", ENFILE, NULL, pipe_run, pipe_settle, ENOMEM },
		{ "socket(AF_INET)", ENOMEM, NULL, socket_run, close_settle },
		{ "socketpair(AF_UNIX)", ENOMEM, NULL, socketpair_run, socketpair_settle },
		{ "connect(AF_UNIX)", ENOMEM, connect_prepare, connect_run, connect_settle },
		{ "F_SETPIPE_SZ", ENOMEM, pipe_prepare, setpipe_run, setpipe_settle },
		{ "write to a pipe", ENOMEM, pipe_empty_prepare, pipe_write_run, pipe_write_settle },
		{ "epoll_create1", ENOMEM, NULL, epoll_create_run, close_settle },
		{ "epoll_ctl(ADD)", ENOMEM, epoll_ctl_prepare, epoll_ctl_run, epoll_ctl_settle },
		{ "epoll_wait", 0, epoll_wait_prepare, epoll_wait_run, epoll_wait_settle },
		{ "eventfd", ENOMEM, NULL, eventfd_run, close_settle },
		{ "signalfd", ENOMEM, NULL, signalfd_run, close_settle },
		{ "mq_open(O_CREAT)", ENOMEM, NULL, mq_create_run, mq_create_settle },
		{ "mq_send", ENOMEM, NULL, mq_send_run, mq_send_settle },
		{ "msgget", ENOMEM, NULL, msgget_run, msgget_settle },
		{ "msgsnd", ENOMEM, NULL, msgsnd_run, msgsnd_settle },
		{ "msgrcv(MSG_COPY)", ENOMEM, NULL, msgcopy_run, msgcopy_settle },
		{ "semget", ENOMEM, NULL, semget_run, semget_settle },
		{ "semop(SEM_UNDO)", ENOMEM, NULL, semundo_run, semundo_settle },
		{ "semop(100 operations)", ENOMEM, NULL, semop_many_run, plain_settle },
		{ "semctl(GETALL)", ENOMEM, NULL, semgetall_run, plain_settle },
		{ "waitid", 0, waitid_prepare, waitid_run, plain_settle },
		{ "open(O_CREAT) on tmpfs", ENOMEM, NULL, tmpfs_create_run, tmpfs_create_settle },
		{ "mkdir on tmpfs", ENOMEM, NULL, mkdir_run, mkdir_settle },
		{ "write on tmpfs", ENOMEM, NULL, tmpfs_write_run, tmpfs_write_settle },
		{ "fallocate on tmpfs", ENOMEM, NULL, tmpfs_falloc_run, tmpfs_falloc_settle },
		{ "rename on tmpfs", ENOMEM, NULL, rename_run, rename_settle },
		{ "open of a FIFO", ENOMEM, NULL, fifo_open_run, close_settle },
		{ "symlink on tmpfs", ENOMEM, NULL, symlink_run, symlink_settle },
		{ "symlink, long target", ENOMEM, NULL, symlink_long_run, symlink_settle },
		{ "link on tmpfs", ENOMEM, NULL, link_run, link_settle },
		{ "open(O_CREAT) through a dangling link", ENOMEM, NULL, create_through_link_run,
		  create_through_link_settle },
		{ "readlink", ENOMEM, NULL, readlink_run, plain_settle },
		{ "stat through a link", ENOMEM, NULL, stat_through_link_run, plain_settle },
		{ "futex_waitv", ENOMEM, NULL, waitv_run, plain_settle },
		{ "futex(CMP_REQUEUE)", 0, NULL, requeue_run, plain_settle },
	};
	int nnames = 0;
	sigset_t block;

	nth_fd = open("/proc/self/fail-nth", O_RDWR);
	if (!ok(nth_fd >= 0, "/proc/self/fail-nth opens for reading and writing"))
		return done_testing();
	test_interface();

	/* The timers' signals stay pending until the walk takes them. */
	sigemptyset(&block);
	sigaddset(&block, SIGRTMIN + 1);
	sigaddset(&block, SIGRTMIN + 2);
	sigprocmask(SIG_BLOCK, &block, NULL);
	brk_prepare_once();
	mq_walk_q = mq_open("/fail_nth_q", O_RDWR | O_CREAT, 0600, NULL);
	/* one message through first: its slab takes its page outside the walk */
	if (mq_send_run() == 0)
		mq_send_settle(0, 0);
	/* System V: the id tables grown and a message through before the walk */
	msgctl(msgget(IPC_PRIVATE, 0600), IPC_RMID, NULL);
	semctl(semget(IPC_PRIVATE, 4, 0600), 0, IPC_RMID);
	sysv_msq = msgget(IPC_PRIVATE, 0600);
	sysv_msq_copy = msgget(IPC_PRIVATE, 0600);
	sysv_sem = semget(IPC_PRIVATE, 4, 0600);
	if (msgsnd_run() == 0)
		msgsnd_settle(0, 0);
	msgsnd(sysv_msq_copy, &sysv_m, 8, 0);
	/* tmpfs: the written file and the renamed and FIFO names exist first;
	 * one write and truncate before the walk, so the heap is warm. */
	wfd = open("/tmp/fail-nth-w", O_RDWR | O_CREAT, 0600);
	pwrite(wfd, wbuf, sizeof(wbuf), 0);
	ftruncate(wfd, 0);
	close(open("/tmp/fail-nth-a", O_RDWR | O_CREAT, 0600));
	mkfifo("/tmp/fail-nth-fifo", 0600);
	sock_listener = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(sock_listener, (struct sockaddr *)&sock_name, SOCK_NAME_LEN);
	listen(sock_listener, 8);
	close(open("/tmp/fail-nth-fifo", O_RDWR));
	memset(long_target, 'l', sizeof(long_target) - 1);
	symlink("fail-nth-made", "/tmp/fail-nth-dangling");
	symlink("fail-nth-a", "/tmp/fail-nth-la");

	for (unsigned c = 0; c < sizeof(clocks) / sizeof(clocks[0]); c++)
		for (unsigned k = 0; k < sizeof(notifies) / sizeof(notifies[0]); k++) {
			struct call call = { names[nnames], EAGAIN, NULL, timer_create_run,
					     timer_create_settle };

			t_clock = clocks[c].clock;
			if (!t_clock && c)
				clock_getcpuclockid(getpid(), &t_clock);
			snprintf(names[nnames++], sizeof(names[0]), "timer_create(%s, %s)",
				 clocks[c].name, notifies[k].name);
			t_notify = notifies[k].notify;
			walk(&call);
		}
	for (unsigned i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		walk(&calls[i]);
	for (unsigned i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct call call = { names[nnames], ENOMEM, NULL, open_run, close_settle };

		snprintf(names[nnames++], sizeof(names[0]), "open(%s)", paths[i]);
		open_path = paths[i];
		walk(&call);
	}
	summary_print();
	mq_close(mq_walk_q);
	mq_unlink("/fail_nth_q");
	/* System V objects outlive their maker: removed, or init's exit keeps them */
	msgctl(sysv_msq, IPC_RMID, NULL);
	msgctl(sysv_msq_copy, IPC_RMID, NULL);
	semctl(sysv_sem, 0, IPC_RMID);
	close(wfd);
	unlink("/tmp/fail-nth-w");
	unlink("/tmp/fail-nth-a");
	unlink("/tmp/fail-nth-fifo");
	unlink("/tmp/fail-nth-dangling");
	unlink("/tmp/fail-nth-la");
	close(nth_fd);
	return done_testing();
}
