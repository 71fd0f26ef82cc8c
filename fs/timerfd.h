/* timerfd (fs/timerfd.c): what the rest of the kernel tells it. */
#ifndef TICK386_FS_TIMERFD_H
#define TICK386_FS_TIMERFD_H

/* The wall clock was set (ktimer_clock_was_set, interrupts off): the
 * timerfds armed with TFD_TIMER_CANCEL_ON_SET become readable and their
 * reads say ECANCELED. */
void timerfd_clock_was_set(void);

#endif
