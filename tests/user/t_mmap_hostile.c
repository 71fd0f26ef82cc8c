/*
 * Hostile uses of mmap and its calls (mm/mmap.c), each in a child when it
 * may kill: addresses 0, the kernel's and lengths that wrap around; the
 * old mmap's argument block at a bad address; mprotect of the stack and
 * the vDSO; MAP_FIXED over the program's own text; the address space
 * mapped until ENOMEM, then a child touching until the OOM kill (the
 * system and this program live on); munmap while another thread sleeps
 * in read(2) into the mapping (EFAULT, no kernel fault); a thread copying
 * in and out of a region another remaps 1000 times; 1000 mappings through
 * fork and exit with every page back (MemFree before and after, and the
 * runner's free-page check of the whole run); /proc/self/maps; the break
 * stopping at a mapping; exec of a process with mappings; SIGBUS for a
 * fault that a full tmpfs cannot give a page.
 */
/* initramfs: yes */
/* expect: status=0 */
/* expect-line: Out of memory: killed process */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../tap.h"

#define PG 4096u
#define NR_OLD_MMAP 90

static char text[4096];

/* errno of a call that must fail (0 if it succeeded). */
#define ERR(call) (errno = 0, (call), errno)
#define MMAP_ERR(a, l, p, f) ERR(mmap((void *)(uintptr_t)(a), (l), (p), (f), -1, 0))

static void bad_addresses(void)
{
	int anon = MAP_PRIVATE | MAP_ANONYMOUS, fixed = anon | MAP_FIXED;
	uint32_t args[6] = {0, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, (uint32_t)-1, 0};
	long r;

	UTAP_OK(MMAP_ERR(0, PG, PROT_READ, fixed) == EPERM, "MAP_FIXED at 0: EPERM");
	UTAP_OK(MMAP_ERR(0xC0000000u, PG, PROT_READ, fixed) == ENOMEM,
		"MAP_FIXED at 3 GiB: ENOMEM");
	UTAP_OK(MMAP_ERR(0xBFFFF000u, 2 * PG, PROT_READ, fixed) == ENOMEM,
		"MAP_FIXED across 3 GiB: ENOMEM");
	UTAP_OK(MMAP_ERR(0, 0xFFFFFFFFu, PROT_READ, anon) == ENOMEM, "length 4 GiB - 1: ENOMEM");
	UTAP_OK(MMAP_ERR(0, 0xC0001000u, PROT_READ, anon) == ENOMEM,
		"length past user space: ENOMEM");
	UTAP_OK(ERR(munmap((void *)0xC0000000u, PG)) == EINVAL, "munmap of the kernel: EINVAL");
	UTAP_OK(ERR(munmap((void *)0xFFFFF000u, 2 * PG)) == EINVAL, "munmap wrapping: EINVAL");
	UTAP_OK(ERR(mprotect((void *)0xC0000000u, PG, PROT_READ | PROT_WRITE)) == ENOMEM,
		"mprotect of the kernel: ENOMEM");
	UTAP_OK(ERR(mprotect((void *)0xFFFFF000u, 2 * PG, PROT_READ)) == ENOMEM,
		"mprotect wrapping: ENOMEM");
	UTAP_OK(ERR(madvise((void *)0xFFFFF000u, 2 * PG, MADV_DONTNEED)) == EINVAL,
		"madvise wrapping: EINVAL");
	UTAP_OK(ERR(madvise((void *)0xC0000000u, PG, MADV_DONTNEED)) == ENOMEM,
		"madvise of the kernel: ENOMEM");
	UTAP_OK(ERR(msync((void *)0xC0000000u, PG, MS_SYNC)) == ENOMEM,
		"msync of the kernel: ENOMEM");
	UTAP_OK(ERR(mincore((void *)0xC0000000u, PG, (unsigned char *)text)) == ENOMEM,
		"mincore of the kernel: ENOMEM");
	r = syscall(NR_OLD_MMAP, args);
	UTAP_OK(r != -1 && (unsigned long)r < 0xC0000000u && munmap((void *)r, PG) == 0,
		"old mmap (90) maps");
	UTAP_OK(syscall(NR_OLD_MMAP, (void *)0xC0000000u) == -1 && errno == EFAULT,
		"old mmap with its block in the kernel: EFAULT");
	args[5] = 100;
	UTAP_OK(syscall(NR_OLD_MMAP, args) == -1 && errno == EINVAL,
		"old mmap, offset unaligned: EINVAL");
	{
		char *p = mmap((void *)0xC0000000u, PG, PROT_READ, anon, -1, 0);

		UTAP_OK(p != MAP_FAILED && (uintptr_t)p < 0xC0000000u && munmap(p, PG) == 0,
			"a hint in the kernel is placed elsewhere");
	}
}

