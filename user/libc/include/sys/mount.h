/*
 * <sys/mount.h>: mount(2) and umount2(2).  tick386 mounts tmpfs only
 * (fs/mount.c); a program run as the init of a Linux kernel mounts
 * devtmpfs for /dev/console.
 */
#ifndef _SYS_MOUNT_H
#define _SYS_MOUNT_H

#include <stdint.h>
#include <stddef.h>

/*
 * The new mount API's struct mount_attr and MOUNT_ATTR_* come from the
 * kernel's <linux/mount.h> where a program sees those headers (as glibc
 * 2.36+ does, so that both headers can be included); else a copy of the
 * structure.  The MS_ values below are then the same definitions.
 */
#if defined(__has_include)
#if __has_include(<linux/mount.h>)
#include <linux/mount.h>
#endif
#endif
#ifndef MOUNT_ATTR_SIZE_VER0
#define MOUNT_ATTR_SIZE_VER0 32
struct mount_attr {
	uint64_t attr_set;
	uint64_t attr_clr;
	uint64_t propagation;
	uint64_t userns_fd;
};
#endif

/* The block-device requests glibc's <sys/mount.h> defines (_IO(0x12, n);
 * tick386 has no block devices: ioctl answers them ENOTTY), each unless
 * <linux/fs.h> defined it first. */
#ifndef BLKROSET
#define BLKROSET _IO_BLK(0, 93, 0)
#endif
#ifndef BLKROGET
#define BLKROGET _IO_BLK(0, 94, 0)
#endif
#ifndef BLKRRPART
#define BLKRRPART _IO_BLK(0, 95, 0)
#endif
#ifndef BLKGETSIZE
#define BLKGETSIZE _IO_BLK(0, 96, 0)
#endif
#ifndef BLKFLSBUF
#define BLKFLSBUF _IO_BLK(0, 97, 0)
#endif
#ifndef BLKRASET
#define BLKRASET _IO_BLK(0, 98, 0)
#endif
#ifndef BLKRAGET
#define BLKRAGET _IO_BLK(0, 99, 0)
#endif
#ifndef BLKFRASET
#define BLKFRASET _IO_BLK(0, 100, 0)
#endif
#ifndef BLKFRAGET
#define BLKFRAGET _IO_BLK(0, 101, 0)
#endif
#ifndef BLKSECTSET
#define BLKSECTSET _IO_BLK(0, 102, 0)
#endif
#ifndef BLKSECTGET
#define BLKSECTGET _IO_BLK(0, 103, 0)
#endif
#ifndef BLKSSZGET
#define BLKSSZGET _IO_BLK(0, 104, 0)
#endif
#ifndef BLKBSZGET
#define BLKBSZGET _IO_BLK(2, 112, sizeof(size_t))
#endif
#ifndef BLKBSZSET
#define BLKBSZSET _IO_BLK(1, 113, sizeof(size_t))
#endif
#ifndef BLKGETSIZE64
#define BLKGETSIZE64 _IO_BLK(2, 114, sizeof(size_t))
#endif
/* Linux's request number: direction (1 write, 2 read) << 30, size << 16,
 * type 0x12 << 8, number. */
#define _IO_BLK(dir, nr, size)                                                                     \
	((unsigned long)(((dir) << 30) | ((size) << 16) | (0x12 << 8) | (nr)))

#define MS_RDONLY 1
#define MS_NOSUID 2
#define MS_NODEV  4
#define MS_NOEXEC 8
#define MS_REMOUNT 32
#define MS_BIND 4096
#define MS_MOVE 8192

#define MNT_FORCE 1
#define MNT_DETACH 2
#define MNT_EXPIRE 4
#define UMOUNT_NOFOLLOW 8

int mount(const char *source, const char *target, const char *fstype, unsigned long flags,
	  const void *data);
int umount(const char *target);
int umount2(const char *target, int flags);

#endif
