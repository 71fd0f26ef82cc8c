/*
 * The system-call table, indexed by the numbers of <abi/syscall.h>.  Each
 * area adds the lines of its own calls (and includes its header).
 */
#include "fs/syscalls.h"
#include "ipc/mqueue.h"
#include "kernel/syscall.h"
#include "kernel/utsname.h"
#include "kernel/signal/signal.h"
#include "kernel/time/itimer.h"
#include "kernel/time/ntp.h"
#include "kernel/time/posix_syscalls.h"
#include "mm/mmap.h"

const syscall_fn_t syscall_table[NR_SYSCALLS] = {
    /* tasks (kernel/task/sys_task.c) */
    SYSCALL_ENTRY(__NR_exit, sys_exit),
    SYSCALL_ENTRY(__NR_getpid, sys_getpid),
    SYSCALL_ENTRY(__NR_getuid, sys_getuid),
    SYSCALL_ENTRY(__NR_pause, sys_pause),
    SYSCALL_ENTRY(__NR_brk, sys_brk),
    SYSCALL_ENTRY(__NR_getgid, sys_getgid),
    SYSCALL_ENTRY(__NR_geteuid, sys_geteuid),
    SYSCALL_ENTRY(__NR_getegid, sys_getegid),
    SYSCALL_ENTRY(__NR_getppid, sys_getppid),
    SYSCALL_ENTRY(__NR_sched_yield, sys_sched_yield),
    SYSCALL_ENTRY(__NR_gettid, sys_gettid),
    SYSCALL_ENTRY(__NR_prctl, sys_prctl),
    SYSCALL_ENTRY(__NR_personality, sys_personality),
    SYSCALL_ENTRY(__NR_exit_group, sys_exit_group),
    SYSCALL_ENTRY(__NR_getpriority, sys_getpriority), /* kernel/task/priority.c */
    SYSCALL_ENTRY(__NR_setpriority, sys_setpriority),
    SYSCALL_ENTRY(__NR_nice, sys_nice),
    SYSCALL_ENTRY(__NR_unshare, sys_unshare), /* kernel/task/unshare.c */
    /* names and figures of the system (kernel/utsname.c, kernel/sysinfo.c) */
    SYSCALL_ENTRY(__NR_uname, sys_newuname),
    SYSCALL_ENTRY(__NR_olduname, sys_uname),
    SYSCALL_ENTRY(__NR_oldolduname, sys_olduname),
    SYSCALL_ENTRY(__NR_sethostname, sys_sethostname),
    SYSCALL_ENTRY(__NR_setdomainname, sys_setdomainname),
    SYSCALL_ENTRY(__NR_sysinfo, sys_sysinfo),
    /* memory mappings (mm/mmap.c, mmap_advise.c) */
    SYSCALL_ENTRY(__NR_mmap, sys_old_mmap),
    SYSCALL_ENTRY(__NR_mmap2, sys_mmap2),
    SYSCALL_ENTRY(__NR_munmap, sys_munmap),
    SYSCALL_ENTRY(__NR_mprotect, sys_mprotect),
    SYSCALL_ENTRY(__NR_mremap, sys_mremap),
    SYSCALL_ENTRY(__NR_madvise, sys_madvise),
    SYSCALL_ENTRY(__NR_msync, sys_msync),
    SYSCALL_ENTRY(__NR_mincore, sys_mincore),
    SYSCALL_ENTRY(__NR_mlock, sys_mlock), /* mm/mmap_advise.c */
    SYSCALL_ENTRY(__NR_munlock, sys_munlock),
    SYSCALL_ENTRY(__NR_mlockall, sys_mlockall),
    SYSCALL_ENTRY(__NR_munlockall, sys_munlockall),
    /* files (fs/) */
    SYSCALL_ENTRY(__NR_read, sys_read),
    SYSCALL_ENTRY(__NR_write, sys_write),
    SYSCALL_ENTRY(__NR_open, sys_open),
    SYSCALL_ENTRY(__NR_close, sys_close),
    SYSCALL_ENTRY(__NR_lseek, sys_lseek),
    SYSCALL_ENTRY(__NR_access, sys_access),
    SYSCALL_ENTRY(__NR_dup, sys_dup),
    SYSCALL_ENTRY(__NR_dup2, sys_dup2),
    SYSCALL_ENTRY(__NR_stat, sys_stat),
    SYSCALL_ENTRY(__NR_fstat, sys_fstat),
    SYSCALL_ENTRY(__NR__llseek, sys_llseek),
    SYSCALL_ENTRY(__NR_stat64, sys_stat64),
    SYSCALL_ENTRY(__NR_fstat64, sys_fstat64),
    SYSCALL_ENTRY(__NR_getdents64, sys_getdents64),
    SYSCALL_ENTRY(__NR_openat, sys_openat),
    SYSCALL_ENTRY(__NR_ioctl, sys_ioctl),
    SYSCALL_ENTRY(__NR_select, sys_old_select), /* fs/select.c */
    SYSCALL_ENTRY(__NR__newselect, sys_select),
    SYSCALL_ENTRY(__NR_pselect6, sys_pselect6),
    SYSCALL_ENTRY(__NR_poll, sys_poll),
    SYSCALL_ENTRY(__NR_ppoll, sys_ppoll),
    SYSCALL_ENTRY(__NR_timerfd_create, sys_timerfd_create), /* fs/timerfd.c */
    SYSCALL_ENTRY(__NR_timerfd_settime, sys_timerfd_settime),
    SYSCALL_ENTRY(__NR_timerfd_gettime, sys_timerfd_gettime),
    SYSCALL_ENTRY(__NR_pipe, sys_pipe), /* fs/pipe.c */
    SYSCALL_ENTRY(__NR_pipe2, sys_pipe2),
    SYSCALL_ENTRY(__NR_socketcall, sys_socketcall), /* fs/socket.c */
    SYSCALL_ENTRY(__NR_socket, sys_socket),
    SYSCALL_ENTRY(__NR_socketpair, sys_socketpair),
    SYSCALL_ENTRY(__NR_bind, sys_bind),
    SYSCALL_ENTRY(__NR_connect, sys_connect),
    SYSCALL_ENTRY(__NR_listen, sys_listen),
    SYSCALL_ENTRY(__NR_accept4, sys_accept4),
    SYSCALL_ENTRY(__NR_getsockopt, sys_getsockopt),
    SYSCALL_ENTRY(__NR_setsockopt, sys_setsockopt),
    SYSCALL_ENTRY(__NR_getsockname, sys_getsockname),
    SYSCALL_ENTRY(__NR_getpeername, sys_getpeername),
    SYSCALL_ENTRY(__NR_sendto, sys_sendto),
    SYSCALL_ENTRY(__NR_sendmsg, sys_sendmsg),
    SYSCALL_ENTRY(__NR_recvfrom, sys_recvfrom),
    SYSCALL_ENTRY(__NR_recvmsg, sys_recvmsg),
    SYSCALL_ENTRY(__NR_shutdown, sys_shutdown),
    SYSCALL_ENTRY(__NR_fcntl, sys_fcntl), /* fs/fcntl.c */
    SYSCALL_ENTRY(__NR_fcntl64, sys_fcntl64),
    SYSCALL_ENTRY(__NR_eventfd, sys_eventfd), /* fs/eventfd.c */
    SYSCALL_ENTRY(__NR_eventfd2, sys_eventfd2),
    SYSCALL_ENTRY(__NR_signalfd, sys_signalfd), /* fs/signalfd.c */
    SYSCALL_ENTRY(__NR_signalfd4, sys_signalfd4),
    SYSCALL_ENTRY(__NR_epoll_create1, sys_epoll_create1), /* fs/eventpoll.c */
    SYSCALL_ENTRY(__NR_epoll_ctl, sys_epoll_ctl),
    SYSCALL_ENTRY(__NR_epoll_pwait, sys_epoll_pwait),
    SYSCALL_ENTRY(__NR_epoll_pwait2, sys_epoll_pwait2),
    /* POSIX message queues (ipc/mqueue_name.c, ipc/mqueue.c) */
    SYSCALL_ENTRY(__NR_mq_open, sys_mq_open),
    SYSCALL_ENTRY(__NR_mq_unlink, sys_mq_unlink),
    SYSCALL_ENTRY(__NR_mq_timedsend, sys_mq_timedsend),
    SYSCALL_ENTRY(__NR_mq_timedreceive, sys_mq_timedreceive),
    SYSCALL_ENTRY(__NR_mq_notify, sys_mq_notify),
    SYSCALL_ENTRY(__NR_mq_getsetattr, sys_mq_getsetattr),
    /* names, attributes, tmpfs (fs/namei.c, fs/attr.c, fs/statfs.c) */
    SYSCALL_ENTRY(__NR_unlink, sys_unlink),
    SYSCALL_ENTRY(__NR_chdir, sys_chdir),
    SYSCALL_ENTRY(__NR_mknod, sys_mknod),
    SYSCALL_ENTRY(__NR_chmod, sys_chmod),
    SYSCALL_ENTRY(__NR_lchown16, sys_lchown16),
    SYSCALL_ENTRY(__NR_rename, sys_rename),
    SYSCALL_ENTRY(__NR_mkdir, sys_mkdir),
    SYSCALL_ENTRY(__NR_rmdir, sys_rmdir),
    SYSCALL_ENTRY(__NR_umask, sys_umask),
    SYSCALL_ENTRY(__NR_truncate, sys_truncate),
    SYSCALL_ENTRY(__NR_ftruncate, sys_ftruncate),
    SYSCALL_ENTRY(__NR_fchmod, sys_fchmod),
    SYSCALL_ENTRY(__NR_fchown16, sys_fchown16),
    SYSCALL_ENTRY(__NR_statfs, sys_statfs),
    SYSCALL_ENTRY(__NR_fstatfs, sys_fstatfs),
    SYSCALL_ENTRY(__NR_fsync, sys_fsync),
    SYSCALL_ENTRY(__NR_fchdir, sys_fchdir),
    SYSCALL_ENTRY(__NR_fdatasync, sys_fdatasync),
    SYSCALL_ENTRY(__NR_pread64, sys_pread64),
    SYSCALL_ENTRY(__NR_pwrite64, sys_pwrite64),
    SYSCALL_ENTRY(__NR_chown16, sys_chown16),
    SYSCALL_ENTRY(__NR_getcwd, sys_getcwd),
    SYSCALL_ENTRY(__NR_truncate64, sys_truncate64),
    SYSCALL_ENTRY(__NR_ftruncate64, sys_ftruncate64),
    SYSCALL_ENTRY(__NR_fallocate, sys_fallocate),
    SYSCALL_ENTRY(__NR_lchown32, sys_lchown32),
    SYSCALL_ENTRY(__NR_fchown32, sys_fchown32),
    SYSCALL_ENTRY(__NR_chown32, sys_chown32),
    SYSCALL_ENTRY(__NR_statfs64, sys_statfs64),
    SYSCALL_ENTRY(__NR_fstatfs64, sys_fstatfs64),
    SYSCALL_ENTRY(__NR_mkdirat, sys_mkdirat),
    SYSCALL_ENTRY(__NR_mknodat, sys_mknodat),
    SYSCALL_ENTRY(__NR_fchownat, sys_fchownat),
    SYSCALL_ENTRY(__NR_fstatat64, sys_fstatat64),
    SYSCALL_ENTRY(__NR_unlinkat, sys_unlinkat),
    SYSCALL_ENTRY(__NR_renameat, sys_renameat),
    SYSCALL_ENTRY(__NR_fchmodat, sys_fchmodat),
    SYSCALL_ENTRY(__NR_faccessat, sys_faccessat),
    SYSCALL_ENTRY(__NR_utimensat, sys_utimensat),
    SYSCALL_ENTRY(__NR_renameat2, sys_renameat2),
    SYSCALL_ENTRY(__NR_statx, sys_statx),
    SYSCALL_ENTRY(__NR_utimensat_time64, sys_utimensat_time64),
    SYSCALL_ENTRY(__NR_faccessat2, sys_faccessat2),
    SYSCALL_ENTRY(__NR_setxattr, sys_setxattr), /* fs/xattr.c; no symlinks: l* = path */
    SYSCALL_ENTRY(__NR_lsetxattr, sys_setxattr),
    SYSCALL_ENTRY(__NR_fsetxattr, sys_fsetxattr),
    SYSCALL_ENTRY(__NR_getxattr, sys_getxattr),
    SYSCALL_ENTRY(__NR_lgetxattr, sys_getxattr),
    SYSCALL_ENTRY(__NR_fgetxattr, sys_fgetxattr),
    SYSCALL_ENTRY(__NR_listxattr, sys_listxattr),
    SYSCALL_ENTRY(__NR_llistxattr, sys_listxattr),
    SYSCALL_ENTRY(__NR_flistxattr, sys_flistxattr),
    SYSCALL_ENTRY(__NR_removexattr, sys_removexattr),
    SYSCALL_ENTRY(__NR_lremovexattr, sys_removexattr),
    SYSCALL_ENTRY(__NR_fremovexattr, sys_fremovexattr),
    SYSCALL_ENTRY(__NR_flock, sys_flock), /* fs/flock.c */
    SYSCALL_ENTRY(__NR_mount, sys_mount), /* fs/mount.c */
    SYSCALL_ENTRY(__NR_umount2, sys_umount2),
    /* processes (kernel/task/process.c); vfork is a fork (the parent is not suspended) */
    SYSCALL_ENTRY(__NR_fork, sys_fork),
    SYSCALL_ENTRY(__NR_vfork, sys_fork),
    /* threads (kernel/task/thread.c, futex.c) */
    SYSCALL_ENTRY(__NR_clone, sys_clone),
    SYSCALL_ENTRY(__NR_set_tid_address, sys_set_tid_address),
    SYSCALL_ENTRY(__NR_set_thread_area, sys_set_thread_area),
    SYSCALL_ENTRY(__NR_get_thread_area, sys_get_thread_area),
    SYSCALL_ENTRY(__NR_futex, sys_futex),
    SYSCALL_ENTRY(__NR_tgkill, sys_tgkill),
    SYSCALL_ENTRY(__NR_rt_tgsigqueueinfo, sys_rt_tgsigqueueinfo),
    SYSCALL_ENTRY(__NR_waitpid, sys_waitpid),
    SYSCALL_ENTRY(__NR_wait4, sys_wait4),
    SYSCALL_ENTRY(__NR_waitid, sys_waitid), /* kernel/task/waitid.c */
    SYSCALL_ENTRY(__NR_setpgid, sys_setpgid),
    SYSCALL_ENTRY(__NR_getpgrp, sys_getpgrp),
    SYSCALL_ENTRY(__NR_setsid, sys_setsid),
    SYSCALL_ENTRY(__NR_getpgid, sys_getpgid),
    SYSCALL_ENTRY(__NR_getsid, sys_getsid),
    SYSCALL_ENTRY(__NR_execve, sys_execve), /* kernel/task/exec.c */
    SYSCALL_ENTRY(__NR_times, sys_times), /* kernel/task/process_times.c */
    SYSCALL_ENTRY(__NR_getrusage, sys_getrusage),
    /* signals (kernel/signal/sys_signal.c) */
    SYSCALL_ENTRY(__NR_kill, sys_kill),
    SYSCALL_ENTRY(__NR_tkill, sys_tkill),
    SYSCALL_ENTRY(__NR_rt_sigreturn, sys_rt_sigreturn),
    SYSCALL_ENTRY(__NR_restart_syscall, sys_restart_syscall),
    SYSCALL_ENTRY(__NR_rt_sigaction, sys_rt_sigaction),
    SYSCALL_ENTRY(__NR_rt_sigprocmask, sys_rt_sigprocmask),
    SYSCALL_ENTRY(__NR_rt_sigpending, sys_rt_sigpending),
    SYSCALL_ENTRY(__NR_rt_sigtimedwait, sys_rt_sigtimedwait),
    SYSCALL_ENTRY(__NR_rt_sigqueueinfo, sys_rt_sigqueueinfo),
    SYSCALL_ENTRY(__NR_rt_sigsuspend, sys_rt_sigsuspend),
    SYSCALL_ENTRY(__NR_sigaltstack, sys_sigaltstack),
    /* POSIX timers and clocks (kernel/time/posix_timers.c, kernel/time/posix_clocks.c) */
    SYSCALL_ENTRY(__NR_timer_create, sys_timer_create),
    SYSCALL_ENTRY(__NR_timer_settime, sys_timer_settime),
    SYSCALL_ENTRY(__NR_timer_gettime, sys_timer_gettime),
    SYSCALL_ENTRY(__NR_timer_getoverrun, sys_timer_getoverrun),
    SYSCALL_ENTRY(__NR_timer_delete, sys_timer_delete),
    SYSCALL_ENTRY(__NR_clock_settime, sys_clock_settime),
    SYSCALL_ENTRY(__NR_clock_gettime, sys_clock_gettime),
    SYSCALL_ENTRY(__NR_clock_getres, sys_clock_getres),
    SYSCALL_ENTRY(__NR_clock_nanosleep, sys_clock_nanosleep),
    SYSCALL_ENTRY(__NR_nanosleep, sys_nanosleep),
    /* interval timers (kernel/time/itimer.c) */
    SYSCALL_ENTRY(__NR_setitimer, sys_setitimer),
    SYSCALL_ENTRY(__NR_getitimer, sys_getitimer),
    SYSCALL_ENTRY(__NR_alarm, sys_alarm),
    /* the older time calls and NTP (kernel/time/ntp.c) */
    SYSCALL_ENTRY(__NR_time, sys_time),
    SYSCALL_ENTRY(__NR_gettimeofday, sys_gettimeofday),
    SYSCALL_ENTRY(__NR_settimeofday, sys_settimeofday),
    SYSCALL_ENTRY(__NR_adjtimex, sys_adjtimex),
    SYSCALL_ENTRY(__NR_clock_adjtime, sys_clock_adjtime),
};
