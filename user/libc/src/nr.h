/*
 * Numbers of the timer and clock calls (internal).
 *
 * tick386 has them at 254..262 (the 2002 patch).  The libc's own tests also
 * run on a Linux host, where the same calls sit at 259..267; the test build
 * of the libc (LIBC_LINUX_TIMER_NUMBERS, archive libc-linux.a) uses those,
 * so that the stubs and structures are checked against a real kernel.
 *
 * set_tid_address is 258 on Linux, where tick386 has timer_delete; tick386
 * offers it at 223, a number Linux i386 leaves unused.  Every other number
 * is the same on both.
 */
#ifndef TICK386_LIBC_NR_H
#define TICK386_LIBC_NR_H

#include <abi/syscall.h>

#ifdef LIBC_LINUX_TIMER_NUMBERS
#define NR_timer_create     259
#define NR_timer_settime    260
#define NR_timer_gettime    261
#define NR_timer_getoverrun 262
#define NR_timer_delete     263
#define NR_clock_settime    264
#define NR_clock_gettime    265
#define NR_clock_getres     266
#define NR_clock_nanosleep  267
#define NR_set_tid_address  258
#define NR_epoll_ctl        255
#else
#define NR_timer_create     __NR_timer_create
#define NR_timer_settime    __NR_timer_settime
#define NR_timer_gettime    __NR_timer_gettime
#define NR_timer_getoverrun __NR_timer_getoverrun
#define NR_timer_delete     __NR_timer_delete
#define NR_clock_settime    __NR_clock_settime
#define NR_clock_gettime    __NR_clock_gettime
#define NR_clock_getres     __NR_clock_getres
#define NR_clock_nanosleep  __NR_clock_nanosleep
#define NR_set_tid_address  __NR_set_tid_address
#define NR_epoll_ctl        __NR_epoll_ctl
#endif

#define NR_prctl            __NR_prctl

#endif
