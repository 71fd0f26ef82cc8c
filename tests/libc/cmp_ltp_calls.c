/*
 * The libc calls LTP's library and tests needed, each result on one line,
 * compared with glibc: what <sys/types.h> alone declares (the thread
 * types' sizes, the BSD short names) and <stdlib.h> alone (the W* macros);
 * getpagesize; putenv with setenv/unsetenv (the string itself is the
 * entry); creat; freopen (same descriptor, mode, errors); popen/pclose
 * (the shell's output, exit statuses, 127, modes, close-on-exec); the
 * pseudo-terminal calls on what is no master; utimes, lutimes, futimes,
 * futimesat (microseconds, NULL, bad values, bad descriptors); vfork;
 * the 48-bit generator's sequences.  Files go under /dev/shm when it is
 * writable (tick386, Linux with a tmpfs there), else /tmp.
 */
#define _GNU_SOURCE
#include <sys/types.h>
#include <stdlib.h>

static const char *const sizes[] = {
    "pthread_t",
    "pthread_attr_t",
    "pthread_mutex_t",
    "pthread_mutexattr_t",
    "pthread_cond_t",
    "pthread_condattr_t",
    "pthread_key_t",
    "pthread_once_t",
    "pthread_rwlock_t",
    "pthread_rwlockattr_t",
    "pthread_spinlock_t",
    "pthread_barrier_t",
    "pthread_barrierattr_t",
    "uint",
    "ushort",
    "ulong",
    "u_char",
    "u_short",
    "u_int",
    "u_long",
    "loff_t",
    "quad_t",
};
static const size_t sizes_of[] = {
    sizeof(pthread_t),
    sizeof(pthread_attr_t),
    sizeof(pthread_mutex_t),
    sizeof(pthread_mutexattr_t),
    sizeof(pthread_cond_t),
    sizeof(pthread_condattr_t),
    sizeof(pthread_key_t),
    sizeof(pthread_once_t),
    sizeof(pthread_rwlock_t),
    sizeof(pthread_rwlockattr_t),
    sizeof(pthread_spinlock_t),
    sizeof(pthread_barrier_t),
    sizeof(pthread_barrierattr_t),
    sizeof(uint),
    sizeof(ushort),
    sizeof(ulong),
    sizeof(u_char),
    sizeof(u_short),
    sizeof(u_int),
    sizeof(u_long),
    sizeof(loff_t),
    sizeof(quad_t),
};
static const int statuses[] = {0, 0x300, 0xff00, 9, 0x8b, 0x137f, 0xffff, 0x7f};

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[64];

static const char *en(int e)
{
	static char b[16];

	switch (e) {
	case 0:
		return "0";
	case EINVAL:
		return "EINVAL";
	case ENOENT:
		return "ENOENT";
	case EBADF:
		return "EBADF";
	case ENOTTY:
		return "ENOTTY";
	case EISDIR:
		return "EISDIR";
	case ECHILD:
		return "ECHILD";
	case EFAULT:
		return "EFAULT";
	case ENOTDIR:
		return "ENOTDIR";
	default:
		snprintf(b, sizeof(b), "errno %d", e);
		return b;
	}
}

static char *path(const char *name)
{
	static char b[2][128];
	static int i;

	i ^= 1;
	snprintf(b[i], sizeof(b[i]), "%s/%s", dir, name);
	return b[i];
}

