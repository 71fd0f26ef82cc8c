/*
 * Memory mappings: mmap of anonymous memory, private and shared; munmap,
 * mprotect, madvise, msync, mincore, mremap and their errors in Linux's order;
 * the signal and si_code of a touch that is refused (SEGV_MAPERR,
 * SEGV_ACCERR); system calls reading and writing mappings (a page not yet
 * touched works, a PROT_NONE one is EFAULT); fork sharing MAP_SHARED
 * memory and copying MAP_PRIVATE; a futex in shared memory woken from
 * another process, a private one not; files that cannot be mapped
 * (ENODEV, EACCES for the access mode).  Then a /dev/shm file (shm_open,
 * ftruncate) mapped as LTP's library maps it: MAP_SHARED coherent with
 * read and write and across fork; a touch past the last page of the file
 * is SIGBUS (BUS_ADRERR), the rest of the last page reads zero; ftruncate
 * takes pages away from the mapping and gives zeros back when it grows
 * again; MAP_PRIVATE writes stay private; offsets; the access mode's
 * EACCES for mmap and mprotect; MAP_SHARED_VALIDATE's EOPNOTSUPP; a futex
 * in the file woken from another process through another address; the
 * mapping outlives shm_unlink and close.  Addresses are never compared
 * (each system places mappings where it likes).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "conformance.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#ifndef MAP_SHARED_VALIDATE
#define MAP_SHARED_VALIDATE 0x03
#endif
#define PG 4096
#define NAME "/conformance_mmap_file"
#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_PRIVATE 128

static sigjmp_buf jump;
static volatile int fault_sig, fault_code;
static void *volatile fault_addr;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	fault_sig = sig;
	fault_code = si->si_code;
	fault_addr = si->si_addr;
	siglongjmp(jump, 1);
}

/* Touch p (write or read): the signal it raised (0: none) and its code. */
static int touch(volatile char *p, int write, int *code)
{
	fault_sig = fault_code = 0;
	if (!sigsetjmp(jump, 1)) {
		if (write)
			*p = 1;
		else
			(void)*p;
	}
	if (code)
		*code = fault_code;
	return fault_sig;
}

static const char *sig_text(int sig, int code, void *addr, void *want)
{
	static char s[64];

	if (!sig)
		return "none";
	snprintf(s, sizeof(s), "%s %s%s", sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : "other",
		 code == SEGV_MAPERR ? "MAPERR" : code == SEGV_ACCERR ? "ACCERR" : "code?",
		 addr == want ? "" : " (address wrong)");
	return s;
}

static char *map_anon(size_t len, int prot, int flags)
{
	return mmap(NULL, len, prot, flags | MAP_ANONYMOUS, -1, 0);
}

