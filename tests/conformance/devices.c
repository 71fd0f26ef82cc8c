/*
 * The memory devices /dev/null (1:3), /dev/zero (1:5) and /dev/full (1:7):
 * their nodes (character devices, crw-rw-rw-, st_rdev, fstat the same);
 * read (null: end of file; zero and full: zeros), write (null and zero
 * take everything, full ENOSPC), bad buffers (EFAULT, a read stopping at
 * the first page that faults, a write to /dev/null never reading its
 * buffer), lseek (0 whatever asked, EINVAL for a bad whence), pread and
 * pwrite (EINVAL for a negative offset), poll and select (always ready),
 * epoll_ctl (EPERM: no poll op), ioctl ENOTTY, fsync and ftruncate EINVAL;
 * mmap of /dev/zero (MAP_PRIVATE private across fork, MAP_SHARED shared
 * with a child, EACCES for O_WRONLY and for shared writes on O_RDONLY),
 * of /dev/null and /dev/full (ENODEV); nodes made by mknod on tmpfs (a
 * fresh directory under /dev/shm) open as the same devices, and numbers
 * without a driver open ENXIO.  /dev/random and /dev/urandom are not
 * checked: tick386 has no random source (fs/chrdev.c).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include "conformance.h"

/* Page 0, and an address above every user address on i386 and on a
 * 64-bit host; a count past every buffer: through volatiles, so that the
 * compiler does not see what is meant to fail. */
static void *volatile const low_ptr = BAD_PTR_LOW;
static void *volatile const kernel_ptr = (void *)(uintptr_t)-4096;
static volatile size_t size_max = (size_t)-1;
#define LOW_PTR	   ((void *)low_ptr)
#define KERNEL_PTR ((void *)kernel_ptr)

static const char *ename(int e)
{
	switch (e) {
	case ENOSPC: return "ENOSPC";
	case ENXIO: return "ENXIO";
	case ENODEV: return "ENODEV";
	case ENOTTY: return "ENOTTY";
	case ESPIPE: return "ESPIPE";
	case EBADF: return "EBADF";
	case ENOTDIR: return "ENOTDIR";
	default: return errname(e);
	}
}

/* A call's outcome as text: its value, or the errno's name. */
static const char *outcome(long rc, int err)
{
	static char buf[32];

	if (rc == -1)
		return ename(err);
	snprintf(buf, sizeof(buf), "%ld", rc);
	return buf;
}

#define IS(call, want, ...)                                                   \
	do {                                                                  \
		errno = 0;                                                    \
		long rc_ = (long)(call);                                      \
		const char *got_ = outcome(rc_, errno);                       \
		char desc_[160];                                              \
		snprintf(desc_, sizeof(desc_), __VA_ARGS__);                  \
		why("got %s", got_);                                          \
		ok(strcmp(got_, (want)) == 0, "%s -> %s", desc_, (want));     \
	} while (0)

/* IS where a long has 32 bits; a SKIP on a 64-bit host. */
#define IS32(call, want, desc)                                                \
	do {                                                                  \
		if (sizeof(long) == 4)                                        \
			IS(call, want, desc);                                 \
		else                                                          \
			skip("a 2^31 count is not negative in a 64-bit ssize_t", \
			     "%s -> %s", desc, want);                          \
	} while (0)

static bool all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

static const struct {
	const char *path;
	unsigned minor;
} devs[] = {{"/dev/null", 3}, {"/dev/zero", 5}, {"/dev/full", 7}};

