/*
 * System V message queues and semaphores attacked from ring 3 (tick386
 * only; the behaviour itself is compared with Linux by
 * tests/conformance/sysv_msg.c and sysv_sem.c):
 *  - processes killed while they sleep in msgrcv, msgsnd, semop and
 *    semtimedop: the queue and the set stay whole, GETNCNT back to 0;
 *  - IPC_RMID under sleepers of three processes and three threads each,
 *    on a queue and on a set: every one gets EIDRM;
 *  - a storm of signals on processes sleeping in semop and msgrcv, which
 *    go back to sleep after each EINTR: each gets its post at the end;
 *  - SEM_UNDO: a thread's undo lasts until its process ends (the list is
 *    the process's), children killed while holding undos give them back,
 *    an undo whose set was removed and made again touches nothing;
 *  - a queue filled to MSGMNB (EAGAIN), semaphore sets until SEMMNI
 *    (ENOSPC), then all removed: the free memory comes back
 *    (/proc/meminfo); MSGMNI's bound is met with msgmni lowered (below);
 *  - the sysctls: msgmni and sem's SEMMNI lowered by root bound msgget
 *    and semget (ENOSPC), msgmax bounds msgsnd (EINVAL); bad writes
 *    (text, negative, SEMMNI above 32768) are EINVAL and change nothing;
 *    another user cannot write them (EACCES).
 * The runner also checks that init's exit gave back every page.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct m16 {
	long mtype;
	char mtext[16];
};

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, ms % 1000 * 1000000};

	nanosleep(&ts, NULL);
}

static int op1(int id, int num, int op, int flg)
{
	struct sembuf b = {(unsigned short)num, (short)op, (short)flg};

	return semop(id, &b, 1);
}

static int wait_ncnt(int id, int num, int want)
{
	for (int i = 0; i < 2000; i++) {
		if (semctl(id, num, GETNCNT) == want)
			return 1;
		sleep_ms(2);
	}
	return 0;
}

static int exit_code(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 200 + WTERMSIG(st);
}

/* ---- killed sleepers ---------------------------------------------------------- */

static void killed(void)
{
	int q = msgget(IPC_PRIVATE, 0600), s = semget(IPC_PRIVATE, 2, 0600);
	struct msqid_ds ds;
	struct m16 m = {1, "x"};
	pid_t p[4];

	msgctl(q, IPC_STAT, &ds);
	ds.msg_qbytes = 16;
	msgctl(q, IPC_SET, &ds);
	p[0] = fork();
	if (p[0] == 0)
		_exit(msgrcv(q, &m, sizeof(m.mtext), 7, 0) == -1 ? 1 : 0);
	msgsnd(q, &m, 16, 0); /* full */
	p[1] = fork();
	if (p[1] == 0)
		_exit(msgsnd(q, &m, 8, 0) == -1 ? 1 : 0);
	p[2] = fork();
	if (p[2] == 0)
		_exit(op1(s, 0, -1, 0) == -1 ? 1 : 0);
	p[3] = fork();
	if (p[3] == 0) {
		struct sembuf b = {1, -1, SEM_UNDO};
		struct timespec t = {30, 0};

		op1(s, 0, 0, 0);
		_exit(semtimedop(s, &b, 1, &t) == -1 ? 1 : 0);
	}
	ok(wait_ncnt(s, 0, 1) && wait_ncnt(s, 1, 1), "four sleepers (msgrcv, msgsnd, semop, semtimedop)");
	sleep_ms(20);
	for (int i = 0; i < 4; i++)
		kill(p[i], SIGKILL);
	int all = 1;
	for (int i = 0; i < 4; i++)
		all &= exit_code(p[i]) == 200 + SIGKILL;
	ok(all, "each killed while it sleeps");
	ok(semctl(s, 0, GETNCNT) == 0 && semctl(s, 1, GETNCNT) == 0, "GETNCNT 0 on both");
	ok(msgrcv(q, &m, sizeof(m.mtext), 0, IPC_NOWAIT) == 16, "the queue gives its message");
	ok(msgsnd(q, &m, 8, IPC_NOWAIT) == 0 && msgrcv(q, &m, 8, 0, IPC_NOWAIT) == 8,
	   "and takes and gives another");
	ok(op1(s, 0, 1, 0) == 0 && op1(s, 0, -1, IPC_NOWAIT) == 0, "the set works on");
	msgctl(q, IPC_RMID, NULL);
	semctl(s, 0, IPC_RMID);
}

/* ---- IPC_RMID under many sleepers -------------------------------------------- */

static int rm_q, rm_s;
static volatile int rm_errs[6];

static void *rm_thread(void *arg)
{
	long i = (long)arg;
	struct m16 m;
	int rc;

	if (i % 2)
		rc = (int)msgrcv(rm_q, &m, sizeof(m.mtext), 0, 0);
	else
		rc = op1(rm_s, (int)(i / 2) % 2, i == 2 ? 0 : -1, 0);
	rm_errs[i] = rc == -1 ? errno : 0;
	return NULL;
}

