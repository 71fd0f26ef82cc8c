/*
 * /boot/config-$(uname -r) does not lie: the booted kernel's configuration
 * file (boot/config, put in the initramfs by mk/initramfs.mk) is read, and
 * every option it names, set (=y) or not ("# CONFIG_X is not set"), is
 * probed against the running kernel: the call that needs it works when it
 * is set, and answers as Linux without it does (ENOSYS for a call not
 * built in; EINVAL for unshare's flag of a namespace kind not built)
 * when it is not.  An option this program has no probe for fails too: the
 * file lists only what is checked here.
 */
/* initramfs: yes */
#define _GNU_SOURCE
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/timerfd.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

/* i386 system-call numbers of calls tick386's libc has no wrapper for */
#define NR_INIT_MODULE 128
#define NR_DELETE_MODULE 129
#define NR_SOCKETCALL 102
#define NR_SETXATTR 226
#define NR_FUTEX 240
#define NR_IO_SETUP 245
#define NR_UNSHARE 310
#define NR_INOTIFY_INIT1 332
#define NR_PERF_EVENT_OPEN 336
#define NR_FANOTIFY_INIT 338
#define NR_SECCOMP 354
#define NR_BPF 357
#define NR_SOCKET 359
#define NR_SEMGET 393
#define NR_SEMCTL 394
#define NR_SHMGET 395
#define NR_SHMCTL 396
#define NR_MSGGET 399
#define NR_MSGCTL 402
#define CLOCK_AUX_FIRST 16 /* Linux 6.17's CLOCK_AUX */
#define TMPFS_MAGIC 0x01021994

/* A call that is absent: ENOSYS.  1 when it answered otherwise. */
static int call_exists(long rc)
{
	return !(rc == -1 && errno == ENOSYS);
}

/* unshare of a namespace kind: absent when the call is (ENOSYS) or the
 * kind is not built (EINVAL, Linux's answer without CONFIG_X_NS). */
static int ns_kind(long flag)
{
	long rc = syscall(NR_UNSHARE, flag);

	return !(rc == -1 && (errno == ENOSYS || errno == EINVAL));
}

static int p_x86_32(void)
{
	struct utsname u;

	return sizeof(long) == 4 && uname(&u) == 0 && u.machine[0] == 'i' && !strcmp(u.machine + 2, "86");
}

static int p_mmu(void)
{
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int ok_ = p != MAP_FAILED && mprotect(p, 4096, PROT_READ) == 0;

	if (p != MAP_FAILED)
		munmap(p, 4096);
	return ok_;
}

static int p_modules(void)
{
	return call_exists(syscall(NR_INIT_MODULE, NULL, 0, "")) ||
	       call_exists(syscall(NR_DELETE_MODULE, "none", 0));
}

static int p_posix_timers(void)
{
	timer_t t;
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };

	if (timer_create(CLOCK_MONOTONIC, &ev, &t) != 0)
		return 0;
	timer_delete(t);
	return 1;
}

static int p_high_res(void)
{
	struct timespec res;

	return clock_getres(CLOCK_MONOTONIC, &res) == 0 && res.tv_sec == 0 && res.tv_nsec < 1000000;
}

