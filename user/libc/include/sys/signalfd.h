/* <sys/signalfd.h>: signalfd (kernel fs/signalfd.c). */
#ifndef _SYS_SIGNALFD_H
#define _SYS_SIGNALFD_H

#include <abi/signalfd.h>
#include <signal.h>
#include <stdint.h>

int signalfd(int fd, const sigset_t *mask, int flags);

#endif
