/*
 * <pwd.h>, <grp.h>: lookups by name and by id in the host's (or the
 * booted system's) /etc/passwd and /etc/group, compared with glibc; names
 * that do not exist give NULL with errno unchanged (ENOENT with no file).
 * Where the system has no such files, the test writes its own and
 * removes them.
 */
/* parallel: yes */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>

static void pw(const char *how, struct passwd *p)
{
	if (!p)
		printf("%s: NULL errno %d\n", how, errno);
	else
		printf("%s: %s uid %u gid %u dir %s\n", how, p->pw_name, (unsigned)p->pw_uid,
		       (unsigned)p->pw_gid, p->pw_dir);
}

static void gr(const char *how, struct group *g)
{
	if (!g)
		printf("%s: NULL errno %d\n", how, errno);
	else
		printf("%s: %s gid %u first member %s\n", how, g->gr_name, (unsigned)g->gr_gid,
		       g->gr_mem[0] ? g->gr_mem[0] : "(none)");
}

static void lookups(void)
{
	errno = 0;
	pw("getpwnam(root)", getpwnam("root"));
	pw("getpwuid(0)", getpwuid(0));
	pw("getpwnam(no-such-user-x)", getpwnam("no-such-user-x"));
	pw("getpwuid(54321)", getpwuid(54321));
	gr("getgrnam(root)", getgrnam("root"));
	gr("getgrgid(0)", getgrgid(0));
	gr("getgrnam(no-such-group-x)", getgrnam("no-such-group-x"));
	gr("getgrgid(54321)", getgrgid(54321));
	pw("getpwnam(nobody)", getpwnam("nobody"));
	pw("getpwuid(65534)", getpwuid(65534));
	gr("getgrnam(adm)", getgrnam("adm"));
	gr("getgrnam(nogroup)", getgrnam("nogroup"));
	gr("getgrgid(4)", getgrgid(4));
}

/* Write TEXT to PATH only when PATH does not exist (a booted test system
 * without the file); 1 when written, for the caller to remove. */
static int make(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	size_t n = strlen(text);

	if (fd < 0)
		return 0;
	if (write(fd, text, n) != (ssize_t)n)
		printf("short write %s\n", path);
	close(fd);
	return 1;
}

int main(void)
{
	lookups();
	/* The databases where the system has none (Linux's test initramfs):
	 * short and empty-field lines skipped, members split at ','. */
	mkdir("/etc", 0755);
	int p = make("/etc/passwd", "bad line\n:x::\nroot:x:0:0:root:/root:/bin/sh\n"
				    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
				    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin");
	int g = make("/etc/group", "root:x:0:\nshort:x\nadm:x:4:syslog,alice\n"
				   "nogroup:x:65534:");
	lookups();
	if (p)
		unlink("/etc/passwd");
	if (g)
		unlink("/etc/group");
	return 0;
}