static void nodes(void)
{
	for (unsigned i = 0; i < 3; i++) {
		struct stat st, fst;
		int fd;

		if (stat(devs[i].path, &st)) {
			ok(0, "stat %s # %s", devs[i].path, strerror(errno));
			continue;
		}
		why("mode %o rdev %u:%u", (unsigned)st.st_mode, major(st.st_rdev), minor(st.st_rdev));
		ok(st.st_mode == (S_IFCHR | 0666), "%s: crw-rw-rw-", devs[i].path);
		ok(major(st.st_rdev) == 1 && minor(st.st_rdev) == devs[i].minor, "%s: st_rdev 1:%u",
		   devs[i].path, devs[i].minor);
		ok(st.st_size == 0 && st.st_uid == 0 && st.st_gid == 0, "%s: size 0, root's",
		   devs[i].path);
		fd = open(devs[i].path, O_RDONLY);
		ok(fd >= 0 && fstat(fd, &fst) == 0 && fst.st_rdev == st.st_rdev &&
			   fst.st_ino == st.st_ino && fst.st_mode == st.st_mode,
		   "%s: fstat as stat", devs[i].path);
		close(fd);
	}
	IS(open("/dev/null", O_RDONLY | O_DIRECTORY), "ENOTDIR", "open /dev/null O_DIRECTORY");
	IS(open("/dev/null/", O_RDONLY), "ENOTDIR", "open /dev/null/");
	IS(open("/dev/null/x", O_RDONLY), "ENOTDIR", "open /dev/null/x");
}

