/* requires: ipc/msg.c */
/*
 * System V message queues: msgget (keys, IPC_PRIVATE, IPC_CREAT/EXCL,
 * ENOENT, EEXIST, EACCES), msgsnd/msgrcv (every msgtyp mode, MSG_NOERROR,
 * MSG_EXCEPT, MSG_COPY, IPC_NOWAIT's EAGAIN and ENOMSG, E2BIG, EINVAL,
 * EFAULT), the queue's byte and count limit, msgctl (IPC_STAT, IPC_SET,
 * IPC_RMID, IPC_INFO, MSG_INFO, MSG_STAT, MSG_STAT_ANY) and the times and
 * pids of msqid_ds, ownership for another user (EPERM, EACCES), and the
 * sleeping calls with fork: a receiver woken by a send, a sender by a
 * receive, both by IPC_RMID (EIDRM) and by a handler (EINTR, even with
 * SA_RESTART), a sleeping receiver whose buffer is too small (E2BIG).
 * Linux's defaults: MSGMAX 8192, MSGMNB 16384, MSGMNI 32000, as
 * /proc/sys/kernel/msg{max,mnb,mni} show them; /proc/sysvipc/msg's header
 * and a queue's line.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/wait.h>
#include "conformance.h"

#define KEY ((key_t)0x7e5a0d01)
#define NOBODY 65534

struct m64 {
	long mtype;
	char mtext[64];
};

struct mbig {
	long mtype;
	char mtext[9000];
};

static char *volatile bad_ptr = BAD_PTR_LOW;
static volatile sig_atomic_t caught;



static void on_sig(int sig)
{
	caught = sig;
}

/* A handler with SA_RESTART: System V IPC's sleeps are not restarted. */
static void catch_restart(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sig;
	sa.sa_flags = SA_RESTART;
	sigaction(sig, &sa, NULL);
}

/* Wait until process pid sleeps (its /proc stat state 'S'). */
static int wait_sleeping(pid_t pid)
{
	char path[64], buf[256], *p;
	int64_t end = mono_ns() + 5 * NS_PER_S;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	do {
		FILE *f = fopen(path, "r");

		if (f) {
			size_t n = fread(buf, 1, sizeof(buf) - 1, f);

			fclose(f);
			buf[n] = 0;
			p = strrchr(buf, ')');
			if (p && p[1] == ' ' && p[2] == 'S') {
				sleep_ms(20); /* asleep in the call, not on its way */
				return 1;
			}
		}
		sleep_ms(2);
	} while (mono_ns() < end);
	return 0;
}

/* The child's exit status: its errno name's test is made in the child,
 * which exits with the errno (0 for success, 100+ for a wrong value). */
static int child_status(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 200 + WTERMSIG(st);
}

static int qnum(int id)
{
	struct msqid_ds ds;

	return msgctl(id, IPC_STAT, &ds) == 0 ? (int)ds.msg_qnum : -1;
}

static int send_str(int id, long type, const char *s, int flags)
{
	struct m64 m;

	m.mtype = type;
	strcpy(m.mtext, s);
	return msgsnd(id, &m, strlen(s) + 1, flags);
}

static void limits(void)
{
	struct msginfo mi;
	int rc;

	memset(&mi, 0, sizeof(mi));
	rc = msgctl(0, IPC_INFO, (struct msqid_ds *)&mi);
	why("rc=%d errno=%s", rc, errname(errno));
	ok(rc >= 0, "msgctl(IPC_INFO) -> the highest index in use");
	ok(mi.msgmax == 8192 && mi.msgmnb == 16384 && mi.msgmni == 32000,
	   "IPC_INFO: msgmax 8192, msgmnb 16384, msgmni 32000");
	why("msgssz %d msgseg %u msgpool %d msgmap %d msgtql %d", mi.msgssz, mi.msgseg,
	    mi.msgpool, mi.msgmap, mi.msgtql);
	ok(mi.msgssz == 16 && mi.msgseg == 0xffff && mi.msgpool == 512000 && mi.msgmap == 16384 &&
		   mi.msgtql == 16384,
	   "IPC_INFO: msgssz 16, msgseg 65535, msgpool 512000, msgmap 16384, msgtql 16384");
	EXPECT_ID(msgctl(0, IPC_INFO, (struct msqid_ds *)(void *)bad_ptr), EFAULT,
	    "msgctl(IPC_INFO) to a bad pointer");
}

