/*
 * signalfd (321) and signalfd4 (327): the flags and the 128-byte record a
 * read returns per signal (Linux's struct signalfd_siginfo).
 */
#ifndef TICK386_ABI_SIGNALFD_H
#define TICK386_ABI_SIGNALFD_H

#include <abi/fcntl.h>

#define SFD_CLOEXEC  O_CLOEXEC
#define SFD_NONBLOCK O_NONBLOCK

struct signalfd_siginfo {
	unsigned int ssi_signo;
	int ssi_errno;
	int ssi_code;
	unsigned int ssi_pid;
	unsigned int ssi_uid;
	int ssi_fd;
	unsigned int ssi_tid;
	unsigned int ssi_band;
	unsigned int ssi_overrun;
	unsigned int ssi_trapno;
	int ssi_status;
	int ssi_int;
	unsigned long long ssi_ptr;
	unsigned long long ssi_utime;
	unsigned long long ssi_stime;
	unsigned long long ssi_addr;
	unsigned short ssi_addr_lsb;
	unsigned short __pad2;
	int ssi_syscall;
	unsigned long long ssi_call_addr;
	unsigned int ssi_arch;
	unsigned char __pad[28];
} __attribute__((packed));

_Static_assert(sizeof(struct signalfd_siginfo) == 128, "signalfd_siginfo is 128 bytes");

#endif
