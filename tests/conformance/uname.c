/*
 * uname: the names of the system and where they show.
 *   - uname(2) succeeds: sysname "Linux", a release "MAJOR.MINOR..." (what
 *     programs compare, ksft_min_kernel_version), NUL-terminated fields;
 *   - /proc/sys/kernel/{ostype,osrelease,version,hostname,domainname} and
 *     /proc/version say the same, one line each; their modes (0444, the
 *     two names 0644);
 *   - the raw call 122 with a bad pointer is EFAULT; on i386 the old calls
 *     109 (five fields of 65) and 59 (five of 9: eight characters and a
 *     NUL) still answer, and EFAULT too (Linux i386 keeps them);
 *   - sethostname/setdomainname: EINVAL beyond 64 bytes or negative, EFAULT
 *     for a bad name, exactly len bytes taken (a shorter one clears the
 *     rest), seen by uname, gethostname (ENAMETOOLONG when too long, after
 *     copying) and /proc; writing /proc/sys/kernel/hostname sets it up to
 *     the newline.  These change the machine's name, so they run only
 *     where settime is allowed (tick386, Linux i386 in QEMU); the names
 *     are put back.
 *   - sysinfo(2): uptime >= CLOCK_BOOTTIME's seconds, free <= total RAM,
 *     mem_unit 1 (in bytes when RAM fits 32 bits: i386), at least one
 *     task, EFAULT for a bad pointer.
 */
#define _GNU_SOURCE /* struct utsname's domainname, getdomainname */
#include "conformance.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <unistd.h>

static int read_line(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), n;

	if (fd < 0)
		return -1;
	n = (int)read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* path's text is exactly want and a newline */
static int file_says(const char *path, const char *want)
{
	char buf[256];

	if (read_line(path, buf, sizeof(buf)) < 0)
		return 0;
	why("%s: \"%s\"", path, buf);
	return strlen(buf) == strlen(want) + 1 && !strncmp(buf, want, strlen(want)) &&
	       buf[strlen(want)] == '\n';
}

static int mode_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (int)(st.st_mode & 07777) : -1;
}

static int terminated(const char *f, int size)
{
	return memchr(f, '\0', size) != NULL;
}

static void names(void)
{
	struct utsname u;
	unsigned major = 0, minor = 0;
	char buf[256], want[512];

	memset(&u, 'x', sizeof(u));
	ok(uname(&u) == 0, "uname succeeds");
	ok(terminated(u.sysname, 65) && terminated(u.nodename, 65) && terminated(u.release, 65) &&
		   terminated(u.version, 65) && terminated(u.machine, 65) &&
		   terminated(u.domainname, 65),
	   "every field is NUL-terminated");
	why("sysname %s", u.sysname);
	ok(!strcmp(u.sysname, "Linux"), "sysname is Linux");
	why("release %s", u.release);
	ok(sscanf(u.release, "%u.%u", &major, &minor) == 2 && major >= 6,
	   "release reads MAJOR.MINOR, 6 or later");
#ifdef __i386__
	why("machine %s", u.machine);
	ok(!strcmp(u.machine, "i686"), "machine is i686");
#else
	skip("not an i386 build", "machine is i686");
#endif
	ok(file_says("/proc/sys/kernel/ostype", u.sysname), "/proc/sys/kernel/ostype is sysname");
	ok(file_says("/proc/sys/kernel/osrelease", u.release),
	   "/proc/sys/kernel/osrelease is release");
	ok(file_says("/proc/sys/kernel/version", u.version), "/proc/sys/kernel/version is version");
	ok(file_says("/proc/sys/kernel/hostname", u.nodename),
	   "/proc/sys/kernel/hostname is nodename");
	ok(file_says("/proc/sys/kernel/domainname", u.domainname),
	   "/proc/sys/kernel/domainname is domainname");
	snprintf(want, sizeof(want), "Linux version %s (", u.release);
	ok(read_line("/proc/version", buf, sizeof(buf)) > 0 && !strncmp(buf, want, strlen(want)),
	   "/proc/version begins \"Linux version RELEASE (\"");
	ok(strlen(buf) > strlen(u.version) + 1 &&
		   !strncmp(buf + strlen(buf) - strlen(u.version) - 1, u.version, strlen(u.version)) &&
		   buf[strlen(buf) - 1] == '\n',
	   "/proc/version ends with version and a newline");
	ok(mode_of("/proc/sys/kernel/osrelease") == 0444 && mode_of("/proc/sys/kernel/ostype") == 0444 &&
		   mode_of("/proc/sys/kernel/version") == 0444 && mode_of("/proc/version") == 0444,
	   "the read-only files are 0444");
	ok(mode_of("/proc/sys/kernel/hostname") == 0644 &&
		   mode_of("/proc/sys/kernel/domainname") == 0644,
	   "hostname and domainname are 0644");
	ok(syscall(SYS_uname, NULLP) == -1 && errno == EFAULT, "uname(NULL): EFAULT");
	errno = 0;
	ok(syscall(SYS_uname, BAD_PTR_HIGH) == -1 && errno == EFAULT,
	   "uname(kernel address): EFAULT");
}