/* The text of a /proc/sys file (read(2): a sysctl file reads as Linux
 * makes it, whatever a C library's stdio does with its size 0), or "" */
static const char *first_line(const char *path)
{
	static char buf[256];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	buf[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
	return buf;
}

static void proc_files(void)
{
	char line[256];
	int id = msgget(IPC_PRIVATE, 0640), found = 0;
	FILE *f;

	ok(!strcmp(first_line("/proc/sys/kernel/msgmax"), "8192\n"), "/proc/sys/kernel/msgmax 8192");
	ok(!strcmp(first_line("/proc/sys/kernel/msgmnb"), "16384\n"), "/proc/sys/kernel/msgmnb 16384");
	ok(!strcmp(first_line("/proc/sys/kernel/msgmni"), "32000\n"), "/proc/sys/kernel/msgmni 32000");
	send_str(id, 3, "proc", 0);
	f = fopen("/proc/sysvipc/msg", "r");
	ok(f && fgets(line, sizeof(line), f) &&
		   !strcmp(line, "       key      msqid perms      cbytes       qnum lspid lrpid   uid   "
				 "gid  cuid  cgid      stime      rtime      ctime\n"),
	   "/proc/sysvipc/msg's header");
	while (f && fgets(line, sizeof(line), f)) {
		int key, qid, lspid, lrpid;
		unsigned perms, uid;
		unsigned long cbytes, qnum;

		if (sscanf(line, "%d %d %o %lu %lu %d %d %u", &key, &qid, &perms, &cbytes, &qnum,
			   &lspid, &lrpid, &uid) == 8 &&
		    qid == id)
			found = key == 0 && perms == 0640 && cbytes == 5 && qnum == 1 &&
				lspid == getpid() && lrpid == 0 && uid == geteuid();
	}
	if (f)
		fclose(f);
	ok(found, "its line for a queue: key, id, perms, cbytes, qnum, lspid, lrpid, uid");
	msgctl(id, IPC_RMID, NULL);
}

static void get(void)
{
	struct msqid_ds ds;
	int a, b, id;
	time_t t0 = time(NULL);

	a = msgget(IPC_PRIVATE, 0600);
	b = msgget(IPC_PRIVATE, IPC_CREAT | IPC_EXCL | 0600);
	ok(a >= 0 && b >= 0 && a != b, "IPC_PRIVATE makes a new queue each time");
	msgctl(a, IPC_RMID, NULL);
	msgctl(b, IPC_RMID, NULL);
	EXPECT_ID(msgctl(a, IPC_STAT, &ds), EINVAL, "IPC_STAT of a removed queue");
	EXPECT_ID(msgsnd(a, &(struct m64){1, "x"}, 1, 0), EINVAL, "msgsnd to a removed queue");

	id = msgget(KEY, 0);
	if (id >= 0)
		msgctl(id, IPC_RMID, NULL);
	EXPECT_ID(msgget(KEY, 0600), ENOENT, "msgget of a missing key without IPC_CREAT");
	id = msgget(KEY, IPC_CREAT | 0640);
	ok(id >= 0, "msgget(IPC_CREAT) makes the key's queue");
	ok(msgget(KEY, 0) == id && msgget(KEY, IPC_CREAT | 0600) == id,
	   "msgget of the key again finds it");
	EXPECT_ID(msgget(KEY, IPC_CREAT | IPC_EXCL | 0600), EEXIST, "msgget(IPC_CREAT | IPC_EXCL) of it");
	memset(&ds, 0xa5, sizeof(ds));
	EXPECT_ID(msgctl(id, IPC_STAT, &ds), 0, "msgctl(IPC_STAT)");
	ok(ds.msg_perm.__key == KEY && (ds.msg_perm.mode & 0777) == 0640 &&
		   ds.msg_perm.uid == geteuid() && ds.msg_perm.cuid == geteuid() &&
		   ds.msg_perm.gid == getegid() && ds.msg_perm.cgid == getegid(),
	   "the key, mode 0640, owner and creator are the caller's");
	ok(ds.msg_qnum == 0 && ds.msg_cbytes == 0 && ds.msg_qbytes == 16384 &&
		   ds.msg_lspid == 0 && ds.msg_lrpid == 0 && ds.msg_stime == 0 &&
		   ds.msg_rtime == 0,
	   "empty: qbytes 16384, no pids, no times");
	ok(ds.msg_ctime >= t0 && ds.msg_ctime <= time(NULL), "msg_ctime is the creation's");
	EXPECT_ID(msgctl(id, IPC_STAT, (struct msqid_ds *)(void *)bad_ptr), EFAULT,
	    "IPC_STAT to a bad pointer");
	EXPECT_ID(msgctl(id, 99, &ds), EINVAL, "msgctl of an unknown command");
	EXPECT_ID(msgctl(-1, IPC_STAT, &ds), EINVAL, "msgctl of id -1");
	EXPECT_ID(msgctl(id, IPC_RMID, NULL), 0, "IPC_RMID");
	EXPECT_ID(msgctl(id, IPC_RMID, NULL), EINVAL, "IPC_RMID again");
	EXPECT_ID(msgget(KEY, 0600), ENOENT, "the key is gone with it");
}

static void send_receive(void)
{
	struct msqid_ds ds;
	struct m64 m;
	struct mbig big;
	int id = msgget(IPC_PRIVATE, 0600);
	time_t t0 = time(NULL);
	long n;

	EXPECT_ID(msgsnd(-1, &(struct m64){1, "x"}, 1, 0), EINVAL, "msgsnd to id -1");
	EXPECT_ID(msgsnd(id, &(struct m64){0, "x"}, 1, 0), EINVAL, "msgsnd of mtype 0");
	EXPECT_ID(msgsnd(id, &(struct m64){-5, "x"}, 1, 0), EINVAL, "msgsnd of a negative mtype");
	big.mtype = 1;
	memset(big.mtext, 'b', sizeof(big.mtext));
	EXPECT_ID(msgsnd(id, &big, 8193, 0), EINVAL, "msgsnd of 8193 bytes (MSGMAX 8192)");
	EXPECT_ID(msgsnd(id, &big, (size_t)-1, 0), EINVAL, "msgsnd of size (size_t)-1");
	EXPECT_ID(msgsnd(id, (void *)bad_ptr, 1, 0), EFAULT, "msgsnd from a bad pointer");
	EXPECT_ID(msgsnd(id, &big, 8192, 0), 0, "msgsnd of 8192 bytes");
	EXPECT_ID(msgctl(id, IPC_STAT, &ds), 0, "IPC_STAT after a send");
	ok(ds.msg_qnum == 1 && ds.msg_cbytes == 8192 && ds.msg_lspid == getpid() &&
		   ds.msg_lrpid == 0 && ds.msg_stime >= t0 && ds.msg_rtime == 0,
	   "qnum 1, cbytes 8192, lspid the sender, stime set");
	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), 0, 0), E2BIG, "msgrcv into 64 bytes of a longer one");
	ok(qnum(id) == 1, "it stays queued");
	n = msgrcv(id, &m, sizeof(m.mtext), 0, MSG_NOERROR);
	ok(n == 64 && m.mtype == 1 && m.mtext[63] == 'b', "MSG_NOERROR truncates it to 64 bytes");
	EXPECT_ID(msgctl(id, IPC_STAT, &ds), 0, "IPC_STAT after a receive");
	ok(ds.msg_qnum == 0 && ds.msg_cbytes == 0 && ds.msg_lrpid == getpid() &&
		   ds.msg_rtime >= t0,
	   "the rest is gone: qnum 0, cbytes 0, lrpid the receiver, rtime set");

	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), 0, IPC_NOWAIT), ENOMSG, "IPC_NOWAIT on an empty queue");
	EXPECT_ID(msgrcv(-1, &m, sizeof(m.mtext), 0, IPC_NOWAIT), EINVAL, "msgrcv from id -1");
	EXPECT_ID(msgrcv(id, &m, (size_t)-1, 0, IPC_NOWAIT), EINVAL, "msgrcv of size (size_t)-1");
	EXPECT_ID(msgsnd(id, &(struct m64){7, ""}, 0, 0), 0, "msgsnd of 0 bytes");
	n = msgrcv(id, &m, 0, 0, 0);
	ok(n == 0 && m.mtype == 7, "msgrcv of it into 0 bytes -> 0");

	send_str(id, 5, "five", 0);
	send_str(id, 3, "three", 0);
	send_str(id, 8, "eight", 0);
	send_str(id, 3, "three-2", 0);
	send_str(id, 1, "one", 0);
	send_str(id, 2, "two", 0);
	n = msgrcv(id, &m, sizeof(m.mtext), 3, 0);
	ok(n == 6 && m.mtype == 3 && !strcmp(m.mtext, "three"), "msgtyp 3: the first of type 3");
	n = msgrcv(id, &m, sizeof(m.mtext), 5, MSG_EXCEPT);
	ok(n == 6 && m.mtype == 8 && !strcmp(m.mtext, "eight"),
	   "msgtyp 5 with MSG_EXCEPT: the first of another type");
	n = msgrcv(id, &m, sizeof(m.mtext), -4, 0);
	ok(n == 4 && m.mtype == 1, "msgtyp -4: the lowest type at most 4");
	n = msgrcv(id, &m, sizeof(m.mtext), -4, 0);
	ok(n == 4 && m.mtype == 2, "msgtyp -4 again: type 2");
	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), 9, IPC_NOWAIT), ENOMSG, "msgtyp 9: none -> ENOMSG");
	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), -2, IPC_NOWAIT), ENOMSG, "msgtyp -2: none -> ENOMSG");
	n = msgrcv(id, &m, sizeof(m.mtext), LONG_MIN, IPC_NOWAIT);
	ok(n == 8 && m.mtype == 3, "msgtyp LONG_MIN: any type (the lowest)");
	n = msgrcv(id, &m, sizeof(m.mtext), 0, 0);
	ok(n == 5 && m.mtype == 5 && !strcmp(m.mtext, "five"), "msgtyp 0: the oldest");
	ok(qnum(id) == 0, "the queue is empty");

	/* MSG_COPY: msgtyp is the message's position, nothing is removed */
	send_str(id, 10, "ten", 0);
	send_str(id, 20, "twenty", 0);
	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), 1, MSG_COPY), EINVAL, "MSG_COPY without IPC_NOWAIT");
	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), 1, MSG_COPY | MSG_EXCEPT | IPC_NOWAIT), EINVAL,
	    "MSG_COPY with MSG_EXCEPT");
	memset(&m, 0, sizeof(m));
	n = msgrcv(id, &m, sizeof(m.mtext), 1, MSG_COPY | IPC_NOWAIT);
	ok(n == 7 && m.mtype == 20 && !strcmp(m.mtext, "twenty"), "MSG_COPY of position 1");
	n = msgrcv(id, &m, sizeof(m.mtext), 0, MSG_COPY | IPC_NOWAIT);
	ok(n == 4 && m.mtype == 10, "MSG_COPY of position 0");
	EXPECT_ID(msgrcv(id, &m, sizeof(m.mtext), 2, MSG_COPY | IPC_NOWAIT), ENOMSG,
	    "MSG_COPY of position 2 of 2");
	EXPECT_ID(msgrcv(id, &m, 2, 0, MSG_COPY | IPC_NOWAIT), E2BIG, "MSG_COPY into too small a buffer");
	ok(qnum(id) == 2, "both stay queued");
	EXPECT_ID(msgrcv(id, (void *)bad_ptr, sizeof(m.mtext), 0, 0), EFAULT, "msgrcv into a bad pointer");
	ok(qnum(id) == 1, "the message is lost all the same");

	/* the queue's limit: bytes and count, both against msg_qbytes */
	msgctl(id, IPC_RMID, NULL);
	id = msgget(IPC_PRIVATE, 0600);
	msgctl(id, IPC_STAT, &ds);
	ds.msg_qbytes = 100;
	EXPECT_ID(msgctl(id, IPC_SET, &ds), 0, "IPC_SET msg_qbytes 100");
	memset(m.mtext, 'q', sizeof(m.mtext));
	m.mtype = 1;
	EXPECT_ID(msgsnd(id, &m, 60, IPC_NOWAIT), 0, "60 bytes into it");
	EXPECT_ID(msgsnd(id, &m, 40, IPC_NOWAIT), 0, "40 more: exactly full");
	EXPECT_ID(msgsnd(id, &m, 1, IPC_NOWAIT), EAGAIN, "1 more with IPC_NOWAIT");
	EXPECT_ID(msgsnd(id, &m, 0, IPC_NOWAIT), 0, "0 more bytes still fit");
	ds.msg_qbytes = 3;
	EXPECT_ID(msgctl(id, IPC_SET, &ds), 0, "IPC_SET msg_qbytes 3 below what is queued");
	EXPECT_ID(msgsnd(id, &m, 0, IPC_NOWAIT), EAGAIN, "a message of 0 bytes into it");
	msgctl(id, IPC_RMID, NULL);
	id = msgget(IPC_PRIVATE, 0600);
	msgctl(id, IPC_STAT, &ds);
	ds.msg_qbytes = 3;
	msgctl(id, IPC_SET, &ds);
	for (int i = 0; i < 3; i++)
		msgsnd(id, &m, 0, IPC_NOWAIT);
	EXPECT_ID(msgsnd(id, &m, 0, IPC_NOWAIT), EAGAIN,
	    "a fourth empty message when msg_qbytes is 3 (the count is limited too)");
	msgctl(id, IPC_RMID, NULL);
}

