/*
 * <sys/statvfs.h>: statvfs, fstatvfs with glibc i386's struct statvfs
 * (32-bit counts, no _FILE_OFFSET_BITS=64), filled from the kernel's
 * statfs64 answer as glibc does.
 */
#ifndef _SYS_STATVFS_H
#define _SYS_STATVFS_H

#include <sys/statfs.h>

struct statvfs {
	unsigned long f_bsize;
	unsigned long f_frsize;
	fsblkcnt_t f_blocks;
	fsblkcnt_t f_bfree;
	fsblkcnt_t f_bavail;
	fsfilcnt_t f_files;
	fsfilcnt_t f_ffree;
	fsfilcnt_t f_favail;
	unsigned long f_fsid;
	int __f_unused;
	unsigned long f_flag;
	unsigned long f_namemax;
	int __f_spare[6];
};

/* f_flag: the kernel's MS_* mount flags as statfs reports them. */
#define ST_RDONLY 1
#define ST_NOSUID 2
#define ST_NODEV 4
#define ST_NOEXEC 8
#define ST_SYNCHRONOUS 16
#define ST_MANDLOCK 64
#define ST_WRITE 128
#define ST_APPEND 256
#define ST_IMMUTABLE 512
#define ST_NOATIME 1024
#define ST_NODIRATIME 2048
#define ST_RELATIME 4096

int statvfs(const char *path, struct statvfs *st);
int fstatvfs(int fd, struct statvfs *st);
/* internal: the kernel's statfs64 answer RET/K into ST (statvfs_fill.c) */
int __statvfs_fill(long ret, const struct statfs64 *k, struct statvfs *st);

#endif