static void old_calls(void)
{
#ifdef __i386__
	struct utsname u;
	char old[5 * 65], oldold[5 * 9];
	int same = 1;

	uname(&u);
	memset(old, 'x', sizeof(old));
	ok(syscall(109, old) == 0, "olduname (109) succeeds");
	for (int i = 0; i < 5; i++)
		same &= !memcmp(old + 65 * i, (char *)&u + 65 * i, 65);
	ok(same, "olduname gives the first five fields of 65 bytes");
	memset(oldold, 'x', sizeof(oldold));
	ok(syscall(59, oldold) == 0, "oldolduname (59) succeeds");
	same = 1;
	for (int i = 0; i < 5; i++)
		same &= !strncmp(oldold + 9 * i, (char *)&u + 65 * i, 8) && oldold[9 * i + 8] == '\0';
	ok(same, "oldolduname gives 8 characters of each and a NUL");
	errno = 0;
	ok(syscall(109, NULLP) == -1 && errno == EFAULT, "olduname(NULL): EFAULT");
	errno = 0;
	ok(syscall(59, NULLP) == -1 && errno == EFAULT, "oldolduname(NULL): EFAULT");
#else
	skip("not an i386 build", "olduname (109) succeeds");
	skip("not an i386 build", "olduname gives the first five fields of 65 bytes");
	skip("not an i386 build", "oldolduname (59) succeeds");
	skip("not an i386 build", "oldolduname gives 8 characters of each and a NUL");
	skip("not an i386 build", "olduname(NULL): EFAULT");
	skip("not an i386 build", "oldolduname(NULL): EFAULT");
#endif
}

static const char *const set_names[] = {
	"sethostname(65 bytes): EINVAL",
	"sethostname(-1): EINVAL",
	"sethostname(bad pointer): EFAULT, the name unchanged",
	"setdomainname(65 bytes): EINVAL",
	"sethostname(\"tick\", 4): uname says tick",
	"gethostname gives it",
	"gethostname(buf, 4): ENAMETOOLONG, 4 bytes copied",
	"/proc/sys/kernel/hostname says it",
	"exactly len bytes: (\"abcdef\", 2) gives ab",
	"a 64-byte name is taken whole",
	"setdomainname(\"dom\", 3): uname and getdomainname say dom",
	"writing /proc/sys/kernel/hostname sets it up to the newline",
};

