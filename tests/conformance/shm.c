/*
 * System V shared memory: shmget (sizes EINVAL, IPC_CREAT/IPC_EXCL's
 * EEXIST and ENOENT, a larger size EINVAL, IPC_PRIVATE), shmat (placed or
 * given, SHM_RND, SHM_RDONLY's read-only pages, SHM_REMAP, SHM_EXEC,
 * unaligned EINVAL, over a mapping EINVAL, stale ids), shmdt (EINVAL for
 * an address that is no attach, the pieces munmap cut), shmctl (IPC_STAT's
 * deterministic fields and times, IPC_SET, IPC_RMID while attached: key
 * private, SHM_DEST, attach by id still allowed, gone at the last detach;
 * IPC_INFO, SHM_INFO, SHM_STAT, SHM_STAT_ANY, SHM_LOCK/SHM_UNLOCK, bad
 * cmds and pointers), the permissions of an unprivileged user (EACCES,
 * EPERM), attaches shared across fork and dropped by exit and execve.
 * Runs as root; keys 0x5eed0001.. (removed at the end, and at the start
 * if a previous run left them).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "conformance.h"

#define PG 4096
#define KEY1 0x5eed0001
#define KEY2 0x5eed0002
#define NOBODY 65534

static char self[256];
static void *volatile const bad_low = BAD_PTR_LOW;
#define BADP ((void *)bad_low)

static void find_self(const char *argv0)
{
	if (strchr(argv0, '/'))
		snprintf(self, sizeof(self), "%s", argv0);
	else
		snprintf(self, sizeof(self), "/bin/%s", argv0);
}



/* shmat's (void *)-1 as -1 for ERR */
static long at(int id, const void *addr, int flg)
{
	void *p = shmat(id, addr, flg);

	return p == (void *)-1 ? -1 : 0;
}

/*
 * A child that prints test points of its own: it exits with their number
 * (and whether one failed), which the parent adds to its count, so the
 * numbering goes on.
 */
static int child_base, child_failed_base;

static void child_begin(void)
{
	child_base = tap_count;
	child_failed_base = tap_failed;
}

static void __attribute__((noreturn)) child_end(void)
{
	fflush(stdout);
	_exit((tap_count - child_base) << 1 | (tap_failed > child_failed_base));
}

static void child_join(pid_t pid, const char *what)
{
	int status;

	waitpid(pid, &status, 0);
	if (WIFEXITED(status)) {
		tap_count += WEXITSTATUS(status) >> 1;
		tap_failed += WEXITSTATUS(status) & 1;
	}
	ok(WIFEXITED(status), "%s ran", what);
}

static void cleanup_keys(void)
{
	int id;

	if ((id = shmget(KEY1, 0, 0)) >= 0)
		shmctl(id, IPC_RMID, NULL);
	if ((id = shmget(KEY2, 0, 0)) >= 0)
		shmctl(id, IPC_RMID, NULL);
}

static struct shmid_ds stat_of(int id)
{
	struct shmid_ds ds;

	memset(&ds, 0xa5, sizeof(ds));
	if (shmctl(id, IPC_STAT, &ds))
		memset(&ds, 0xff, sizeof(ds));
	return ds;
}

/* Whether a store to p faults (a child tries it). */
static int store_faults(volatile char *p)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		*p = 1;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
}