static void rmid_under_sleepers(void)
{
	pthread_t t[6];
	pid_t p[6];
	int good = 1;

	rm_q = msgget(IPC_PRIVATE, 0600);
	rm_s = semget(IPC_PRIVATE, 2, 0600);
	op1(rm_s, 1, 1, 0); /* a wait for zero sleeps on semaphore 1 */
	for (long i = 0; i < 6; i++) {
		p[i] = fork();
		if (p[i] == 0) {
			rm_thread((void *)i);
			_exit(rm_errs[i]);
		}
		pthread_create(&t[i], NULL, rm_thread, (void *)i);
	}
	ok(wait_ncnt(rm_s, 0, 4) && semctl(rm_s, 1, GETZCNT) == 2,
	   "six semop and six msgrcv sleepers, in three processes and three threads each");
	sleep_ms(50);
	ok(msgctl(rm_q, IPC_RMID, NULL) == 0 && semctl(rm_s, 0, IPC_RMID) == 0,
	   "IPC_RMID of both under them");
	for (int i = 0; i < 6; i++) {
		pthread_join(t[i], NULL);
		good &= rm_errs[i] == EIDRM;
		good &= exit_code(p[i]) == EIDRM;
	}
	ok(good, "every sleeper got EIDRM");
}

/* ---- signal storms -------------------------------------------------------------- */

static volatile sig_atomic_t storms;

static void on_usr1(int sig)
{
	(void)sig;
	storms++;
}

static void storm(void)
{
	struct sigaction sa;
	int s = semget(IPC_PRIVATE, 1, 0600), q = msgget(IPC_PRIVATE, 0600);
	pid_t p[2];
	struct m16 m = {3, "storm"};

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	p[0] = fork();
	if (p[0] == 0) {
		int eintr = 0, rc;

		while ((rc = op1(s, 0, -1, 0)) == -1 && errno == EINTR)
			eintr++;
		_exit(rc == 0 && eintr > 0 ? 0 : 1);
	}
	p[1] = fork();
	if (p[1] == 0) {
		int eintr = 0;
		long rc;

		while ((rc = msgrcv(q, &m, sizeof(m.mtext), 3, 0)) == -1 && errno == EINTR)
			eintr++;
		_exit(rc == 6 && eintr > 0 ? 0 : 1);
	}
	wait_ncnt(s, 0, 1);
	for (int i = 0; i < 300; i++) {
		kill(p[i % 2], SIGUSR1);
		if (i % 16 == 0)
			sleep_ms(1);
	}
	sleep_ms(20);
	op1(s, 0, 1, 0);
	msgsnd(q, &m, 6, 0);
	ok(exit_code(p[0]) == 0, "a semop sleeper through 150 signals gets its post");
	ok(exit_code(p[1]) == 0, "a msgrcv sleeper through 150 signals gets its message");
	ok(semctl(s, 0, GETVAL) == 0 && semctl(s, 0, GETNCNT) == 0, "value 0, nobody counted");
	signal(SIGUSR1, SIG_DFL);
	semctl(s, 0, IPC_RMID);
	msgctl(q, IPC_RMID, NULL);
}

/* ---- SEM_UNDO ------------------------------------------------------------------- */

static int undo_s;

static void *undo_thread(void *arg)
{
	(void)arg;
	op1(undo_s, 0, 5, SEM_UNDO);
	return NULL;
}

static void undo(void)
{
	pid_t p;
	pid_t kids[8];

	undo_s = semget(IPC_PRIVATE, 2, 0600);
	p = fork();
	if (p == 0) {
		pthread_t t;

		pthread_create(&t, NULL, undo_thread, NULL);
		pthread_join(t, NULL);
		_exit(semctl(undo_s, 0, GETVAL) == 5 ? 0 : 1);
	}
	ok(exit_code(p) == 0, "a thread's SEM_UNDO outlives the thread");
	ok(semctl(undo_s, 0, GETVAL) == 0, "and is undone when its process ends");

	for (int i = 0; i < 8; i++) {
		kids[i] = fork();
		if (kids[i] == 0) {
			op1(undo_s, 0, 2, SEM_UNDO);
			op1(undo_s, 1, -1, 0); /* sleeps until killed */
			_exit(0);
		}
	}
	ok(wait_ncnt(undo_s, 1, 8), "8 children hold +2 with SEM_UNDO and sleep");
	ok(semctl(undo_s, 0, GETVAL) == 16, "value 16");
	for (int i = 0; i < 8; i++)
		kill(kids[i], SIGKILL);
	for (int i = 0; i < 8; i++)
		exit_code(kids[i]);
	ok(semctl(undo_s, 0, GETVAL) == 0 && semctl(undo_s, 1, GETNCNT) == 0,
	   "killed, they gave it all back");

	/* an undo whose set goes away before the exit */
	p = fork();
	if (p == 0) {
		int other;

		op1(undo_s, 0, 3, SEM_UNDO);
		semctl(undo_s, 0, IPC_RMID);
		other = semget(IPC_PRIVATE, 2, 0600);
		op1(other, 0, 1, SEM_UNDO);
		semctl(other, 0, IPC_RMID);
		_exit(0);
	}
	ok(exit_code(p) == 0, "a process whose undo sets were removed ends cleanly");
}

