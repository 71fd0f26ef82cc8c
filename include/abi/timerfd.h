/*
 * timerfd_create/settime/gettime (Linux i386: 322, 325, 326): the flags.
 * A read of a timerfd returns the expirations since the last read as one
 * u64 (8 bytes).
 */
#ifndef TICK386_ABI_TIMERFD_H
#define TICK386_ABI_TIMERFD_H

#include <abi/fcntl.h>

#define TFD_CLOEXEC O_CLOEXEC	/* timerfd_create */
#define TFD_NONBLOCK O_NONBLOCK /* timerfd_create */
#define TFD_TIMER_ABSTIME 1	/* timerfd_settime */
#define TFD_TIMER_CANCEL_ON_SET 2 /* timerfd_settime: ECANCELED when REALTIME is set */

#endif
