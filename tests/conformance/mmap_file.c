/*
 * Mappings of a /dev/shm file (shm_open, ftruncate), as LTP's library
 * uses them: MAP_SHARED coherent with read and write and across fork;
 * a touch past the last page of the file is SIGBUS (BUS_ADRERR), the
 * rest of the last page reads zero; ftruncate takes pages away from the
 * mapping and gives zeros back when it grows again; MAP_PRIVATE writes
 * stay private; offsets; the access mode's EACCES for mmap and mprotect;
 * MAP_SHARED_VALIDATE's EOPNOTSUPP; a futex in the file woken from
 * another process through another address; the mapping outlives
 * shm_unlink and close.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "conformance.h"

#ifndef MAP_SHARED_VALIDATE
#define MAP_SHARED_VALIDATE 0x03
#endif
#define PG 4096
#define NAME "/conformance_mmap_file"

static sigjmp_buf jump;
static volatile int fault_sig, fault_code;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	fault_sig = sig;
	fault_code = si->si_code;
	siglongjmp(jump, 1);
}

/* Read (write = 0) or write the byte at p: "none", or the signal. */
static const char *touch(volatile char *p, int write)
{
	fault_sig = fault_code = 0;
	if (!sigsetjmp(jump, 1)) {
		if (write)
			*p = 1;
		else
			(void)*p;
	}
	if (!fault_sig)
		return "none";
	if (fault_sig == SIGBUS)
		return fault_code == BUS_ADRERR ? "SIGBUS ADRERR" : "SIGBUS code?";
	return fault_code == SEGV_ACCERR ? "SIGSEGV ACCERR" : "SIGSEGV other";
}

static char *map(size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(NULL, len, prot, flags, fd, off);
}

int main(void)
{
	struct sigaction sa;
	char buf[16], *p, *q, *r;
	int fd, ro, status;
	pid_t pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	shm_unlink(NAME);
	fd = shm_open(NAME, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (!ok(fd >= 0, "shm_open creates " NAME))
		return done();
	ok(ftruncate(fd, 2 * PG + 100) == 0, "ftruncate to 2 pages + 100");
	p = map(4 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED, "MAP_SHARED of 4 pages");
	ok(pwrite(fd, "hello", 5, 10) == 5 && memcmp(p + 10, "hello", 5) == 0,
	   "pwrite is seen through the mapping");
	p[PG] = 'x';
	ok(pread(fd, buf, 1, PG) == 1 && buf[0] == 'x', "a store is seen by pread");
	ok(!strcmp(touch(p + 2 * PG + 200, 1), "none") && p[2 * PG + 200] == 1,
	   "the last page past the size: usable");
	ok(1, "the page after the file's last: %s", touch(p + 3 * PG, 0));
	pid = fork();
	if (pid == 0) {
		p[5] = 'c';
		_exit(0);
	}
	waitpid(pid, &status, 0);
	ok(p[5] == 'c' && pread(fd, buf, 1, 5) == 1 && buf[0] == 'c',
	   "a child's store is seen by the parent and by pread");

	ok(ftruncate(fd, PG) == 0, "ftruncate to 1 page");
	ok(1, "the page cut off: %s", touch(p + PG, 0));
	ok(ftruncate(fd, 2 * PG) == 0 && p[PG] == 0, "grown again: the page reads zero");

	q = map(2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	ok(q != MAP_FAILED && memcmp(q + 10, "hello", 5) == 0, "MAP_PRIVATE sees the file");
	q[10] = 'Q';
	ok(p[10] == 'h' && pread(fd, buf, 1, 10) == 1 && buf[0] == 'h',
	   "its store stays private");
	r = map(PG, PROT_READ, MAP_SHARED, fd, PG);
	p[PG + 7] = 'o';
	ok(r != MAP_FAILED && r[7] == 'o', "an offset of one page maps the second page");
	EXPECT(map(PG, PROT_READ, MAP_SHARED_VALIDATE | 0x800000, fd, 0) == MAP_FAILED ? -1 : 0,
	       EOPNOTSUPP, "MAP_SHARED_VALIDATE with an unknown flag");
	ok(map(PG, PROT_READ, MAP_SHARED | 0x800000, fd, 0) != MAP_FAILED,
	   "MAP_SHARED ignores it");

	ro = shm_open(NAME, O_RDONLY, 0);
	EXPECT(map(PG, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0) == MAP_FAILED ? -1 : 0, EACCES,
	       "MAP_SHARED PROT_WRITE of a read-only fd");
	q = map(PG, PROT_READ, MAP_SHARED, ro, 0);
	ok(q != MAP_FAILED, "MAP_SHARED PROT_READ of it");
	EXPECT(mprotect(q, PG, PROT_READ | PROT_WRITE), EACCES, "mprotect PROT_WRITE of that");
	q = map(PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, ro, 0);
	ok(q != MAP_FAILED && (q[0] = 'w') == 'w', "MAP_PRIVATE PROT_WRITE of a read-only fd");
	close(ro);

	/* A futex word at file offset 64, mapped at two addresses. */
	{
		int *w1 = (int *)map(PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) + 16;
		int *w2 = (int *)map(PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) + 16;
		struct timespec limit = {5, 0};
		long rc;

		*w1 = 0;
		pid = fork();
		if (pid == 0) {
			for (int i = 0; i < 200; i++) {
				if (syscall(SYS_futex, w2, 1 /* WAKE */, 1, NULL, NULL, 0) == 1)
					_exit(0);
				sleep_ms(20);
			}
			_exit(1);
		}
		rc = syscall(SYS_futex, w1, 0 /* WAIT */, 0, &limit, NULL, 0);
		waitpid(pid, &status, 0);
		ok(w1 != w2 && rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
		   "a futex in the file, woken by another process at another address");
	}

	ok(shm_unlink(NAME) == 0 && close(fd) == 0, "shm_unlink and close");
	p[0] = 'z';
	ok(p[0] == 'z' && p[10] == 'h', "the mapping lives on");
	EXPECT(shm_unlink(NAME), ENOENT, "shm_unlink again");
	return done();
}