/* Run fn in a child: how it ended (wait status). */
static int in_child(void (*fn)(void))
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		fn();
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return status;
}

static void stack_read_only(void)
{
	volatile char here = 1;
	uintptr_t page = (uintptr_t)&here & ~(uintptr_t)(PG - 1);

	/* The next push faults, and the signal frame cannot be written: killed. */
	if (mprotect((void *)page, PG, PROT_READ))
		_exit(3);
	here = 2;
	_exit(4);
}

static void vdso_prot(void)
{
	uintptr_t vdso = getauxval(AT_SYSINFO_EHDR);
	struct timespec ts;

	UTAP_OK(vdso != 0, "the vDSO is at %#lx", (unsigned long)vdso);
	if (!vdso)
		return;
	UTAP_OK(ERR(mprotect((void *)vdso, PG, PROT_READ | PROT_WRITE)) == EACCES,
		"mprotect PROT_WRITE of the vDSO: EACCES (its pages are not the process's)");
	UTAP_OK(ERR(mprotect((void *)(vdso - PG), PG, PROT_READ | PROT_WRITE)) == EACCES,
		"of its data page: EACCES");
	UTAP_OK(mprotect((void *)vdso, PG, PROT_NONE) == 0 &&
		    mprotect((void *)vdso, PG, PROT_READ | PROT_EXEC) == 0,
		"PROT_NONE and back");
	UTAP_OK(clock_gettime(CLOCK_MONOTONIC, &ts) == 0, "clock_gettime through it still works");
	UTAP_OK(WIFSIGNALED(in_child(stack_read_only)),
		"a child making its stack read-only is killed");
}

