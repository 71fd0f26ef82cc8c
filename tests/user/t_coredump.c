/*
 * Core dumps (fs/coredump.c), tick386 only: a child raising SIGFPE in a
 * tmpfs directory with RLIMIT_CORE unlimited ends with WCOREDUMP and
 * waitid's CLD_DUMPED, and leaves "core": an ELF32 ET_CORE EM_386 file
 * whose NT_PRSTATUS names SIGFPE and the child, and whose PT_LOADs hold
 * the value the child stored in a global.  RLIMIT_CORE 0, a read-only
 * working directory (/), a pipe pattern and a name that is a directory:
 * no file, CLD_KILLED; a full tmpfs (ENOSPC) and RLIMIT_CORE reached:
 * CLD_KILLED, the partial file left as Linux leaves it.  core_pattern "core.%p" names it by pid (restored).
 * Exit gives back every page (the runner checks).
 */
/* expect: status=0 */
/* parallel: yes */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../tap.h"

#define MARK 0x5ca1ab1eu
/* The fail-nth walk's length: the signal's, the name's, the notes', the
 * file's allocations and the first of its pages (every later page fails
 * the same way: ENOSPC's path, tested apart); the whole walk, past ~100
 * pages of the child's memory, would cost seconds. */
#define WALK 12

static volatile unsigned marker;
static unsigned char *core; /* the last file read (malloc) */

/* A child that dies of SIGFPE in dir, its N-th allocation failed when
 * nth is not 0 (/proc/self/fail-nth, mm/fault_inject.h). */
static pid_t crash_nth(unsigned long limit, const char *dir, unsigned nth)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct rlimit rl = {limit, RLIM_INFINITY};
		char b[16];
		int fd, len = snprintf(b, sizeof(b), "%u", nth);

		if (setrlimit(RLIMIT_CORE, &rl) || chdir(dir))
			_exit(99);
		marker = MARK;
		fd = nth ? open("/proc/self/fail-nth", O_WRONLY) : -1;
		if (nth && (fd < 0 || write(fd, b, (size_t)len) != len))
			_exit(97);
		raise(SIGFPE);
		_exit(98);
	}
	return pid;
}

static pid_t crash(unsigned long limit, const char *dir)
{
	return crash_nth(limit, dir, 0);
}

/* waitid(WNOWAIT) then wait4: the code and the status */
static int reap(pid_t pid, int *status)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT))
		return -1;
	if (waitpid(pid, status, 0) != pid)
		return -1;
	return si.si_status == SIGFPE ? si.si_code : -2;
}

static long read_file(const char *name)
{
	int fd = open(name, O_RDONLY);
	struct stat st;
	long n = -1;

	free(core);
	core = NULL;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && (core = malloc(st.st_size + 1)) != NULL)
		n = read(fd, core, st.st_size + 1);
	close(fd);
	return n;
}

static void check_core(long n, pid_t pid)
{
	const Elf32_Ehdr *eh = (const void *)core;
	const Elf32_Phdr *ph = (const void *)(core + eh->e_phoff);
	int note_ok = 0, found = 0;

	if (n < (long)sizeof(*eh)) {
		ok(0, "core read (%ld)", n);
		return;
	}

	ok(n >= (long)sizeof(*eh) && memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 &&
		   eh->e_ident[EI_CLASS] == ELFCLASS32 && eh->e_ident[EI_DATA] == ELFDATA2LSB,
	   "ELF32 LSB magic (%ld bytes)", n);
	ok(eh->e_type == ET_CORE && eh->e_machine == EM_386, "ET_CORE, EM_386");
	if (n < 0 || eh->e_phoff + eh->e_phnum * sizeof(*ph) > (unsigned long)n)
		return;
	for (int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_NOTE && ph[i].p_offset + ph[i].p_filesz <= (unsigned long)n) {
			const Elf32_Nhdr *nh = (const void *)(core + ph[i].p_offset);
			const int *desc = (const void *)((const char *)(nh + 1) + 8);

			/* elf_prstatus: pr_cursig (short) at 12, pr_pid at 24 */
			note_ok = nh->n_type == NT_PRSTATUS && nh->n_namesz == 5 &&
				  memcmp(nh + 1, "CORE", 5) == 0 && nh->n_descsz == 144 &&
				  *(const short *)((const char *)desc + 12) == SIGFPE &&
				  desc[6] == pid;
		}
		if (ph[i].p_type == PT_LOAD && ph[i].p_vaddr <= (unsigned long)&marker &&
		    (unsigned long)&marker + 4 <= ph[i].p_vaddr + ph[i].p_filesz) {
			unsigned long off = ph[i].p_offset + ((unsigned long)&marker - ph[i].p_vaddr);

			found = off + 4 <= (unsigned long)n && *(const unsigned *)(core + off) == MARK;
		}
	}
	ok(note_ok, "NT_PRSTATUS: pr_cursig SIGFPE, pr_pid the child");
	ok(found, "a PT_LOAD holds the child's global");
}

static int set_pattern(const char *p)
{
	int fd = open("/proc/sys/kernel/core_pattern", O_WRONLY);
	int ok_ = fd >= 0 && write(fd, p, strlen(p)) == (ssize_t)strlen(p);

	if (fd >= 0)
		close(fd);
	return ok_;
}

