/*
 * Named POSIX semaphores: sem_open's names (EINVAL, ENAMETOOLONG, ENOENT,
 * EEXIST), the value (initial, EINVAL past SEM_VALUE_MAX), the same
 * address for a second open in one process, sharing with a child after
 * fork and with an unrelated open in the child, a post in one process
 * waking a waiter in another, sem_close (EINVAL for another address),
 * sem_unlink while open (the semaphore lives on, the name is gone), a
 * timed wait on it.  Needs a tmpfs on /dev/shm and shared file mappings:
 * left out of the layers until both are in the tree (mk/conformance.mk).
 */
/* requires: fs/tmpfs.c mm/mmap.c */
#include <fcntl.h>
#include <semaphore.h>
#include <sys/wait.h>
#include "conformance.h"

#define NAME "/conf_sem"

static const char *ename(int e)
{
	switch (e) {
	case ENOENT: return "ENOENT";
	case EEXIST: return "EEXIST";
	case ENAMETOOLONG: return "ENAMETOOLONG";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EACCES: return "EACCES";
	default: return errname(e);
	}
}

static int value_of(sem_t *s)
{
	int v = -1;

	sem_getvalue(s, &v);
	return v;
}

int main(void)
{
	char longname[300];
	struct timespec ts;
	sem_t *s, *t, *u;
	pid_t p;
	int st;

	sem_unlink(NAME);
	errno = 0;
	ok(sem_open(NAME, O_RDWR) == SEM_FAILED && errno == ENOENT, "sem_open of a missing name -> %s", ename(ENOENT));
	errno = 0;
	ok(sem_open("/", O_CREAT, 0600, 1) == SEM_FAILED && errno == EINVAL, "sem_open of \"/\" -> EINVAL");
	errno = 0;
	ok(sem_open("/a/b", O_CREAT, 0600, 1) == SEM_FAILED && errno == EINVAL, "a name with a second '/' -> EINVAL");
	memset(longname, 'n', sizeof(longname));
	longname[0] = '/';
	longname[253] = 0;
	errno = 0;
	ok(sem_open(longname, O_CREAT, 0600, 1) == SEM_FAILED && errno == ENAMETOOLONG,
	   "a name of 252 bytes -> %s", ename(ENAMETOOLONG));
	errno = 0;
	ok(sem_open(NAME, O_CREAT, 0600, (unsigned)SEM_VALUE_MAX + 1) == SEM_FAILED && errno == EINVAL,
	   "a value past SEM_VALUE_MAX -> EINVAL");
	s = sem_open(NAME, O_CREAT | O_EXCL, 0600, 2);
	ok(s != SEM_FAILED && value_of(s) == 2, "O_CREAT | O_EXCL makes it, value 2");
	errno = 0;
	ok(sem_open(NAME, O_CREAT | O_EXCL, 0600, 2) == SEM_FAILED && errno == EEXIST, "again -> %s", ename(EEXIST));
	t = sem_open(NAME, O_CREAT, 0600, 9);
	ok(t == s && value_of(t) == 2, "O_CREAT of an existing one: the same address, the value kept");
	u = sem_open(NAME, 0);
	ok(u == s, "a third open: the same address");
	ok(sem_close(u) == 0 && sem_close(t) == 0, "two sem_close");
	ok(value_of(s) == 2, "still mapped after two of three closes");
	ok(sem_wait(s) == 0 && sem_trywait(s) == 0 && value_of(s) == 0, "two waits take the value");
	errno = 0;
	ok(sem_trywait(s) == -1 && errno == EAGAIN, "sem_trywait at 0 -> EAGAIN");

	p = fork();
	if (p == 0) {
		sem_t *c = sem_open(NAME, 0);

		/* the child's own open: the same page as the inherited mapping */
		if (c == SEM_FAILED || sem_post(c) != 0)
			_exit(1);
		sleep_ms(100);
		_exit(sem_post(s) == 0 ? 0 : 2);
	}
	ok(sem_wait(s) == 0, "a post in a child wakes the parent");
	ok(sem_wait(s) == 0, "the second post through the inherited mapping");
	waitpid(p, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the child posted twice");

	ok(sem_unlink(NAME) == 0, "sem_unlink while open");
	errno = 0;
	ok(sem_open(NAME, 0) == SEM_FAILED && errno == ENOENT, "the name is gone");
	ok(sem_post(s) == 0 && value_of(s) == 1, "the semaphore lives on");
	errno = 0;
	ok(sem_unlink(NAME) == -1 && errno == ENOENT, "sem_unlink again -> ENOENT");
	ok(sem_wait(s) == 0, "take it");
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 50 * 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	errno = 0;
	ok(sem_timedwait(s, &ts) == -1 && errno == ETIMEDOUT, "sem_timedwait at 0 -> ETIMEDOUT");
	ok(sem_close(s) == 0, "the last sem_close");
	return done();
}
