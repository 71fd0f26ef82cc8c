/*
 * wait4's options and status word, as Linux i386 has them (one place for
 * the kernel and user/libc's <sys/wait.h>; its rusage: <abi/resource.h>).
 *
 * The status word wait4 stores, Linux's encoding:
 *   exited with code c       (c & 0xff) << 8
 *   killed by signal s       s (| 0x80 if it dumped core)
 *   stopped by signal s      (s << 8) | 0x7f
 *   continued                0xffff
 */
#ifndef TICK386_ABI_WAIT_H
#define TICK386_ABI_WAIT_H

#define WNOHANG     0x00000001
#define WUNTRACED   0x00000002
#define WSTOPPED    WUNTRACED
#define WEXITED     0x00000004
#define WCONTINUED  0x00000008
#define WNOWAIT     0x01000000
#define __WNOTHREAD 0x20000000
#define __WALL      0x40000000
#define __WCLONE    0x80000000

/* waitid's idtype_t (P_PIDFD, 3, needs pidfds: tick386 has none, -EINVAL). */
#define P_ALL  0
#define P_PID  1
#define P_PGID 2

#define ABI_WSTATUS_STOPPED(sig) (((sig) << 8) | 0x7f)
#define ABI_WSTATUS_CONTINUED    0xffff

#endif
