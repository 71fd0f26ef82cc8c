/*
 * mq_notify (281).  SIGEV_NONE and SIGEV_SIGNAL go to the kernel as they
 * are.  SIGEV_THREAD is made in the libc, as glibc makes it, but without
 * glibc's netlink socket (tick386 has no sockets): the kernel is asked for
 * its SIGEV_THREAD, the signal SIGCANCEL aimed at the libc's helper thread
 * (the one that runs SIGEV_THREAD timers, timer_thread.c) with the
 * descriptor as value; the helper starts a detached thread that calls the
 * function with the caller's value and attributes, as glibc's helper does.
 *
 * The function, value and attributes wait in a table indexed by the
 * descriptor (one registration per queue and process, and the kernel says
 * EBUSY to a second), under a lock; a notification uses its entry once,
 * as the kernel uses the registration once.  The table is static, so a
 * registration that never fires (removed by mq_notify(NULL) or a close)
 * leaks nothing: the next registration of the descriptor overwrites it.
 */
#include <errno.h>
#include <mqueue.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "syscall.h"
#include "thread.h"

#define MQ_NOTE_SLOTS 64 /* the kernel's descriptors per process (FD_MAX) */

struct mq_note {
	int armed;
	void (*function)(union sigval);
	union sigval value;
	pthread_attr_t attr;
};

static volatile int notes_lock;
static struct mq_note notes[MQ_NOTE_SLOTS];

struct mq_call {
	void (*function)(union sigval);
	union sigval value;
};

static void *mq_run_function(void *arg)
{
	struct mq_call c = *(struct mq_call *)arg;

	free(arg);
	c.function(c.value);
	return NULL;
}

void __mq_notify_run(int mqd)
{
	struct mq_call *c;
	pthread_attr_t attr;
	pthread_t thread;
	int armed = 0;

	if (mqd < 0 || mqd >= MQ_NOTE_SLOTS)
		return;
	c = malloc(sizeof(*c));
	if (!c)
		return; /* as glibc, a notification that cannot start a thread is lost */
	lock(&notes_lock);
	if (notes[mqd].armed) {
		armed = 1;
		notes[mqd].armed = 0;
		c->function = notes[mqd].function;
		c->value = notes[mqd].value;
		attr = notes[mqd].attr;
	}
	unlock(&notes_lock);
	if (!armed || pthread_create(&thread, &attr, mq_run_function, c) != 0)
		free(c);
}

int mq_notify(mqd_t mqdes, const struct sigevent *sev)
{
	struct sigevent kev;
	struct mq_note old;
	long rc;
	int tid;

	if (!sev || sev->sigev_notify != SIGEV_THREAD)
		return (int)sys_ret(sys_2(__NR_mq_notify, mqdes, (long)sev));
	if (mqdes < 0 || mqdes >= MQ_NOTE_SLOTS) {
		errno = EBADF;
		return -1;
	}
	tid = __thread_helper_tid();
	if (!tid) {
		errno = ENOMEM; /* glibc: its helper thread could not start */
		return -1;
	}
	memset(&kev, 0, sizeof(kev));
	kev.sigev_notify = SIGEV_THREAD;
	kev.sigev_signo = SIGCANCEL;
	kev.sigev_value.sival_int = mqdes;
	kev.sigev_notify_thread_id = tid;
	/* armed before the kernel can fire it; put back if the kernel refuses
	 * (EBUSY: the entry may be the live registration's) */
	lock(&notes_lock);
	old = notes[mqdes];
	notes[mqdes].armed = 1;
	notes[mqdes].function = sev->sigev_notify_function;
	notes[mqdes].value = sev->sigev_value;
	if (sev->sigev_notify_attributes)
		notes[mqdes].attr = *(const pthread_attr_t *)sev->sigev_notify_attributes;
	else
		pthread_attr_init(&notes[mqdes].attr);
	pthread_attr_setdetachstate(&notes[mqdes].attr, PTHREAD_CREATE_DETACHED);
	rc = sys_2(__NR_mq_notify, mqdes, (long)&kev);
	if (sys_is_error(rc))
		notes[mqdes] = old;
	unlock(&notes_lock);
	return (int)sys_ret(rc);
}
