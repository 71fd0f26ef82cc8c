/*
 * clock_adjtime (system call 343), in an object of its own: a program that
 * defines its own clock_adjtime and uses adjtimex must link without a
 * second definition.
 */
#define _GNU_SOURCE /* clock_adjtime, as glibc declares it */
#include <sys/timex.h>
#include "nr.h"
#include "syscall.h"

int clock_adjtime(clockid_t clock, struct timex *tx)
{
	return (int)sys_ret(sys_2(__NR_clock_adjtime, clock, (long)tx));
}
