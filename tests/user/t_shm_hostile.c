/*
 * Hostile uses of System V shared memory (ipc/shm.c, ipc/sysv_ids.c):
 * IPC_RMID while another process is attached and writing; a process
 * exiting (and one exec'ing) while attached; shmdt of addresses that are
 * no attach (0, unaligned, the kernel's, the stack, a plain mapping, the
 * middle of an attach); shmat at the kernel's addresses, across the top
 * of user space, over the program's own text with SHM_REMAP (the child
 * dies, nothing else); SHMMNI exhausted (ENOSPC, every id back); a
 * segment larger than memory (ENOMEM) and one touched until the OOM kill;
 * mremap and munmap of attaches; three threads racing shmget, shmat,
 * shmdt and IPC_RMID on one key while a fourth forks; root's writes to
 * /proc/sys/kernel/shmmax, shmall, shmmni (bad numbers EINVAL, nobody
 * EACCES).  Never a panic, and
 * MemFree the same before and after (the runner checks the whole run's
 * pages too).
 */
/* initramfs: yes */
/* expect: status=0 */
/* expect-line: Out of memory: killed process */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../tap.h"

#define PG 4096u
#define KEY 0x5eed00aa

static char text[4096];

/* MemFree once what exit and the reaper give back is back (a thread's
 * end is reaped a moment after its process's wait returns). */
static long memfree_settled(long want)
{
	long kb = -1;

	for (int i = 0; i < 50; i++) {
		kb = tap_meminfo_kb("MemFree:");
		if (kb == want)
			break;
		usleep(10000);
	}
	return kb;
}

static long meminfo_total_kb(void)
{
	char *p;

	if (tap_slurp("/proc/meminfo", text, sizeof(text)) < 0 || !(p = strstr(text, "MemTotal:")))
		return -1;
	return strtol(p + 9, NULL, 10);
}

#define ERR(call) (errno = 0, (call), errno)
#define AT_ERR(id, a, f) ERR(shmat((id), (const void *)(uintptr_t)(a), (f)))
#define DT_ERR(a) ERR(shmdt((const void *)(uintptr_t)(a)))

static int nattch(int id)
{
	struct shmid_ds ds;

	return shmctl(id, IPC_STAT, &ds) ? -1 : (int)ds.shm_nattch;
}

static int gone(int id)
{
	struct shmid_ds ds;

	return shmctl(id, IPC_STAT, &ds) == -1 && errno == EINVAL;
}

static int wait_status(pid_t pid)
{
	int status = -1;

	waitpid(pid, &status, 0);
	return status;
}

/* A child attached and writing while the parent removes the segment. */
static void rmid_while_attached(void)
{
	int id = shmget(IPC_PRIVATE, 4 * PG, 0600), go[2], back[2];
	char c;
	pid_t pid;

	pipe(go);
	pipe(back);
	pid = fork();
	if (pid == 0) {
		volatile char *p = shmat(id, NULL, 0);

		if (p == (void *)-1)
			_exit(1);
		write(back[1], "a", 1);
		read(go[0], &c, 1);
		for (unsigned i = 0; i < 4 * PG; i++) /* after IPC_RMID: still ours */
			p[i] = (char)i;
		_exit(p[4 * PG - 1] == (char)(4 * PG - 1) ? 0 : 2);
	}
	read(back[0], &c, 1);
	UTAP_OK(shmctl(id, IPC_RMID, NULL) == 0 && nattch(id) == 1,
		"IPC_RMID while another process is attached: nattch 1");
	write(go[1], "g", 1);
	UTAP_OK(wait_status(pid) == 0, "the child writes on after the removal");
	UTAP_OK(gone(id), "its exit destroyed the segment");
	close(go[0]);
	close(go[1]);
	close(back[0]);
	close(back[1]);
}

/* Exit and exec while attached: the segment outlives both, detached. */
static void exit_exec_attached(void)
{
	int id = shmget(IPC_PRIVATE, 2 * PG, 0600);
	pid_t pid = fork();

	if (pid == 0) {
		char *p = shmat(id, NULL, 0);

		p[0] = 'x';
		shmat(id, NULL, SHM_RDONLY);
		_exit(0);
	}
	UTAP_OK(wait_status(pid) == 0 && nattch(id) == 0, "exit with two attaches: nattch 0");
	pid = fork();
	if (pid == 0) {
		char *argv[] = {"/bin/hello", NULL};

		shmat(id, NULL, 0);
		shmat(id, NULL, 0);
		execve(argv[0], argv, NULL);
		_exit(127);
	}
	wait_status(pid);
	UTAP_OK(nattch(id) == 0, "exec with two attaches: nattch 0");
	{
		char *p = shmat(id, NULL, 0);

		UTAP_OK(p != (void *)-1 && p[0] == 'x', "the bytes outlived the processes");
		shmdt(p);
	}
	pid = fork();
	if (pid == 0) { /* killed while attached, its segment removed */
		shmat(id, NULL, 0);
		shmctl(id, IPC_RMID, NULL);
		kill(getpid(), SIGKILL);
		_exit(1);
	}
	UTAP_OK(WIFSIGNALED(wait_status(pid)) && gone(id), "SIGKILL after IPC_RMID: the segment goes");
}

