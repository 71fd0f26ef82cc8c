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
long sys_lstat(const char __user *path, void __user *st);
long sys_fstat(int fd, void __user *st);
long sys_stat64(const char __user *path, void __user *st);
long sys_lstat64(const char __user *path, void __user *st);
long sys_fstat64(int fd, void __user *st);
/* fs/select.c */
struct pollfd;
struct timeval;
struct timespec;
struct itimerspec;
struct abi_timespec64;
struct abi_itimerspec64;
long sys_poll(struct pollfd __user *ufds, u32 nfds, int timeout_ms);
long sys_ppoll(struct pollfd __user *ufds, u32 nfds, struct timespec __user *uts,
	       const u64 __user *umask, u32 sigsetsize);
long sys_select(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
		struct timeval __user *utv);
long sys_old_select(const u32 __user *uargs);
long sys_pselect6(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
		  struct timespec __user *uts, const u32 __user *usig);
/* the 64-bit-time twins (Linux 5.1): struct __kernel_timespec */
long sys_ppoll_time64(struct pollfd __user *ufds, u32 nfds, struct abi_timespec64 __user *uts,
		      const u64 __user *umask, u32 sigsetsize);
long sys_pselect6_time64(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
			 struct abi_timespec64 __user *uts, const u32 __user *usig);
/* fs/pipe.c */
long sys_pipe(int __user *ufds);
long sys_pipe2(int __user *ufds, int flags);
/* SIGPIPE to the calling thread, as Linux's send_sig(SIGPIPE, current, 0)
 * (a pipe's or a socket's write with no reader). */
void pipe_sigpipe(void);
struct file;
/* fcntl F_GETPIPE_SZ (the ring's bytes) and F_SETPIPE_SZ (arg: the size
 * asked; the new size or -errno); -EBADF when f is not a pipe's end. */
long pipe_fcntl(struct file *f, int cmd, u32 arg);
/* /proc/sys/fs/pipe-max-size (fs/proc_sys.c): Linux's default; it binds only
 * tasks without CAP_SYS_RESOURCE, which tick386 has none of. */
#define PIPE_MAX_SIZE 1048576
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

/* fs/open.c */
long sys_faccessat(int dirfd, const char __user *path, int mode);
long sys_faccessat2(int dirfd, const char __user *path, int mode, int flags);
/* fs/read_write.c */
long sys_pread64(int fd, void __user *buf, size_t n, u32 pos_lo, u32 pos_hi);
long sys_pwrite64(int fd, const void __user *buf, size_t n, u32 pos_lo, u32 pos_hi);
struct fs_node;
long tmpfs_write(struct fs_node *n, u64 pos, const void __user *buf, size_t len);
/* fs/stat.c */
long sys_fstatat64(int dirfd, const char __user *path, void __user *st, int flags);
long sys_statx(int dirfd, const char __user *path, int flags, u32 mask, void __user *buf);
/* fs/namei.c */
long sys_mkdir(const char __user *path, u32 mode);
long sys_mkdirat(int dirfd, const char __user *path, u32 mode);
long sys_rmdir(const char __user *path);
long sys_unlink(const char __user *path);
long sys_unlinkat(int dirfd, const char __user *path, int flags);
long sys_rename(const char __user *oldp, const char __user *newp);
long sys_renameat(int olddfd, const char __user *oldp, int newdfd, const char __user *newp);
long sys_renameat2(int olddfd, const char __user *oldp, int newdfd, const char __user *newp,
		   u32 flags);
long sys_mknod(const char __user *path, u32 mode, u32 dev);
long sys_link(const char __user *oldp, const char __user *newp);
long sys_linkat(int olddfd, const char __user *oldp, int newdfd, const char __user *newp,
		int flags);