static void ctl(void)
{
	struct msqid_ds ds;
	struct msginfo mi;
	int id = msgget(IPC_PRIVATE, 0600), idx, max, found = -1;
	time_t t0 = time(NULL);

	msgctl(id, IPC_STAT, &ds);
	ds.msg_perm.mode = 0123444;
	ds.msg_perm.uid = 1234;
	ds.msg_perm.gid = 5678;
	EXPECT_ID(msgctl(id, IPC_SET, &ds), 0, "IPC_SET mode, uid, gid");
	msgctl(id, IPC_STAT, &ds);
	ok((ds.msg_perm.mode & 0777) == 0444 && ds.msg_perm.uid == 1234 && ds.msg_perm.gid == 5678 &&
		   ds.msg_perm.cuid == geteuid(),
	   "only the mode's permission bits are set; the creator stays");
	ok(ds.msg_ctime >= t0, "msg_ctime is IPC_SET's");
	EXPECT_ID(msgctl(id, IPC_SET, (struct msqid_ds *)(void *)bad_ptr), EFAULT,
	    "IPC_SET from a bad pointer");

	memset(&mi, 0, sizeof(mi));
	max = msgctl(0, MSG_INFO, (struct msqid_ds *)&mi);
	why("max %d msgpool %d", max, mi.msgpool);
	ok(max >= 0 && mi.msgpool >= 1, "MSG_INFO: the highest index, queues in use >= 1");
	for (idx = 0; idx <= max; idx++)
		if (msgctl(idx, MSG_STAT, &ds) == id)
			found = idx;
	ok(found >= 0, "MSG_STAT of some index up to MSG_INFO's answers the queue's id");
	EXPECT_ID(msgctl(max + 1, MSG_STAT, &ds), EINVAL, "MSG_STAT beyond the highest index");
	EXPECT_ID(msgctl(found, MSG_STAT_ANY, &ds), 0, "MSG_STAT_ANY of that index");
	msgctl(id, IPC_RMID, NULL);
}