static void test_get(void)
{
	int id, id2;

	EXPECT_ID(shmget(IPC_PRIVATE, 0, 0600), EINVAL, "shmget(IPC_PRIVATE, size 0)");
	EXPECT_ID(shmget(IPC_PRIVATE, SIZE_MAX, 0600), EINVAL, "shmget(IPC_PRIVATE, SIZE_MAX)");
	EXPECT_ID(shmget(KEY1, 0, 0), ENOENT, "shmget of a missing key without IPC_CREAT");
	EXPECT_ID(shmget(KEY1, PG, 0600), ENOENT, "shmget of a missing key, a mode but no IPC_CREAT");
	EXPECT_ID(shmget(KEY1, 0, IPC_CREAT | 0600), EINVAL, "shmget(IPC_CREAT, size 0) of a new key");
	id = shmget(KEY1, 5000, IPC_CREAT | IPC_EXCL | 0640);
	ok(id >= 0, "shmget(KEY1, 5000, IPC_CREAT|IPC_EXCL) creates");
	EXPECT_ID(shmget(KEY1, 5000, IPC_CREAT | IPC_EXCL | 0640), EEXIST, "IPC_CREAT|IPC_EXCL again");
	EXPECT_ID(shmget(KEY1, 0, IPC_EXCL), 0, "IPC_EXCL without IPC_CREAT finds it");
	ok(shmget(KEY1, 0, 0) == id, "shmget(KEY1, 0, 0) gives the same id");
	ok(shmget(KEY1, 5000, IPC_CREAT) == id, "shmget(KEY1, the same size, IPC_CREAT) too");
	ok(shmget(KEY1, 1, 0) == id, "a smaller size finds it");
	EXPECT_ID(shmget(KEY1, 5001, 0), EINVAL, "a size larger than the segment's");
	EXPECT_ID(shmget(KEY1, 5001, IPC_CREAT | IPC_EXCL), EEXIST, "EEXIST before the size");
	id2 = shmget(IPC_PRIVATE, PG, 0600);
	ok(id2 >= 0 && id2 != id, "IPC_PRIVATE makes a new segment");
	{
		int id3 = shmget(IPC_PRIVATE, PG, IPC_CREAT | IPC_EXCL | 0600);

		ok(id3 >= 0 && id3 != id2, "IPC_PRIVATE never finds an existing one");
		shmctl(id3, IPC_RMID, NULL);
	}
	shmctl(id2, IPC_RMID, NULL);
	EXPECT_ID(shmctl(id2, IPC_STAT, &(struct shmid_ds){0}), EINVAL, "IPC_STAT of a removed id");
	shmctl(id, IPC_RMID, NULL);
}

static void test_stat(void)
{
	time_t t0 = time(NULL), t1;
	int id = shmget(KEY1, 5000, IPC_CREAT | 0640);
	struct shmid_ds ds = stat_of(id);
	char *p;

	t1 = time(NULL);
	ok(ds.shm_perm.__key == KEY1, "IPC_STAT: key");
	ok(ds.shm_perm.uid == 0 && ds.shm_perm.cuid == 0 && ds.shm_perm.gid == 0 &&
	       ds.shm_perm.cgid == 0,
	   "IPC_STAT: owner and creator root");
	why("mode %o", (unsigned)ds.shm_perm.mode);
	ok(ds.shm_perm.mode == 0640, "IPC_STAT: mode 0640");
	ok(ds.shm_segsz == 5000, "IPC_STAT: shm_segsz the size asked (5000)");
	ok(ds.shm_nattch == 0 && ds.shm_atime == 0 && ds.shm_dtime == 0,
	   "IPC_STAT: never attached: nattch, atime, dtime 0");
	ok(ds.shm_cpid == getpid() && ds.shm_lpid == 0, "IPC_STAT: cpid ours, lpid 0");
	ok(ds.shm_ctime >= t0 && ds.shm_ctime <= t1, "IPC_STAT: ctime now");
	p = shmat(id, NULL, 0);
	ok(p != (void *)-1 && ((uintptr_t)p & (PG - 1)) == 0, "shmat(NULL) places it, page aligned");
	ds = stat_of(id);
	ok(ds.shm_nattch == 1 && ds.shm_lpid == getpid(), "after shmat: nattch 1, lpid ours");
	ok(ds.shm_atime >= t0 && ds.shm_atime <= time(NULL), "after shmat: atime now");
	ok(p[0] == 0 && p[4999] == 0 && p[2 * PG - 1] == 0, "a new segment reads zeros to its page end");
	strcpy(p, "shared");
	{
		char *q = shmat(id, NULL, SHM_RDONLY);

		ok(q != (void *)-1 && q != p && !strcmp(q, "shared"),
		   "a second attach (SHM_RDONLY) sees the same bytes");
		ok(stat_of(id).shm_nattch == 2, "nattch 2");
		ok(store_faults(q), "a store to a SHM_RDONLY attach is SIGSEGV");
		EXPECT_ID(mprotect(q, PG, PROT_READ | PROT_WRITE), EACCES,
		    "mprotect(PROT_WRITE) of a SHM_RDONLY attach");
		EXPECT_ID(shmdt(q), 0, "shmdt of the second");
		ok(stat_of(id).shm_nattch == 1 && stat_of(id).shm_dtime >= t0, "nattch 1, dtime set");
	}
	EXPECT_ID(shmdt(p + 1), EINVAL, "shmdt(unaligned)");
	EXPECT_ID(shmdt(p + PG), EINVAL, "shmdt(the attach's second page)");
	EXPECT_ID(shmdt(p), 0, "shmdt");
	EXPECT_ID(shmdt(p), EINVAL, "shmdt again");
	EXPECT_ID(shmdt(NULL), EINVAL, "shmdt(NULL)");
	ok(stat_of(id).shm_nattch == 0, "nattch 0");
	p = shmat(id, NULL, 0);
	ok(!strcmp(p, "shared"), "the bytes stay while the segment exists");
	shmdt(p);
	EXPECT_ID(shmctl(id, IPC_STAT, NULLP), EFAULT, "IPC_STAT(NULL)");
	EXPECT_ID(shmctl(id, IPC_STAT, BADP), EFAULT, "IPC_STAT(bad pointer)");
	EXPECT_ID(shmctl(-1, IPC_STAT, &ds), EINVAL, "IPC_STAT(-1)");
	EXPECT_ID(shmctl(id + 1, IPC_STAT, &ds), EINVAL, "IPC_STAT of an id never given");
	EXPECT_ID(shmctl(id, 99, &ds), EINVAL, "shmctl(cmd 99)");
	EXPECT_ID(shmctl(id, -1, &ds), EINVAL, "shmctl(cmd -1)");
	EXPECT_ID(syscall(SYS_shmctl, id, IPC_STAT | 0x100, &ds), EINVAL,
	    "the direct shmctl with IPC_64 in cmd");
	shmctl(id, IPC_RMID, NULL);
}

