/*
 * <sys/prctl.h>: prctl(2), passed to the kernel as it is (tick386 has no
 * prctl yet: ENOSYS).  Programs that use it, Linux's timer self-tests for
 * one, then build and see the call fail as on an older Linux.
 */
#ifndef _SYS_PRCTL_H
#define _SYS_PRCTL_H

int prctl(int option, ...);

#endif