/* Another user (the child, uid 65534) and the root's 0600 queue. */
static void others(void)
{
	struct msqid_ds ds;
	int id, st;
	pid_t pid;

	msgctl(msgget(KEY, 0), IPC_RMID, NULL);
	id = msgget(KEY, IPC_CREAT | 0600);
	pid = fork();
	if (pid == 0) {
		struct m64 m = {1, "x"};
		int bad = 0, k;

		if (setuid(NOBODY) != 0)
			_exit(99);
		bad |= !(msgsnd(id, &m, 1, IPC_NOWAIT) == -1 && errno == EACCES) << 0;
		bad |= !(msgrcv(id, &m, 1, 0, IPC_NOWAIT) == -1 && errno == EACCES) << 1;
		bad |= !(msgctl(id, IPC_STAT, &ds) == -1 && errno == EACCES) << 2;
		bad |= !(msgctl(id, IPC_SET, &ds) == -1 && errno == EPERM) << 3;
		bad |= !(msgctl(id, IPC_RMID, NULL) == -1 && errno == EPERM) << 4;
		bad |= !(msgget(KEY, 0400) == -1 && errno == EACCES) << 5;
		bad |= !(msgget(KEY, 0) == id) << 6;
		/* its own queue: larger than MSGMNB needs CAP_SYS_RESOURCE */
		k = msgget(IPC_PRIVATE, 0600);
		msgctl(k, IPC_STAT, &ds);
		ds.msg_qbytes = 16385;
		bad |= !(msgctl(k, IPC_SET, &ds) == -1 && errno == EPERM) << 7;
		ds.msg_qbytes = 16384;
		bad |= !(msgctl(k, IPC_SET, &ds) == 0) << 8;
		bad |= !(msgctl(k, IPC_RMID, NULL) == 0) << 9;
		_exit(bad);
	}
	st = child_status(pid);
	why("failed bits %#x", st);
	ok(st == 0, "another user: msgsnd/msgrcv/IPC_STAT EACCES, IPC_SET/IPC_RMID EPERM, "
		    "msgget asking 0400 EACCES and asking nothing ok, qbytes > 16384 EPERM");
	msgctl(id, IPC_STAT, &ds);
	ds.msg_perm.uid = NOBODY;
	msgctl(id, IPC_SET, &ds);
	pid = fork();
	if (pid == 0) {
		if (setuid(NOBODY) != 0)
			_exit(99);
		_exit(msgctl(id, IPC_RMID, NULL) == 0 ? 0 : errno);
	}
	ok(child_status(pid) == 0, "the owner (not the creator) may remove it");
	EXPECT_ID(msgctl(id, IPC_STAT, &ds), EINVAL, "it is gone");
}

