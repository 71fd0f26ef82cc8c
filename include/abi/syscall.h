/*
 * System-call numbers of tick386: the number goes in eax before `int 0x80`,
 * arguments in ebx, ecx, edx, esi, edi, ebp, the result comes back in eax
 * (-errno on failure, -4095..-1).  These are the numbers of Linux i386,
 * except the POSIX timer and clock calls, which keep the numbers of Jim
 * Houston's 2002 timer patch (254..262): mainline Linux later placed the same
 * calls at 259..267, so a Linux binary calling 259 means timer_create while
 * tick386 means clock_settime.  Never run a test of 254..262 on a Linux host.
 *
 * The kernel's call table is indexed by these numbers and has NR_SYSCALLS
 * slots; a number without an entry, or >= NR_SYSCALLS, is -ENOSYS.
 *
 * Initial user stack of a new program (as Linux i386 lays it out, and as
 * user/libc's crt0 reads it): at esp, argc; then argv[0..argc-1], NULL;
 * then envp[...], NULL; then the auxiliary vector (may be just AT_NULL).
 *
 * What user/libc relies on:
 *   always:   write, getpid, gettid, kill, brk, nanosleep, sched_yield,
 *             rt_sigaction/procmask/pending/timedwait/queueinfo/suspend/
 *             return, and 254..262;
 *   exit:     exit_group first, exit (1) when that is -ENOSYS;
 *   brk:      Linux's semantics: brk(addr) returns the new break, or the
 *             unchanged one when it cannot move; brk(0) asks where it is;
 *   optional: pause (else sigsuspend on the current mask), alarm (else a
 *             CLOCK_REALTIME timer raising SIGALRM), getppid (else 0),
 *             read (stdin), sigaltstack;
 *   files:    open, openat, close, read, lseek/_llseek, fstat64/stat64,
 *             getdents64, access, dup, dup2 (fs/, an initramfs);
 *   processes: fork, wait4 (waitpid, wait), setpgid, getpgid, getpgrp,
 *             setsid, getsid (kernel/task/process.c).
 */
#ifndef TICK386_ABI_SYSCALL_H
#define TICK386_ABI_SYSCALL_H

#define __NR_restart_syscall   0
#define __NR_exit              1
#define __NR_fork              2
#define __NR_read              3
#define __NR_write             4
#define __NR_open              5
#define __NR_close             6
#define __NR_waitpid           7
#define __NR_execve            11
#define __NR_time              13
#define __NR_lseek             19
#define __NR_mount             21 /* tmpfs only (fs/mount.c) */
#define __NR_getpid            20
#define __NR_getuid            24
#define __NR_alarm             27
#define __NR_pause             29
#define __NR_access            33
#define __NR_kill              37
#define __NR_dup               41
#define __NR_pipe              42
#define __NR_times             43
#define __NR_brk               45
#define __NR_getgid            47
#define __NR_geteuid           49
#define __NR_getegid           50
#define __NR_ioctl             54
#define __NR_fcntl             55
#define __NR_setpgid           57
#define __NR_oldolduname       59
#define __NR_dup2              63
#define __NR_getppid           64
#define __NR_sethostname       74
#define __NR_getpgrp           65
#define __NR_setsid            66
#define __NR_setrlimit         75
#define __NR_getrlimit         76
#define __NR_getrusage         77
#define __NR_gettimeofday      78
#define __NR_settimeofday      79
#define __NR_select            82
#define __NR_reboot            88 /* libc only (for Linux's init): tick386 -ENOSYS */
#define __NR_mmap              90 /* old_mmap: the six arguments in memory */
#define __NR_munmap            91
#define __NR_setitimer         104
#define __NR_getitimer         105
#define __NR_stat              106
#define __NR_lstat             107
#define __NR_fstat             108
#define __NR_olduname          109
#define __NR_wait4             114
#define __NR_sysinfo           116
#define __NR_clone              120
#define __NR_setdomainname     121
#define __NR_uname             122
#define __NR_adjtimex          124
#define __NR_mprotect          125
#define __NR_getpgid           132
#define __NR_personality       136
#define __NR__llseek           140
#define __NR__newselect        142
#define __NR_msync             144
#define __NR_getsid            147
#define __NR_sched_yield       158
#define __NR_nanosleep         162
#define __NR_mremap            163
#define __NR_poll              168
#define __NR_prctl             172
#define __NR_rt_sigreturn      173
#define __NR_rt_sigaction      174
#define __NR_rt_sigprocmask    175
#define __NR_rt_sigpending     176
#define __NR_rt_sigtimedwait   177
#define __NR_rt_sigqueueinfo   178
#define __NR_rt_sigsuspend     179
#define __NR_sigaltstack       186
#define __NR_vfork             190
#define __NR_ugetrlimit        191
#define __NR_mmap2             192
#define __NR_stat64            195
#define __NR_lstat64           196
#define __NR_fstat64           197
#define __NR_mincore           218
#define __NR_madvise           219
#define __NR_getdents64        220
#define __NR_fcntl64           221
#define __NR_gettid            224
#define __NR_tkill             238
#define __NR_futex              240
#define __NR_set_thread_area    243
#define __NR_get_thread_area    244
#define __NR_exit_group        252
#define __NR_tgkill             270
#define __NR_mq_open           277
#define __NR_mq_unlink         278
#define __NR_mq_timedsend      279
#define __NR_mq_timedreceive   280
#define __NR_mq_notify         281
#define __NR_mq_getsetattr     282
#define __NR_waitid            284
#define __NR_openat            295
#define __NR_pselect6          308
#define __NR_epoll_pwait       319
#define __NR_signalfd          321
#define __NR_ppoll             309
#define __NR_timerfd_create    322
#define __NR_eventfd           323
#define __NR_fallocate         324
#define __NR_timerfd_settime   325
#define __NR_timerfd_gettime   326
#define __NR_signalfd4         327
#define __NR_eventfd2          328
#define __NR_epoll_create1     329
#define __NR_prlimit64         340
#define __NR_pipe2             331
#define __NR_rt_tgsigqueueinfo  335
#define __NR_clock_adjtime     343
#define __NR_epoll_pwait2      441
#define __NR_futex_waitv       449

