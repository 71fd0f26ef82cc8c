/*
 * <sys/mman.h>: memory mappings (mm/mmap.c).  The constants are Linux
 * i386's (<abi/mman.h>, shared with the kernel).  shm_open names a file
 * under /dev/shm, as glibc does.
 */
#ifndef _SYS_MMAN_H
#define _SYS_MMAN_H

#include <abi/mman.h>
#include <stddef.h>
#include <sys/types.h>

#define MAP_ANON MAP_ANONYMOUS
#define MAP_FILE 0
#define MAP_FAILED ((void *)-1)

#define MCL_CURRENT 1
#define MCL_FUTURE 2
#define MCL_ONFAULT 4

#define POSIX_MADV_NORMAL 0
#define POSIX_MADV_RANDOM 1
#define POSIX_MADV_SEQUENTIAL 2
#define POSIX_MADV_WILLNEED 3
#define POSIX_MADV_DONTNEED 4

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t offset);
int munmap(void *addr, size_t len);
int mprotect(void *addr, size_t len, int prot);
void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...);
int madvise(void *addr, size_t len, int advice);
int posix_madvise(void *addr, size_t len, int advice);
int msync(void *addr, size_t len, int flags);
int mincore(void *addr, size_t len, unsigned char *vec);
int shm_open(const char *name, int oflag, mode_t mode);
int shm_unlink(const char *name);
int mlock(const void *addr, size_t len);
int munlock(const void *addr, size_t len);
int mlockall(int flags);
int munlockall(void);

#endif
