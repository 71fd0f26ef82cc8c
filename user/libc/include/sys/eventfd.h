/* <sys/eventfd.h>: eventfd and its two helpers (kernel fs/eventfd.c). */
#ifndef _SYS_EVENTFD_H
#define _SYS_EVENTFD_H

#include <abi/eventfd.h>
#include <stdint.h>

typedef uint64_t eventfd_t;

int eventfd(unsigned int initval, int flags);
/* One 8-byte read / write: 0, or -1 with errno. */
int eventfd_read(int fd, eventfd_t *value);
int eventfd_write(int fd, eventfd_t value);

#endif