static void test_set_rmid(void)
{
	int id = shmget(KEY1, PG, IPC_CREAT | 0600);
	struct shmid_ds ds = stat_of(id);
	char *p;

	ds.shm_perm.mode = 0777 | 07000;
	ds.shm_perm.uid = 123;
	ds.shm_perm.gid = 456;
	EXPECT_ID(shmctl(id, IPC_SET, &ds), 0, "IPC_SET mode 07777, uid 123, gid 456");
	ds = stat_of(id);
	ok(ds.shm_perm.mode == 0777 && ds.shm_perm.uid == 123 && ds.shm_perm.gid == 456 &&
	       ds.shm_perm.cuid == 0,
	   "IPC_STAT: the 9 mode bits, the new owner, the creator kept");
	ds.shm_perm.uid = (uid_t)-1;
	EXPECT_ID(shmctl(id, IPC_SET, &ds), EINVAL, "IPC_SET uid -1");
	EXPECT_ID(shmctl(id, IPC_SET, BADP), EFAULT, "IPC_SET(bad pointer)");
	EXPECT_ID(shmctl(-5, IPC_SET, BADP), EINVAL, "IPC_SET(-5, bad pointer): the id first");
	EXPECT_ID(shmctl(id + 32768 * 7, IPC_SET, BADP), EFAULT, "IPC_SET(stale id, bad pointer): the copy first");
	ok(stat_of(id).shm_perm.uid == 123, "a failed IPC_SET changed nothing");

	p = shmat(id, NULL, 0);
	strcpy(p, "kept");
	EXPECT_ID(shmctl(id, IPC_RMID, NULL), 0, "IPC_RMID while attached");
	ds = stat_of(id);
	ok(ds.shm_perm.__key == IPC_PRIVATE, "IPC_STAT after: the key is IPC_PRIVATE");
	ok(ds.shm_perm.mode == (0777 | SHM_DEST), "IPC_STAT after: mode has SHM_DEST");
	ok(ds.shm_nattch == 1 && !strcmp(p, "kept"), "still attached, the bytes there");
	EXPECT_ID(shmget(KEY1, 0, 0), ENOENT, "shmget of its key");
	{
		char *q = shmat(id, NULL, 0);

		ok(q != (void *)-1 && !strcmp(q, "kept"), "shmat by id after IPC_RMID still attaches");
		ok(stat_of(id).shm_nattch == 2, "nattch 2");
		shmdt(q);
	}
	{
		int id2 = shmget(KEY1, PG, IPC_CREAT | IPC_EXCL | 0600);

		ok(id2 >= 0 && id2 != id, "the key makes a new segment");
		shmctl(id2, IPC_RMID, NULL);
	}
	EXPECT_ID(shmctl(id, IPC_RMID, NULL), 0, "IPC_RMID again while attached");
	EXPECT_ID(shmdt(p), 0, "the last shmdt");
	EXPECT_ID(shmctl(id, IPC_STAT, &ds), EINVAL, "IPC_STAT: the segment is gone");
	EXPECT_ID(at(id, NULL, 0), EINVAL, "shmat of it");
	EXPECT_ID(shmctl(id, IPC_RMID, NULL), EINVAL, "IPC_RMID of it");
	id = shmget(KEY1, PG, IPC_CREAT | 0600);
	EXPECT_ID(shmctl(id, IPC_RMID, NULL), 0, "IPC_RMID of an unattached segment");
	EXPECT_ID(shmctl(id, IPC_STAT, &ds), EINVAL, "is at once gone");
}