static void text_replaced(void)
{
	uintptr_t page = (uintptr_t)&text_replaced & ~(uintptr_t)(PG - 1);

	if (mmap((void *)page, 2 * PG, PROT_READ | PROT_WRITE | PROT_EXEC,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != (void *)page)
		_exit(3);
	/* Returning runs zeros (add %al,(%eax) with eax a small number): it faults. */
}

static void fixed_over_text(void)
{
	int st = in_child(text_replaced);

	UTAP_OK(WIFSIGNALED(st) && (WTERMSIG(st) == SIGSEGV || WTERMSIG(st) == SIGILL),
		"MAP_FIXED over its own text: the child dies of %d",
		WIFSIGNALED(st) ? WTERMSIG(st) : -1);
}

#define CHUNK (16u << 20)

static void touch_all(void)
{
	char *p =
	    mmap(NULL, 1024u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(3);
	for (uint32_t off = 0;; off += PG) /* 1 GiB: more than the machine has */
		p[off] = 1;
}

static void exhaustion(void)
{
	static void *maps[256];
	int n = 0, err = 0, st;
	long before = tap_meminfo_kb("MemFree:");

	while (n < 256) {
		void *p =
		    mmap(NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			err = errno;
			break;
		}
		maps[n++] = p;
	}
	UTAP_OK(err == ENOMEM && n > 100, "16 MiB mappings until ENOMEM: %d, %s", n, strerror(err));
	UTAP_OK(tap_meminfo_kb("MemFree:") >= before - 64, "lazy: nothing allocated (%ld kB before, %ld after)",
		before, tap_meminfo_kb("MemFree:"));
	while (n)
		munmap(maps[--n], CHUNK);
	st = in_child(touch_all);
	UTAP_OK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		"touching 1 GiB: the child is OOM-killed");
	UTAP_OK(tap_meminfo_kb("MemFree:") >= before - 64, "its pages came back (%ld kB)", tap_meminfo_kb("MemFree:"));
}

static int pipefd[2];
static char *victim;
static volatile long reader_rc, reader_errno;

static void *reader(void *arg)
{
	(void)arg;
	reader_rc = read(pipefd[0], victim + 100, 64);
	reader_errno = errno;
	return NULL;
}

static void munmap_under_reader(void)
{
	pthread_t th;

	victim = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	pipe(pipefd);
	pthread_create(&th, NULL, reader, NULL);
	usleep(100000); /* the reader sleeps in read */
	UTAP_OK(munmap(victim, PG) == 0, "munmap while a thread reads into it");
	write(pipefd[1], "data", 4);
	pthread_join(th, NULL);
	UTAP_OK(reader_rc == -1 && reader_errno == EFAULT, "its read: EFAULT (rc %ld)", reader_rc);
	close(pipefd[0]);
	close(pipefd[1]);
}

/* One thread maps and unmaps a region over and over, another reads into
 * it and writes from it with system calls: each call works or is EFAULT. */
static volatile int racing;
static long race_counts[3];
static char *volatile race_region;

static void *race_reader(void *arg)
{
	static char bytes[200];
	long good = 0, efault = 0, other = 0;

	(void)arg;
	while (racing) {
		long r;

		if (write(pipefd[1], bytes, sizeof(bytes)) != sizeof(bytes))
			other++;
		r = read(pipefd[0], race_region + 4000, sizeof(bytes)); /* across two pages */
		if (r == sizeof(bytes)) {
			good++;
		} else if (r < 0 && errno == EFAULT) {
			efault++;
			read(pipefd[0], bytes, sizeof(bytes)); /* what stayed in the pipe */
		} else {
			other++;
		}
		r = write(pipefd[1], race_region + 100, 8);
		if (r == 8)
			read(pipefd[0], bytes, 8);
		else if (!(r < 0 && errno == EFAULT))
			other++;
		sched_yield(); /* the mapper's turn: a switch between calls */
	}
	race_counts[0] = good;
	race_counts[1] = efault;
	race_counts[2] = other;
	return NULL;
}

static void map_unmap_race(void)
{
	pthread_t th;
	char *base = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	pipe(pipefd);
	race_region = base;
	racing = 1;
	pthread_create(&th, NULL, race_reader, NULL);
	for (int i = 0; i < 1000; i++) {
		munmap(base, 2 * PG);
		if (i % 3 == 0)
			sched_yield();
		mmap(base, 2 * PG, i % 2 ? PROT_READ : PROT_READ | PROT_WRITE,
		     (i % 4 < 2 ? MAP_PRIVATE : MAP_SHARED) | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		sched_yield();
	}
	racing = 0;
	pthread_join(th, NULL);
	UTAP_OK(race_counts[0] > 0 && race_counts[1] > 0 && race_counts[2] == 0,
		"1000 remaps under a thread copying in and out: each call works (%ld) or is EFAULT "
		"(%ld), "
		"nothing else (%ld)",
		race_counts[0], race_counts[1], race_counts[2]);
	munmap(base, 2 * PG);
	close(pipefd[0]);
	close(pipefd[1]);
}

#define NMAPS 1000

static void many_maps_fork(void)
{
	static char *maps[NMAPS];
	long before = tap_meminfo_kb("MemFree:");
	int st, good = 1;
	pid_t pid;

	for (int i = 0; i < NMAPS; i++) {
		maps[i] = mmap(NULL, PG, PROT_READ | PROT_WRITE,
			       (i % 4 ? MAP_PRIVATE : MAP_SHARED) | MAP_ANONYMOUS, -1, 0);
		if (maps[i] == MAP_FAILED) {
			good = 0;
			break;
		}
		maps[i][0] = (char)i;
	}
	UTAP_OK(good, "%d one-page mappings, a quarter shared", NMAPS);
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < NMAPS; i++) {
			if (maps[i][0] != (char)i)
				_exit(1);
			maps[i][1] = 'c';
		}
		_exit(0);
	}
	waitpid(pid, &st, 0);
	UTAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the child saw every one");
	for (int i = 0; i < NMAPS && good; i++)
		good = maps[i][1] == (i % 4 ? 0 : 'c');
	UTAP_OK(good, "its writes reached the shared ones only");
	for (int i = 0; i < NMAPS; i++)
		munmap(maps[i], PG);
	/* Page tables stay until exit, as on Linux: at most two here. */
	UTAP_OK(tap_meminfo_kb("MemFree:") >= before - 8, "every page back (%ld kB before, %ld after)", before,
		tap_meminfo_kb("MemFree:"));
}

