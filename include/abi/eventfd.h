/* eventfd (323) and eventfd2 (328): the flags of eventfd2. */
#ifndef TICK386_ABI_EVENTFD_H
#define TICK386_ABI_EVENTFD_H

#include <abi/fcntl.h>

#define EFD_SEMAPHORE 1
#define EFD_CLOEXEC   O_CLOEXEC
#define EFD_NONBLOCK  O_NONBLOCK

#endif
