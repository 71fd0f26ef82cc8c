/*
 * <sys/prctl.h>: prctl(2), passed to the kernel as it is.  tick386 knows
 * PR_SET_NAME and PR_GET_NAME; every other option is EINVAL, as Linux
 * answers an option it does not know.
 */
#ifndef _SYS_PRCTL_H
#define _SYS_PRCTL_H

#define PR_SET_NAME 15
#define PR_GET_NAME 16

int prctl(int option, ...);

#endif