static int text_probe(void)
{
	return 42;
}

static void bad_addresses(void)
{
	int id = shmget(IPC_PRIVATE, 2 * PG, 0600), stack_var = 0;
	char *plain = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *p = shmat(id, NULL, 0);
	uintptr_t stack = (uintptr_t)&stack_var & ~(uintptr_t)(PG - 1);
	pid_t pid;

	UTAP_OK(DT_ERR(0) == EINVAL && DT_ERR(1) == EINVAL && DT_ERR(0xC0000000u) == EINVAL &&
		    DT_ERR(0xFFFFF000u) == EINVAL && DT_ERR(stack) == EINVAL &&
		    DT_ERR(plain) == EINVAL && DT_ERR(p + PG) == EINVAL && DT_ERR(p + 1) == EINVAL,
		"shmdt of 0, unaligned, the kernel, the stack, a mapping, mid-attach: EINVAL");
	UTAP_OK(nattch(id) == 1, "the attach survived them");
	UTAP_OK(AT_ERR(id, 0xC0000000u, 0) == ENOMEM && AT_ERR(id, 0xFFFFF000u, SHM_REMAP) != 0 &&
		    AT_ERR(id, 0xBFFFF000u, SHM_REMAP) != 0,
		"shmat at the kernel's addresses or across the top fails");
	UTAP_OK(AT_ERR(id, stack, 0) == EINVAL, "shmat over the stack without SHM_REMAP: EINVAL");
	UTAP_OK(AT_ERR(id, (uintptr_t)text_probe & ~(uintptr_t)(PG - 1), 0) == EINVAL,
		"shmat over the program text without SHM_REMAP: EINVAL");
	memset(p, 0xcc, 2 * PG); /* int3: whatever runs in it traps */
	pid = fork();
	if (pid == 0) { /* replace its own text: it dies, nothing else does */
		shmat(id, (void *)((uintptr_t)text_probe & ~(uintptr_t)(PG - 1)), SHM_REMAP);
		_exit(text_probe());
	}
	{
		int st = wait_status(pid);

		UTAP_OK(WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) != 42),
			"a child that maps a segment over its own text dies of it (status %#x)", st);
	}
	UTAP_OK(nattch(id) == 1, "and its attach is gone with it");
	/* mremap moves an attach; shmdt finds it at its new place */
	{
		char *moved = mremap(p, 2 * PG, 2 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, plain);

		UTAP_OK(moved == plain && nattch(id) == 1 && DT_ERR(p) == EINVAL && shmdt(moved) == 0 &&
			    nattch(id) == 0,
			"mremap of an attach: nattch 1, shmdt at the new address");
	}
	/* munmap of a piece, then exit with the other */
	p = shmat(id, NULL, 0);
	munmap(p, PG);
	UTAP_OK(nattch(id) == 1 && DT_ERR(p + PG) == EINVAL,
		"the second page alone is no attach start for shmdt");
	UTAP_OK(shmdt(p) == 0 && nattch(id) == 0,
		"shmdt of the first page's address finds the second (its offset is 1 page)");
	p = shmat(id, NULL, 0);
	munmap(p, PG);
	munmap(p + PG, PG);
	UTAP_OK(nattch(id) == 0, "munmap of both pieces: nattch 0");
	shmctl(id, IPC_RMID, NULL);
	UTAP_OK(gone(id), "removed");
}

/* SHMMNI segments, then ENOSPC; all removed. */
static int ids[4100];

