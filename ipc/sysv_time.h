/*
 * The times System V IPC keeps (msg_stime, sem_otime, ...): whole seconds
 * of CLOCK_REALTIME, Linux's ktime_get_real_seconds.
 */
#ifndef TICK386_IPC_SYSV_TIME_H
#define TICK386_IPC_SYSV_TIME_H

#include "kernel/time/clock.h"
#include "lib/ktime.h"

static inline u64 ipc_seconds(void)
{
	struct timespec64 ts;

	ktime_to_timespec64((ktime_t)clock_realtime_ns(), &ts);
	return (u64)ts.tv_sec;
}

#endif
