/* ioctl, and the termios calls over it (glibc's, for the kernel's layout). */
#include <errno.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include "syscall.h"

int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	long arg;

	va_start(ap, request);
	arg = va_arg(ap, long);
	va_end(ap);
	return (int)sys_ret(sys_3(__NR_ioctl, fd, (long)request, arg));
}

int tcgetattr(int fd, struct termios *tio)
{
	return ioctl(fd, TCGETS, tio);
}

int tcsetattr(int fd, int action, const struct termios *tio)
{
	static const unsigned long requests[] = {TCSETS, TCSETSW, TCSETSF};

	if (action < TCSANOW || action > TCSAFLUSH) {
		errno = EINVAL;
		return -1;
	}
	return ioctl(fd, requests[action], tio);
}

/* As glibc: no input processing, no output processing, 8 bits, no echo,
 * no signals; reads return after one byte. */
void cfmakeraw(struct termios *tio)
{
	tio->c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
	tio->c_oflag &= ~OPOST;
	tio->c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	tio->c_cflag &= ~(CSIZE | PARENB);
	tio->c_cflag |= CS8;
	tio->c_cc[VMIN] = 1;
	tio->c_cc[VTIME] = 0;
}

speed_t cfgetospeed(const struct termios *tio)
{
	return tio->c_cflag & CBAUD;
}

speed_t cfgetispeed(const struct termios *tio)
{
	return cfgetospeed(tio);
}

int cfsetospeed(struct termios *tio, speed_t speed)
{
	if (speed & ~CBAUD) {
		errno = EINVAL;
		return -1;
	}
	tio->c_cflag = (tio->c_cflag & ~CBAUD) | speed;
	return 0;
}

int cfsetispeed(struct termios *tio, speed_t speed)
{
	return speed ? cfsetospeed(tio, speed) : 0;
}

int tcflush(int fd, int queue)
{
	return ioctl(fd, TCFLSH, queue);
}

pid_t tcgetpgrp(int fd)
{
	int pgrp;

	return ioctl(fd, TIOCGPGRP, &pgrp) < 0 ? -1 : pgrp;
}

int tcsetpgrp(int fd, pid_t pgrp)
{
	int value = pgrp;

	return ioctl(fd, TIOCSPGRP, &value);
}

/* A terminal is what answers TCGETS (glibc's way); errno ENOTTY otherwise. */
int isatty(int fd)
{
	struct termios tio;

	return tcgetattr(fd, &tio) == 0;
}