static void read_write(void)
{
	int null = open("/dev/null", O_RDWR), zero = open("/dev/zero", O_RDWR),
	    full = open("/dev/full", O_RDWR);
	unsigned char buf[256], *pages;

	ok(null >= 0 && zero >= 0 && full >= 0, "open the three O_RDWR");
	memset(buf, 0xaa, sizeof(buf));
	IS(read(null, buf, sizeof(buf)), "0", "read /dev/null");
	ok(all_bytes(buf, sizeof(buf), 0xaa), "/dev/null: buffer untouched");
	IS(read(zero, buf, sizeof(buf)), "256", "read /dev/zero");
	ok(all_bytes(buf, sizeof(buf), 0), "/dev/zero: zeros");
	memset(buf, 0xaa, sizeof(buf));
	IS(read(full, buf, 100), "100", "read /dev/full");
	ok(all_bytes(buf, 100, 0) && all_bytes(buf + 100, 156, 0xaa), "/dev/full: 100 zeros, no more");
	IS(read(zero, buf, 0), "0", "read /dev/zero, 0 bytes");
	IS(write(null, buf, sizeof(buf)), "256", "write /dev/null");
	IS(write(zero, buf, sizeof(buf)), "256", "write /dev/zero");
	IS(write(full, buf, sizeof(buf)), "ENOSPC", "write /dev/full");
	IS(write(full, buf, 0), "ENOSPC", "write /dev/full, 0 bytes");
	IS(write(null, buf, 0), "0", "write /dev/null, 0 bytes");

	/* Bad buffers: the range check first, then the bytes as they move. */
	IS(read(null, LOW_PTR, 16), "0", "read /dev/null into page 0 (never touched)");
	IS(read(null, KERNEL_PTR, 16), "EFAULT", "read /dev/null into the kernel");
	IS(write(null, LOW_PTR, 1 << 20), "1048576", "write /dev/null from page 0 (never read)");
	IS(write(null, KERNEL_PTR, 16), "EFAULT", "write /dev/null from the kernel");
	IS(write(zero, LOW_PTR, 4096), "4096", "write /dev/zero from page 0");
	IS(write(full, LOW_PTR, 16), "ENOSPC", "write /dev/full from page 0");
	IS(write(full, KERNEL_PTR, 16), "EFAULT", "write /dev/full from the kernel");
	IS(read(zero, LOW_PTR, 16), "EFAULT", "read /dev/zero into page 0");
	IS(read(zero, KERNEL_PTR, 16), "EFAULT", "read /dev/zero into the kernel");
	IS(read(full, LOW_PTR, 1 << 20), "EFAULT", "read /dev/full, 1 MiB into page 0");
	IS(read(zero, buf, size_max), "EFAULT", "read /dev/zero, SIZE_MAX bytes");
	/* Counts: above MAX_RW_COUNT cut to it; negative as a ssize_t
	 * EINVAL (rw_verify_area), which needs a 32-bit long. */
	IS(write(null, LOW_PTR, 0x7ffff001), "2147479552", "write /dev/null, MAX_RW_COUNT + 1 bytes");
	IS32(write(null, LOW_PTR, size_max / 2 + 1), "EINVAL", "write /dev/null, 2^31 bytes");
	IS32(read(zero, LOW_PTR, size_max / 2 + 1), "EINVAL", "read /dev/zero, 2^31 bytes");
	IS32(read(null, LOW_PTR, size_max / 2 + 1), "EINVAL", "read /dev/null, 2^31 bytes");
	IS32(pread(zero, LOW_PTR, size_max / 2 + 1, 0), "EINVAL", "pread /dev/zero, 2^31 bytes");
	pages = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(pages != MAP_FAILED && munmap(pages + 2 * 4096, 4096) == 0 &&
		   mprotect(pages + 4096, 4096, PROT_READ) == 0,
	   "a writable page, a read-only page, a hole");
	memset(pages, 0xaa, 4096);
	IS(read(zero, pages + 4000, 300), "96", "read /dev/zero across into a read-only page");
	ok(all_bytes(pages + 4000, 96, 0) && all_bytes(pages, 4000, 0xaa), "the 96 bytes zeroed");
	IS(read(full, pages + 100, 1 << 20), "3996", "read /dev/full, 1 MiB into one writable page");
	IS(read(zero, pages + 4096, 16), "EFAULT", "read /dev/zero into a read-only page");
	IS(read(zero, pages + 8192, 16), "EFAULT", "read /dev/zero into a hole");
	IS(write(zero, pages + 8192, 16), "16", "write /dev/zero from a hole");
	munmap(pages, 2 * 4096);

	/* Access modes. */
	{
		int r = open("/dev/zero", O_RDONLY), w = open("/dev/null", O_WRONLY);

		IS(write(r, buf, 1), "EBADF", "write /dev/zero opened O_RDONLY");
		IS(read(w, buf, 1), "EBADF", "read /dev/null opened O_WRONLY");
		close(r);
		close(w);
	}

	/* lseek: 0 whatever is asked; pread and pwrite. */
	IS(lseek(zero, 100, SEEK_SET), "0", "lseek /dev/zero 100 SEEK_SET");
	IS(lseek(null, 5, SEEK_CUR), "0", "lseek /dev/null 5 SEEK_CUR");
	IS(lseek(full, -1, SEEK_END), "0", "lseek /dev/full -1 SEEK_END");
	IS(lseek(zero, -100, SEEK_SET), "0", "lseek /dev/zero -100 SEEK_SET");
	IS(lseek(zero, 0, SEEK_DATA), "0", "lseek /dev/zero SEEK_DATA");
	IS(lseek(zero, 0, 5), "EINVAL", "lseek /dev/zero whence 5");
	IS(lseek(null, 0, SEEK_CUR), "0", "lseek /dev/null SEEK_CUR after reads");
	memset(buf, 0xaa, sizeof(buf));
	IS(pread(zero, buf, 16, 1 << 20), "16", "pread /dev/zero at 1 MiB");
	ok(all_bytes(buf, 16, 0), "pread: zeros");
	IS(pread(null, buf, 16, 4096), "0", "pread /dev/null");
	IS(pwrite(null, buf, 16, 4096), "16", "pwrite /dev/null");
	IS(pwrite(full, buf, 16, 0), "ENOSPC", "pwrite /dev/full");
	IS(pread(zero, buf, 16, -1), "EINVAL", "pread /dev/zero at -1");
	IS(pwrite(null, buf, 16, -1), "EINVAL", "pwrite /dev/null at -1");

	/* poll, select, epoll, ioctl, fsync, ftruncate. */
	{
		struct pollfd p[3] = {{null, POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM | POLLPRI, 0},
				      {zero, POLLIN | POLLOUT, 0},
				      {full, POLLIN, 0}};
		struct epoll_event ev = {.events = EPOLLIN};
		fd_set rd, wr;
		struct timeval tv = {0, 0};
		int ep = epoll_create1(0), tty;

		IS(poll(p, 3, 1000), "3", "poll the three");
		why("%#x %#x %#x", p[0].revents, p[1].revents, p[2].revents);
		ok(p[0].revents == (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM) &&
			   p[1].revents == (POLLIN | POLLOUT) && p[2].revents == POLLIN,
		   "poll: readable and writable, no POLLPRI");
		FD_ZERO(&rd);
		FD_ZERO(&wr);
		FD_SET(zero, &rd);
		FD_SET(null, &wr);
		IS(select((zero > null ? zero : null) + 1, &rd, &wr, NULL, &tv), "2", "select");
		IS(epoll_ctl(ep, EPOLL_CTL_ADD, null, &ev), "EPERM", "epoll_ctl ADD /dev/null");
		IS(epoll_ctl(ep, EPOLL_CTL_ADD, zero, &ev), "EPERM", "epoll_ctl ADD /dev/zero");
		IS(epoll_ctl(ep, EPOLL_CTL_ADD, full, &ev), "EPERM", "epoll_ctl ADD /dev/full");
		close(ep);
		IS(ioctl(null, TIOCGPGRP, &tty), "ENOTTY", "ioctl /dev/null TIOCGPGRP");
		IS(ioctl(zero, FIONREAD, &tty), "ENOTTY", "ioctl /dev/zero FIONREAD");
		IS(fsync(null), "EINVAL", "fsync /dev/null");
		IS(ftruncate(zero, 0), "EINVAL", "ftruncate /dev/zero");
	}
	close(null);
	close(zero);
	close(full);
}