static void exhaust_ids(void)
{
	int n = 0, err = 0;
	struct shm_info si;

	while (n < 4100) {
		ids[n] = shmget(IPC_PRIVATE, 1, 0600);
		if (ids[n] < 0) {
			err = errno;
			break;
		}
		n++;
	}
	UTAP_OK(n == 4096 && err == ENOSPC, "4096 segments, then ENOSPC (%d, errno %d)", n, err);
	UTAP_OK(shmget(KEY, PG, IPC_CREAT | 0600) == -1 && errno == ENOSPC,
		"a new key: ENOSPC too");
	UTAP_OK(shmctl(0, SHM_INFO, (struct shmid_ds *)&si) >= 4095 && si.used_ids == 4096,
		"SHM_INFO: 4096 in use, highest index at least 4095");
	for (int i = 0; i < n; i++)
		shmctl(ids[i], IPC_RMID, NULL);
	UTAP_OK(shmctl(0, SHM_INFO, (struct shmid_ds *)&si) == 0 && si.used_ids == 0 &&
		    si.shm_tot == 0,
		"all removed: none in use, shm_tot 0");
	{
		int id = shmget(IPC_PRIVATE, 1, 0600);

		/* the cycle's window shrank to 64 slots: it wraps, a new seq */
		UTAP_OK(id >= 32768 && id % 32768 < 64, "the next id: a new seq, a low slot (%d)", id);
		shmctl(id, IPC_RMID, NULL);
	}
}

/* Memory: a segment larger than the machine is ENOMEM; one that fits
 * the address space but not the free memory is the OOM kill of the
 * toucher, and everything comes back at IPC_RMID. */
static void exhaust_memory(void)
{
	long total = meminfo_total_kb();
	/* more than is free, less than the machine: made, and the OOM kill
	 * when touched (MemFree is near MemTotal on tick386: its kernel is small) */
	size_t big = (size_t)(total + 4096) * 1024, most = (size_t)(total - 16) * 1024;
	int id;
	pid_t pid;

	UTAP_OK(shmget(IPC_PRIVATE, big, 0600) == -1 && errno == ENOMEM,
		"a segment larger than memory: ENOMEM");
	id = shmget(IPC_PRIVATE, big, SHM_NORESERVE | 0600);
	UTAP_OK(id >= 0, "with SHM_NORESERVE it is made");
	shmctl(id, IPC_RMID, NULL);
	id = shmget(IPC_PRIVATE, most, 0600);
	UTAP_OK(id >= 0, "a segment of more than the free memory is made (no page yet)");
	pid = fork();
	if (pid == 0) {
		char *p = shmat(id, NULL, 0);

		if (p == (void *)-1)
			_exit(1);
		for (size_t i = 0; i < most; i += PG)
			p[i] = 1;
		_exit(2);
	}
	{
		int st = wait_status(pid);

		UTAP_OK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
			"touching all of it: the OOM kill (status %#x)", st);
	}
	UTAP_OK(nattch(id) == 0, "the killed child is detached");
	shmctl(id, IPC_RMID, NULL);
	UTAP_OK(gone(id), "IPC_RMID gives every page back");
}

/* Root's writes to /proc/sys/kernel/shm*: the new limits bind, bad
 * numbers change nothing, nobody may write. */
static int knob_write(const char *name, const char *text)
{
	char path[64];
	int fd, rc;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	rc = write(fd, text, strlen(text)) == (ssize_t)strlen(text) ? 0 : -errno;
	close(fd);
	return rc;
}

static unsigned long knob_read(const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	return tap_slurp(path, text, sizeof(text)) < 0 ? 1 : strtoul(text, NULL, 0);
}

static void limits(void)
{
	int id, id2;
	pid_t pid;

	UTAP_OK(knob_read("shmmax") == 0xfefffffful && knob_read("shmall") == 0xfefffffful &&
		    knob_read("shmmni") == 4096,
		"shmmax, shmall, shmmni read Linux's defaults");
	UTAP_OK(knob_write("shmmax", "8192\n") == 0 && knob_read("shmmax") == 8192,
		"root writes shmmax 8192");
	UTAP_OK(shmget(IPC_PRIVATE, 8193, 0600) == -1 && errno == EINVAL,
		"a segment past it: EINVAL");
	id = shmget(IPC_PRIVATE, 8192, 0600);
	UTAP_OK(id >= 0, "one of 8192 bytes is made");
	UTAP_OK(knob_write("shmmax", "-1") == -EINVAL && knob_write("shmmax", "12x") == -EINVAL &&
		    knob_write("shmmax", "") == -EINVAL &&
		    knob_write("shmmax", "99999999999999999999") == -EINVAL &&
		    knob_read("shmmax") == 8192,
		"bad numbers: EINVAL, shmmax kept");
	UTAP_OK(knob_write("shmmni", "32769") == -EINVAL && knob_write("shmmni", "1") == 0,
		"shmmni: 32769 EINVAL, 1 taken");
	id2 = shmget(IPC_PRIVATE, PG, 0600);
	UTAP_OK(id2 == -1 && errno == ENOSPC, "with one segment alive, the next: ENOSPC");
	UTAP_OK(knob_write("shmall", "2") == 0 && knob_write("shmmni", "4096") == 0 &&
		    shmget(IPC_PRIVATE, PG, 0600) == -1 && errno == ENOSPC,
		"shmall 2 pages, 2 in use: ENOSPC");
	pid = fork();
	if (pid == 0) {
		if (setuid(65534))
			_exit(2);
		_exit(knob_write("shmmax", "4096") == -EACCES ? 0 : 1);
	}
	UTAP_OK(wait_status(pid) == 0, "nobody may not write shmmax: EACCES");
	UTAP_OK(knob_write("shmmax", "4294967295") == 0 && knob_write("shmall", "0xffffffff") == 0 &&
		    shmget(IPC_PRIVATE, 0xfffff001u, 0600) == -1 && errno == ENOSPC,
		"shmmax 2^32 - 1: a size whose pages wrap 32 bits is ENOSPC, as Linux's");
	UTAP_OK(knob_write("shmmax", "0xfeffffff") == 0 && knob_write("shmall", "4278190079") == 0 &&
		    knob_read("shmmni") == 4096,
		"the defaults written back (hex and decimal)");
	shmctl(id, IPC_RMID, NULL);
	id = shmget(IPC_PRIVATE, 2 * PG, 0600);
	UTAP_OK(id >= 0, "segments are made again");
	shmctl(id, IPC_RMID, NULL);
}

