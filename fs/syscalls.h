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
/* fs/select.c */
struct pollfd;
struct timeval;
struct timespec;
struct itimerspec;
long sys_poll(struct pollfd __user *ufds, u32 nfds, int timeout_ms);
long sys_ppoll(struct pollfd __user *ufds, u32 nfds, struct timespec __user *uts,
	       const u64 __user *umask, u32 sigsetsize);
long sys_select(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
		struct timeval __user *utv);
long sys_old_select(const u32 __user *uargs);
long sys_pselect6(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
		  struct timespec __user *uts, const u32 __user *usig);
/* fs/pipe.c */
long sys_pipe(int __user *ufds);
long sys_pipe2(int __user *ufds, int flags);
struct file;
/* fcntl F_GETPIPE_SZ: the ring's bytes; -EBADF when f is not a pipe's end. */
long pipe_get_size(struct file *f);
/* fs/fcntl.c */
long sys_fcntl(int fd, int cmd, u32 arg);
long sys_fcntl64(int fd, int cmd, u32 arg);
/* fs/eventfd.c */
long sys_eventfd(u32 initval);
long sys_eventfd2(u32 initval, int flags);
/* fs/signalfd.c */
long sys_signalfd(int ufd, const u64 __user *umask, u32 sizemask);
long sys_signalfd4(int ufd, const u64 __user *umask, u32 sizemask, int flags);
/* fs/eventpoll.c */
struct epoll_event;
long sys_epoll_create(int size);
long sys_epoll_create1(int flags);
long sys_epoll_ctl(int epfd, int op, int fd, struct epoll_event __user *uev);
long sys_epoll_wait(int epfd, struct epoll_event __user *uevents, int maxevents, int timeout_ms);
long sys_epoll_pwait(int epfd, struct epoll_event __user *uevents, int maxevents, int timeout_ms,
		     const u64 __user *umask, u32 sigsetsize);
long sys_epoll_pwait2(int epfd, struct epoll_event __user *uevents, int maxevents,
		      const void __user *uts, const u64 __user *umask, u32 sigsetsize);

/* fs/timerfd.c */
long sys_timerfd_create(int clockid, int flags);
long sys_timerfd_settime(int fd, int flags, const struct itimerspec __user *unew,
			 struct itimerspec __user *uold);
long sys_timerfd_gettime(int fd, struct itimerspec __user *ucur);

#endif
