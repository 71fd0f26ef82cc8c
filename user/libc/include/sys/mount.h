/*
 * <sys/mount.h>: mount(2) and umount2(2).  tick386 mounts tmpfs only
 * (fs/mount.c); a program run as the init of a Linux kernel mounts
 * devtmpfs for /dev/console.
 */
#ifndef _SYS_MOUNT_H
#define _SYS_MOUNT_H

#define MS_RDONLY 1
#define MS_NOSUID 2
#define MS_NODEV  4
#define MS_NOEXEC 8
#define MS_REMOUNT 32
#define MS_BIND 4096
#define MS_MOVE 8192

/*
 * The block-device ioctls glibc's <sys/mount.h> defines (linux/fs.h's
 * numbers: _IO(0x12, n); the size ones _IOR/_IOW of a 4-byte size_t on
 * i386).  tick386 has no block devices: they fail with ENOTTY.
 */
#define BLKROSET   0x125d
#define BLKROGET   0x125e
#define BLKRRPART  0x125f
#define BLKGETSIZE 0x1260
#define BLKFLSBUF  0x1261
#define BLKRASET   0x1262
#define BLKRAGET   0x1263
#define BLKSSZGET  0x1268
#define BLKBSZGET  0x80041270
#define BLKBSZSET  0x40041271
#define BLKGETSIZE64 0x80041272

#define MNT_FORCE 1
#define MNT_DETACH 2
#define MNT_EXPIRE 4
#define UMOUNT_NOFOLLOW 8

int mount(const char *source, const char *target, const char *fstype, unsigned long flags,
	  const void *data);
int umount(const char *target);
int umount2(const char *target, int flags);

#endif
