/* requires: ipc/sem.c */
/*
 * System V semaphores: semget (nsems bounds, keys, EEXIST, ENOENT, more
 * semaphores than the set has), semctl (GETVAL, SETVAL, GETALL, SETALL,
 * GETPID, GETNCNT, GETZCNT, IPC_STAT, IPC_SET, IPC_RMID, IPC_INFO,
 * SEM_INFO, SEM_STAT, SEM_STAT_ANY; ERANGE above SEMVMX 32767), semop
 * (EINVAL, E2BIG above SEMOPM 500, EFBIG, EFAULT, EAGAIN, ERANGE, the
 * all-or-nothing array, waits for zero), semtimedop (EAGAIN at the
 * timeout, not before; EINVAL, EFAULT), SEM_UNDO applied at exit and
 * dropped by SETVAL, another user (EACCES, EPERM), and sleepers with fork:
 * woken by a post (the ones whose operations can complete), by IPC_RMID
 * (EIDRM) and by a handler (EINTR, even with SA_RESTART).
 * /proc/sys/kernel/sem and /proc/sysvipc/sem's header and a set's line.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include "conformance.h"

#define KEY ((key_t)0x7e5a0e01)
#define NOBODY 65534

union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
	struct seminfo *__buf;
};

static char *volatile bad_ptr = BAD_PTR_LOW;
static volatile sig_atomic_t caught;

static void on_sig(int sig)
{
	caught = sig;
}

static int child_status(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 200 + WTERMSIG(st);
}

static int val(int id, int n)
{
	return semctl(id, n, GETVAL);
}

static int setval(int id, int n, int v)
{
	union semun a = {.val = v};

	return semctl(id, n, SETVAL, a);
}

static int op1(int id, int num, int op, int flg)
{
	struct sembuf b = {(unsigned short)num, (short)op, (short)flg};

	return semop(id, &b, 1);
}

/* Wait until cmd (GETNCNT or GETZCNT) of semaphore n reads want. */
static int wait_count(int id, int n, int cmd, int want)
{
	int64_t end = mono_ns() + 5 * NS_PER_S;

	do {
		if (semctl(id, n, cmd) == want)
			return 1;
		sleep_ms(2);
	} while (mono_ns() < end);
	return 0;
}

static void limits(void)
{
	struct seminfo si;
	union semun a = {.__buf = &si};
	int rc;

	memset(&si, 0, sizeof(si));
	rc = semctl(0, 0, IPC_INFO, a);
	why("rc=%d", rc);
	ok(rc >= 0, "semctl(IPC_INFO) -> the highest index in use");
	ok(si.semmni == 32000 && si.semmsl == 32000 && si.semmns == 1024000000 &&
		   si.semopm == 500 && si.semvmx == 32767 && si.semaem == 32767,
	   "IPC_INFO: semmni 32000, semmsl 32000, semmns 1024000000, semopm 500, semvmx and "
	   "semaem 32767");
	why("semmnu %d semmap %d semume %d semusz %d", si.semmnu, si.semmap, si.semume, si.semusz);
	ok(si.semmnu == 1024000000 && si.semmap == 1024000000 && si.semume == 500 &&
		   si.semusz == 20,
	   "IPC_INFO: semmnu and semmap 1024000000, semume 500, semusz 20");
	a.__buf = (struct seminfo *)(void *)bad_ptr;
	EXPECT_ID(semctl(0, 0, IPC_INFO, a), EFAULT, "semctl(IPC_INFO) to a bad pointer");
}