static void test_attach_addr(void)
{
	int id = shmget(IPC_PRIVATE, 2 * PG, 0600);
	char *area = mmap(NULL, 8 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *hole = area + 4 * PG, *p;

	munmap(hole, 4 * PG);
	area[0] = 'a';
	EXPECT_ID(at(id, hole + 1, 0), EINVAL, "shmat(unaligned) without SHM_RND");
	p = shmat(id, hole + 100, SHM_RND);
	ok(p == hole, "shmat(unaligned, SHM_RND) rounds down");
	shmdt(p);
	EXPECT_ID(at(id, NULL, SHM_REMAP), EINVAL, "shmat(NULL, SHM_REMAP)");
	EXPECT_ID(at(id, (char *)100, SHM_RND | SHM_REMAP), EINVAL, "shmat(rounds to 0, SHM_REMAP)");
	EXPECT_ID(at(id, area, 0), EINVAL, "shmat over a mapping");
	EXPECT_ID(at(id, hole - PG, 0), EINVAL, "shmat over its last page");
	ok(area[0] == 'a', "the mapping is untouched");
	p = shmat(id, area, SHM_REMAP);
	ok(p == area && area[0] == 0, "SHM_REMAP replaces it");
	p[0] = 's';
	ok(stat_of(id).shm_nattch == 1, "nattch 1");
	/* the pieces munmap cuts: shmdt of the start finds both */
	munmap(area + PG, PG);
	ok(stat_of(id).shm_nattch == 1, "munmap of its second page: nattch 1");
	p = shmat(id, hole, 0);
	ok(p == hole, "shmat at a free address");
	ok(stat_of(id).shm_nattch == 2, "nattch 2");
	EXPECT_ID(mprotect(p + PG, PG, PROT_READ), 0, "mprotect of the attach's second page");
	ok(stat_of(id).shm_nattch == 3, "the split counts: nattch 3");
	EXPECT_ID(shmdt(p), 0, "shmdt of the start");
	ok(stat_of(id).shm_nattch == 1, "both pieces went: nattch 1");
	ok(store_faults(hole + PG), "the second piece is unmapped");
	EXPECT_ID(shmdt(area), 0, "shmdt of the other attach");
	ok(stat_of(id).shm_nattch == 0, "nattch 0");
	p = shmat(id, NULL, SHM_EXEC);
	ok(p != (void *)-1, "shmat(SHM_EXEC)");
	shmdt(p);
	EXPECT_ID(at(-1, NULL, 0), EINVAL, "shmat(-1)");
	EXPECT_ID(at(id + 32768, NULL, 0), EINVAL, "shmat of a stale id");
	shmctl(id, IPC_RMID, NULL);
	munmap(area, 8 * PG);
}

static void test_info(void)
{
	struct shminfo info;
	struct shm_info si;
	struct shmid_ds ds;
	int id = shmget(KEY2, 3 * PG, IPC_CREAT | 0600), max, found = 0;
	char *p = shmat(id, NULL, 0);

	p[0] = p[PG] = 1;
	memset(&info, 0, sizeof(info));
	max = shmctl(0, IPC_INFO, (struct shmid_ds *)&info);
	ok(max >= 0, "IPC_INFO returns the highest index in use");
	ok(info.shmmin == 1 && info.shmmni == 4096 && info.shmseg == 4096,
	   "IPC_INFO: shmmin 1, shmmni 4096, shmseg 4096");
	ok(info.shmmax >= 0xfeffffffu && info.shmall >= 0xfeffffffu,
	   "IPC_INFO: shmmax and shmall Linux's defaults");
	ok(shmctl(0, SHM_INFO, (struct shmid_ds *)&si) == max, "SHM_INFO returns the same");
	ok(si.used_ids >= 1 && si.shm_tot >= 3 && si.shm_rss >= 2, "SHM_INFO: used_ids, shm_tot, shm_rss");
	for (int idx = 0; idx <= max; idx++) {
		int sid = shmctl(idx, SHM_STAT, &ds);

		if (sid == id && ds.shm_segsz == 3 * PG)
			found++;
		if (sid < 0 && errno != EINVAL && errno != EACCES)
			found = -100;
	}
	ok(found == 1, "SHM_STAT over the indexes finds the id");
	EXPECT_ID(shmctl(max + 1, SHM_STAT, &ds), EINVAL, "SHM_STAT past the highest index");
	EXPECT_ID(shmctl(id % 32768, SHM_STAT_ANY, &ds), 0, "SHM_STAT_ANY");
	ok(shmctl(id, SHM_STAT, &ds) == id, "SHM_STAT given the whole id takes its low 15 bits");
	EXPECT_ID(shmctl(0, IPC_INFO, BADP), EFAULT, "IPC_INFO(bad pointer)");
	EXPECT_ID(shmctl(-1, IPC_INFO, (struct shmid_ds *)&info), EINVAL, "IPC_INFO with id -1");
	EXPECT_ID(shmctl(id, SHM_LOCK, NULL), 0, "SHM_LOCK");
	ok(stat_of(id).shm_perm.mode == (0600 | SHM_LOCKED), "mode has SHM_LOCKED");
	EXPECT_ID(shmctl(id, SHM_UNLOCK, NULL), 0, "SHM_UNLOCK");
	ok(stat_of(id).shm_perm.mode == 0600, "SHM_LOCKED gone");
	EXPECT_ID(shmctl(-1, SHM_LOCK, NULL), EINVAL, "SHM_LOCK(-1)");
	/* the same limits in /proc/sys/kernel, the segment in /proc/sysvipc/shm */
	{
		unsigned long v[3] = {0, 0, 0};
		static const char *const knob[] = {"/proc/sys/kernel/shmmax",
						   "/proc/sys/kernel/shmall",
						   "/proc/sys/kernel/shmmni"};
		char line[256];
		FILE *f;
		int rows = 0;

		/* one read(2): Linux's sysctl files give nothing at an offset
		 * past 0, which a C library reading a byte at a time would meet */
		for (int i = 0; i < 3; i++) {
			int fd = open(knob[i], O_RDONLY);
			ssize_t n = fd >= 0 ? read(fd, line, sizeof(line) - 1) : -1;

			line[n > 0 ? n : 0] = '\0';
			v[i] = strtoul(line, NULL, 10);
			if (fd >= 0)
				close(fd);
		}
		why("proc %lu %lu %lu, IPC_INFO %lu %lu %lu", v[0], v[1], v[2],
		    (unsigned long)info.shmmax, (unsigned long)info.shmall,
		    (unsigned long)info.shmmni);
		ok(v[0] == info.shmmax && v[1] == info.shmall && v[2] == info.shmmni,
		   "/proc/sys/kernel/shmmax, shmall, shmmni are IPC_INFO's");
		f = fopen("/proc/sysvipc/shm", "r");
		ok(f && fgets(line, sizeof(line), f) && strstr(line, "key") && strstr(line, "shmid") &&
		       strstr(line, "nattch") && strstr(line, "rss"),
		   "/proc/sysvipc/shm: a header line");
		while (f && fgets(line, sizeof(line), f)) {
			int key, sid, cpid, lpid;
			unsigned perms, uid;
			unsigned long size, natt, rss;

			if (sscanf(line, "%d %d %o %lu %d %d %lu %u %*u %*u %*u %*d %*d %*d %lu", &key,
				   &sid, &perms, &size, &cpid, &lpid, &natt, &uid, &rss) == 9 &&
			    sid == id)
				rows += key == KEY2 && perms == 0600 && size == 3 * PG &&
					cpid == getpid() && lpid == getpid() && natt == 1 && uid == 0 &&
					rss == 2 * PG;
		}
		if (f)
			fclose(f);
		ok(rows == 1, "/proc/sysvipc/shm: the segment's line (key, id, mode, size, pids, "
			      "nattch, uid, rss)");
		rows = 0;
		f = fopen("/proc/self/maps", "r");
		while (f && fgets(line, sizeof(line), f)) {
			unsigned long lo, hi;
			char perms[8];

			if (strstr(line, "SYSV"))
				why("%.120s", line);
			/* x aside: Linux adds it when READ_IMPLIES_EXEC (a 32-bit
			 * program without PT_GNU_STACK on a kernel without NX) */
			if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 &&
			    lo == (unsigned long)(uintptr_t)p && hi - lo == 3 * PG &&
			    !strncmp(perms, "rw", 2) && perms[3] == 's' && strstr(line, " /SYSV5eed0002 (deleted)\n"))
				rows++;
		}
		if (f)
			fclose(f);
		ok(rows == 1, "/proc/self/maps: the attach, rw?s, named /SYSV5eed0002 (deleted)");
	}
	shmdt(p);
}

