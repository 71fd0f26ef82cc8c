/*
 * <termios.h>: terminal settings.  struct termios is the kernel's own
 * (Linux i386's, include/abi/termios.h), so tcgetattr and tcsetattr are
 * one ioctl each; the speed lives in c_cflag (CBAUD).
 */
#ifndef _TERMIOS_H
#define _TERMIOS_H

#include <sys/types.h>
#include <abi/termios.h>

int tcgetattr(int fd, struct termios *tio);
int tcsetattr(int fd, int action, const struct termios *tio);
void cfmakeraw(struct termios *tio);
speed_t cfgetispeed(const struct termios *tio);
speed_t cfgetospeed(const struct termios *tio);
int cfsetispeed(struct termios *tio, speed_t speed);
int cfsetospeed(struct termios *tio, speed_t speed);
int tcflush(int fd, int queue);
pid_t tcgetpgrp(int fd);
int tcsetpgrp(int fd, pid_t pgrp);

#endif
