/* <sys/syscall.h>: SYS_name for syscall(2), from the kernel's numbers. */
#ifndef _SYS_SYSCALL_H
#define _SYS_SYSCALL_H

#include <abi/syscall.h>

#define SYS_exit __NR_exit
#define SYS_read __NR_read
#define SYS_write __NR_write
#define SYS_getpid __NR_getpid
#define SYS_setrlimit __NR_setrlimit
#define SYS_getrlimit __NR_getrlimit
#define SYS_ugetrlimit __NR_ugetrlimit
#define SYS_prlimit64 __NR_prlimit64
#define SYS_getppid __NR_getppid
#define SYS_gettid __NR_gettid
#define SYS_pause __NR_pause
#define SYS_kill __NR_kill
#define SYS_tkill __NR_tkill
#define SYS_tgkill __NR_tgkill
#define SYS_times __NR_times
#define SYS_sysinfo __NR_sysinfo
#define SYS_setdomainname __NR_setdomainname
#define SYS_sethostname __NR_sethostname
#define SYS_personality __NR_personality
#define SYS_capget __NR_capget
#define SYS_capset __NR_capset
#define SYS_oldolduname __NR_oldolduname
#define SYS_olduname __NR_olduname
#define SYS_uname __NR_uname
#define SYS_getrusage __NR_getrusage
#define SYS_futex __NR_futex
#define SYS_futex_waitv __NR_futex_waitv
#define SYS_waitid __NR_waitid
#define SYS_mq_open __NR_mq_open
#define SYS_mq_unlink __NR_mq_unlink
#define SYS_mq_timedsend __NR_mq_timedsend
#define SYS_mq_timedreceive __NR_mq_timedreceive
#define SYS_mq_notify __NR_mq_notify
#define SYS_mq_getsetattr __NR_mq_getsetattr
#define SYS_ipc __NR_ipc
#define SYS_semget __NR_semget
#define SYS_semctl __NR_semctl
#define SYS_shmget __NR_shmget
#define SYS_shmctl __NR_shmctl
#define SYS_shmat __NR_shmat
#define SYS_shmdt __NR_shmdt
#define SYS_msgget __NR_msgget
#define SYS_msgsnd __NR_msgsnd
#define SYS_msgrcv __NR_msgrcv
#define SYS_msgctl __NR_msgctl
#define SYS_brk __NR_brk
#define SYS_alarm __NR_alarm
#define SYS_sched_yield __NR_sched_yield
#define SYS_nanosleep __NR_nanosleep
#define SYS_rt_sigreturn __NR_rt_sigreturn
#define SYS_rt_sigaction __NR_rt_sigaction
#define SYS_rt_sigprocmask __NR_rt_sigprocmask
#define SYS_rt_sigpending __NR_rt_sigpending
#define SYS_rt_sigtimedwait __NR_rt_sigtimedwait
#define SYS_rt_sigqueueinfo __NR_rt_sigqueueinfo
#define SYS_rt_sigsuspend __NR_rt_sigsuspend
#define SYS_exit_group __NR_exit_group
#ifdef LIBC_LINUX_TIMER_NUMBERS
/*
 * A program built with tools/ucc --linux-numbers runs on Linux: its raw
 * calls, as its libc's, use mainline's numbers of the timer and clock
 * calls (the libc's src/nr.h says why they differ).
 */
