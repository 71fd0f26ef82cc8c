/*
 * <sys/xattr.h>: extended attributes, the system calls of Linux i386
 * (226..237).  tick386's file systems have none: the kernel answers as
 * Linux does for a file system without xattr support (fs/xattr.c):
 * set/get/remove EOPNOTSUPP, list an empty list (0).
 */
#ifndef _SYS_XATTR_H
#define _SYS_XATTR_H

#include <sys/types.h>
#include <stddef.h>

#define XATTR_CREATE  1 /* set: fail if the attribute exists */
#define XATTR_REPLACE 2 /* set: fail if it does not */

int setxattr(const char *path, const char *name, const void *value, size_t size, int flags);
int lsetxattr(const char *path, const char *name, const void *value, size_t size, int flags);
int fsetxattr(int fd, const char *name, const void *value, size_t size, int flags);
ssize_t getxattr(const char *path, const char *name, void *value, size_t size);
ssize_t lgetxattr(const char *path, const char *name, void *value, size_t size);
ssize_t fgetxattr(int fd, const char *name, void *value, size_t size);
ssize_t listxattr(const char *path, char *list, size_t size);
ssize_t llistxattr(const char *path, char *list, size_t size);
ssize_t flistxattr(int fd, char *list, size_t size);
int removexattr(const char *path, const char *name);
int lremovexattr(const char *path, const char *name);
int fremovexattr(int fd, const char *name);

#endif