/* The break may not grow into a mapping (Linux: brk's find_vma_intersection). */
static void brk_stops(void)
{
	uintptr_t end = ((uintptr_t)syscall(SYS_brk, 0) + PG - 1) & ~(uintptr_t)(PG - 1);
	char *m = mmap((void *)(end + 4 * PG), PG, PROT_READ,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	long before = syscall(SYS_brk, 0);

	UTAP_OK(m == (char *)(end + 4 * PG), "a mapping 4 pages above the break");
	UTAP_OK(syscall(SYS_brk, end + 8 * PG) == before, "brk across it: refused");
	UTAP_OK(syscall(SYS_brk, end + 3 * PG) == (long)(end + 3 * PG), "brk up to it: fine");
	syscall(SYS_brk, before);
	munmap(m, PG);
}

/* /proc/self/maps lists a mapping with its rights, and exec's regions. */
static void maps_file(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char want[64];

	mprotect(p + PG, PG, PROT_READ);
	snprintf(want, sizeof(want), "%08lx-%08lx rw-s 00000000", (unsigned long)p,
		 (unsigned long)p + PG);
	tap_slurp("/proc/self/maps", text, sizeof(text));
	UTAP_OK(strstr(text, want) != NULL, "maps: %s", want);
	snprintf(want, sizeof(want), "%08lx-%08lx r--s 00001000", (unsigned long)p + PG,
		 (unsigned long)p + 2 * PG);
	UTAP_OK(strstr(text, want) != NULL, "maps: the half made read-only, %s", want);
	UTAP_OK(strstr(text, "[stack]") && strstr(text, "[vdso]"), "maps: [stack] and [vdso]");
	munmap(p, 2 * PG);
}

/* A child with mappings of every kind, touched, replaces itself with
 * /bin/hello: exec drops them all (the pages come back, and the new
 * program does not see the old mappings). */
static void exec_child(void)
{
	char *a = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char *b = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *const argv[] = {"hello", NULL};

	memset(a, 1, 64 * PG);
	memset(b, 1, 64 * PG);
	mprotect(b, PG, PROT_NONE);
	execv("/bin/hello", argv);
	_exit(9);
}

static void exec_drops(void)
{
	long before = tap_meminfo_kb("MemFree:");
	int st = in_child(exec_child);

	UTAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		"exec from a process with mappings (status %#x)", st);
	UTAP_OK(tap_meminfo_kb("MemFree:") >= before - 8, "every page back (%ld kB, %ld kB)", before,
		tap_meminfo_kb("MemFree:"));
}

/* A shared mapping of a file on a full tmpfs: the fault that needs a page
 * the mount cannot give is SIGBUS (Linux: shmem's fault gives
 * VM_FAULT_SIGBUS for ENOSPC), and the pages come back at umount. */
static void full_tmpfs_child(void)
{
	char *p;
	int fd;

	fd = open("/tmp/mmap_small/f", O_RDWR | O_CREAT, 0600);
	if (fd < 0 || ftruncate(fd, 64 * PG))
		_exit(3);
	p = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		_exit(4);
	for (int i = 0; i < 64; i++)
		p[i * PG] = 1; /* 16 KiB of room: a SIGBUS within 4 pages */
	_exit(5);
}

static void full_tmpfs(void)
{
	long before = tap_meminfo_kb("MemFree:");
	int st;

	mkdir("/tmp/mmap_small", 0700);
	if (!ok(mount("tmpfs", "/tmp/mmap_small", "tmpfs", 0, "size=16k") == 0,
		"a 16 KiB tmpfs mounted"))
		return;
	st = in_child(full_tmpfs_child);
	UTAP_OK(WIFSIGNALED(st) && WTERMSIG(st) == SIGBUS,
		"touching a shared file mapping past the mount's room: SIGBUS (status %#x)", st);
	unlink("/tmp/mmap_small/f");
	UTAP_OK(umount("/tmp/mmap_small") == 0 && rmdir("/tmp/mmap_small") == 0, "umount");
	UTAP_OK(tap_meminfo_kb("MemFree:") >= before - 8, "every page back (%ld kB, %ld kB)", before,
		tap_meminfo_kb("MemFree:"));
}

int main(void)
{
	full_tmpfs();
	maps_file();
	brk_stops();
	exec_drops();
	bad_addresses();
	vdso_prot();
	fixed_over_text();
	munmap_under_reader();
	map_unmap_race();
	many_maps_fork();
	exhaustion();
	return done_testing();
}