/* As nobody: the mode bits rule. */
static void test_perms(void)
{
	int id = shmget(KEY1, PG, IPC_CREAT | 0604);
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		struct shmid_ds ds;

		child_begin();
		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(255);
		EXPECT_ID(shmget(KEY1, 0, 0600), EACCES, "nobody: shmget asking rw- of mode 0604");
		EXPECT_ID(shmget(KEY1, 0, 0004), 0, "nobody: shmget asking r-- ");
		EXPECT_ID(shmget(KEY1, 0, 0), 0, "nobody: shmget asking nothing");
		EXPECT_ID(at(id, NULL, 0), EACCES, "nobody: shmat read-write");
		EXPECT_ID(at(id, NULL, SHM_RDONLY), 0, "nobody: shmat SHM_RDONLY");
		EXPECT_ID(at(id, NULL, SHM_RDONLY | SHM_EXEC), EACCES, "nobody: shmat SHM_EXEC");
		EXPECT_ID(shmctl(id, IPC_STAT, &ds), 0, "nobody: IPC_STAT (r for others)");
		EXPECT_ID(shmctl(id, IPC_RMID, NULL), EPERM, "nobody: IPC_RMID");
		EXPECT_ID(shmctl(id, IPC_SET, &ds), EPERM, "nobody: IPC_SET");
		EXPECT_ID(shmctl(id, SHM_LOCK, NULL), EPERM, "nobody: SHM_LOCK");
		EXPECT_ID(shmctl(id, SHM_UNLOCK, NULL), EPERM, "nobody: SHM_UNLOCK");
		EXPECT_ID(shmctl(id + 1, IPC_RMID, NULL), EINVAL, "nobody: IPC_RMID of a bad id: EINVAL first");
		child_end();
	}
	child_join(pid, "the nobody child");
	{
		struct shmid_ds ds = stat_of(id);

		ds.shm_perm.mode = 0600;
		shmctl(id, IPC_SET, &ds);
	}
	pid = fork();
	if (pid == 0) {
		struct shmid_ds ds;

		child_begin();
		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(255);
		EXPECT_ID(shmctl(id, IPC_STAT, &ds), EACCES, "nobody: IPC_STAT of mode 0600");
		EXPECT_ID(shmctl(id % 32768, SHM_STAT, &ds), EACCES, "nobody: SHM_STAT of it");
		EXPECT_ID(shmctl(id % 32768, SHM_STAT_ANY, &ds), 0, "nobody: SHM_STAT_ANY of it");
		EXPECT_ID(at(id, NULL, SHM_RDONLY), EACCES, "nobody: shmat SHM_RDONLY of it");
		child_end();
	}
	child_join(pid, "the second nobody child");
	{
		struct shmid_ds ds = stat_of(id);

		ds.shm_perm.uid = NOBODY;
		shmctl(id, IPC_SET, &ds);
	}
	pid = fork();
	if (pid == 0) {
		child_begin();
		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(255);
		EXPECT_ID(at(id, NULL, 0), 0, "nobody as the owner: shmat read-write");
		EXPECT_ID(shmctl(id, IPC_RMID, NULL), 0, "nobody as the owner: IPC_RMID");
		child_end();
	}
	child_join(pid, "the owner child");
	EXPECT_ID(shmctl(id, IPC_STAT, &(struct shmid_ds){0}), EINVAL, "its exit detached it: gone");
}