static void set_names_for_real(void)
{
	struct utsname u, saved;
	char buf[80], long_name[65], x65[65] = "x";
	int fd;

	uname(&saved);
	errno = 0;
	ok(sethostname(x65, 65) == -1 && errno == EINVAL, "%s", set_names[0]);
	errno = 0;
	ok(syscall(SYS_sethostname, "x", -1) == -1 && errno == EINVAL, "%s", set_names[1]);
	errno = 0;
	ok(syscall(SYS_sethostname, BAD_PTR_LOW, 5) == -1 && errno == EFAULT && uname(&u) == 0 &&
		   !strcmp(u.nodename, saved.nodename),
	   "%s", set_names[2]);
	errno = 0;
	ok(setdomainname(x65, 65) == -1 && errno == EINVAL, "%s", set_names[3]);
	uname(&u);
	ok(sethostname("tick", 4) == 0 && uname(&u) == 0 && !strcmp(u.nodename, "tick"), "%s",
	   set_names[4]);
	memset(buf, 'x', sizeof(buf));
	ok(gethostname(buf, sizeof(buf)) == 0 && !strcmp(buf, "tick"), "%s", set_names[5]);
	memset(buf, 'x', sizeof(buf));
	errno = 0;
	ok(gethostname(buf, 4) == -1 && errno == ENAMETOOLONG && !memcmp(buf, "tickx", 5), "%s",
	   set_names[6]);
	ok(file_says("/proc/sys/kernel/hostname", "tick"), "%s", set_names[7]);
	ok(sethostname("abcdef", 2) == 0 && uname(&u) == 0 && !strcmp(u.nodename, "ab"), "%s",
	   set_names[8]);
	memset(long_name, 'n', 64);
	long_name[64] = '\0';
	ok(sethostname(long_name, 64) == 0 && uname(&u) == 0 && !strcmp(u.nodename, long_name),
	   "%s", set_names[9]);
	memset(buf, 'x', sizeof(buf));
	ok(setdomainname("dom", 3) == 0 && uname(&u) == 0 && !strcmp(u.domainname, "dom") &&
		   getdomainname(buf, sizeof(buf)) == 0 && !strcmp(buf, "dom"),
	   "%s", set_names[10]);
	fd = open("/proc/sys/kernel/hostname", O_WRONLY);
	ok(fd >= 0 && write(fd, "written\nrest", 12) == 12 && uname(&u) == 0 &&
		   !strcmp(u.nodename, "written"),
	   "%s", set_names[11]);
	if (fd >= 0)
		close(fd);
	sethostname(saved.nodename, strlen(saved.nodename));
	setdomainname(saved.domainname, strlen(saved.domainname));
}

static void system_info(void)
{
	struct sysinfo si;
	int64_t boot_s;

	memset(&si, 0xff, sizeof(si));
	ok(sysinfo(&si) == 0, "sysinfo succeeds");
	boot_s = now_ns(CLOCK_BOOTTIME) / NS_PER_S;
	why("uptime %ld, CLOCK_BOOTTIME %lld s", (long)si.uptime, (long long)boot_s);
	ok(si.uptime >= boot_s - 1 && si.uptime <= boot_s + 1, "uptime is CLOCK_BOOTTIME's seconds");
	why("total %lu free %lu unit %u", (unsigned long)si.totalram, (unsigned long)si.freeram,
	    si.mem_unit);
	ok(si.totalram > 0 && si.freeram <= si.totalram, "free RAM <= total RAM");
#ifdef __i386__
	ok(si.mem_unit == 1, "mem_unit 1 (bytes) where RAM fits 32 bits");
#else
	skip("not an i386 build", "mem_unit 1 (bytes) where RAM fits 32 bits");
#endif
	ok(si.procs >= 1, "at least one task");
	errno = 0;
	ok(syscall(SYS_sysinfo, NULLP) == -1 && errno == EFAULT, "sysinfo(NULL): EFAULT");
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	names();
	old_calls();
	if (allowed) {
		set_names_for_real();
	} else {
		note("skipped on host: sethostname would rename this machine");
		for (unsigned i = 0; i < sizeof(set_names) / sizeof(*set_names); i++)
			skip("on host: would rename the host", "%s", set_names[i]);
	}
	system_info();
	return done();
}