static void blocking(void)
{
	struct m64 m;
	struct msqid_ds ds;
	int id = msgget(IPC_PRIVATE, 0600), st;
	pid_t pid;

	/* a sleeping receiver and a send */
	pid = fork();
	if (pid == 0) {
		long n = msgrcv(id, &m, sizeof(m.mtext), 4, 0);

		_exit(n == 5 && m.mtype == 4 && !strcmp(m.mtext, "four") ? 0 : 100);
	}
	ok(wait_sleeping(pid), "a receiver of type 4 sleeps");
	send_str(id, 2, "two", 0);
	send_str(id, 4, "four", 0);
	ok(child_status(pid) == 0, "the send of type 4 wakes it with the message");
	msgctl(id, IPC_STAT, &ds);
	ok(ds.msg_qnum == 1 && ds.msg_lrpid == pid && ds.msg_lspid == getpid(),
	   "type 2 stays; lrpid is the receiver's");
	msgrcv(id, &m, sizeof(m.mtext), 0, 0);

	/* a sleeping sender and a receive */
	msgctl(id, IPC_STAT, &ds);
	ds.msg_qbytes = 10;
	msgctl(id, IPC_SET, &ds);
	send_str(id, 1, "123456789", 0);
	pid = fork();
	if (pid == 0)
		_exit(send_str(id, 1, "abc", 0) == 0 ? 0 : errno);
	ok(wait_sleeping(pid), "a sender to a full queue sleeps");
	ok(qnum(id) == 1, "its message is not queued");
	msgrcv(id, &m, sizeof(m.mtext), 0, 0);
	ok(child_status(pid) == 0, "a receive makes room and wakes it");
	ok(msgrcv(id, &m, sizeof(m.mtext), 0, IPC_NOWAIT) == 4 && !strcmp(m.mtext, "abc"),
	   "its message is queued");

	/* a sleeping receiver with too small a buffer */
	pid = fork();
	if (pid == 0) {
		long n = msgrcv(id, &m, 2, 0, 0);

		_exit(n == -1 ? errno : 100);
	}
	wait_sleeping(pid);
	send_str(id, 1, "toolong", 0);
	st = child_status(pid);
	why("exit %d", st);
	ok(st == E2BIG, "a sleeping receiver's buffer too small for the message sent -> E2BIG");
	ok(qnum(id) == 1, "the message stays queued");
	msgrcv(id, &m, sizeof(m.mtext), 0, 0);

	/* handlers: EINTR even with SA_RESTART */
	catch_restart(SIGUSR1);
	pid = fork();
	if (pid == 0) {
		long n = msgrcv(id, &m, sizeof(m.mtext), 0, 0);

		_exit(n == -1 && caught == SIGUSR1 ? errno : 100);
	}
	wait_sleeping(pid);
	kill(pid, SIGUSR1);
	ok(child_status(pid) == EINTR, "a handler (SA_RESTART) ends a sleeping msgrcv with EINTR");
	send_str(id, 1, "123456789", 0);
	pid = fork();
	if (pid == 0) {
		int rc = send_str(id, 1, "x", 0);

		_exit(rc == -1 && caught == SIGUSR1 ? errno : 100);
	}
	wait_sleeping(pid);
	kill(pid, SIGUSR1);
	ok(child_status(pid) == EINTR, "a handler (SA_RESTART) ends a sleeping msgsnd with EINTR");
	ok(qnum(id) == 1, "nothing was sent");
	signal(SIGUSR1, SIG_DFL);

	/* IPC_RMID: EIDRM to every sleeper */
	pid_t s = fork();
	if (s == 0)
		_exit(send_str(id, 1, "x", 0) == -1 ? errno : 100);
	int id2 = msgget(IPC_PRIVATE, 0600);
	pid_t r = fork();
	if (r == 0)
		_exit(msgrcv(id2, &m, sizeof(m.mtext), 0, 0) == -1 ? errno : 100);
	wait_sleeping(s);
	wait_sleeping(r);
	msgctl(id, IPC_RMID, NULL);
	msgctl(id2, IPC_RMID, NULL);
	st = child_status(s);
	ok(st == EIDRM, "IPC_RMID ends a sleeping msgsnd with EIDRM");
	st = child_status(r);
	ok(st == EIDRM, "IPC_RMID ends a sleeping msgrcv with EIDRM");
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	limits();
	proc_files();
	get();
	send_receive();
	ctl();
	others();
	blocking();
	done();
	return 0;
}
