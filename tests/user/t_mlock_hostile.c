/*
 * Hostile uses of the calls added for LTP (mm/mmap_advise.c's mlock
 * family, kernel/task/priority.c, kernel/task/unshare.c): mlock of
 * address 0, of the kernel's addresses and of a range that wraps around
 * (ENOMEM, EINVAL; a length that wraps to nothing in 32 bits is 0, as on
 * Linux i386); mlock and mlockall(MCL_CURRENT) of a mapping larger than
 * free memory, in a child (ENOMEM, or 0 for mlockall, which ignores what
 * it cannot fault in; never the OOM kill nor a kernel fault), with every
 * page back when the child is gone (MemFree, and the runner's free-page
 * check); nice values per thread, as Linux's (a thread's setpriority is
 * its own; a new thread starts with its creator's); unshare in a process
 * with two threads (CLONE_THREAD, CLONE_VM: EINVAL as Linux; CLONE_FILES,
 * CLONE_FS: EINVAL, tick386 keeping those per process).
 */
/* expect: status=0 */
/* parallel: yes */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../tap.h"

#define PG 4096u

#define ERR(call) (errno = 0, (call), errno)

static void bad_ranges(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char vec[2] = {9, 9};

	UTAP_OK(ERR(mlock(NULL, PG)) == ENOMEM, "mlock of page 0: ENOMEM");
	UTAP_OK(ERR(mlock((void *)0xC0000000u, PG)) == ENOMEM,
		"mlock of the kernel's first page: ENOMEM");
	UTAP_OK(ERR(munlock((void *)0xC0000000u, PG)) == ENOMEM, "munlock of it: ENOMEM");
	UTAP_OK(ERR(mlock((void *)0xFFFFF000u, 2 * PG)) == EINVAL,
		"mlock wrapping past 4 GiB: EINVAL");
	UTAP_OK(ERR(mlock((void *)0xBFFFF000u, 0x40000000u)) == ENOMEM,
		"mlock from user space into the kernel's: ENOMEM");
	UTAP_OK(
	    mlock(p, 0xFFFFFFFFu) == 0 && mincore(p, 2 * PG, vec) == 0 && vec[0] == 0,
	    "mlock of 4 GiB - 1 bytes: the rounded length wraps to 0, nothing done (Linux i386)");
	UTAP_OK(ERR(mlockall(MCL_FUTURE | 16)) == EINVAL, "mlockall with an unknown bit: EINVAL");
	munmap(p, 2 * PG);
}

/* In a child: a mapping of free memory + 8 MiB, locked by lock(). */
static int child_locks_too_much(int (*lock)(char *p, size_t len), int want_rc, int want_errno)
{
	long free_kb = tap_meminfo_kb("MemFree:");
	size_t len = ((size_t)free_kb + 8192) * 1024;
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		char *p =
		    mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		int rc, e;

		if (p == MAP_FAILED)
			_exit(10);
		errno = 0;
		rc = lock(p, len);
		e = errno;
		_exit(rc == want_rc && e == want_errno ? 0 : 11);
	}
	waitpid(pid, &status, 0);
	return status;
}

static int do_mlock(char *p, size_t len)
{
	return mlock(p, len);
}

static int do_mlockall(char *p, size_t len)
{
	(void)p;
	(void)len;
	return mlockall(MCL_CURRENT);
}

static void too_much(void)
{
	long before = tap_meminfo_kb("MemFree:");
	int st;

	st = child_locks_too_much(do_mlock, -1, ENOMEM);
	UTAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		"mlock of more than free memory: ENOMEM in the child (status %#x)", st);
	st = child_locks_too_much(do_mlockall, 0, 0);
	UTAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		"mlockall(MCL_CURRENT) with more than free memory mapped: 0 (status %#x)", st);
	UTAP_OK(tap_meminfo_kb("MemFree:") == before, "every page back after both children (%ld kB, %ld kB)",
		before, tap_meminfo_kb("MemFree:"));
}

static int thread_nice = 99;
static pthread_barrier_t bar;

static void *niced(void *arg)
{
	(void)arg;
	thread_nice = getpriority(PRIO_PROCESS, 0);
	setpriority(PRIO_PROCESS, 0, 11);
	*(long *)arg = syscall(SYS_gettid);
	pthread_barrier_wait(&bar); /* 1: the parent looks */
	pthread_barrier_wait(&bar); /* 2: the parent is done */
	return NULL;
}

static void threads(void)
{
	long tid = 0;
	pthread_t t;

	setpriority(PRIO_PROCESS, 0, 4);
	pthread_barrier_init(&bar, NULL, 2);
	if (pthread_create(&t, NULL, niced, &tid) != 0) {
		UTAP_OK(0, "pthread_create");
		return;
	}
	pthread_barrier_wait(&bar);
	UTAP_OK(thread_nice == 4, "a new thread starts with its creator's nice value (%d)",
		thread_nice);
	UTAP_OK(getpriority(PRIO_PROCESS, 0) == 4, "the thread's setpriority is its own");
	UTAP_OK(getpriority(PRIO_PROCESS, (id_t)tid) == 11,
		"getpriority of the thread's id: its value");
	UTAP_OK(getpriority(PRIO_PGRP, 0) == 4, "the group's value is its lowest nice value: 4");
	UTAP_OK(ERR(unshare(CLONE_THREAD)) == EINVAL,
		"unshare(CLONE_THREAD) with 2 threads: EINVAL");
	UTAP_OK(ERR(unshare(CLONE_VM)) == EINVAL, "unshare(CLONE_VM) with 2 threads: EINVAL");
	UTAP_OK(ERR(unshare(CLONE_FILES)) == EINVAL,
		"unshare(CLONE_FILES) with 2 threads: EINVAL (tick386: one table per process)");
	UTAP_OK(ERR(unshare(CLONE_FS)) == EINVAL, "unshare(CLONE_FS) with 2 threads: EINVAL");
	UTAP_OK(unshare(CLONE_SYSVSEM) == 0, "unshare(CLONE_SYSVSEM) with 2 threads: 0");
	pthread_barrier_wait(&bar);
	pthread_join(t, NULL);
	UTAP_OK(unshare(CLONE_FILES | CLONE_THREAD) == 0, "after the join: 0 again");
	setpriority(PRIO_PROCESS, 0, 0);
}

int main(void)
{
	bad_ranges();
	too_much();
	threads();
	done_testing();
	return UTAP_DONE();
}
