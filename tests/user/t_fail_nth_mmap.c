/*
 * Every allocation of the mapping calls and of the fault path made to
 * fail, one at a time, with /proc/self/fail-nth (the walk: fail_nth.h).
 * mmap (private and shared, anonymous, of a /dev/shm file and of /dev/zero, with
 * MAP_POPULATE, whose faults may fail silently as Linux's), munmap and
 * mprotect of a middle page (the split) and mremap moving pages fail with
 * ENOMEM and change nothing; read(2) into a page not yet touched whose
 * page cannot be had is EFAULT (Linux: a kernel-mode fault
 * that gets VM_FAULT_OOM is fixed up to EFAULT).  A user-mode fault that
 * cannot get its page is the OOM kill: a child touching three pages with
 * its N-th allocation failed dies of SIGKILL, and every page comes back.
 * System V shared memory: shmget fails with ENOMEM leaving no segment
 * (SHM_INFO's used_ids 0), shmat placed or with SHM_REMAP over the middle
 * of a mapping (two splits) fails with ENOMEM leaving nattch 0 and the
 * mapping whole.
 */
/* expect: status=0 */
/* parallel: yes */
#include "fail_nth.h"
#include <sys/mman.h>
#include <sys/shm.h>

#define PG 4096

static char *map;  /* what prepare made, or run's result */
static int pfd[2]; /* a pipe holding 4 bytes for the read walk */

/* The page tables the walks' mappings need, made once before (one a
 * failed call made would stay until exit: no leak, but it shows in MemFree). */
static void tables_once(void)
{
	char *p = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(p, 1, 64 * PG);
	munmap(p, 64 * PG);
}

static int map_flags, map_fd = -1;

static long mmap_run(void)
{
	map = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, map_flags | MAP_ANONYMOUS | MAP_POPULATE,
		   -1, 0);
	return map == MAP_FAILED ? -1 : 0;
}

static int mmap_settle(long r, int injected)
{
	(void)injected;
	if (r < 0)
		return 1;
	map[0] = 1; /* usable, whatever MAP_POPULATE did */
	return munmap(map, 3 * PG) == 0;
}

/* A mapping of map_fd itself (/dev/zero: anonymous memory, private or
 * shared, made through the file). */
static long fd_map_run(void)
{
	map = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, map_flags | MAP_POPULATE, map_fd, 0);
	return map == MAP_FAILED ? -1 : 0;
}

static void three_pages(void)
{
	map = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(map, 'x', 3 * PG);
}

static long munmap_run(void)
{
	return munmap(map + PG, PG);
}

static long mprotect_run(void)
{
	return mprotect(map + PG, PG, PROT_READ);
}

/* The three pages as they must be: all there after a failure; munmap's
 * hole or mprotect's read-only page after a success. */
static int split_settle(long r, int injected)
{
	unsigned char vec[3];
	int good = mincore(map, 3 * PG, vec) == 0 && map[0] == 'x' && map[2 * PG] == 'x';

	(void)injected;
	if (r < 0 && !good)
		tap_why("pages changed by a failed call");
	munmap(map, 3 * PG);
	return r < 0 ? good : 1;
}

static char *moved;

/* mremap to twice the size, moved over a mapping made for it (MREMAP_FIXED):
 * the pages carried over, or on failure both mappings as they were. */