static void test_fork_exec(void)
{
	int id = shmget(IPC_PRIVATE, PG, 0600), status;
	char *p = shmat(id, NULL, 0);
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		p[0] = 'c';
		_exit(stat_of(id).shm_nattch == 2 ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "fork: the child's nattch is 2");
	ok(p[0] == 'c', "fork: the child's store is seen by the parent");
	ok(stat_of(id).shm_nattch == 1 && stat_of(id).shm_lpid == pid,
	   "the child's exit: nattch 1, lpid the child");
	pid = fork();
	if (pid == 0) {
		char idbuf[16];
		char *av[] = {self, "exec-child", idbuf, NULL};

		snprintf(idbuf, sizeof(idbuf), "%d", id);

		execve(self, av, NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "execve: the new image sees nattch 1 (its own attach dropped)");
	ok(stat_of(id).shm_nattch == 1, "after the exec'd child: nattch 1");
	shmctl(id, IPC_RMID, NULL);
	ok(stat_of(id).shm_nattch == 1 && p[0] == 'c', "RMID'd: the parent still attached");
	shmdt(p);
	EXPECT_ID(shmctl(id, IPC_STAT, &(struct shmid_ds){0}), EINVAL, "gone at the parent's shmdt");
}

/* The ipc(2) multiplexer (i386 only): old layouts and version checks. */
static void test_ipc_call(void)
{
#ifdef SYS_ipc
	int id = shmget(IPC_PRIVATE, PG, 0600);
	unsigned long addr = 0;
	unsigned char old[48];

	EXPECT_ID(syscall(SYS_ipc, 21 | (1 << 16), id, 0, &addr, NULL, 0), EINVAL, "ipc(SHMAT version 1)");
	EXPECT_ID(syscall(SYS_ipc, 21, id, 0, &addr, NULL, 0), 0, "ipc(SHMAT) stores the address");
	ok(addr != 0 && stat_of(id).shm_nattch == 1, "ipc(SHMAT): attached");
	EXPECT_ID(syscall(SYS_ipc, 22, 0, 0, 0, (void *)addr, 0), 0, "ipc(SHMDT)");
	EXPECT_ID(syscall(SYS_ipc, 24, id, IPC_STAT, 0, old, 0), 0, "ipc(SHMCTL, IPC_STAT) old layout");
	ok(*(unsigned short *)(old + 12) == 0600 && *(int *)(old + 16) == PG,
	   "the old shmid_ds: mode 0600, segsz");
	EXPECT_ID(syscall(SYS_ipc, 99, 0, 0, 0, NULL, 0), ENOSYS, "ipc(call 99)");
	shmctl(id, IPC_RMID, NULL);
#else
	static const char *const lines[] = {
	    "ipc(SHMAT version 1) -> EINVAL", "ipc(SHMAT) stores the address -> ok",
	    "ipc(SHMAT): attached", "ipc(SHMDT) -> ok",
	    "ipc(SHMCTL, IPC_STAT) old layout -> ok", "the old shmid_ds: mode 0600, segsz",
	    "ipc(call 99) -> ENOSYS"};

	for (unsigned i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		skip("ipc(2) is i386's", "%s", lines[i]);
#endif
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "exec-child")) {
		/* no attach survives exec: only the parent's is left */
		struct shmid_ds ds;

		return shmctl(atoi(argv[2]), IPC_STAT, &ds) == 0 && ds.shm_nattch == 1 ? 0 : 1;
	}
	find_self(argv[0]);
	cleanup_keys();
	test_get();
	test_stat();
	test_set_rmid();
	test_attach_addr();
	test_info();
	test_perms();
	test_fork_exec();
	test_ipc_call();
	cleanup_keys();
	return done();
}
