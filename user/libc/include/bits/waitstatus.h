/* <bits/waitstatus.h>: the macros that read a wait status (Linux's
 * encoding: include/abi/wait.h).  Internal: <sys/wait.h> and <stdlib.h>
 * (for system's status, as glibc's) both include it. */
#ifndef _BITS_WAITSTATUS_H
#define _BITS_WAITSTATUS_H

#define WEXITSTATUS(s) (((s)&0xff00) >> 8)
#define WTERMSIG(s) ((s)&0x7f)
#define WSTOPSIG(s) WEXITSTATUS(s)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((signed char)(((s)&0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(s) (((s)&0xff) == 0x7f)
#define WIFCONTINUED(s) ((s) == 0xffff)
#define WCOREDUMP(s) ((s)&0x80)

#endif