static void errors(void)
{
	int fds[2], dir;
	char *p = map_anon(2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);

	ok(p != MAP_FAILED, "anonymous private mapping made");
	EXPECT(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED ? -1 : 0,
	       EINVAL, "mmap length 0");
	EXPECT(mmap(p + 1, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
			       MAP_FAILED
		       ? -1
		       : 0,
	       EINVAL, "MAP_FIXED at an unaligned address");
	EXPECT(map_anon(PG, PROT_READ, 0) == MAP_FAILED ? -1 : 0, EINVAL,
	       "neither MAP_SHARED nor MAP_PRIVATE");
	EXPECT(map_anon(PG, PROT_READ, MAP_SHARED_VALIDATE) == MAP_FAILED ? -1 : 0, EINVAL,
	       "MAP_SHARED_VALIDATE anonymous");
	EXPECT(map_anon(PG, PROT_READ, MAP_SHARED | MAP_GROWSDOWN) == MAP_FAILED ? -1 : 0, EINVAL,
	       "MAP_GROWSDOWN shared");
	EXPECT(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, -1, 0) == MAP_FAILED ? -1 : 0, EBADF,
	       "file mapping of fd -1");
	EXPECT(mmap(NULL, 0, PROT_READ, MAP_PRIVATE, 99, 0) == MAP_FAILED ? -1 : 0, EBADF,
	       "closed fd, length 0: EBADF first");
	EXPECT(mmap(p, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0) ==
			       MAP_FAILED
		       ? -1
		       : 0,
	       EEXIST, "MAP_FIXED_NOREPLACE over a mapping");
	EXPECT(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, 0, 1) == MAP_FAILED ? -1 : 0, EINVAL,
	       "offset not a multiple of the page");
	if (pipe(fds) == 0) {
		EXPECT(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, fds[1], 0) == MAP_FAILED ? -1 : 0,
		       EACCES, "private mapping of a write-only fd");
		EXPECT(mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, fds[0], 0) == MAP_FAILED
			       ? -1
			       : 0,
		       EACCES, "shared writable mapping of a read-only fd");
		EXPECT(mmap(NULL, PG, PROT_READ, MAP_SHARED, fds[0], 0) == MAP_FAILED ? -1 : 0,
		       ENODEV, "shared mapping of a pipe");
		EXPECT(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, fds[0], 0) == MAP_FAILED ? -1 : 0,
		       ENODEV, "private mapping of a pipe");
		close(fds[0]);
		close(fds[1]);
	}
	dir = open("/", O_RDONLY);
	EXPECT(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, dir, 0) == MAP_FAILED ? -1 : 0, ENODEV,
	       "mapping of a directory");
	close(dir);

	EXPECT(munmap(p + 1, PG), EINVAL, "munmap unaligned");
	EXPECT(munmap(p, 0), EINVAL, "munmap length 0");
	EXPECT(mprotect(p + 1, PG, PROT_READ), EINVAL, "mprotect unaligned");
	EXPECT(mprotect(p, 0, PROT_READ), 0, "mprotect length 0");
	EXPECT(mprotect(p, PG, 0x10), EINVAL, "mprotect unknown prot bit");
	EXPECT(mprotect(p, PG, PROT_GROWSDOWN | PROT_GROWSUP), EINVAL,
	       "mprotect PROT_GROWSDOWN|PROT_GROWSUP");
	EXPECT(madvise(p + 1, PG, MADV_NORMAL), EINVAL, "madvise unaligned");
	EXPECT(madvise(p, PG, 12345), EINVAL, "madvise unknown advice");
	EXPECT(madvise(p, 0, MADV_DONTNEED), 0, "madvise length 0");
	EXPECT(msync(p + 1, PG, MS_SYNC), EINVAL, "msync unaligned");
	EXPECT(msync(p, PG, MS_SYNC | MS_ASYNC), EINVAL, "msync MS_SYNC|MS_ASYNC");
	EXPECT(msync(p, PG, 8), EINVAL, "msync unknown flag");
	EXPECT(msync(p, 2 * PG, MS_SYNC), 0, "msync of a mapping");
	EXPECT(munmap(p + PG, PG), 0, "munmap the second page");
	EXPECT(mprotect(p, 2 * PG, PROT_READ), ENOMEM, "mprotect over a hole");
	EXPECT(msync(p, 2 * PG, MS_ASYNC), ENOMEM, "msync over a hole");
	EXPECT(madvise(p, 2 * PG, MADV_NORMAL), ENOMEM, "madvise over a hole");
	EXPECT(munmap(p, 2 * PG), 0, "munmap over a hole");
	EXPECT(munmap(p, 2 * PG), 0, "munmap of nothing");
	EXPECT(mprotect(p, PG, PROT_READ), ENOMEM, "mprotect of nothing");
}

