/*
 * <sys/resource.h>: getrusage, from the CPU-time clock (the kernel does not
 * split user from system time, so all of it is user time), and the
 * priority/limit names without the calls behind them.
 */
#ifndef _SYS_RESOURCE_H
#define _SYS_RESOURCE_H

#include <sys/time.h>
#include <sys/types.h>

#include <abi/resource.h> /* struct rusage, RUSAGE_* */

int getrusage(int who, struct rusage *usage);

#endif
