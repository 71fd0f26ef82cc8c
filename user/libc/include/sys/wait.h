/*
 * <sys/wait.h>: wait, waitpid, waitid, wait4 and the status macros (the options and
 * the status encoding are Linux's: include/abi/wait.h).
 */
#ifndef _SYS_WAIT_H
#define _SYS_WAIT_H

#include <sys/types.h>
#include <abi/wait.h>
#include <abi/resource.h>
#include <signal.h>

/* waitid's kinds of id (P_ALL, P_PID, P_PGID: <abi/wait.h>) */
typedef enum { __P_ALL = P_ALL, __P_PID = P_PID, __P_PGID = P_PGID } idtype_t;

#include <bits/waitstatus.h>

pid_t wait(int *status);
pid_t waitpid(pid_t pid, int *status, int options);
int waitid(idtype_t idtype, id_t id, siginfo_t *info, int options);
pid_t wait4(pid_t pid, int *status, int options, struct rusage *rusage);

#endif