static void proc_files(void)
{
	char line[256];
	int id = semget(IPC_PRIVATE, 3, 0640), found = 0;
	int fd = open("/proc/sys/kernel/sem", O_RDONLY); /* read(2): see sysv_msg.c */
	ssize_t n = fd >= 0 ? read(fd, line, sizeof(line) - 1) : -1;
	FILE *f;

	line[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
	ok(!strcmp(line, "32000\t1024000000\t500\t32000\n"),
	   "/proc/sys/kernel/sem: SEMMSL SEMMNS SEMOPM SEMMNI, tab-separated");
	f = fopen("/proc/sysvipc/sem", "r");
	ok(f && fgets(line, sizeof(line), f) &&
		   !strcmp(line, "       key      semid perms      nsems   uid   gid  cuid  cgid      "
				 "otime      ctime\n"),
	   "/proc/sysvipc/sem's header");
	while (f && fgets(line, sizeof(line), f)) {
		int key, sid;
		unsigned perms, nsems, uid;
		unsigned long long otime;

		if (sscanf(line, "%d %d %o %u %u %*u %*u %*u %llu", &key, &sid, &perms, &nsems, &uid,
			   &otime) == 6 &&
		    sid == id)
			found = key == 0 && perms == 0640 && nsems == 3 && uid == geteuid() && otime == 0;
	}
	if (f)
		fclose(f);
	ok(found, "its line for a set: key, id, perms, nsems, uid, otime");
	semctl(id, 0, IPC_RMID);
}

static void get(void)
{
	struct semid_ds ds;
	union semun a = {.buf = &ds};
	int id;
	time_t t0 = time(NULL);

	id = semget(KEY, 0, 0);
	if (id >= 0)
		semctl(id, 0, IPC_RMID);
	EXPECT_ID(semget(IPC_PRIVATE, -1, 0600), EINVAL, "semget of -1 semaphores");
	EXPECT_ID(semget(IPC_PRIVATE, 32001, 0600), EINVAL, "semget of 32001 (SEMMSL 32000)");
	EXPECT_ID(semget(IPC_PRIVATE, 0, 0600), EINVAL, "semget of a new set of 0");
	EXPECT_ID(semget(KEY, 2, 0600), ENOENT, "semget of a missing key without IPC_CREAT");
	id = semget(KEY, 3, IPC_CREAT | 0640);
	ok(id >= 0, "semget(IPC_CREAT) of 3");
	ok(semget(KEY, 0, 0) == id && semget(KEY, 3, 0) == id && semget(KEY, 2, IPC_CREAT) == id,
	   "semget of the key with 0, 3 or 2 semaphores finds it");
	EXPECT_ID(semget(KEY, 4, 0), EINVAL, "semget of it with 4");
	EXPECT_ID(semget(KEY, 32001, 0), EINVAL, "semget of it with 32001");
	EXPECT_ID(semget(KEY, 1, IPC_CREAT | IPC_EXCL | 0600), EEXIST, "semget(IPC_CREAT | IPC_EXCL)");
	memset(&ds, 0xa5, sizeof(ds));
	EXPECT_ID(semctl(id, 0, IPC_STAT, a), 0, "semctl(IPC_STAT)");
	ok(ds.sem_perm.__key == KEY && (ds.sem_perm.mode & 0777) == 0640 &&
		   ds.sem_perm.uid == geteuid() && ds.sem_perm.cuid == geteuid() &&
		   ds.sem_perm.gid == getegid() && ds.sem_perm.cgid == getegid(),
	   "the key, mode 0640, owner and creator are the caller's");
	ok(ds.sem_nsems == 3 && ds.sem_otime == 0 && ds.sem_ctime >= t0 &&
		   ds.sem_ctime <= time(NULL),
	   "sem_nsems 3, no sem_otime, sem_ctime the creation's");
	ok(val(id, 0) == 0 && val(id, 1) == 0 && val(id, 2) == 0, "every value starts at 0");
	a.buf = (struct semid_ds *)(void *)bad_ptr;
	EXPECT_ID(semctl(id, 0, IPC_STAT, a), EFAULT, "IPC_STAT to a bad pointer");
	EXPECT_ID(semctl(id, 0, 99), EINVAL, "semctl of an unknown command");
	EXPECT_ID(semctl(-1, 0, GETVAL), EINVAL, "semctl of id -1");
	EXPECT_ID(semctl(id, 0, IPC_RMID), 0, "IPC_RMID");
	EXPECT_ID(semctl(id, 0, IPC_RMID), EINVAL, "IPC_RMID again");
	EXPECT_ID(semctl(id, 0, GETVAL), EINVAL, "GETVAL of the removed set");
	EXPECT_ID(op1(id, 0, 1, 0), EINVAL, "semop on the removed set");
}

static void values(void)
{
	unsigned short all[3] = {1, 2, 3}, got[3];
	union semun a;
	int id = semget(IPC_PRIVATE, 3, 0600);

	EXPECT_ID(setval(id, 0, 32768), ERANGE, "SETVAL 32768 (SEMVMX 32767)");
	EXPECT_ID(setval(id, 0, -1), ERANGE, "SETVAL -1");
	EXPECT_ID(setval(id, 3, 1), EINVAL, "SETVAL of semaphore 3 of 3");
	EXPECT_ID(setval(id, -1, 1), EINVAL, "SETVAL of semaphore -1");
	EXPECT_ID(setval(id, 1, 32767), 0, "SETVAL 32767");
	ok(val(id, 1) == 32767, "GETVAL reads it");
	EXPECT_ID(semctl(id, 3, GETVAL), EINVAL, "GETVAL of semaphore 3 of 3");
	EXPECT_ID(semctl(id, 3, GETPID), EINVAL, "GETPID of semaphore 3 of 3");
	EXPECT_ID(semctl(id, 3, GETNCNT), EINVAL, "GETNCNT of semaphore 3 of 3");
	EXPECT_ID(semctl(id, 3, GETZCNT), EINVAL, "GETZCNT of semaphore 3 of 3");
	ok(semctl(id, 1, GETPID) == getpid(), "GETPID after SETVAL is the caller's");
	ok(semctl(id, 0, GETPID) == 0, "GETPID of an untouched semaphore is 0");
	a.array = all;
	EXPECT_ID(semctl(id, 0, SETALL, a), 0, "SETALL {1, 2, 3}");
	a.array = got;
	memset(got, 0, sizeof(got));
	EXPECT_ID(semctl(id, 0, GETALL, a), 0, "GETALL");
	ok(got[0] == 1 && got[1] == 2 && got[2] == 3, "GETALL reads {1, 2, 3}");
	all[1] = 40000;
	a.array = all;
	EXPECT_ID(semctl(id, 0, SETALL, a), ERANGE, "SETALL with 40000");
	ok(val(id, 0) == 1 && val(id, 1) == 2 && val(id, 2) == 3, "nothing changed");
	a.array = (unsigned short *)(void *)bad_ptr;
	EXPECT_ID(semctl(id, 0, SETALL, a), EFAULT, "SETALL from a bad pointer");
	EXPECT_ID(semctl(id, 0, GETALL, a), EFAULT, "GETALL to a bad pointer");
	ok(semctl(id, 0, GETNCNT) == 0 && semctl(id, 0, GETZCNT) == 0, "no sleepers counted");
	semctl(id, 0, IPC_RMID);
}

static void ops(void)
{
	struct sembuf b[501], *bp;
	struct semid_ds ds;
	union semun a = {.buf = &ds};
	int id = semget(IPC_PRIVATE, 2, 0600);
	time_t t0 = time(NULL);

	memset(b, 0, sizeof(b));
	EXPECT_ID(semop(id, b, 0), EINVAL, "semop of 0 operations");
	EXPECT_ID(semop(id, b, 501), E2BIG, "semop of 501 operations (SEMOPM 500)");
	EXPECT_ID(semop(id, (struct sembuf *)(void *)bad_ptr, 1), EFAULT, "semop from a bad pointer");
	EXPECT_ID(semop(-1, b, 1), EINVAL, "semop on id -1");
	b[0].sem_num = 2;
	EXPECT_ID(semop(id, b, 1), EFBIG, "semop on semaphore 2 of 2");
	b[0].sem_num = 0;
	b[0].sem_op = 0;
	EXPECT_ID(semop(id, b, 1), 0, "waiting for zero on 0 does not wait");
	semctl(id, 0, IPC_STAT, a);
	ok(ds.sem_otime >= t0, "sem_otime is set by a semop");
	ok(semctl(id, 0, GETPID) == getpid(), "GETPID is the caller's after a wait for zero");
	EXPECT_ID(semop(id, b, 500), 0, "500 operations");
	EXPECT_ID(op1(id, 0, -1, IPC_NOWAIT), EAGAIN, "decrement below 0 with IPC_NOWAIT");
	EXPECT_ID(op1(id, 0, 32767, 0), 0, "add 32767");
	EXPECT_ID(op1(id, 0, 1, 0), ERANGE, "add 1 to 32767");
	EXPECT_ID(op1(id, 0, 0, IPC_NOWAIT), EAGAIN, "wait for zero with IPC_NOWAIT on 32767");
	ok(val(id, 0) == 32767, "the value is 32767");
	setval(id, 0, 0);
	/* all or nothing */
	bp = b;
	bp[0] = (struct sembuf){0, 5, 0};
	bp[1] = (struct sembuf){1, -1, IPC_NOWAIT};
	EXPECT_ID(semop(id, bp, 2), EAGAIN, "{+5 on 0, -1 on 1 IPC_NOWAIT} with 1 at 0");
	ok(val(id, 0) == 0, "the +5 did not happen");
	bp[1] = (struct sembuf){1, 3, 0};
	bp[2] = (struct sembuf){1, -2, 0};
	bp[3] = (struct sembuf){0, -5, 0};
	EXPECT_ID(semop(id, bp, 4), 0, "{+5 on 0, +3 on 1, -2 on 1, -5 on 0}: in order, so never below 0");
	ok(val(id, 0) == 0 && val(id, 1) == 1, "values 0 and 1");
	bp[0] = (struct sembuf){1, -1, 0};
	bp[1] = (struct sembuf){1, -1, IPC_NOWAIT};
	EXPECT_ID(semop(id, bp, 2), EAGAIN, "{-1, -1} on a semaphore at 1");
	ok(val(id, 1) == 1, "the first -1 did not happen");
	bp[0] = (struct sembuf){1, 20000, 0};
	bp[1] = (struct sembuf){1, 20000, 0};
	EXPECT_ID(semop(id, bp, 2), ERANGE, "{+20000, +20000} on 1: above 32767 on the way");
	ok(val(id, 1) == 1, "nothing happened");
	semctl(id, 0, IPC_RMID);
}

static void timed(void)
{
	struct sembuf b = {0, -1, 0};
	struct timespec t;
	int id = semget(IPC_PRIVATE, 1, 0600);
	int64_t t0, el;
	int rc;

	t = (struct timespec){0, 50 * 1000000};
	t0 = mono_ns();
	rc = semtimedop(id, &b, 1, &t);
	el = mono_ns() - t0;
	why("rc %d errno %s after %lld ms", rc, errname(errno), (long long)(el / NS_PER_MS));
	ok(rc == -1 && errno == EAGAIN && el >= 50 * NS_PER_MS && el < 5 * NS_PER_S,
	   "semtimedop of 50 ms -> EAGAIN, not before 50 ms");
	t = (struct timespec){0, 0};
	t0 = mono_ns();
	rc = semtimedop(id, &b, 1, &t);
	el = mono_ns() - t0;
	ok(rc == -1 && errno == EAGAIN && el < 2 * NS_PER_S, "a zero timeout -> EAGAIN at once");
	t = (struct timespec){0, 1000000000};
	EXPECT_ID(semtimedop(id, &b, 1, &t), EINVAL, "tv_nsec 1000000000");
	t = (struct timespec){-1, 0};
	EXPECT_ID(semtimedop(id, &b, 1, &t), EINVAL, "tv_sec -1");
	EXPECT_ID(semtimedop(id, &b, 1, (struct timespec *)(void *)bad_ptr), EFAULT,
	    "the timeout at a bad pointer");
	t = (struct timespec){0, -1};
	b.sem_op = 1;
	EXPECT_ID(semtimedop(id, &b, 1, &t), EINVAL, "a bad timeout even when the operation can go");
	t = (struct timespec){1, 0};
	EXPECT_ID(semtimedop(id, &b, 1, &t), 0, "a +1 with a timeout does not wait");
	b.sem_op = -1;
	EXPECT_ID(semtimedop(id, &b, 1, NULL), 0, "semtimedop with NULL: no timeout");
	semctl(id, 0, IPC_RMID);
}

static void sleepers(void)
{
	int id = semget(IPC_PRIVATE, 2, 0600), st;
	pid_t p1, p2;
	struct sembuf b[2];

	/* two waiters: the one whose operation can complete goes first */
	p1 = fork();
	if (p1 == 0)
		_exit(op1(id, 0, -2, 0) == 0 ? 0 : errno);
	ok(wait_count(id, 0, GETNCNT, 1), "a -2 sleeps: GETNCNT 1");
	p2 = fork();
	if (p2 == 0)
		_exit(op1(id, 0, -1, 0) == 0 ? 0 : errno);
	ok(wait_count(id, 0, GETNCNT, 2), "a -1 sleeps: GETNCNT 2");
	op1(id, 0, 1, 0);
	ok(child_status(p2) == 0, "+1 wakes the -1 past the -2 before it");
	ok(semctl(id, 0, GETNCNT) == 1 && val(id, 0) == 0, "GETNCNT 1, value 0");
	ok(semctl(id, 0, GETPID) == p2, "GETPID is the woken one's");
	op1(id, 0, 2, 0);
	ok(child_status(p1) == 0, "+2 wakes the -2");

	/* waiting for zero */
	setval(id, 1, 2);
	p1 = fork();
	if (p1 == 0)
		_exit(op1(id, 1, 0, 0) == 0 ? 0 : errno);
	ok(wait_count(id, 1, GETZCNT, 1), "a wait for zero sleeps: GETZCNT 1");
	op1(id, 1, -1, 0);
	ok(semctl(id, 1, GETZCNT) == 1, "still 1 after -1");
	op1(id, 1, -1, 0);
	ok(child_status(p1) == 0, "reaching 0 wakes it");

	/* an array sleeps as a whole */
	p1 = fork();
	if (p1 == 0) {
		b[0] = (struct sembuf){0, -1, 0};
		b[1] = (struct sembuf){1, -1, 0};
		_exit(semop(id, b, 2) == 0 ? 0 : errno);
	}
	ok(wait_count(id, 0, GETNCNT, 1), "{-1 on 0, -1 on 1} sleeps");
	op1(id, 0, 1, 0);
	sleep_ms(50);
	ok(val(id, 0) == 1 && semctl(id, 1, GETNCNT) == 1, "+1 on 0 alone: nothing taken, it sleeps on 1");
	op1(id, 1, 1, 0);
	ok(child_status(p1) == 0 && val(id, 0) == 0 && val(id, 1) == 0, "+1 on 1: both taken");

	/* SETVAL wakes */
	p1 = fork();
	if (p1 == 0)
		_exit(op1(id, 0, -3, 0) == 0 ? 0 : errno);
	wait_count(id, 0, GETNCNT, 1);
	setval(id, 0, 3);
	ok(child_status(p1) == 0 && val(id, 0) == 0, "SETVAL 3 wakes a -3");

	/* a handler: EINTR even with SA_RESTART, the count goes back */
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sig;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	p1 = fork();
	if (p1 == 0) {
		int rc = op1(id, 0, -1, 0);

		_exit(rc == -1 && caught == SIGUSR1 ? errno : 100);
	}
	wait_count(id, 0, GETNCNT, 1);
	kill(p1, SIGUSR1);
	ok(child_status(p1) == EINTR, "a handler (SA_RESTART) ends a sleeping semop with EINTR");
	ok(semctl(id, 0, GETNCNT) == 0, "GETNCNT 0 again");
	p1 = fork();
	if (p1 == 0) {
		struct timespec t = {30, 0};
		struct sembuf s = {0, -1, 0};
		int rc = semtimedop(id, &s, 1, &t);

		_exit(rc == -1 && caught == SIGUSR1 ? errno : 100);
	}
	wait_count(id, 0, GETNCNT, 1);
	kill(p1, SIGUSR1);
	ok(child_status(p1) == EINTR, "and a sleeping semtimedop");
	signal(SIGUSR1, SIG_DFL);

	/* IPC_RMID: EIDRM to every sleeper */
	p1 = fork();
	if (p1 == 0)
		_exit(op1(id, 0, -1, 0) == -1 ? errno : 100);
	setval(id, 1, 1);
	p2 = fork();
	if (p2 == 0)
		_exit(op1(id, 1, 0, 0) == -1 ? errno : 100);
	wait_count(id, 0, GETNCNT, 1);
	wait_count(id, 1, GETZCNT, 1);
	semctl(id, 0, IPC_RMID);
	st = child_status(p1);
	ok(st == EIDRM, "IPC_RMID ends a sleeping decrement with EIDRM");
	st = child_status(p2);
	ok(st == EIDRM, "and a sleeping wait for zero");
}

static void undo(void)
{
	int id = semget(IPC_PRIVATE, 2, 0600);
	pid_t p;

	p = fork();
	if (p == 0) {
		op1(id, 0, 5, SEM_UNDO);
		op1(id, 0, -2, SEM_UNDO);
		op1(id, 1, 4, 0);
		_exit(val(id, 0) == 3 ? 0 : 100);
	}
	ok(child_status(p) == 0 && val(id, 0) == 0 && val(id, 1) == 4,
	   "SEM_UNDO operations are undone at exit, the others stay");
	ok(semctl(id, 0, GETPID) == p, "GETPID is the exited process's (the undo)");
	setval(id, 0, 2);
	p = fork();
	if (p == 0)
		_exit(op1(id, 0, -2, SEM_UNDO) == 0 ? 0 : errno);
	ok(child_status(p) == 0 && val(id, 0) == 2, "a -2 with SEM_UNDO comes back at exit");
	p = fork();
	if (p == 0) {
		op1(id, 0, 3, SEM_UNDO);
		setval(id, 0, 7);
		_exit(0);
	}
	ok(child_status(p) == 0 && val(id, 0) == 7, "SETVAL drops the undo of that semaphore");
	p = fork();
	if (p == 0) {
		op1(id, 1, -4, SEM_UNDO);
		_exit(0);
	}
	child_status(p);
	setval(id, 1, 32767);
	op1(id, 0, 1, SEM_UNDO); /* the parent's own, undone after the set is gone */
	p = fork();
	if (p == 0) {
		op1(id, 0, 10, SEM_UNDO);
		_exit(0);
	}
	ok(child_status(p) == 0 && val(id, 0) == 8, "a fork child has no undo of the parent's");
	p = fork();
	if (p == 0) {
		op1(id, 1, -32767, SEM_UNDO);
		op1(id, 1, 32767, 0);
		_exit(0);
	}
	ok(child_status(p) == 0 && val(id, 1) == 32767, "an undo above 32767 stops at 32767");
	setval(id, 1, 32767);
	EXPECT_ID(op1(id, 1, -32767, SEM_UNDO), 0, "a -32767 with SEM_UNDO");
	EXPECT_ID(op1(id, 1, -1, SEM_UNDO | IPC_NOWAIT), EAGAIN, "the next -1 waits");
	setval(id, 1, 10);
	EXPECT_ID(op1(id, 1, 32767, SEM_UNDO), ERANGE, "an undo of -32767 - 32767 -> ERANGE");
	p = fork();
	if (p == 0) {
		op1(id, 1, 5, SEM_UNDO);
		semctl(id, 0, IPC_RMID);
		_exit(0);
	}
	ok(child_status(p) == 0, "exit after the set's removal");
	ok(semctl(id, 0, GETVAL) == -1 && errno == EINVAL, "the set is gone");
}

static void ctl(void)
{
	struct semid_ds ds;
	struct seminfo si;
	union semun a = {.buf = &ds};
	int id = semget(IPC_PRIVATE, 1, 0600), max, idx, found = -1;
	time_t t0 = time(NULL);

	semctl(id, 0, IPC_STAT, a);
	ds.sem_perm.mode = 0123444;
	ds.sem_perm.uid = 1234;
	ds.sem_perm.gid = 5678;
	EXPECT_ID(semctl(id, 0, IPC_SET, a), 0, "IPC_SET mode, uid, gid");
	semctl(id, 0, IPC_STAT, a);
	ok((ds.sem_perm.mode & 0777) == 0444 && ds.sem_perm.uid == 1234 &&
		   ds.sem_perm.gid == 5678 && ds.sem_perm.cuid == geteuid(),
	   "only the mode's permission bits are set; the creator stays");
	ok(ds.sem_ctime >= t0, "sem_ctime is IPC_SET's");
	memset(&si, 0, sizeof(si));
	a.__buf = &si;
	max = semctl(0, 0, SEM_INFO, a);
	why("max %d semusz %d semaem %d", max, si.semusz, si.semaem);
	ok(max >= 0 && si.semusz >= 1 && si.semaem >= 1,
	   "SEM_INFO: the highest index, sets (semusz) and semaphores (semaem) in use");
	a.buf = &ds;
	for (idx = 0; idx <= max; idx++)
		if (semctl(idx, 0, SEM_STAT, a) == id)
			found = idx;
	ok(found >= 0, "SEM_STAT of some index up to SEM_INFO's answers the set's id");
	ok(ds.sem_nsems == 1, "with its IPC_STAT");
	EXPECT_ID(semctl(max + 1, 0, SEM_STAT, a), EINVAL, "SEM_STAT beyond the highest index");
	EXPECT_ID(semctl(found, 0, SEM_STAT_ANY, a), 0, "SEM_STAT_ANY of that index");
	semctl(id, 0, IPC_RMID);

	/* another user */
	semctl(semget(KEY, 0, 0), 0, IPC_RMID);
	id = semget(KEY, 1, IPC_CREAT | 0600);
	pid_t p = fork();
	if (p == 0) {
		int bad = 0;

		if (setuid(NOBODY) != 0)
			_exit(99);
		bad |= !(op1(id, 0, 1, IPC_NOWAIT) == -1 && errno == EACCES) << 0;
		bad |= !(op1(id, 0, 0, IPC_NOWAIT) == -1 && errno == EACCES) << 1;
		bad |= !(semctl(id, 0, GETVAL) == -1 && errno == EACCES) << 2;
		bad |= !(setval(id, 0, 1) == -1 && errno == EACCES) << 3;
		bad |= !(semctl(id, 0, IPC_STAT, a) == -1 && errno == EACCES) << 4;
		bad |= !(semctl(id, 0, IPC_SET, a) == -1 && errno == EPERM) << 5;
		bad |= !(semctl(id, 0, IPC_RMID) == -1 && errno == EPERM) << 6;
		bad |= !(semget(KEY, 1, 0200) == -1 && errno == EACCES) << 7;
		bad |= !(semget(KEY, 1, 0) == id) << 8;
		_exit(bad);
	}
	int st = child_status(p);
	why("failed bits %#x", st);
	ok(st == 0, "another user: semop, GETVAL, SETVAL, IPC_STAT EACCES; IPC_SET, IPC_RMID EPERM");
	semctl(id, 0, IPC_RMID);
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	limits();
	proc_files();
	get();
	values();
	ops();
	timed();
	sleepers();
	undo();
	ctl();
	done();
	return 0;
}
