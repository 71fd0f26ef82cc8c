/* /sys: the clock source's files (fs/sysfs.c). */
#ifndef TICK386_FS_SYSFS_H
#define TICK386_FS_SYSFS_H

/* Mount /sys (fs_init, once the archive is unpacked). */
void sysfs_init(void);

#endif