static void mappings(void)
{
	int zero = open("/dev/zero", O_RDWR), ro = open("/dev/zero", O_RDONLY),
	    wo = open("/dev/zero", O_WRONLY), null = open("/dev/null", O_RDWR),
	    full = open("/dev/full", O_RDWR);
	volatile unsigned char *priv, *shared, *p;
	int status;
	pid_t pid;

	priv = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE, zero, 0);
	shared = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, zero, 0);
	ok(priv != MAP_FAILED && shared != MAP_FAILED, "mmap /dev/zero private and shared");
	if (priv == MAP_FAILED || shared == MAP_FAILED)
		return;
	ok(all_bytes((unsigned char *)priv, 8192, 0) && all_bytes((unsigned char *)shared, 8192, 0),
	   "both read zeros");
	priv[0] = 1;
	shared[0] = 1;
	pid = fork();
	if (pid == 0) {
		_exit(priv[0] == 1 && shared[0] == 1 ? (priv[4096] = 7, shared[4096] = 9, 0) : 1);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && status == 0, "the child sees both");
	why("private %d shared %d", priv[4096], shared[4096]);
	ok(priv[4096] == 0, "a child's store to MAP_PRIVATE stays its own");
	ok(shared[4096] == 9, "a child's store to MAP_SHARED is seen");
	munmap((void *)priv, 8192);
	munmap((void *)shared, 8192);
	/* Two shared mappings of one open are two objects (shmem_zero_setup). */
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, zero, 0);
	shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, zero, 0);
	ok(p != MAP_FAILED && shared != MAP_FAILED && (p[0] = 5, shared[0] == 0),
	   "two MAP_SHARED mappings of /dev/zero do not share");
	munmap((void *)p, 4096);
	munmap((void *)shared, 4096);
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, zero, 1 << 20);
	ok(p != MAP_FAILED && p[100] == 0, "MAP_PRIVATE at an offset: zeros");
	munmap((void *)p, 4096);
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, ro, 0);
	ok(p != MAP_FAILED && p[0] == 0, "MAP_SHARED PROT_READ of O_RDONLY");
	if (p != MAP_FAILED) {
		IS(mprotect((void *)p, 4096, PROT_READ | PROT_WRITE), "EACCES",
		   "mprotect PROT_WRITE of it");
		munmap((void *)p, 4096);
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, ro, 0);
	ok(p != MAP_FAILED && (p[0] = 3, p[0] == 3), "MAP_PRIVATE PROT_WRITE of O_RDONLY");
	munmap((void *)p, 4096);
	IS(mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0) == MAP_FAILED ? -1 : 0,
	   "EACCES", "MAP_SHARED PROT_WRITE of O_RDONLY /dev/zero");
	IS(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, wo, 0) == MAP_FAILED ? -1 : 0, "EACCES",
	   "mmap O_WRONLY /dev/zero");
	IS(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, null, 0) == MAP_FAILED ? -1 : 0, "ENODEV",
	   "mmap /dev/null");
	IS(mmap(NULL, 4096, PROT_READ, MAP_SHARED, full, 0) == MAP_FAILED ? -1 : 0, "ENODEV",
	   "mmap /dev/full");
	IS(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_GROWSDOWN, zero, 0) == MAP_FAILED ? -1 : 0,
	   "EINVAL", "mmap /dev/zero MAP_GROWSDOWN");
	close(zero);
	close(ro);
	close(wo);
	close(null);
	close(full);
}

