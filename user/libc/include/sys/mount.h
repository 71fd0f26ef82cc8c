/*
 * <sys/mount.h>: mount(2), for a program that runs as the init of a Linux
 * kernel, which finds no /dev/console in a bare initramfs and mounts
 * devtmpfs for it.  tick386 has no such call (ENOSYS).
 */
#ifndef _SYS_MOUNT_H
#define _SYS_MOUNT_H

#define MS_RDONLY 1
#define MS_NOSUID 2
#define MS_NODEV  4
#define MS_NOEXEC 8

int mount(const char *source, const char *target, const char *fstype, unsigned long flags,
	  const void *data);

#endif
