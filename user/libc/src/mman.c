/* Memory mappings: the calls of <sys/mman.h> (kernel: mm/mmap.c). */
#include "syscall.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>

#ifndef __NR_unlink
#define __NR_unlink 10 /* Linux i386's */
#endif

/* mmap2 takes the offset in pages: a byte offset that is not a multiple
 * of the page is EINVAL before the kernel is asked, as glibc does. */
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t offset)
{
	long r;

	if ((offset & 4095) || offset < 0 || (offset >> 12) > 0xffffffffLL) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	r = sys_6(__NR_mmap2, (long)addr, (long)len, prot, flags, fd, (long)(offset >> 12));
	if (sys_is_error(r)) {
		errno = (int)-r;
		return MAP_FAILED;
	}
	return (void *)r;
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	return mmap64(addr, len, prot, flags, fd, (off64_t)(unsigned long)offset);
}

int munmap(void *addr, size_t len)
{
	return (int)sys_ret(sys_2(__NR_munmap, (long)addr, (long)len));
}

int mprotect(void *addr, size_t len, int prot)
{
	return (int)sys_ret(sys_3(__NR_mprotect, (long)addr, (long)len, prot));
}

/* new_addr only with MREMAP_FIXED (a variadic argument, as glibc's). */
void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...)
{
	void *new_addr = NULL;
	long r;

	if (flags & MREMAP_FIXED) {
		va_list ap;

		va_start(ap, flags);
		new_addr = va_arg(ap, void *);
		va_end(ap);
	}
	r = sys_5(__NR_mremap, (long)old, (long)old_len, (long)new_len, flags, (long)new_addr);
	if (sys_is_error(r)) {
		errno = (int)-r;
		return MAP_FAILED;
	}
	return (void *)r;
}

int madvise(void *addr, size_t len, int advice)
{
	return (int)sys_ret(sys_3(__NR_madvise, (long)addr, (long)len, advice));
}

/* The error number, errno untouched; POSIX_MADV_DONTNEED is advice only
 * (it may not discard data, unlike MADV_DONTNEED): glibc ignores it. */
int posix_madvise(void *addr, size_t len, int advice)
{
	long r;

	if (advice == POSIX_MADV_DONTNEED)
		return 0;
	r = sys_3(__NR_madvise, (long)addr, (long)len, advice);
	return sys_is_error(r) ? (int)-r : 0;
}

int msync(void *addr, size_t len, int flags)
{
	return (int)sys_ret(sys_3(__NR_msync, (long)addr, (long)len, flags));
}

int mincore(void *addr, size_t len, unsigned char *vec)
{
	return (int)sys_ret(sys_3(__NR_mincore, (long)addr, (long)len, (long)vec));
}

/* "/dev/shm/" + name without its leading slashes; EINVAL for an empty
 * name or one with another slash, ENAMETOOLONG past NAME_MAX (glibc). */
static int shm_path(const char *name, char *path)
{
	size_t len;

	while (*name == '/')
		name++;
	len = strlen(name);
	if (!len || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..")) {
		errno = EINVAL;
		return -1;
	}
	if (len > 255) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(path, "/dev/shm/", 9);
	memcpy(path + 9, name, len + 1);
	return 0;
}

int shm_open(const char *name, int oflag, mode_t mode)
{
	char path[9 + 256];

	if (shm_path(name, path))
		return -1;
	return open(path, oflag | O_NOFOLLOW | O_CLOEXEC, mode);
}

int shm_unlink(const char *name)
{
	char path[9 + 256];

	if (shm_path(name, path))
		return -1;
	return (int)sys_ret(sys_1(__NR_unlink, (long)path));
}