long sys_symlink(const char __user *target, const char __user *path);
long sys_symlinkat(const char __user *target, int dirfd, const char __user *path);
long sys_readlink(const char __user *path, char __user *buf, int bufsiz);
long sys_readlinkat(int dirfd, const char __user *path, char __user *buf, int bufsiz);
long sys_mknodat(int dirfd, const char __user *path, u32 mode, u32 dev);
long sys_chdir(const char __user *path);
long sys_fchdir(int fd);
long sys_getcwd(char __user *buf, u32 size);
long sys_umask(u32 mask);
/* fs/attr.c */
long sys_truncate(const char __user *path, long len);
long sys_ftruncate(int fd, u32 len);
long sys_truncate64(const char __user *path, u32 lo, u32 hi);
long sys_ftruncate64(int fd, u32 lo, u32 hi);
long sys_fallocate(int fd, int mode, u32 off_lo, u32 off_hi, u32 len_lo, u32 len_hi);
long sys_fsync(int fd);
long sys_fdatasync(int fd);
long sys_chmod(const char __user *path, u32 mode);
long sys_fchmod(int fd, u32 mode);
long sys_fchmodat(int dirfd, const char __user *path, u32 mode);
long sys_chown16(const char __user *path, u32 uid, u32 gid);
long sys_lchown16(const char __user *path, u32 uid, u32 gid);
long sys_fchown16(int fd, u32 uid, u32 gid);
long sys_chown32(const char __user *path, u32 uid, u32 gid);
long sys_lchown32(const char __user *path, u32 uid, u32 gid);
long sys_fchown32(int fd, u32 uid, u32 gid);
long sys_fchownat(int dirfd, const char __user *path, u32 uid, u32 gid, int flags);
long sys_utimensat(int dirfd, const char __user *path, const void __user *times, int flags);
long sys_utimensat_time64(int dirfd, const char __user *path, const void __user *times,
			  int flags);
/* fs/mount.c */
long sys_mount(const char __user *src, const char __user *target, const char __user *type,
	       u32 flags, const void __user *data);
long sys_umount2(const char __user *target, int flags);
/* fs/statfs.c */
long sys_statfs(const char __user *path, void __user *buf);
long sys_fstatfs(int fd, void __user *buf);
long sys_statfs64(const char __user *path, u32 size, void __user *buf);
long sys_fstatfs64(int fd, u32 size, void __user *buf);

/* fs/timerfd.c */
long sys_timerfd_create(int clockid, int flags);
long sys_timerfd_settime(int fd, int flags, const struct itimerspec __user *unew,
			 struct itimerspec __user *uold);
long sys_timerfd_gettime(int fd, struct itimerspec __user *ucur);
long sys_timerfd_settime64(int fd, int flags, const struct abi_itimerspec64 __user *unew,
			   struct abi_itimerspec64 __user *uold);
long sys_timerfd_gettime64(int fd, struct abi_itimerspec64 __user *ucur);

/* fs/xattr.c: extended attributes, none kept (-EOPNOTSUPP as Linux without them) */
long sys_setxattr(const char __user *path, const char __user *name, const void __user *value,
		  size_t size, int flags);
long sys_fsetxattr(int fd, const char __user *name, const void __user *value, size_t size,
		   int flags);
long sys_getxattr(const char __user *path, const char __user *name, void __user *value,
		  size_t size);
long sys_fgetxattr(int fd, const char __user *name, void __user *value, size_t size);
long sys_removexattr(const char __user *path, const char __user *name);
long sys_fremovexattr(int fd, const char __user *name);
long sys_listxattr(const char __user *path, char __user *list, size_t size);
long sys_flistxattr(int fd, char __user *list, size_t size);

/* fs/socket.c: sockets (AF_UNIX; AF_INET/6 TCP on the loopback) */
long sys_socketcall(int call, const u32 __user *uargs);
long sys_socket(int family, int type, int protocol);
long sys_socketpair(int family, int type, int protocol, int __user *usv);
long sys_bind(int fd, const void __user *uaddr, int len);
long sys_connect(int fd, const void __user *uaddr, int len);
long sys_listen(int fd, int backlog);
long sys_accept(int fd, void __user *uaddr, int __user *ulen);
long sys_accept4(int fd, void __user *uaddr, int __user *ulen, int flags);
long sys_getsockname(int fd, void __user *uaddr, int __user *ulen);
long sys_getpeername(int fd, void __user *uaddr, int __user *ulen);
long sys_sendto(int fd, const void __user *buf, size_t n, int flags, const void __user *uaddr,
		int alen);
long sys_send(int fd, const void __user *buf, size_t n, int flags);
long sys_recvfrom(int fd, void __user *buf, size_t n, int flags, void __user *uaddr,
		  int __user *ulen);
long sys_recv(int fd, void __user *buf, size_t n, int flags);
long sys_sendmsg(int fd, const void __user *umsg, int flags);
long sys_recvmsg(int fd, void __user *umsg, int flags);
long sys_shutdown(int fd, int how);
long sys_getsockopt(int fd, int level, int name, void __user *uval, int __user *ulen);
long sys_setsockopt(int fd, int level, int name, const void __user *uval, int len);

/* fs/flock.c: flock(2) */
long sys_flock(int fd, u32 cmd);

#endif