/*
 * Linux 5.1's 64-bit-time calls (y2038), at Linux i386's numbers: the same
 * calls with struct __kernel_timespec/__kernel_itimerspec/__kernel_timex
 * (include/abi/time.h, timex.h).  utimensat_time64 (412) is with the files
 * below.  Not served (-ENOSYS, as the 32-bit call here): 416
 * io_pgetevents_time64 (no AIO), 417 recvmmsg_time64 (no recvmmsg), 423
 * sched_rr_get_interval_time64 (no sched_rr_get_interval).
 */
#define __NR_clock_gettime64            403
#define __NR_clock_settime64            404
#define __NR_clock_adjtime64            405
#define __NR_clock_getres_time64        406
#define __NR_clock_nanosleep_time64     407
#define __NR_timer_gettime64            408
#define __NR_timer_settime64            409
#define __NR_timerfd_gettime64          410
#define __NR_timerfd_settime64          411
#define __NR_pselect6_time64            413
#define __NR_ppoll_time64               414
#define __NR_io_pgetevents_time64       416
#define __NR_recvmmsg_time64            417
#define __NR_mq_timedsend_time64        418
#define __NR_mq_timedreceive_time64     419
#define __NR_semtimedop_time64          420
#define __NR_rt_sigtimedwait_time64     421
#define __NR_futex_time64               422
#define __NR_sched_rr_get_interval_time64 423

/* Files and tmpfs (fs/namei.c, fs/attr.c, fs/statfs.c, fs/read_write.c). */
#define __NR_link              9
#define __NR_unlink            10
#define __NR_chdir             12
#define __NR_mknod             14
#define __NR_chmod             15
#define __NR_lchown16          16
#define __NR_umount2           52
#define __NR_rename            38
#define __NR_symlink           83
#define __NR_readlink          85
#define __NR_mkdir             39
#define __NR_rmdir             40
#define __NR_umask             60
#define __NR_truncate          92
#define __NR_ftruncate         93
#define __NR_fchmod            94
#define __NR_fchown16          95
#define __NR_statfs            99
#define __NR_fstatfs           100
#define __NR_fsync             118
#define __NR_fchdir            133
#define __NR_fdatasync         148
#define __NR_pread64           180
#define __NR_pwrite64          181
#define __NR_chown16           182
#define __NR_getcwd            183
#define __NR_capget            184
#define __NR_capset            185
#define __NR_truncate64        193
#define __NR_ftruncate64       194
#define __NR_lchown32          198
#define __NR_fchown32          207
#define __NR_chown32           212
#define __NR_statfs64          268
#define __NR_fstatfs64         269
#define __NR_mkdirat           296
#define __NR_mknodat           297
#define __NR_fchownat          298
#define __NR_fstatat64         300
#define __NR_unlinkat          301
#define __NR_renameat          302
#define __NR_linkat            303
#define __NR_symlinkat         304
#define __NR_readlinkat        305
#define __NR_fchmodat          306
#define __NR_faccessat         307
#define __NR_utimensat         320
#define __NR_renameat2         353
#define __NR_statx             383
#define __NR_socketcall        102
#define __NR_socket            359
#define __NR_socketpair        360
#define __NR_bind              361
#define __NR_connect           362
#define __NR_listen            363
#define __NR_accept4           364
#define __NR_getsockopt        365
#define __NR_setsockopt        366
#define __NR_getsockname       367
#define __NR_getpeername       368
#define __NR_sendto            369
#define __NR_sendmsg           370
#define __NR_recvfrom          371
#define __NR_recvmsg           372
#define __NR_shutdown          373
#define __NR_utimensat_time64  412
#define __NR_faccessat2        439