/* mknod'd nodes on tmpfs: the number decides, not the name. */
static void mknod_nodes(void)
{
	char top[64], path[96];
	unsigned char buf[8];
	struct stat st;
	int fd;

	strcpy(top, "/dev/shm/conf-dev-XXXXXX");
	if (!mkdtemp(top)) {
		ok(0, "a directory under /dev/shm # %s", strerror(errno));
		return;
	}
	snprintf(path, sizeof(path), "%s/z", top);
	if (mknod(path, S_IFCHR | 0600, makedev(1, 5)) != 0) {
		skip("mknod of a character device needs CAP_MKNOD", "mknod'd device nodes");
		rmdir(top);
		return;
	}
	ok(stat(path, &st) == 0 && st.st_mode == (S_IFCHR | 0600) && st.st_rdev == makedev(1, 5),
	   "mknod 1:5: crw-------, st_rdev 1:5");
	fd = open(path, O_RDWR | O_TRUNC);
	memset(buf, 0xaa, sizeof(buf));
	ok(fd >= 0 && read(fd, buf, 8) == 8 && all_bytes(buf, 8, 0) && write(fd, buf, 8) == 8,
	   "it opens as /dev/zero (O_TRUNC ignored)");
	close(fd);
	unlink(path);
	IS(mknod(path, S_IFCHR | 0666, makedev(1, 7)), "0", "mknod 1:7");
	fd = open(path, O_WRONLY);
	IS(write(fd, buf, 8), "ENOSPC", "it writes as /dev/full");
	close(fd);
	unlink(path);
	IS(mknod(path, S_IFCHR | 0666, makedev(1, 3)), "0", "mknod 1:3");
	fd = open(path, O_RDONLY);
	IS(read(fd, buf, 8), "0", "it reads as /dev/null");
	close(fd);
	unlink(path);
	IS(mknod(path, S_IFCHR | 0666, makedev(1, 200)), "0", "mknod 1:200");
	IS(open(path, O_RDONLY), "ENXIO", "open 1:200 (no such memory device)");
	IS(stat(path, &st) == 0 && st.st_rdev == makedev(1, 200) ? 0 : -1, "0", "stat 1:200 still");
	unlink(path);
	IS(mknod(path, S_IFCHR | 0666, makedev(4000, 5)), "0", "mknod 4000:5");
	IS(open(path, O_RDWR), "ENXIO", "open 4000:5 (no driver)");
	unlink(path);
	IS(rmdir(top), "0", "rmdir the directory");
}

int main(void)
{
	nodes();
	read_write();
	mappings();
	mknod_nodes();
	done();
	return 0;
}
