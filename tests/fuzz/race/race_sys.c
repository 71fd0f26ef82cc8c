/*
 * Raw system calls and threads for the race fuzzer.  The threads are bare
 * clones (tests/user/rawthread.h): they share the main thread's TLS, so
 * they make no libc call that touches errno or locks, only the raw calls
 * here; results go through shared variables.
 */
#include "race.h"
#define RAWTHREAD_MAX RACE_THREADS
#include "../../user/rawthread.h"
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>

long sys6(long nr, long a, long b, long c, long d, long e)
{
	return sys5(nr, a, b, c, d, e);
}

void nap_us(long us)
{
	struct timespec ts = {us / 1000000, (us % 1000000) * 1000};

	sys2(__NR_nanosleep, &ts, 0);
}

long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000000L + ts.tv_nsec / 1000;
}

void spin_us(long us)
{
	long end = now_us() + us;

	while (now_us() < end)
		;
}

long thread_start(int slot, int (*fn)(void *), void *arg)
{
	return start(slot, fn, arg);
}

/* With CLONE_SETTLS: the new thread's TLS slot set from desc. */
long thread_start_tls(int slot, int (*fn)(void *), void *arg, void *desc)
{
	ctids[slot] = -1;
	return raw_clone(CLONE_THREAD_FLAGS | CLONE_SETTLS, stacks[slot] + STACK_SIZE,
			 (int *)&ctids[slot], desc, (int *)&ctids[slot], fn, arg);
}

int thread_done(int slot)
{
	return ctids[slot] == 0;
}

int thread_join_us(int slot, long us)
{
	long end = now_us() + us;

	while (ctids[slot] != 0) {
		struct timespec ts = {0, 1000000};
		int v = ctids[slot];

		if (now_us() > end)
			return -1;
		if (v)
			futex(&ctids[slot], FUTEX_WAIT, v, &ts, -1);
	}
	return 0;
}

const char *errname(long ret)
{
	static char buf[4][16];
	static int k;
	char *b = buf[k++ & 3];

	switch (ret) {
	case -4:
		return "EINTR";
	case -9:
		return "EBADF";
	case -11:
		return "EAGAIN";
	case -14:
		return "EFAULT";
	case -22:
		return "EINVAL";
	case -3:
		return "ESRCH";
	case -10:
		return "ECHILD";
	case -1:
		return "EPERM";
	default:
		snprintf(b, 16, ret < 0 ? "E%ld" : "%ld", ret < 0 ? -ret : ret);
		return b;
	}
}