int main(void)
{
	int status = 0, code;
	pid_t pid;
	char name[32];
	long n;

	mkdir("/tmp/cd", 0700);
	unlink("/tmp/cd/core");

	pid = crash(RLIM_INFINITY, "/tmp/cd");
	code = reap(pid, &status);
	ok(code == CLD_DUMPED, "unlimited: CLD_DUMPED (%d)", code);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGFPE && WCOREDUMP(status),
	   "WCOREDUMP (status %#x)", status);
	n = read_file("/tmp/cd/core");
	check_core(n, pid);
	{
		struct stat st;

		ok(stat("/tmp/cd/core", &st) == 0 && S_ISREG(st.st_mode) &&
			   (st.st_mode & 0777) == 0600,
		   "core is a regular file, 0600");
	}

	/* again over the existing one: truncated and rewritten */
	pid = crash(RLIM_INFINITY, "/tmp/cd");
	ok(reap(pid, &status) == CLD_DUMPED && WCOREDUMP(status), "an existing core is rewritten");
	n = read_file("/tmp/cd/core");
	ok(n > 0 && memcmp(core, ELFMAG, SELFMAG) == 0, "read back");
	unlink("/tmp/cd/core");

	pid = crash(0, "/tmp/cd");
	code = reap(pid, &status);
	ok(code == CLD_KILLED && !WCOREDUMP(status), "RLIMIT_CORE 0: CLD_KILLED (%d)", code);
	ok(access("/tmp/cd/core", F_OK) == -1 && errno == ENOENT, "RLIMIT_CORE 0: no file");

	pid = crash(4095, "/tmp/cd");
	code = reap(pid, &status);
	ok(code == CLD_KILLED && access("/tmp/cd/core", F_OK) == -1,
	   "RLIMIT_CORE below a page: no file, CLD_KILLED");

	pid = crash(8192, "/tmp/cd");
	code = reap(pid, &status);
	n = read_file("/tmp/cd/core");
	ok(code == CLD_KILLED && n > 0 && n <= 8192,
	   "RLIMIT_CORE 8192: truncated at the limit (%ld bytes), CLD_KILLED", n);
	unlink("/tmp/cd/core");

	pid = crash(RLIM_INFINITY, "/");
	code = reap(pid, &status);
	ok(code == CLD_KILLED && !WCOREDUMP(status), "read-only cwd: CLD_KILLED (%d)", code);

	mkdir("/tmp/cd/small", 0700);
	ok(mount("x", "/tmp/cd/small", "tmpfs", 0, "size=8k") == 0, "mount size=8k");
	pid = crash(RLIM_INFINITY, "/tmp/cd/small");
	code = reap(pid, &status);
	ok(code == CLD_KILLED && !WCOREDUMP(status), "ENOSPC: CLD_KILLED (%d)", code);
	ok(umount("/tmp/cd/small") == 0 && rmdir("/tmp/cd/small") == 0, "umount");

	mkdir("/tmp/cd/core", 0700);
	pid = crash(RLIM_INFINITY, "/tmp/cd");
	code = reap(pid, &status);
	ok(code == CLD_KILLED, "core is a directory: CLD_KILLED (%d)", code);
	rmdir("/tmp/cd/core");

	/* the first allocations of the dump failed in turn: killed (or
	 * dumped, the signal's sigqueue), nothing held once the file is gone */
	{
		long before = tap_meminfo_kb("MemFree:");
		unsigned nth, bad = 0, killed = 0;

		for (nth = 1; nth <= WALK; nth++) {
			pid = crash_nth(RLIM_INFINITY, "/tmp/cd", nth);
			code = reap(pid, &status);
			unlink("/tmp/cd/core");
			killed += code == CLD_KILLED;
			if (code != CLD_KILLED && code != CLD_DUMPED)
				bad++;
		}
		ok(!bad && killed && tap_meminfo_kb("MemFree:") == before,
		   "fail-nth walk: %u steps, %u killed, %u bad, free %ld -> %ld kB", WALK, killed,
		   bad, before, tap_meminfo_kb("MemFree:"));
	}

	ok(set_pattern("core.%p%%\n"), "core_pattern core.%%p%%%%");
	pid = crash(RLIM_INFINITY, "/tmp/cd");
	code = reap(pid, &status);
	snprintf(name, sizeof(name), "/tmp/cd/core.%d%%", pid);
	n = read_file(name);
	ok(code == CLD_DUMPED && n > 0 && access("/tmp/cd/core", F_OK) == -1,
	   "core.%%p: %s written", name);
	unlink(name);

	ok(set_pattern("|/bin/catcher\n"), "core_pattern |/bin/catcher");
	pid = crash(RLIM_INFINITY, "/tmp/cd");
	code = reap(pid, &status);
	ok(code == CLD_KILLED, "a pipe pattern: no dump, CLD_KILLED (%d)", code);
	ok(set_pattern("core\n"), "core_pattern restored");
	rmdir("/tmp/cd");
	free(core);
	return done_testing();
}