static void touches(void)
{
	char *p = map_anon(3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	int sig, code, zero = 1;
	unsigned char vec[3];

	for (int i = 0; i < 3 * PG; i++)
		zero &= p[i] == 0;
	ok(zero, "a new private mapping reads zero");
	ok(mincore(p, 3 * PG, vec) == 0 && vec[0] && vec[1] && vec[2], "mincore: read pages resident");
	memset(p, 'a', 3 * PG);
	ok(munmap(p + PG, PG) == 0, "munmap the middle page");
	sig = touch(p + PG, 0, &code);
	ok(1, "touch the hole: %s", sig_text(sig, code, fault_addr, p + PG));
	ok(p[0] == 'a' && p[2 * PG] == 'a', "the pages around it kept");
	EXPECT(mincore(p + 1, PG, vec), EINVAL, "mincore unaligned");
	EXPECT(mincore(p, 3 * PG, vec), ENOMEM, "mincore over a hole");

	ok(mprotect(p, PG, PROT_READ) == 0, "mprotect read-only");
	sig = touch(p, 1, &code);
	ok(1, "write to a read-only page: %s", sig_text(sig, code, fault_addr, p));
	sig = touch(p, 0, &code);
	ok(1, "read of a read-only page: %s", sig_text(sig, code, fault_addr, p));
	ok(mprotect(p, PG, PROT_NONE) == 0, "mprotect PROT_NONE");
	sig = touch(p + 5, 0, &code);
	ok(1, "read of a PROT_NONE page: %s", sig_text(sig, code, fault_addr, p + 5));
	{
		int fds[2];

		pipe(fds);
		write(fds[1], "xyz", 3);
		EXPECT(read(fds[0], p, 3), EFAULT, "read(2) into a PROT_NONE page");
		EXPECT(write(fds[1], p, 3), EFAULT, "write(2) from a PROT_NONE page");
		close(fds[0]);
		close(fds[1]);
	}
	ok(mprotect(p, PG, PROT_READ | PROT_WRITE) == 0 && p[0] == 'a' && p[PG - 1] == 'a',
	   "mprotect back: the bytes kept");
	ok(madvise(p, PG, MADV_DONTNEED) == 0 && p[0] == 0 && p[PG - 1] == 0,
	   "MADV_DONTNEED: a private page reads zero again");
	ok(p[2 * PG] == 'a', "the page after it untouched");
	munmap(p, 3 * PG);
	sig = touch(p, 0, &code);
	ok(1, "read after munmap: %s", sig_text(sig, code, fault_addr, p));

	/* MAP_FIXED replaces what was there. */
	p = map_anon(2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	memset(p, 'b', 2 * PG);
	ok(mmap(p + PG, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == p + PG,
	   "MAP_FIXED over a page returns its address");
	ok(p[0] == 'b' && p[PG] == 0, "the page replaced reads zero, the other kept");
	sig = touch(p + PG, 1, &code);
	ok(1, "the replacement has its own prot: %s", sig_text(sig, code, fault_addr, p + PG));
	munmap(p, 2 * PG);

	/* The kernel's copies into pages not touched yet. */
	p = map_anon(4 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	{
		int fds[2];
		char buf[8];

		pipe(fds);
		ok(write(fds[1], "0123456", 7) == 7 && read(fds[0], p + 2 * PG - 3, 7) == 7 &&
			   memcmp(p + 2 * PG - 3, "0123456", 7) == 0,
		   "read(2) across two untouched pages");
		ok(write(fds[1], p + 3 * PG, 8) == 8 && read(fds[0], buf, 8) == 8 && buf[0] == 0,
		   "write(2) from an untouched page: zeros");
		close(fds[0]);
		close(fds[1]);
	}
	ok(mprotect(p, 4 * PG, PROT_READ) == 0, "mprotect of pages never touched");
	sig = touch(p + 3 * PG, 1, &code);
	ok(1, "write there: %s", sig_text(sig, code, fault_addr, p + 3 * PG));
	munmap(p, 4 * PG);
}

static void remap(void)
{
	char *p = map_anon(2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE), *q, *r, *hole;
	int sig, code;

	memset(p, 'm', 2 * PG);
	q = mremap(p, 2 * PG, 4 * PG, MREMAP_MAYMOVE);
	ok(q != MAP_FAILED && q[0] == 'm' && q[2 * PG - 1] == 'm' && q[3 * PG] == 0,
	   "mremap grows, the bytes kept, the new part zero");
	ok(mremap(q, 4 * PG, PG, 0) == q, "mremap shrinks in place");
	sig = touch(q + PG, 0, &code);
	ok(1, "the cut tail: %s", sig_text(sig, code, fault_addr, q + PG));
	EXPECT(mremap(q + PG, PG, 2 * PG, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0, EFAULT,
	       "mremap of nothing");
	EXPECT(mremap(q, 2 * PG, 3 * PG, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0, EFAULT,
	       "mremap past the mapping's end");
	EXPECT(mremap(q, PG, 2 * PG, 0x80) == MAP_FAILED ? -1 : 0, EINVAL, "mremap unknown flag");
	EXPECT(mremap(q + 1, PG, 2 * PG, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0, EINVAL,
	       "mremap unaligned");
	EXPECT(mremap(q, PG, 0, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0, EINVAL, "mremap to length 0");
	EXPECT(mremap(q, PG, 2 * PG, MREMAP_FIXED) == MAP_FAILED ? -1 : 0, EINVAL,
	       "MREMAP_FIXED without MREMAP_MAYMOVE");
	EXPECT(mremap(q, 0, PG, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0, EINVAL,
	       "mremap of length 0 of a private mapping");
	hole = map_anon(3 * PG, PROT_READ, MAP_PRIVATE);
	r = mremap(q, PG, 2 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, hole + PG);
	ok(r == hole + PG && r[0] == 'm' && r[PG] == 0, "MREMAP_FIXED moves over a mapping");
	sig = touch(q, 0, &code);
	ok(1, "the old place: %s", sig_text(sig, code, fault_addr, q));
	sig = touch(hole, 1, &code);
	ok(1, "the mapping moved over keeps its other page: %s", sig_text(sig, code, fault_addr, hole));
	munmap(hole, 3 * PG);
}

static void fork_sharing(void)
{
	char *shared = map_anon(PG, PROT_READ | PROT_WRITE, MAP_SHARED);
	char *private = map_anon(PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	int status;
	pid_t pid;

	shared[0] = 's';
	private[0] = 'p';
	pid = fork();
	if (pid == 0) {
		shared[0] = 'S';
		shared[100] = 'T'; /* a byte the parent never touched */
		private[0] = 'P';
		_exit(shared[0] == 'S' && private[0] == 'P' ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child wrote both");
	ok(shared[0] == 'S' && shared[100] == 'T', "MAP_SHARED: the child's writes seen");
	ok(private[0] == 'p', "MAP_PRIVATE: the child's write not seen");
	munmap(shared, PG);
	munmap(private, PG);
}

static long futex(int *uaddr, int op, int val, const struct timespec *ts)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, 0);
}

/* The parent waits on a word of a shared page (shared futex, or private
 * when `private`); a child tries a private wake and then a shared one. */
static void futex_across(int private)
{
	int *w = (int *)map_anon(PG, PROT_READ | PROT_WRITE, MAP_SHARED);
	int *result = w + 1, status;
	struct timespec limit = {private ? 0 : 5, private ? 400000000 : 0};
	pid_t pid;
	long rc;

	pid = fork();
	if (pid == 0) {
		long n = 0;

		sleep_ms(100); /* the parent is asleep by now (or soon: the shared wake retries) */
		result[0] = (int)futex(w, FUTEX_WAKE | FUTEX_PRIVATE, 1, NULL);
		for (int i = 0; i < (private ? 3 : 200) && n == 0; i++) {
			n = futex(w, FUTEX_WAKE, 1, NULL);
			if (!n)
				sleep_ms(20);
		}
		result[1] = (int)n;
		_exit(0);
	}
	rc = futex(w, FUTEX_WAIT | (private ? FUTEX_PRIVATE : 0), 0, &limit);
	waitpid(pid, &status, 0);
	if (!private) {
		ok(rc == 0, "shared futex in MAP_SHARED: woken by another process");
		ok(result[0] == 0, "its FUTEX_WAKE_PRIVATE woke nobody (%d)", result[0]);
		ok(result[1] == 1, "its FUTEX_WAKE woke one (%d)", result[1]);
	} else {
		why("rc %ld errno %s", rc, errname(errno));
		ok(rc == -1 && errno == ETIMEDOUT, "private futex: another process's wakes miss it");
		ok(result[0] == 0 && result[1] == 0, "both its wakes woke nobody (%d %d)", result[0],
		   result[1]);
	}
	munmap(w, PG);
}

/* Read (write = 0) or write the byte at p: "none", or the signal. */
static const char *ftouch(volatile char *p, int write)
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

static void file_mappings(void)
{
	char buf[16], *p, *q, *r;
	int fd, ro, status;
	pid_t pid;

	shm_unlink(NAME);
	fd = shm_open(NAME, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (!ok(fd >= 0, "shm_open creates " NAME))
		return;
	ok(ftruncate(fd, 2 * PG + 100) == 0, "ftruncate to 2 pages + 100");
	p = map(4 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED, "MAP_SHARED of 4 pages");
	ok(pwrite(fd, "hello", 5, 10) == 5 && memcmp(p + 10, "hello", 5) == 0,
	   "pwrite is seen through the mapping");
	p[PG] = 'x';
	ok(pread(fd, buf, 1, PG) == 1 && buf[0] == 'x', "a store is seen by pread");
	ok(!strcmp(ftouch(p + 2 * PG + 200, 1), "none") && p[2 * PG + 200] == 1,
	   "the last page past the size: usable");
	ok(1, "the page after the file's last: %s", ftouch(p + 3 * PG, 0));
	pid = fork();
	if (pid == 0) {
		p[5] = 'c';
		_exit(0);
	}
	waitpid(pid, &status, 0);
	ok(p[5] == 'c' && pread(fd, buf, 1, 5) == 1 && buf[0] == 'c',
	   "a child's store is seen by the parent and by pread");

	ok(ftruncate(fd, PG) == 0, "ftruncate to 1 page");
	ok(1, "the page cut off: %s", ftouch(p + PG, 0));
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
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	errors();
	touches();
	remap();
	fork_sharing();
	futex_across(0);
	futex_across(1);
	file_mappings();
	return done();
}
