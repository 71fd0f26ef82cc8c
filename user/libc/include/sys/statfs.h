/*
 * <sys/statfs.h> (and <sys/vfs.h>): statfs, fstatfs with glibc i386's
 * struct statfs (32-bit counts) and the kernel's statfs64 layout.
 */
#ifndef _SYS_STATFS_H
#define _SYS_STATFS_H

#include <stdint.h>

typedef unsigned long fsblkcnt_t;
typedef unsigned long fsfilcnt_t;
typedef struct {
	int __val[2];
} fsid_t;

struct statfs {
	long f_type;
	long f_bsize;
	fsblkcnt_t f_blocks;
	fsblkcnt_t f_bfree;
	fsblkcnt_t f_bavail;
	fsfilcnt_t f_files;
	fsfilcnt_t f_ffree;
	fsid_t f_fsid;
	long f_namelen;
	long f_frsize;
	long f_flags;
	long f_spare[4];
};

/* The kernel's (84 bytes on i386: 64-bit counts aligned to 4). */
struct statfs64 {
	uint32_t f_type;
	uint32_t f_bsize;
	uint64_t f_blocks;
	uint64_t f_bfree;
	uint64_t f_bavail;
	uint64_t f_files;
	uint64_t f_ffree;
	fsid_t f_fsid;
	uint32_t f_namelen;
	uint32_t f_frsize;
	uint32_t f_flags;
	uint32_t f_spare[4];
} __attribute__((packed));

int statfs(const char *path, struct statfs *st);
int fstatfs(int fd, struct statfs *st);

#endif
