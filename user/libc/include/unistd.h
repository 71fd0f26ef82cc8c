/*
 * <unistd.h>: POSIX options of tick386, process identity, sleeping, sysconf.
 *
 * The options are defined to 200809L exactly where the kernel implements
 * them: the timer and clock calls (_POSIX_TIMERS, _POSIX_MONOTONIC_CLOCK,
 * _POSIX_CPUTIME, _POSIX_THREAD_CPUTIME, _POSIX_CLOCK_SELECTION for
 * clock_nanosleep), the queued real-time signals, and threads
 * (_POSIX_THREADS, with stack size and address attributes: <pthread.h>).
 * There are no writable files or priority scheduling calls, so the other
 * options are not defined.
 */
#ifndef _UNISTD_H
#define _UNISTD_H

#include <stddef.h>
#include <sys/types.h>

#define _POSIX_VERSION 200809L
#define _POSIX2_VERSION 200809L
#define _XOPEN_VERSION 700
#define _POSIX_TIMERS 200809L
#define _POSIX_MONOTONIC_CLOCK 200809L
#define _POSIX_CPUTIME 200809L
#define _POSIX_THREAD_CPUTIME 200809L
#define _POSIX_REALTIME_SIGNALS 200809L
#define _POSIX_CLOCK_SELECTION 200809L
#define _POSIX_TIMEOUTS 200809L
#define _POSIX_THREADS 200809L
#define _POSIX_THREAD_ATTR_STACKSIZE 200809L
#define _POSIX_THREAD_ATTR_STACKADDR 200809L

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

/* sysconf names: glibc's numbers, so that a value seen in a debugger means
 * the same thing on both. */
#define _SC_ARG_MAX 0
#define _SC_CHILD_MAX 1
#define _SC_CLK_TCK 2
#define _SC_NGROUPS_MAX 3
#define _SC_OPEN_MAX 4
#define _SC_STREAM_MAX 5
#define _SC_TZNAME_MAX 6
#define _SC_JOB_CONTROL 7
#define _SC_SAVED_IDS 8
#define _SC_REALTIME_SIGNALS 9
#define _SC_PRIORITY_SCHEDULING 10
#define _SC_TIMERS 11
#define _SC_ASYNCHRONOUS_IO 12
#define _SC_FSYNC 15
#define _SC_MAPPED_FILES 16
#define _SC_MEMLOCK 17
#define _SC_MEMORY_PROTECTION 19
#define _SC_MESSAGE_PASSING 20
#define _SC_SEMAPHORES 21
#define _SC_DELAYTIMER_MAX 26
#define _SC_VERSION 29
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_RTSIG_MAX 31
#define _SC_SEM_NSEMS_MAX 32
#define _SC_SEM_VALUE_MAX 33
#define _SC_SIGQUEUE_MAX 34
#define _SC_TIMER_MAX 35
#define _SC_LINE_MAX 43
#define _SC_IOV_MAX 60
#define _SC_THREADS 67
#define _SC_LOGIN_NAME_MAX 71
#define _SC_TTY_NAME_MAX 72
#define _SC_THREAD_DESTRUCTOR_ITERATIONS 73
#define _SC_THREAD_KEYS_MAX 74
#define _SC_THREAD_STACK_MIN 75
#define _SC_THREAD_THREADS_MAX 76
#define _SC_THREAD_ATTR_STACKADDR 77
#define _SC_THREAD_ATTR_STACKSIZE 78
#define _SC_THREAD_PRIORITY_SCHEDULING 79
#define _SC_THREAD_PRIO_INHERIT 80
#define _SC_THREAD_PRIO_PROTECT 81
#define _SC_THREAD_PROCESS_SHARED 82
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PHYS_PAGES 85
#define _SC_AVPHYS_PAGES 86
#define _SC_ATEXIT_MAX 87
#define _SC_BARRIERS 133
#define _SC_CLOCK_SELECTION 137
#define _SC_CPUTIME 138
#define _SC_THREAD_CPUTIME 139
#define _SC_MONOTONIC_CLOCK 149
#define _SC_READER_WRITER_LOCKS 153
#define _SC_SPIN_LOCKS 154
#define _SC_TIMEOUTS 164
#define _SC_SYMLOOP_MAX 173
#define _SC_HOST_NAME_MAX 180
#define _SC_MINSIGSTKSZ 249
#define _SC_SIGSTKSZ 250