static int p_fd(int fd)
{
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

static int p_timerfd(void) { return p_fd(timerfd_create(CLOCK_MONOTONIC, 0)); }
static int p_epoll(void) { return p_fd(epoll_create1(0)); }
static int p_eventfd(void) { return p_fd(eventfd(0, 0)); }

static int p_signalfd(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	return p_fd(signalfd(-1, &set, 0));
}

static int p_aux_clocks(void)
{
	struct timespec ts;

	return clock_gettime(CLOCK_AUX_FIRST, &ts) == 0;
}

static int p_time_ns(void) { return ns_kind(0x80); }
static int p_user_ns(void) { return ns_kind(0x10000000); }
static int p_pid_ns(void) { return ns_kind(0x20000000); }
static int p_net_ns(void) { return ns_kind(0x40000000); }
static int p_ipc_ns(void) { return ns_kind(0x08000000); }
static int p_uts_ns(void) { return ns_kind(0x04000000); }

static int p_futex(void)
{
	int word = 0;

	return syscall(NR_FUTEX, &word, 1 /* FUTEX_WAKE */, 1, NULL, NULL, 0) == 0;
}

static int shm_file(void)
{
	return open("/dev/shm/kconfig-probe", O_RDWR | O_CREAT, 0600);
}

static int p_file_locking(void)
{
	int fd = shm_file(), ok_ = fd >= 0 && flock(fd, LOCK_SH) == 0;

	if (fd >= 0)
		close(fd);
	return ok_;
}

static int p_mqueue(void)
{
	mqd_t q = mq_open("/kconfig-probe", O_RDWR | O_CREAT, 0600, NULL);

	if (q == (mqd_t)-1)
		return 0;
	mq_close(q);
	mq_unlink("/kconfig-probe");
	return 1;
}

/* One IPC_PRIVATE object of a get call, removed again by its ctl call
 * (the probe leaves nothing); whether the call exists. */
static int sysvipc_kind(long id, int nr_ctl, int with_semnum)
{
	int exists = call_exists(id);

	if (id >= 0) {
		if (with_semnum)
			syscall(nr_ctl, id, 0, 0 /* IPC_RMID */, 0);
		else
			syscall(nr_ctl, id, 0 /* IPC_RMID */, 0);
	}
	return exists;
}

/* CONFIG_SYSVIPC is the three kinds (Linux has no option for one alone):
 * "=y" when shm, msg and sem all answer, so that a kernel with only some
 * of them says "not set" and stays truthful. */
static int p_sysvipc(void)
{
	return sysvipc_kind(syscall(NR_SHMGET, 0, 4096, 0600), NR_SHMCTL, 0) &&
	       sysvipc_kind(syscall(NR_MSGGET, 0, 0600), NR_MSGCTL, 0) &&
	       sysvipc_kind(syscall(NR_SEMGET, 0, 1, 0600), NR_SEMCTL, 1);
}

static int p_net(void)
{
	unsigned long args[3] = { 1, 1, 0 }; /* AF_UNIX, SOCK_STREAM */

	return call_exists(syscall(NR_SOCKET, 1, 1, 0)) || call_exists(syscall(NR_SOCKETCALL, 1, args));
}

static int p_proc(void) { return p_fd(open("/proc/self/stat", O_RDONLY)); }

static int p_sysfs(void)
{
	struct stat st;

	return stat("/sys", &st) == 0 && S_ISDIR(st.st_mode);
}

static int p_shmem(void)
{
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 0;
	munmap(p, 4096);
	return 1;
}

static int p_tmpfs(void)
{
	struct statfs sf;

	return statfs("/dev/shm", &sf) == 0 && (unsigned long)sf.f_type == TMPFS_MAGIC;
}

static int p_tmpfs_xattr(void)
{
	int fd = shm_file();
	long rc;

	if (fd < 0)
		return 0;
	close(fd);
	rc = syscall(NR_SETXATTR, "/dev/shm/kconfig-probe", "user.probe", "1", 1, 0);
	return !(rc == -1 && (errno == EOPNOTSUPP || errno == ENOSYS));
}

static int p_aio(void)
{
	unsigned long ctx = 0;

	return call_exists(syscall(NR_IO_SETUP, 1, &ctx));
}

static int p_inotify(void) { return call_exists(syscall(NR_INOTIFY_INIT1, 0)); }
static int p_fanotify(void) { return call_exists(syscall(NR_FANOTIFY_INIT, 0, 0)); }
static int p_bpf(void) { return call_exists(syscall(NR_BPF, -1, NULL, 0)); }
static int p_perf(void) { return call_exists(syscall(NR_PERF_EVENT_OPEN, NULL, 0, -1, -1, 0)); }
static int p_seccomp(void) { return call_exists(syscall(NR_SECCOMP, 0xff, 0, NULL)); }

static const struct probe {
	const char *name;
	int (*present)(void);
} probes[] = {
	{ "CONFIG_X86_32", p_x86_32 },
	{ "CONFIG_MMU", p_mmu },
	{ "CONFIG_MODULES", p_modules },
	{ "CONFIG_POSIX_TIMERS", p_posix_timers },
	{ "CONFIG_HIGH_RES_TIMERS", p_high_res },
	{ "CONFIG_TIMERFD", p_timerfd },
	{ "CONFIG_POSIX_AUX_CLOCKS", p_aux_clocks },
	{ "CONFIG_TIME_NS", p_time_ns },
	{ "CONFIG_EPOLL", p_epoll },
	{ "CONFIG_EVENTFD", p_eventfd },
	{ "CONFIG_SIGNALFD", p_signalfd },
	{ "CONFIG_FUTEX", p_futex },
	{ "CONFIG_FILE_LOCKING", p_file_locking },
	{ "CONFIG_POSIX_MQUEUE", p_mqueue },
	{ "CONFIG_SYSVIPC", p_sysvipc },
	{ "CONFIG_USER_NS", p_user_ns },
	{ "CONFIG_PID_NS", p_pid_ns },
	{ "CONFIG_NET_NS", p_net_ns },
	{ "CONFIG_IPC_NS", p_ipc_ns },
	{ "CONFIG_UTS_NS", p_uts_ns },
	{ "CONFIG_NET", p_net },
	{ "CONFIG_PROC_FS", p_proc },
	{ "CONFIG_SYSFS", p_sysfs },
	{ "CONFIG_SHMEM", p_shmem },
	{ "CONFIG_TMPFS", p_tmpfs },
	{ "CONFIG_TMPFS_XATTR", p_tmpfs_xattr },
	{ "CONFIG_AIO", p_aio },
	{ "CONFIG_INOTIFY_USER", p_inotify },
	{ "CONFIG_FANOTIFY", p_fanotify },
	{ "CONFIG_BPF_SYSCALL", p_bpf },
	{ "CONFIG_PERF_EVENTS", p_perf },
	{ "CONFIG_SECCOMP", p_seccomp },
};

/* One line: 1 and *name, *set when it names an option, 0 otherwise. */
static int parse(char *line, char **name, int *set)
{
	char *eq;

	line[strcspn(line, "\n")] = '\0';
	if (!strncmp(line, "CONFIG_", 7) && (eq = strchr(line, '='))) {
		*eq = '\0';
		*name = line;
		*set = !strcmp(eq + 1, "y");
		return 1;
	}
	if (!strncmp(line, "# CONFIG_", 9) && strstr(line, " is not set")) {
		*strstr(line, " is not set") = '\0';
		*name = line + 2;
		*set = 0;
		return 1;
	}
	return 0;
}

int main(void)
{
	struct utsname u;
	char path[128], line[256], *name;
	int set, options = 0;
	FILE *f;

	uname(&u);
	snprintf(path, sizeof(path), "/boot/config-%s", u.release);
	f = fopen(path, "r");
	ok(f != NULL, "%s opens", path);
	while (f && fgets(line, sizeof(line), f)) {
		const struct probe *p = NULL;

		if (!parse(line, &name, &set))
			continue;
		options++;
		for (unsigned i = 0; i < sizeof(probes) / sizeof(*probes); i++)
			if (!strcmp(probes[i].name, name))
				p = &probes[i];
		if (!p) {
			ok(0, "%s: no probe here for it", name);
			continue;
		}
		errno = 0;
		int present = p->present();

		tap_why("probe says %s (errno %d)", present ? "present" : "absent", errno);
		ok(present == set, "%s %s", name, set ? "=y: present" : "not set: absent");
	}
	if (f)
		fclose(f);
	unlink("/dev/shm/kconfig-probe");
	ok(options >= 20, "the file names %d options", options);
	return done_testing();
}