static void remap_prepare(void)
{
	three_pages();
	moved = mmap(NULL, 6 * PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static long remap_run(void)
{
	return mremap(map, 3 * PG, 6 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, moved) == MAP_FAILED ? -1
											       : 0;
}

static int remap_settle(long r, int injected)
{
	int good;

	(void)injected;
	if (r == 0) {
		good = moved[0] == 'x' && moved[3 * PG - 1] == 'x' && moved[3 * PG] == 0;
	} else {
		unsigned char vec[3];

		good = map[0] == 'x' && map[3 * PG - 1] == 'x' && mincore(moved, 3 * PG, vec) == 0;
		munmap(map, 3 * PG);
	}
	munmap(moved, 6 * PG);
	return good;
}

static void read_prepare(void)
{
	map = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	write(pfd[1], "data", 4);
}

static long read_run(void)
{
	return read(pfd[0], map + 10, 4);
}

static int read_settle(long r, int injected)
{
	char b[4];
	int good = r == 4 ? memcmp(map + 10, "data", 4) == 0 : read(pfd[0], b, 4) == 4;

	(void)injected;
	munmap(map, PG);
	return good;
}

/*
 * The fault path: a child fails its N-th allocation while touching three
 * new pages; N = 1, 2, ... until it exits normally.  An injected failure
 * must be the OOM kill (SIGKILL), never a kernel fault; MemFree is the
 * same after each child.
 */
static void fault_walk(void)
{
	long before = tap_meminfo_kb("MemFree:");
	unsigned n, killed = 0;

	for (n = 1; n <= 20; n++) {
		int status;
		pid_t pid = fork();

		if (pid == 0) {
			char *p = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			int fd = open("/proc/self/fail-nth", O_RDWR);

			if (p == MAP_FAILED || fd < 0)
				_exit(2);
			nth_set_fd(fd, n);
			p[0] = p[PG] = p[2 * PG] = 1;
			_exit(nth_get_fd(fd) == 0 ? 3 : 0); /* 3: injected yet alive */
		}
		waitpid(pid, &status, 0);
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
			break;
		if (!ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
			"touch: allocation %u fails: the OOM kill", n))
			tap_why("status %#x", status);
		killed++;
	}
	ok(n <= 20 && killed >= 3, "touch: %u allocations failed, then it runs", killed);
	ok(tap_meminfo_kb("MemFree:") == before, "touch: every page back (%ld kB, %ld kB)", before,
	   tap_meminfo_kb("MemFree:"));
}

static int shm_id = -1;

static int shm_none(void)
{
	struct shm_info si;

	return shmctl(0, SHM_INFO, (struct shmid_ds *)&si) == 0 && si.used_ids == 0;
}

static long shmget_run(void)
{
	shm_id = shmget(IPC_PRIVATE, 3 * PG, 0600);
	return shm_id;
}

static int shmget_settle(long r, int injected)
{
	(void)injected;
	if (r < 0) {
		if (!shm_none())
			tap_why("a failed shmget left a segment");
		return shm_none();
	}
	return shmctl(shm_id, IPC_RMID, NULL) == 0 && shm_none();
}

static int shm_nattch(void)
{
	struct shmid_ds ds;

	return shmctl(shm_id, IPC_STAT, &ds) ? -1 : (int)ds.shm_nattch;
}

static void shmat_prepare(void)
{
	shm_id = shmget(IPC_PRIVATE, 3 * PG, 0600);
}

static long shmat_run(void)
{
	map = shmat(shm_id, NULL, 0);
	return map == (void *)-1 ? -1 : 0;
}

static int shmat_settle(long r, int injected)
{
	int good;

	(void)injected;
	if (r < 0) {
		good = shm_nattch() == 0;
	} else {
		map[0] = 1;
		good = shm_nattch() == 1 && shmdt(map) == 0 && shm_nattch() == 0;
	}
	return shmctl(shm_id, IPC_RMID, NULL) == 0 && shm_none() && good;
}

/* SHM_REMAP over pages 1-3 of a five-page mapping: two splits. */
static char *five;

static void remap_shm_prepare(void)
{
	shm_id = shmget(IPC_PRIVATE, 3 * PG, 0600);
	five = mmap(NULL, 5 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(five, 'x', 5 * PG);
}

static long remap_shm_run(void)
{
	return shmat(shm_id, five + PG, SHM_REMAP) == (void *)-1 ? -1 : 0;
}

static int remap_shm_settle(long r, int injected)
{
	int good;

	(void)injected;
	if (r < 0)
		good = shm_nattch() == 0 && five[0] == 'x' && five[PG] == 'x' &&
		       five[4 * PG - 1] == 'x' && five[5 * PG - 1] == 'x';
	else
		good = shm_nattch() == 1 && five[0] == 'x' && five[PG] == 0 && five[4 * PG] == 'x';
	munmap(five, 5 * PG); /* detaches too */
	good = good && shm_nattch() == 0;
	return shmctl(shm_id, IPC_RMID, NULL) == 0 && shm_none() && good;
}

int main(void)
{
	struct call calls[] = {
	    {"mmap(private, populate)", ENOMEM, NULL, mmap_run, mmap_settle},
	    {"mmap(shared, populate)", ENOMEM, NULL, mmap_run, mmap_settle},
	    {"mmap(file, shared)", ENOMEM, NULL, mmap_run, mmap_settle},
	    {"mmap(file, private)", ENOMEM, NULL, mmap_run, mmap_settle},
	    {"munmap(middle page)", ENOMEM, three_pages, munmap_run, split_settle},
	    {"mprotect(middle page)", ENOMEM, three_pages, mprotect_run, split_settle},
	    {"mremap(moved)", ENOMEM, remap_prepare, remap_run, remap_settle},
	    {"read(2) into an untouched page", EFAULT, read_prepare, read_run, read_settle},
	    {"shmget(IPC_PRIVATE)", ENOMEM, NULL, shmget_run, shmget_settle},
	    {"shmat(placed)", ENOMEM, shmat_prepare, shmat_run, shmat_settle},
	    {"shmat(SHM_REMAP, middle)", ENOMEM, remap_shm_prepare, remap_shm_run, remap_shm_settle},
	    {"mmap(/dev/zero, shared, populate)", ENOMEM, NULL, fd_map_run, mmap_settle},
	    {"mmap(/dev/zero, private, populate)", ENOMEM, NULL, fd_map_run, mmap_settle},
	};

	nth_fd = open("/proc/self/fail-nth", O_RDWR);
	if (!ok(nth_fd >= 0, "/proc/self/fail-nth opens for reading and writing"))
		return done_testing();
	pipe(pfd);
	/* once through: a pipe takes its page at the first write and keeps
	 * one when emptied (Linux's tmp_page), so the walk's writes take none */
	if (write(pfd[1], "warm", 4) == 4)
		read(pfd[0], text, 4);
	tables_once();
	map_flags = MAP_PRIVATE;
	walk(&calls[0]);
	map_flags = MAP_SHARED;
	walk(&calls[1]);
	/* A /dev/shm file whose three pages exist already (the object keeps
	 * what a fault gives it: no leak, but it would show in MemFree). */
	map_fd = open("/dev/shm/fail_nth_mmap", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (ok(map_fd >= 0, "a /dev/shm file")) {
		static char page[3 * PG];

		write(map_fd, page, sizeof(page));
		map_flags = MAP_SHARED;
		walk(&calls[2]);
		map_flags = MAP_PRIVATE;
		walk(&calls[3]);
		close(map_fd);
		unlink("/dev/shm/fail_nth_mmap");
		map_fd = -1;
	}
	for (unsigned i = 4; i < 8; i++)
		walk(&calls[i]);
	map_fd = open("/dev/zero", O_RDWR);
	if (ok(map_fd >= 0, "/dev/zero")) {
		map_flags = MAP_SHARED;
		walk(&calls[8]);
		map_flags = MAP_PRIVATE;
		walk(&calls[9]);
		close(map_fd);
		map_fd = -1;
	}
	fault_walk();
	summary_print();
	close(nth_fd);
	return done_testing();
}