long sysconf(int name);

ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
int isatty(int fd);
int close(int fd);
off_t lseek(int fd, off_t offset, int whence);
int access(const char *path, int mode);
int dup(int fd);
int dup2(int oldfd, int newfd);
int pipe(int fds[2]);
int pipe2(int fds[2], int flags); /* O_CLOEXEC, O_NONBLOCK of <fcntl.h> */

__attribute__((noreturn)) void _exit(int status);
pid_t getpid(void);
pid_t getppid(void);
pid_t fork(void);
/* vfork: a fork on tick386 (the parent goes on at once, the child has a
 * copy of the memory), which POSIX allows (src/vfork.S). */
pid_t vfork(void);
int getpagesize(void);
int nice(int inc);
int chroot(const char *path);
int execve(const char *path, char *const argv[], char *const envp[]);
int execv(const char *path, char *const argv[]);
int execvp(const char *file, char *const argv[]);
int execvpe(const char *file, char *const argv[], char *const envp[]);
int execl(const char *path, const char *arg0, ...);
int execlp(const char *file, const char *arg0, ...);
int execle(const char *path, const char *arg0, ...);
int setpgid(pid_t pid, pid_t pgid);
int setpgrp(void);
char *getcwd(char *buf, size_t size);
int gethostname(char *name, size_t len);
int sethostname(const char *name, size_t len);
int getdomainname(char *name, size_t len);
int setdomainname(const char *name, size_t len);
int chdir(const char *path);
int fchdir(int fd);
int unlink(const char *path);
int unlinkat(int dirfd, const char *path, int flags);
int link(const char *oldpath, const char *newpath);
int linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags);
int symlink(const char *target, const char *linkpath);
int symlinkat(const char *target, int newdirfd, const char *linkpath);
ssize_t readlink(const char *restrict path, char *restrict buf, size_t bufsiz);
ssize_t readlinkat(int dirfd, const char *restrict path, char *restrict buf, size_t bufsiz);
int rmdir(const char *path);
int truncate(const char *path, off_t len);
int ftruncate(int fd, off_t len);
int truncate64(const char *path, off64_t len);
int ftruncate64(int fd, off64_t len);
int fsync(int fd);
int fdatasync(int fd);
ssize_t pread(int fd, void *buf, size_t n, off_t pos);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t pos);
ssize_t pread64(int fd, void *buf, size_t n, off64_t pos);
ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t pos);
int chown(const char *path, uid_t uid, gid_t gid);
int fchown(int fd, uid_t uid, gid_t gid);
int lchown(const char *path, uid_t uid, gid_t gid);
int fchownat(int dirfd, const char *path, uid_t uid, gid_t gid, int flags);
int faccessat(int dirfd, const char *path, int mode, int flags);
pid_t tcgetpgrp(int fd);
int tcsetpgrp(int fd, pid_t pgrp);
pid_t getpgid(pid_t pid);
pid_t getpgrp(void);
pid_t setsid(void);
pid_t getsid(pid_t pid);
pid_t gettid(void);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int getgroups(int size, gid_t list[]);
int setuid(uid_t uid);
int setgid(gid_t gid);
int seteuid(uid_t euid);
int setegid(gid_t egid);
int setreuid(uid_t ruid, uid_t euid);
int setregid(gid_t rgid, gid_t egid);
#ifdef _GNU_SOURCE
int setresuid(uid_t ruid, uid_t euid, uid_t suid);
int setresgid(gid_t rgid, gid_t egid, gid_t sgid);
int getresuid(uid_t *ruid, uid_t *euid, uid_t *suid);
int getresgid(gid_t *rgid, gid_t *egid, gid_t *sgid);
#endif

unsigned int sleep(unsigned int seconds);
int usleep(useconds_t usec);
unsigned int alarm(unsigned int seconds);
int pause(void);

int brk(void *addr);
void *sbrk(intptr_t increment);

long syscall(long number, ...);

extern char **environ;
extern char *optarg;
extern int optind, opterr, optopt;
int getopt(int argc, char *const argv[], const char *optstring);

#endif
