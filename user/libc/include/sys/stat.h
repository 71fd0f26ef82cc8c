/*
 * <sys/stat.h>: the libc's struct stat, POSIX-shaped (struct timespec
 * times), filled from the kernel's struct stat64 layout (<abi/stat.h>) as
 * glibc does; fstat/stat fail with EOVERFLOW when a size does not fit off_t.
 */
#ifndef _SYS_STAT_H
#define _SYS_STAT_H

#include <stdint.h>
#include <sys/types.h>
#include <abi/stat.h>
#include <abi/time.h>

struct stat {
	dev_t st_dev;
	ino_t st_ino;
	mode_t st_mode;
	nlink_t st_nlink;
	uid_t st_uid;
	gid_t st_gid;
	dev_t st_rdev;
	off_t st_size;
	blksize_t st_blksize;
	blkcnt_t st_blocks;
	struct timespec st_atim;
	struct timespec st_mtim;
	struct timespec st_ctim;
};
#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec

/* utimensat's tv_nsec: the time now, or this time left as it is. */
#define UTIME_NOW  ((1l << 30) - 1l)
#define UTIME_OMIT ((1l << 30) - 2l)

int stat(const char *restrict path, struct stat *restrict st);
int fstat(int fd, struct stat *st);
int lstat(const char *restrict path, struct stat *restrict st);
int fstatat(int dirfd, const char *restrict path, struct stat *restrict st, int flags);
int mkdir(const char *path, mode_t mode);
int mkdirat(int dirfd, const char *path, mode_t mode);
int mknod(const char *path, mode_t mode, dev_t dev);
int mknodat(int dirfd, const char *path, mode_t mode, dev_t dev);
int mkfifo(const char *path, mode_t mode);
int mkfifoat(int dirfd, const char *path, mode_t mode);
int chmod(const char *path, mode_t mode);
int fchmod(int fd, mode_t mode);
int fchmodat(int dirfd, const char *path, mode_t mode, int flags);
mode_t umask(mode_t mask);
/* statx (Linux 4.11): struct statx as the kernel writes it. */
struct statx_timestamp {
	int64_t tv_sec;
	uint32_t tv_nsec;
	int32_t __reserved;
};

struct statx {
	uint32_t stx_mask;
	uint32_t stx_blksize;
	uint64_t stx_attributes;
	uint32_t stx_nlink;
	uint32_t stx_uid;
	uint32_t stx_gid;
	uint16_t stx_mode;
	uint16_t __spare0;
	uint64_t stx_ino;
	uint64_t stx_size;
	uint64_t stx_blocks;
	uint64_t stx_attributes_mask;
	struct statx_timestamp stx_atime, stx_btime, stx_ctime, stx_mtime;
	uint32_t stx_rdev_major, stx_rdev_minor;
	uint32_t stx_dev_major, stx_dev_minor;
	uint64_t __spare2[14];
};

#define STATX_TYPE	  0x1u
#define STATX_MODE	  0x2u
#define STATX_NLINK	  0x4u
#define STATX_UID	  0x8u
#define STATX_GID	  0x10u
#define STATX_ATIME	  0x20u
#define STATX_MTIME	  0x40u
#define STATX_CTIME	  0x80u
#define STATX_INO	  0x100u
#define STATX_SIZE	  0x200u
#define STATX_BLOCKS	  0x400u
#define STATX_BASIC_STATS 0x7ffu
#define AT_STATX_SYNC_AS_STAT 0x0000
#define AT_STATX_FORCE_SYNC   0x2000
#define AT_STATX_DONT_SYNC    0x4000

int statx(int dirfd, const char *restrict path, int flags, unsigned int mask,
	  struct statx *restrict buf);
int utimensat(int dirfd, const char *path, const struct timespec times[2], int flags);
int futimens(int fd, const struct timespec times[2]);

#endif