/* Each call on one line: its value and errno (cleared before). */
#define SHOW(call)                                                                                 \
	do {                                                                                       \
		errno = 0;                                                                         \
		long v_ = (long)(call);                                                            \
		printf("%s = %ld %s\n", #call, v_, en(errno));                                     \
	} while (0)

static void headers(void)
{
	for (unsigned i = 0; i < sizeof(sizes) / sizeof(*sizes); i++)
		printf("sizeof(%s) = %u\n", sizes[i], (unsigned)sizes_of[i]);
	for (unsigned i = 0; i < sizeof(statuses) / sizeof(*statuses); i++) {
		int s = statuses[i];

		printf("%#x: WIFEXITED %d WEXITSTATUS %d WIFSIGNALED %d WTERMSIG %d WIFSTOPPED %d "
		       "WSTOPSIG %d WIFCONTINUED %d WCOREDUMP %d\n",
		       s, !!WIFEXITED(s), WEXITSTATUS(s), !!WIFSIGNALED(s), WTERMSIG(s),
		       !!WIFSTOPPED(s), WSTOPSIG(s), !!WIFCONTINUED(s), !!WCOREDUMP(s));
	}
	printf("WNOHANG %d WUNTRACED %d\n", WNOHANG, WUNTRACED);
	printf("getpagesize() = %d, sysconf: %ld\n", getpagesize(), sysconf(_SC_PAGESIZE));
}

static int count_env(const char *prefix)
{
	int n = 0;

	for (char **e = environ; *e; e++)
		n += !strncmp(*e, prefix, strlen(prefix));
	return n;
}

static void env(void)
{
	static char a[] = "LTPCALL_A=1", b[] = "LTPCALL_B", c[] = "LTPCALL_C=3";

	SHOW(putenv(a));
	printf("getenv = %s\n", getenv("LTPCALL_A"));
	a[10] = '7';
	printf("after changing the string: %s\n", getenv("LTPCALL_A"));
	SHOW(setenv("LTPCALL_A", "2", 0));
	printf("setenv without overwrite: %s\n", getenv("LTPCALL_A"));
	SHOW(setenv("LTPCALL_A", "2", 1));
	printf("setenv with overwrite: %s; the string still %s\n", getenv("LTPCALL_A"), a);
	SHOW(putenv(c));
	SHOW(putenv(b)); /* no '=': removes LTPCALL_B, which is not there */
	SHOW(putenv("LTPCALL_A"));
	printf("after putenv(\"LTPCALL_A\"): %s, %d entries\n",
	       getenv("LTPCALL_A") ? "set" : "unset", count_env("LTPCALL_"));
	SHOW(putenv(""));
	SHOW(unsetenv(""));
	SHOW(unsetenv("A=B"));
	SHOW(setenv("A=B", "x", 1));
	SHOW(unsetenv("LTPCALL_C"));
	printf("%d entries left\n", count_env("LTPCALL_"));
}

static void files(void)
{
	struct stat st;
	char buf[16] = {0};
	int fd;
	FILE *f, *r;

	umask(022);
	fd = creat(path("c"), 0666);
	printf("creat: fd %s, access mode %d\n", fd >= 0 ? "ok" : en(errno),
	       fcntl(fd, F_GETFL) & O_ACCMODE);
	fstat(fd, &st);
	printf("mode %o size %ld\n", (unsigned)st.st_mode & 07777, (long)st.st_size);
	SHOW(write(fd, "hello", 5));
	SHOW(read(fd, buf, 1));
	close(fd);
	fd = creat(path("c"), 0600);
	fstat(fd, &st);
	printf("creat again: mode %o size %ld (truncated)\n", (unsigned)st.st_mode & 07777,
	       (long)st.st_size);
	close(fd);
	SHOW(creat("/no/such/dir/x", 0600));
	SHOW(creat(dir, 0600));

	f = fopen(path("f1"), "w");
	fd = fileno(f);
	fputs("first", f);
	printf("freopen to f2: %s\n", freopen(path("f2"), "w", f) == f ? "same stream" : en(errno));
	printf("same descriptor: %d\n", fileno(f) == fd);
	fputs("second", f);
	fclose(f);
	f = fopen(path("f2"), "r");
	printf("f2: %s\n", fgets(buf, sizeof(buf), f) ? buf : "(empty)");
	errno = 0;
	r = freopen("/no/such/file", "r", f);
	printf("freopen of a missing file: %s %s\n", r ? "ok" : "NULL", en(errno));
	r = freopen(path("f2"), "r", stdin);
	printf("freopen(f2, \"r\", stdin): %s\n", r ? "ok" : en(errno));
	r = fgets(buf, sizeof(buf), stdin) ? stdin : NULL;
	printf("fileno(stdin) %d, reads %s\n", fileno(stdin), r ? buf : "-");
	f = fopen(path("f1"), "r+");
	r = freopen(NULL, "a+", f);
	printf("freopen(NULL, \"a+\", f): %s, O_APPEND %d\n", r ? "ok" : en(errno),
	       !!(fcntl(fileno(f), F_GETFL) & O_APPEND));
	r = freopen(NULL, "r", f);
	printf("freopen(NULL, \"r\", f): %s, O_APPEND %d\n", r ? "ok" : en(errno),
	       !!(fcntl(fileno(f), F_GETFL) & O_APPEND));
	errno = 0;
	r = freopen(NULL, "q", f);
	printf("freopen(NULL, \"q\", f): %s %s\n", r ? "ok" : "NULL", en(errno));
	fclose(f);
	unlink(path("c"));
	unlink(path("f1"));
	unlink(path("f2"));
}

static void pipes(void)
{
	static const char *const modes[] = {"r", "w", "re", "we", "er", "rr", "rw", "", "rb", "x"};
	char line[128];
	FILE *f;
	int st;

	for (unsigned i = 0; i < sizeof(modes) / sizeof(*modes); i++) {
		errno = 0;
		f = popen("exit 0", modes[i]);
		printf("popen mode \"%s\": %s", modes[i], f ? "ok" : en(errno));
		if (f) {
			int cloexec = fcntl(fileno(f), F_GETFD) & FD_CLOEXEC;

			printf(", FD_CLOEXEC %d, status %#x", cloexec, pclose(f));
		}
		printf("\n");
	}
	f = popen("exit 3", "r");
	printf("popen(\"exit 3\"): fgetc %d\n", fgetc(f));
	st = pclose(f);
	printf("pclose: exited %d status %d\n", !!WIFEXITED(st), WEXITSTATUS(st));
	f = popen("/no/such/program", "r");
	st = pclose(f);
	printf("a missing program: exited %d status %d\n", !!WIFEXITED(st), WEXITSTATUS(st));
	f = popen("exit 4", "w");
	signal(SIGPIPE, SIG_IGN);
	st = pclose(f);
	printf("popen(\"exit 4\", \"w\"): status %d\n", WEXITSTATUS(st));
	f = popen("help", "r");
	printf("help's first line: %s", fgets(line, sizeof(line), f) ? line : "(none)\n");
	while (fgets(line, sizeof(line), f))
		;
	printf("pclose(help): %#x\n", pclose(f));
}

static void ptys(void)
{
	int fd = open(path("t"), O_RDWR | O_CREAT, 0600);
	char *n;

	errno = 0;
	n = ptsname(-1);
	printf("ptsname(-1) = %s %s\n", n ? n : "NULL", en(errno));
	errno = 0;
	n = ptsname(fd);
	printf("ptsname(file) = %s %s\n", n ? n : "NULL", en(errno));
	SHOW(grantpt(-1));
	SHOW(grantpt(fd));
	SHOW(unlockpt(-1));
	SHOW(unlockpt(fd));
	close(fd);
	unlink(path("t"));
}

static void show_times(const char *what)
{
	struct stat st;

	if (stat(path("u"), &st) < 0) {
		printf("%s: stat %s\n", what, en(errno));
		return;
	}
	printf("%s: atime %ld.%09ld mtime %ld.%09ld\n", what, (long)st.st_atim.tv_sec,
	       st.st_atim.tv_nsec, (long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

static void utimes_calls(void)
{
	struct timeval tv[2] = {{1000, 500000}, {2000, 250000}};
	struct timeval neg[2] = {{1, -1}, {1, 0}}, big[2] = {{1, 0}, {1, 1000000}};
	struct timeval zero[2] = {{0, 0}, {0, 999999}};
	int fd = open(path("u"), O_RDWR | O_CREAT, 0600), dfd = open(dir, O_RDONLY | O_DIRECTORY);
	struct stat st;
	time_t t0 = time(NULL);

	SHOW(utimes(path("u"), tv));
	show_times("utimes");
	SHOW(utimes(path("u"), zero));
	show_times("utimes 0");
	SHOW(utimes(path("u"), neg));
	SHOW(utimes(path("u"), big));
	SHOW(utimes("/no/such/file", tv));
	SHOW(utimes(path("u"), NULL));
	stat(path("u"), &st);
	printf("utimes(NULL): mtime now %d\n",
	       st.st_mtim.tv_sec >= t0 && st.st_mtim.tv_sec <= t0 + 5);
	tv[1].tv_sec = 3000;
	SHOW(lutimes(path("u"), tv));
	show_times("lutimes");
	tv[1].tv_sec = 4000;
	SHOW(futimes(fd, tv));
	show_times("futimes");
	SHOW(futimes(-1, tv));
	SHOW(futimes(fd, big));
	tv[1].tv_sec = 5000;
	SHOW(futimesat(AT_FDCWD, path("u"), tv));
	show_times("futimesat(AT_FDCWD)");
	tv[1].tv_sec = 6000;
	SHOW(futimesat(dfd, "u", tv));
	show_times("futimesat(dirfd)");
	tv[1].tv_sec = 7000;
	SHOW(futimesat(fd, NULL, tv));
	show_times("futimesat(fd, NULL)");
	SHOW(futimesat(dfd, "u", big));
	SHOW(futimesat(dfd, "u", neg));
	SHOW(futimesat(-1, "u", tv));
	SHOW(futimesat(fd, "u", tv));
	close(fd);
	close(dfd);
	unlink(path("u"));
}

static void vforks(void)
{
	int st = -1, waited;
	pid_t pid = vfork();

	if (pid == 0)
		_exit(42);
	waited = waitpid(pid, &st, 0) == pid;
	printf("vfork: waitpid %d, exited %d status %d\n", waited, !!WIFEXITED(st),
	       WEXITSTATUS(st));
}

/* n values of gen, in the order they are drawn. */
static void draw(const char *what, long (*gen)(void), int n)
{
	printf("%s:", what);
	while (n--)
		printf(" %ld", gen());
	printf("\n");
}

static void rand48(void)
{
	unsigned short x[3] = {1, 2, 3}, s[3] = {0x1234, 0x5678, 0x9abc}, *old;
	unsigned short p[7] = {1, 2, 3, 5, 0, 0, 7};
	long a, b;
	double d;

	draw("unseeded lrand48", lrand48, 2);
	d = drand48();
	printf("then drand48 %.17g\n", d);
	srand48(42);
	draw("srand48(42): lrand48", lrand48, 3);
	draw("then mrand48", mrand48, 3);
	d = drand48();
	printf("then drand48 %.17g\n", d);
	srand48(-7);
	draw("srand48(-7): lrand48", lrand48, 2);
	a = nrand48(x);
	b = jrand48(x);
	d = erand48(x);
	printf("nrand48 %ld jrand48 %ld erand48 %.17g x %u %u %u\n", a, b, d, x[0], x[1], x[2]);
	old = seed48(s);
	printf("seed48: old %u %u %u\n", old[0], old[1], old[2]);
	draw("then lrand48", lrand48, 2);
	lcong48(p);
	draw("lcong48: lrand48", lrand48, 2);
	draw("then mrand48", mrand48, 2);
	srand48(1);
	draw("srand48(1) after lcong48: lrand48", lrand48, 2);
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0); /* the shell's messages on stderr come in order */
	snprintf(dir, sizeof(dir), "%s/ltpcalls.%d",
		 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (int)getpid());
	if (mkdir(dir, 0700) < 0) {
		perror("mkdir");
		return 1;
	}
	headers();
	env();
	files();
	pipes();
	ptys();
	utimes_calls();
	vforks();
	rand48();
	rmdir(dir);
	return 0;
}
