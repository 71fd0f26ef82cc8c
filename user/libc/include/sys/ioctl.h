/* <sys/ioctl.h>: ioctl(2) and the terminal requests (include/abi/termios.h). */
#ifndef _SYS_IOCTL_H
#define _SYS_IOCTL_H

#include <abi/termios.h>

int ioctl(int fd, unsigned long request, ...);

#endif