#define SYS_timer_create 259
#define SYS_timer_settime 260
#define SYS_timer_gettime 261
#define SYS_timer_getoverrun 262
#define SYS_timer_delete 263
#define SYS_clock_settime 264
#define SYS_clock_gettime 265
#define SYS_clock_getres 266
#define SYS_clock_nanosleep 267
#else
#define SYS_timer_create __NR_timer_create
#define SYS_timer_settime __NR_timer_settime
#define SYS_timer_gettime __NR_timer_gettime
#define SYS_timer_getoverrun __NR_timer_getoverrun
#define SYS_timer_delete __NR_timer_delete
#define SYS_clock_settime __NR_clock_settime
#define SYS_clock_gettime __NR_clock_gettime
#define SYS_clock_getres __NR_clock_getres
#define SYS_clock_nanosleep __NR_clock_nanosleep
#endif
/* Linux 5.1's 64-bit-time calls: the same numbers on Linux i386 and here. */
#define SYS_clock_gettime64 __NR_clock_gettime64
#define SYS_clock_settime64 __NR_clock_settime64
#define SYS_clock_adjtime64 __NR_clock_adjtime64
#define SYS_clock_getres_time64 __NR_clock_getres_time64
#define SYS_clock_nanosleep_time64 __NR_clock_nanosleep_time64
#define SYS_timer_gettime64 __NR_timer_gettime64
#define SYS_timer_settime64 __NR_timer_settime64
#define SYS_timerfd_gettime64 __NR_timerfd_gettime64
#define SYS_timerfd_settime64 __NR_timerfd_settime64
#define SYS_pselect6_time64 __NR_pselect6_time64
#define SYS_ppoll_time64 __NR_ppoll_time64
#define SYS_io_pgetevents_time64 __NR_io_pgetevents_time64
#define SYS_recvmmsg_time64 __NR_recvmmsg_time64
#define SYS_mq_timedsend_time64 __NR_mq_timedsend_time64
#define SYS_mq_timedreceive_time64 __NR_mq_timedreceive_time64
#define SYS_semtimedop_time64 __NR_semtimedop_time64
#define SYS_rt_sigtimedwait_time64 __NR_rt_sigtimedwait_time64
#define SYS_futex_time64 __NR_futex_time64
#define SYS_sched_rr_get_interval_time64 __NR_sched_rr_get_interval_time64
#define SYS_open __NR_open
#define SYS_openat __NR_openat
#define SYS_close __NR_close
#define SYS_lseek __NR_lseek
#define SYS__llseek __NR__llseek
#define SYS_access __NR_access
#define SYS_dup __NR_dup
#define SYS_dup2 __NR_dup2
#define SYS_stat __NR_stat
#define SYS_fstat __NR_fstat
#define SYS_stat64 __NR_stat64
#define SYS_fstat64 __NR_fstat64
#define SYS_getdents64 __NR_getdents64

/* credentials (kernel/task/cred.c) */
#define SYS_getuid __NR_getuid
#define SYS_getgid __NR_getgid
#define SYS_geteuid __NR_geteuid
#define SYS_getegid __NR_getegid
#define SYS_setuid __NR_setuid
#define SYS_setgid __NR_setgid
#define SYS_setreuid __NR_setreuid
#define SYS_setregid __NR_setregid
#define SYS_getgroups __NR_getgroups
#define SYS_setgroups __NR_setgroups
#define SYS_setfsuid __NR_setfsuid
#define SYS_setfsgid __NR_setfsgid
#define SYS_setresuid __NR_setresuid
#define SYS_getresuid __NR_getresuid
#define SYS_setresgid __NR_setresgid
#define SYS_getresgid __NR_getresgid
#define SYS_getuid32 __NR_getuid32
#define SYS_getgid32 __NR_getgid32
#define SYS_geteuid32 __NR_geteuid32
#define SYS_getegid32 __NR_getegid32
#define SYS_setreuid32 __NR_setreuid32
#define SYS_setregid32 __NR_setregid32
#define SYS_getgroups32 __NR_getgroups32
#define SYS_setgroups32 __NR_setgroups32
#define SYS_setresuid32 __NR_setresuid32
#define SYS_getresuid32 __NR_getresuid32
#define SYS_setresgid32 __NR_setresgid32
#define SYS_getresgid32 __NR_getresgid32
#define SYS_setuid32 __NR_setuid32
#define SYS_setgid32 __NR_setgid32
#define SYS_setfsuid32 __NR_setfsuid32
#define SYS_setfsgid32 __NR_setfsgid32

#endif