/* ---- exhaustion -------------------------------------------------------------- */

static int ids[32001];

static void exhaust(void)
{
	struct m16 m = {1, "0123456789abcde"};
	long before = tap_meminfo_kb("MemFree:"), full, after;
	int q = msgget(IPC_PRIVATE, 0600), n = 0, made;

	while (msgsnd(q, &m, 16, IPC_NOWAIT) == 0)
		n++;
	ok(errno == EAGAIN && n == 16384 / 16, "a queue takes 1024 messages of 16 bytes, then EAGAIN");
	msgctl(q, IPC_RMID, NULL);

	for (made = 0; made < 32001; made++) {
		ids[made] = semget(IPC_PRIVATE, 1, 0600);
		if (ids[made] < 0)
			break;
	}
	tap_why("made %d, errno %d", made, errno);
	ok(made == 32000 && errno == ENOSPC, "32000 semaphore sets (SEMMNI), then ENOSPC");
	full = tap_meminfo_kb("MemFree:");
	for (int i = 0; i < made; i++)
		semctl(ids[i], 0, IPC_RMID);
	after = tap_meminfo_kb("MemFree:");
	tap_why("MemFree %ld kB before, %ld full, %ld after", before, full, after);
	ok(after >= before - 8, "all removed: the memory comes back");
}

/* ---- the sysctls ------------------------------------------------------------- */

/* 0, or -errno of the open or the write */
static int put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY), rc = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		rc = -errno;
	close(fd);
	return rc;
}

static const char *get_text(const char *path)
{
	static char buf[128];

	buf[0] = 0;
	tap_slurp(path, buf, sizeof(buf));
	return buf;
}

static void sysctls(void)
{
	int q[3], s[3], i;
	struct m16 m = {1, "x"};
	pid_t p;

	ok(put("/proc/sys/kernel/msgmni", "2\n") == 0, "msgmni := 2");
	for (i = 0; i < 3; i++)
		q[i] = msgget(IPC_PRIVATE, 0600);
	ok(q[0] >= 0 && q[1] >= 0 && q[2] == -1 && errno == ENOSPC, "the third msgget: ENOSPC");
	ok(put("/proc/sys/kernel/msgmax", "4") == 0, "msgmax := 4");
	ok(msgsnd(q[0], &m, 5, IPC_NOWAIT) == -1 && errno == EINVAL && msgsnd(q[0], &m, 4, 0) == 0,
	   "msgsnd of 5 bytes: EINVAL, of 4: ok");
	ok(put("/proc/sys/kernel/sem", "250 32000 32 1") == 0, "sem := 250 32000 32 1");
	ok(!strcmp(get_text("/proc/sys/kernel/sem"), "250\t32000\t32\t1\n"), "and reads back");
	for (i = 0; i < 3; i++)
		s[i] = semget(IPC_PRIVATE, 1, 0600);
	ok(s[0] >= 0 && s[1] == -1 && errno == ENOSPC, "the second semget: ENOSPC");
	ok(semget(IPC_PRIVATE, 251, 0600) == -1 && errno == EINVAL, "more than SEMMSL: EINVAL");
	ok(put("/proc/sys/kernel/msgmni", "abc") == -EINVAL &&
		   put("/proc/sys/kernel/msgmni", "-1") == -EINVAL &&
		   put("/proc/sys/kernel/msgmni", "40000") == -EINVAL &&
		   put("/proc/sys/kernel/sem", "1 2 3 40000") == -EINVAL,
	   "text, negative, above 32768: EINVAL");
	ok(!strcmp(get_text("/proc/sys/kernel/msgmni"), "2\n"), "nothing changed");
	p = fork();
	if (p == 0) {
		if (setuid(65534) != 0)
			_exit(99);
		_exit(put("/proc/sys/kernel/msgmni", "100") == -EACCES ? 0 : 1);
	}
	ok(exit_code(p) == 0, "another user: EACCES");
	put("/proc/sys/kernel/msgmni", "32000");
	put("/proc/sys/kernel/msgmax", "8192");
	put("/proc/sys/kernel/sem", "32000 1024000000 500 32000");
	ok(!strcmp(get_text("/proc/sys/kernel/sem"), "32000\t1024000000\t500\t32000\n") &&
		   !strcmp(get_text("/proc/sys/kernel/msgmni"), "32000\n"),
	   "the defaults back");
	for (i = 0; i < 3; i++) {
		msgctl(q[i], IPC_RMID, NULL);
		semctl(s[i], 0, IPC_RMID);
	}
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	killed();
	rmid_under_sleepers();
	storm();
	undo();
	exhaust();
	sysctls();
	return done_testing();
}