/* Threads racing on one key. */
static volatile int stop;

static void *attacher(void *arg)
{
	(void)arg;
	for (int i = 0; i < 1500; i++) {
		int id = shmget(KEY, 2 * PG, IPC_CREAT | 0600);
		char *p;

		if (id < 0)
			continue;
		p = shmat(id, NULL, (i & 1) ? SHM_RDONLY : 0);
		if (p == (void *)-1)
			continue;
		if (!(i & 1))
			p[PG] = (char)i;
		shmdt(p);
	}
	return NULL;
}

static void *remover(void *arg)
{
	(void)arg;
	while (!stop) {
		int id = shmget(KEY, 0, 0);

		if (id >= 0)
			shmctl(id, IPC_RMID, NULL);
		sched_yield();
	}
	return NULL;
}

static void *forker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 30 && !stop; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			int id = shmget(KEY, 0, 0);

			if (id >= 0)
				shmat(id, NULL, 0);
			_exit(0);
		}
		waitpid(pid, NULL, 0);
	}
	return NULL;
}

static void races(void)
{
	pthread_t t[4];
	int id;

	pthread_create(&t[0], NULL, attacher, NULL);
	pthread_create(&t[1], NULL, attacher, NULL);
	pthread_create(&t[2], NULL, remover, NULL);
	pthread_create(&t[3], NULL, forker, NULL);
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	stop = 1;
	pthread_join(t[2], NULL);
	pthread_join(t[3], NULL);
	if ((id = shmget(KEY, 0, 0)) >= 0)
		shmctl(id, IPC_RMID, NULL);
}

/* The race in a child, so its threads' stacks go with it. */
static void race_in_child(void)
{
	struct shm_info si;
	pid_t pid = fork();

	if (pid == 0) {
		races();
		_exit(0);
	}
	UTAP_OK(wait_status(pid) == 0, "three threads race shmget/shmat/shmdt/IPC_RMID, one forks");
	UTAP_OK(shmctl(0, SHM_INFO, (struct shmid_ds *)&si) == 0 && si.used_ids == 0,
		"after the race every segment is gone (%d in use)", si.used_ids);
}

int main(void)
{
	long before;

	/* once: the page tables and heap blocks the tests reuse (a page
	 * table stays until exit: no leak, but it would show in MemFree) */
	{
		int id = shmget(IPC_PRIVATE, PG, 0600);
		char *p = shmat(id, NULL, 0);

		p[0] = 1;
		shmdt(p);
		shmctl(id, IPC_RMID, NULL);
	}
	before = tap_meminfo_kb("MemFree:");
	rmid_while_attached();
	exit_exec_attached();
	bad_addresses();
	UTAP_OK(tap_meminfo_kb("MemFree:") == before, "MemFree back after the attaches (%ld, %ld kB)", before,
		tap_meminfo_kb("MemFree:"));
	exhaust_ids();
	UTAP_OK(tap_meminfo_kb("MemFree:") == before, "MemFree back after SHMMNI (%ld, %ld kB)", before,
		tap_meminfo_kb("MemFree:"));
	exhaust_memory();
	UTAP_OK(tap_meminfo_kb("MemFree:") == before, "MemFree back after the OOM kill (%ld, %ld kB)", before,
		tap_meminfo_kb("MemFree:"));
	limits();
	race_in_child();
	UTAP_OK(memfree_settled(before) == before, "MemFree back after the race (%ld, %ld kB)",
		before, tap_meminfo_kb("MemFree:"));
	return done_testing();
}
