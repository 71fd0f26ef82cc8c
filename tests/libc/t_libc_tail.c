/*
 * The libc calls public POSIX test programs reach for first: fopen,
 * fdopen, fclose on real files; a program's own clock_adjtime beside the
 * libc's adjtimex (it must link: they are separate objects); getcwd;
 * <sys/param.h>'s macros; the semaphore, rwlock, barrier and spin lock
 * calls in one thread (the threaded checks are tests/conformance/thread_*).
 */
/* parallel: yes */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>
#include <sys/resource.h>
#include <sys/timex.h>
#include <unistd.h>
#include "../tap.h"

/* pthread_getattr_np (GNU), declared here: this file must not define
 * _GNU_SOURCE, or <sys/timex.h> would declare clock_adjtime. */
int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);

/* Whether a local of the calling thread lies in the stack getattr_np reports. */
static void *stack_check(void *arg)
{
	pthread_attr_t a;
	void *addr = NULL;
	size_t size = 0;
	int local, det = -1;

	(void)arg;
	if (pthread_getattr_np(pthread_self(), &a) != 0)
		return (void *)0;
	pthread_attr_getstack(&a, &addr, &size);
	pthread_attr_getdetachstate(&a, &det);
	pthread_attr_destroy(&a);
	return (void *)(intptr_t)((char *)&local >= (char *)addr &&
				  (char *)&local < (char *)addr + size && size >= 16384 &&
				  det == PTHREAD_CREATE_JOINABLE);
}

static void limits(void)
{
	struct rlimit r, s;

	ok(getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur >= 3 && r.rlim_cur <= r.rlim_max &&
	       sysconf(_SC_OPEN_MAX) == (long)r.rlim_cur,
	   "getrlimit(RLIMIT_NOFILE) is sysconf(_SC_OPEN_MAX)");
	ok(getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur >= 65536, "getrlimit(RLIMIT_STACK)");
	errno = 0;
	ok(getrlimit(99, &r) == -1 && errno == EINVAL, "getrlimit(99) -> EINVAL");
	getrlimit(RLIMIT_NOFILE, &r);
	ok(setrlimit(RLIMIT_NOFILE, &r) == 0, "setrlimit to the same values -> 0");
	s.rlim_cur = 10;
	s.rlim_max = 5;
	errno = 0;
	ok(setrlimit(RLIMIT_NOFILE, &s) == -1 && errno == EINVAL, "setrlimit(soft > hard) -> EINVAL");
	errno = 0;
	ok(setrlimit(-1, &r) == -1 && errno == EINVAL, "setrlimit(-1) -> EINVAL");
	ok(getrlimit(RLIMIT_NOFILE, &s) == 0 && s.rlim_cur == r.rlim_cur, "the limit is unchanged");
}

static void getattr(void)
{
	pthread_attr_t a;
	pthread_t t;
	void *r = NULL;

	ok(stack_check(NULL) != NULL, "pthread_getattr_np: the main thread's stack holds its locals");
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 65536);
	pthread_create(&t, &a, stack_check, NULL);
	pthread_join(t, &r);
	pthread_attr_destroy(&a);
	ok(r != NULL, "pthread_getattr_np: a 64 KiB thread's stack holds its locals");
}

/* Without _GNU_SOURCE <sys/timex.h> does not declare it: a program's own. */
static int own_called;
int clock_adjtime(clockid_t clock, struct timex *tx);
int clock_adjtime(clockid_t clock, struct timex *tx)
{
	(void)clock;
	own_called++;
	return adjtimex(tx);
}

static void files(void)
{
	char line[256];
	FILE *f;
	int fd;

	f = fopen("/proc/self/stat", "r");
	ok(f != NULL, "fopen(/proc/self/stat, r)");
	if (f) {
		ok(fgets(line, sizeof(line), f) != NULL && atoi(line) == getpid(),
		   "fgets from it: the pid first");
		ok(fclose(f) == 0, "fclose");
	}
	errno = 0;
	ok(fopen("/no/such/file", "r") == NULL && errno == ENOENT, "fopen(missing) -> ENOENT");
	errno = 0;
	ok(fopen("/proc/self/stat", "q") == NULL && errno == EINVAL, "fopen(mode q) -> EINVAL");
	fd = dup(1);
	f = fdopen(fd, "w");
	ok(f != NULL && fileno(f) == fd, "fdopen(dup(1), w): the same descriptor");
	if (f) {
		ok(fclose(f) == 0, "fclose of the fdopen'd stream");
		errno = 0;
		ok(write(fd, "", 0) == -1 && errno == EBADF, "fclose closed the descriptor");
	}
	errno = 0;
	ok(fdopen(0, "") == NULL && errno == EINVAL, "fdopen(mode \"\") -> EINVAL");
}

static void own_adjtime(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	ok(clock_adjtime(CLOCK_REALTIME, &tx) >= 0 && own_called == 1,
	   "the program's own clock_adjtime links and is the one called");
}

static void misc(void)
{
	char buf[64];
	sem_t s;
	pthread_rwlock_t rw;
	pthread_barrier_t b;
	pthread_spinlock_t sp;
	int v = -1;

	ok(getcwd(buf, sizeof(buf)) == buf && buf[0] == '/', "getcwd: an absolute path");
	ok(MIN(3, 5) == 3 && MAX(3, 5) == 5 && howmany(10, 4) == 3 && roundup(10, 4) == 12 &&
	       powerof2(64) && !powerof2(65) && MAXPATHLEN == 4096,
	   "<sys/param.h> macros");
	ok(sem_init(&s, 0, 1) == 0 && sem_trywait(&s) == 0 && sem_trywait(&s) == -1 &&
	       errno == EAGAIN && sem_post(&s) == 0 && sem_getvalue(&s, &v) == 0 && v == 1 &&
	       sem_destroy(&s) == 0,
	   "semaphore: init, trywait, EAGAIN, post, getvalue");
	ok(pthread_rwlock_init(&rw, NULL) == 0 && pthread_rwlock_rdlock(&rw) == 0 &&
	       pthread_rwlock_tryrdlock(&rw) == 0 && pthread_rwlock_trywrlock(&rw) == EBUSY &&
	       pthread_rwlock_unlock(&rw) == 0 && pthread_rwlock_unlock(&rw) == 0 &&
	       pthread_rwlock_wrlock(&rw) == 0 && pthread_rwlock_rdlock(&rw) == EDEADLK &&
	       pthread_rwlock_unlock(&rw) == 0 && pthread_rwlock_destroy(&rw) == 0,
	   "rwlock: shared readers, writer excluded, EDEADLK");
	ok(pthread_barrier_init(&b, NULL, 0) == EINVAL && pthread_barrier_init(&b, NULL, 1) == 0 &&
	       pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD &&
	       pthread_barrier_destroy(&b) == 0,
	   "barrier of 1: the caller is the serial thread");
	ok(pthread_spin_init(&sp, 0) == 0 && pthread_spin_lock(&sp) == 0 &&
	       pthread_spin_trylock(&sp) == EBUSY && pthread_spin_unlock(&sp) == 0 &&
	       pthread_spin_trylock(&sp) == 0 && pthread_spin_unlock(&sp) == 0,
	   "spin lock: trylock EBUSY while held");
}

int main(void)
{
	files();
	own_adjtime();
	misc();
	getattr();
	limits();
	return done_testing();
}