/*
 * Numbers of Linux i386 that tick386 does not serve (no entry: -ENOSYS, as
 * Linux without the option) or serves as a file system without the feature;
 * user/libc wraps them (utime, flock, quotactl, SysV IPC, xattr).
 */
#define __NR_utime             30
#define __NR_ipc               117
#define __NR_quotactl          131
#define __NR_flock             143
#define __NR_setxattr          226
#define __NR_lsetxattr         227
#define __NR_fsetxattr         228
#define __NR_getxattr          229
#define __NR_lgetxattr         230
#define __NR_fgetxattr         231
#define __NR_listxattr         232
#define __NR_llistxattr        233
#define __NR_flistxattr        234
#define __NR_removexattr       235
#define __NR_lremovexattr      236
#define __NR_fremovexattr      237
#define __NR_semget            393
#define __NR_semctl            394
#define __NR_shmget            395
#define __NR_shmctl            396
#define __NR_shmat             397
#define __NR_shmdt             398
#define __NR_msgget            399
#define __NR_msgsnd            400
#define __NR_msgrcv            401
#define __NR_msgctl            402

/*
 * set_tid_address is 258 on Linux i386, which is timer_delete here: tick386
 * has it at 223, a number Linux i386 leaves unused.  A C library built for
 * both (user/libc's nr.h) picks the number by kernel.
 */
#define __NR_set_tid_address   223

/*
 * epoll_create (254), epoll_ctl (255) and epoll_wait (256) of Linux i386
 * are timer_create, timer_settime and timer_gettime here.  epoll_ctl, which
 * has no other way in, is at 251, a number Linux i386 leaves unused;
 * user/libc makes epoll_create of epoll_create1 and epoll_wait of
 * epoll_pwait, as Linux does inside.
 */
#define __NR_epoll_ctl         251

/* The 2002 patch's numbers (mainline: 259..267). */
#define __NR_timer_create      254
#define __NR_timer_settime     255
#define __NR_timer_gettime     256
#define __NR_timer_getoverrun  257
#define __NR_timer_delete      258
#define __NR_clock_settime     259
#define __NR_clock_gettime     260
#define __NR_clock_getres      261
#define __NR_clock_nanosleep   262

/* Credentials (kernel/task/cred.c): the 16-bit calls, then the 32-bit ones. */
#define __NR_setuid            23
#define __NR_setgid            46
#define __NR_setreuid          70
#define __NR_setregid          71
#define __NR_getgroups         80
#define __NR_setgroups         81
#define __NR_setfsuid          138
#define __NR_setfsgid          139
#define __NR_setresuid         164
#define __NR_getresuid         165
#define __NR_setresgid         170
#define __NR_getresgid         171
#define __NR_getuid32          199
#define __NR_getgid32          200
#define __NR_geteuid32         201
#define __NR_getegid32         202
#define __NR_setreuid32        203
#define __NR_setregid32        204
#define __NR_getgroups32       205
#define __NR_setgroups32       206
#define __NR_setresuid32       208
#define __NR_getresuid32       209
#define __NR_setresgid32       210
#define __NR_getresgid32       211
#define __NR_setuid32          213
#define __NR_setgid32          214
#define __NR_setfsuid32        215
#define __NR_setfsgid32        216
/* Priorities, memory locking, unshare (Linux i386's numbers). */
#define __NR_nice              34
#define __NR_chroot            61 /* no entry yet: -ENOSYS (no per-process root) */
#define __NR_getpriority       96
#define __NR_setpriority       97
#define __NR_mlock             150
#define __NR_munlock           151
#define __NR_mlockall          152
#define __NR_munlockall        153
#define __NR_unshare           310

/* One past the highest number: the size of the kernel's call table. */
#define NR_SYSCALLS            450

/* A result in [-MAX_ERRNO, -1] is -errno; anything else is a value. */
#define MAX_ERRNO              4095

#endif
