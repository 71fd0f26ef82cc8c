/* The system calls of fs/ (Linux i386 numbers, <abi/syscall.h>). */
#ifndef TICK386_FS_SYSCALLS_H
#define TICK386_FS_SYSCALLS_H

#include "lib/types.h"
#include "mm/uaccess.h"

/* fs/read_write.c */
long sys_read(int fd, void __user *buf, size_t n);
long sys_write(int fd, const void __user *buf, size_t n);
long sys_lseek(int fd, long offset, int whence);
long sys_llseek(int fd, u32 offset_high, u32 offset_low, void __user *result, int whence);
long sys_getdents64(int fd, void __user *dirent, u32 count);
/* fs/ioctl.c */
long sys_ioctl(int fd, u32 cmd, u32 arg);
/* fs/open.c */
/*
 * Copy a user path (at most PATH_MAX - 1 characters, as Linux) into a new
 * buffer that the caller kfrees: 0, or -EFAULT, -ENAMETOOLONG, -ENOENT
 * (empty), -ENOMEM.
 */
int fs_get_path(const char __user *upath, char **out);
long sys_open(const char __user *path, int flags, u32 mode);
long sys_openat(int dirfd, const char __user *path, int flags, u32 mode);
long sys_close(int fd);
long sys_access(const char __user *path, int mode);
long sys_dup(int fd);
long sys_dup2(int oldfd, int newfd);
/* fs/stat.c */
long sys_stat(const char __user *path, void __user *st);
long sys_fstat(int fd, void __user *st);
long sys_stat64(const char __user *path, void __user *st);
long sys_fstat64(int fd, void __user *st);

#endif
