/*
 * The NTP state of adjtimex and clock_adjtime (Linux's kernel/time/ntp.c
 * model), the time zone of gettimeofday/settimeofday, and their system
 * calls.  The clock itself (rate, slew, steps) lives in kernel/time/clock.c;
 * this file decides what it is told.
 */
#ifndef TICK386_KERNEL_NTP_H
#define TICK386_KERNEL_NTP_H

#include "mm/uaccess.h"
#include <abi/time.h>
#include <abi/timex.h>
#include <abi/types.h>

/* The clock was set or stepped (Linux's TK_CLEAR_NTP): stop adjtime and
 * the PLL offset, mark the clock unsynchronized, forget a planned leap. */
void ntp_clear(void);
/*
 * IRQ 0, before the wall-clock timers are expired: if a second boundary
 * has come, do its NTP work (a leap second steps the clock) first, as
 * Linux's timekeeping does, so that a timer due at the boundary sees the
 * clock the leap left: one for midnight waits out 23:59:60.
 */
void ntp_second_first(u64 realtime_now);

/* After ktimer_subsystem_init (clock_init calls it). */
void ntp_init(void);

/* adjtimex on CLOCK_REALTIME; returns the TIME_* state or -errno.  *txc is
 * in and out, already in kernel memory. */
int ntp_adjtimex(struct timex *txc);

long sys_adjtimex(struct timex __user *utx);
long sys_clock_adjtime(clockid_t id, struct timex __user *utx);
/* 405: Linux 5.1's struct __kernel_timex, 64-bit fields */
long sys_clock_adjtime64(clockid_t id, struct abi_timex64 __user *utx);
long sys_time(time_t __user *tloc);
long sys_gettimeofday(struct timeval __user *tv, struct timezone __user *tz);
long sys_settimeofday(const struct timeval __user *tv, const struct timezone __user *tz);

#endif
