/*
 * The terminal: one line discipline (Linux's N_TTY, cut to what a console
 * needs) between the keyboards (the serial line, the PS/2 keyboard) and the
 * programs reading fd 0; what programs write goes through its output
 * processing to every console output (kernel/console.c).
 *
 * It lives in kernel/, not drivers/: it knows no hardware, and it sends
 * signals and puts tasks to sleep, which drivers never do (drivers expose
 * the hardware and nothing more).  kernel/console.c is the glue that feeds
 * it the bytes the drivers receive.
 */
#ifndef TICK386_KERNEL_TTY_H
#define TICK386_KERNEL_TTY_H

#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/termios.h>

#define TTY_BUF_SIZE 1024 /* input bytes held, a power of two */

/* Linux's defaults (tty_std_termios) and foreground group 1 (init's); the
 * thread that sends ^C/^Z's signals.  After sched_init. */
void tty_init(void);

/* One byte typed on a keyboard: the line discipline takes it (echo, edit,
 * signals).  From IRQ handlers or any task; IRQ-safe. */
void tty_receive(char c);

/*
 * Up to n bytes of input into buf, waiting as termios says (a line in
 * canonical mode, VMIN/VTIME otherwise): the count, 0 at end of input (^D
 * at the start of a line), -ERESTARTSYS when a signal ended the wait, -EIO
 * or -ERESTARTSYS (after SIGTTIN to its group) for a background process.
 */
long tty_read(char *buf, size_t n);
/* Whether a read would return now (a line, in canonical mode; bytes, raw;
 * or the end of input): poll and select on the console. */
bool tty_input_ready(void);
/* Output processing (OPOST/ONLCR), then every console output. */
void tty_write(const char *buf, size_t n);
/* The terminal ioctls (TCGETS, TCSETS*, TIOCGPGRP, TIOCSPGRP, ...). */
long tty_ioctl(u32 cmd, u32 arg);

/* For the tests: the termios in force, set one, drop all input, and the
 * next signal that ^C/^Z/^\ queued for a group (0 when none; the thread
 * takes them otherwise). */
void tty_get_termios(struct termios *out);
void tty_set_termios(const struct termios *in);
void tty_flush_input(void);
int tty_take_signal(int *pgrp);
int tty_foreground(void);
void tty_set_foreground(int pgrp, int sid);

#endif
