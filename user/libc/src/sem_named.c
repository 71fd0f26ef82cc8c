/*
 * Named POSIX semaphores: sem_open, sem_close, sem_unlink, made as glibc
 * makes them.  The semaphore "/name" is the file /dev/shm/sem.name (a
 * tmpfs), holding one sem_t, mapped MAP_SHARED into every process that
 * opens it; its waits and posts are those of sem.c on a pshared semaphore
 * (futexes keyed by the shared page, not by the address).
 *
 * The name as glibc's __shm_get_name takes it: leading '/'s skipped; empty,
 * or a '/' after them, is EINVAL; longer than NAME_MAX - 4 ("sem.") is
 * ENAMETOOLONG.  O_CREAT takes a mode and a value (> SEM_VALUE_MAX:
 * EINVAL).
 *
 * Creation.  glibc writes the semaphore into a temporary file and link()s
 * it to the name, so nobody ever sees a half-made one.  tick386's tmpfs has
 * no link: the file is made with O_CREAT | O_EXCL and the sem_t written
 * into it before it is mapped; an open of an existing file that finds it
 * shorter than a sem_t (its creator between the two steps) waits for it,
 * yielding, a bounded number of times (then EINVAL, as glibc says of a
 * file that is no semaphore).  Without O_EXCL, O_CREAT first tries the
 * existing file, then creates, then tries again if another process won the
 * race (EEXIST), as glibc loops.
 *
 * One process opening the same semaphore twice gets the same address (the
 * file's device and inode say it is the same): a table counts the opens,
 * and sem_close unmaps at the last (EINVAL for an address sem_open did not
 * give).  The table is guarded by a lock; fork copies it with the mappings.
 *
 * The calls are made raw (mmap2, munmap, fstat64), so that this file
 * builds against the libc headers whatever else the tree has; without a
 * tmpfs on /dev/shm or without mmap, sem_open fails with the kernel's
 * errno (ENOENT, ENOSYS).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <semaphore.h>
#include <stdarg.h>
#include <string.h>
#include <abi/stat.h>
#include <unistd.h>
#include "syscall.h"
#include "thread.h"

#ifndef __NR_munmap
#define __NR_munmap 91
#endif
#ifndef __NR_mmap2
#define __NR_mmap2 192
#endif
#ifndef __NR_unlink
#define __NR_unlink 10
#endif
#define SEM_PROT_RW	 3 /* PROT_READ | PROT_WRITE */
#define SEM_MAP_SHARED	 1
#define SEM_DIR		 "/dev/shm/sem."
#define SEM_NAME_MAX	 (NAME_MAX - 4)
#define SEM_OPEN_MAX	 64
#define SEM_WAIT_ROUNDS	 10000

struct sem_mapping {
	sem_t *addr; /* NULL: a free slot */
	unsigned long long dev, ino;
	int refs;
};

static volatile int sems_lock;
static struct sem_mapping sems[SEM_OPEN_MAX];

/* "/dev/shm/sem.NAME" into path, or -errno. */
static int sem_path(const char *name, char *path, size_t size)
{
	size_t n;

	while (*name == '/')
		name++;
	n = strlen(name);
	if (n == 0 || strchr(name, '/'))
		return -EINVAL;
	if (n > SEM_NAME_MAX)
		return -ENAMETOOLONG;
	if (sizeof(SEM_DIR) + n > size)
		return -ENAMETOOLONG;
	memcpy(path, SEM_DIR, sizeof(SEM_DIR) - 1);
	memcpy(path + sizeof(SEM_DIR) - 1, name, n + 1);
	return 0;
}

/* The size of the open file fd, -errno. */
static long long file_size(int fd, struct abi_stat64 *st)
{
	long rc = sys_2(__NR_fstat64, fd, (long)st);

	return rc < 0 ? rc : (long long)st->st_size;
}

/* Map the semaphore file fd (its creator done with it): the address, or 0
 * and errno. */
