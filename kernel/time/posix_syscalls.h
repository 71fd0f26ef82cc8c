/* The POSIX timer and clock system calls, for the system-call table. */
#ifndef TICK386_KERNEL_POSIX_SYSCALLS_H
#define TICK386_KERNEL_POSIX_SYSCALLS_H

#include "mm/uaccess.h"
#include <abi/signal.h>
#include <abi/time.h>
#include <abi/types.h>

long sys_timer_create(clockid_t clockid, const struct sigevent __user *uevent,
		      timer_t __user *uid);
long sys_timer_settime(timer_t id, int flags, const struct itimerspec __user *unew,
		       struct itimerspec __user *uold);
long sys_timer_gettime(timer_t id, struct itimerspec __user *uvalue);
long sys_timer_getoverrun(timer_t id);
long sys_timer_delete(timer_t id);
long sys_clock_gettime(clockid_t id, struct timespec __user *uts);
long sys_clock_getres(clockid_t id, struct timespec __user *uts);
long sys_clock_settime(clockid_t id, const struct timespec __user *uts);
long sys_clock_nanosleep(clockid_t id, int flags, const struct timespec __user *ureq,
			 struct timespec __user *urem);
/* Linux 5.1's 64-bit-time twins (403..409): struct __kernel_timespec. */
long sys_clock_gettime64(clockid_t id, struct abi_timespec64 __user *uts);
long sys_clock_settime64(clockid_t id, const struct abi_timespec64 __user *uts);
long sys_clock_getres_time64(clockid_t id, struct abi_timespec64 __user *uts);
long sys_clock_nanosleep_time64(clockid_t id, int flags,
				const struct abi_timespec64 __user *ureq,
				struct abi_timespec64 __user *urem);
long sys_timer_settime64(timer_t id, int flags, const struct abi_itimerspec64 __user *unew,
			 struct abi_itimerspec64 __user *uold);
long sys_timer_gettime64(timer_t id, struct abi_itimerspec64 __user *uvalue);
long sys_nanosleep(const struct timespec __user *ureq, struct timespec __user *urem);

#endif
