/* The layout of sysinfo(2) on Linux i386, shared with user/libc. */
#ifndef TICK386_ABI_SYSINFO_H
#define TICK386_ABI_SYSINFO_H

/* sysinfo (116): 64 bytes on i386. */
struct sysinfo {
	long uptime;		 /* seconds since boot */
	unsigned long loads[3];	 /* 1, 5, 15 minute load averages << 16 */
	unsigned long totalram;	 /* in units of mem_unit bytes */
	unsigned long freeram;
	unsigned long sharedram;
	unsigned long bufferram;
	unsigned long totalswap;
	unsigned long freeswap;
	unsigned short procs;	 /* tasks (threads) that exist */
	unsigned short pad;
	unsigned long totalhigh;
	unsigned long freehigh;
	unsigned int mem_unit;
	char _f[8];
};

#endif
