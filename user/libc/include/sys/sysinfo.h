/* <sys/sysinfo.h>: sysinfo(2), Linux's layout (<abi/sysinfo.h>). */
#ifndef _SYS_SYSINFO_H
#define _SYS_SYSINFO_H

#include <abi/sysinfo.h>

int sysinfo(struct sysinfo *info);

#endif