static sem_t *sem_map(int fd)
{
	struct abi_stat64 st;
	long long size = 0;
	sem_t *addr;
	long rc;
	int i, free_slot = -1;

	for (i = 0; i < SEM_WAIT_ROUNDS; i++) {
		size = file_size(fd, &st);
		if (size < 0) {
			errno = (int)-size;
			return 0;
		}
		if (size >= (long long)sizeof(sem_t))
			break;
		sys_0(__NR_sched_yield); /* its creator writes it now */
	}
	if (size < (long long)sizeof(sem_t)) {
		errno = EINVAL;
		return 0;
	}
	lock(&sems_lock);
	for (i = 0; i < SEM_OPEN_MAX; i++) {
		if (sems[i].addr && sems[i].dev == st.st_dev && sems[i].ino == st.st_ino) {
			sems[i].refs++;
			unlock(&sems_lock);
			return sems[i].addr;
		}
		if (!sems[i].addr && free_slot < 0)
			free_slot = i;
	}
	if (free_slot < 0) {
		unlock(&sems_lock);
		errno = ENFILE;
		return 0;
	}
	rc = sys_6(__NR_mmap2, 0, sizeof(sem_t), SEM_PROT_RW, SEM_MAP_SHARED, fd, 0);
	if (sys_is_error(rc)) {
		unlock(&sems_lock);
		errno = (int)-rc;
		return 0;
	}
	addr = (sem_t *)rc;
	sems[free_slot].addr = addr;
	sems[free_slot].dev = st.st_dev;
	sems[free_slot].ino = st.st_ino;
	sems[free_slot].refs = 1;
	unlock(&sems_lock);
	return addr;
}

sem_t *sem_open(const char *name, int oflag, ...)
{
	char path[sizeof(SEM_DIR) + NAME_MAX];
	unsigned value = 0;
	mode_t mode = 0;
	sem_t *addr;
	int fd, rc;

	rc = sem_path(name, path, sizeof(path));
	if (rc) {
		errno = -rc;
		return SEM_FAILED;
	}
	if (oflag & O_CREAT) {
		va_list ap;

		va_start(ap, oflag);
		mode = va_arg(ap, mode_t);
		value = va_arg(ap, unsigned);
		va_end(ap);
		if (value > SEM_VALUE_MAX) {
			errno = EINVAL;
			return SEM_FAILED;
		}
	}
	for (;;) {
		if (!(oflag & O_CREAT) || !(oflag & O_EXCL)) {
			fd = open(path, O_RDWR | O_CLOEXEC);
			if (fd >= 0 || errno != ENOENT || !(oflag & O_CREAT))
				break;
		}
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode);
		if (fd >= 0) {
			sem_t init;

			memset(&init, 0, sizeof(init));
			sem_init(&init, 1, value);
			if (write(fd, &init, sizeof(init)) != (ssize_t)sizeof(init)) {
				int e = errno;

				close(fd);
				sys_1(__NR_unlink, (long)path);
				errno = e;
				return SEM_FAILED;
			}
			break;
		}
		if (errno != EEXIST || (oflag & O_EXCL))
			break;
		/* another process made it meanwhile: open that one */
	}
	if (fd < 0)
		return SEM_FAILED;
	addr = sem_map(fd);
	rc = errno;
	close(fd); /* the mapping keeps the file */
	if (!addr) {
		errno = rc;
		return SEM_FAILED;
	}
	return addr;
}

int sem_close(sem_t *sem)
{
	int i;

	lock(&sems_lock);
	for (i = 0; i < SEM_OPEN_MAX; i++)
		if (sems[i].addr == sem)
			break;
	if (i == SEM_OPEN_MAX) {
		unlock(&sems_lock);
		errno = EINVAL;
		return -1;
	}
	if (--sems[i].refs == 0) {
		sys_2(__NR_munmap, (long)sem, sizeof(sem_t));
		sems[i].addr = 0;
	}
	unlock(&sems_lock);
	return 0;
}

int sem_unlink(const char *name)
{
	char path[sizeof(SEM_DIR) + NAME_MAX];
	int rc = sem_path(name, path, sizeof(path));

	if (rc) {
		errno = -rc;
		return -1;
	}
	rc = (int)sys_1(__NR_unlink, (long)path);
	if (rc == -EPERM)
		rc = -EACCES; /* as glibc */
	return (int)sys_ret(rc);
}
