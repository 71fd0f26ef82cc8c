/*
 * POSIX asynchronous I/O, done synchronously (<aio.h> says what that
 * means for each call): the transfer happens in the submitting call, its
 * result goes into the aiocb, then the notification is sent.
 */
#include <aio.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "syscall.h"

struct notify_call {
	void (*fn)(union sigval);
	union sigval value;
};

static void *notify_thread(void *arg)
{
	struct notify_call call = *(struct notify_call *)arg;

	free(arg);
	call.fn(call.value);
	return NULL;
}

/* Tell of a completion as sev asks; errors of the notification are lost, as glibc's. */
static void notify(const struct sigevent *sev)
{
	if (sev->sigev_notify == SIGEV_SIGNAL) {
		siginfo_t info;

		memset(&info, 0, sizeof(info));
		info.si_signo = sev->sigev_signo;
		info.si_code = SI_ASYNCIO;
		info._sifields._rt._pid = getpid();
		info._sifields._rt._uid = getuid();
		info.si_value = sev->sigev_value;
		sys_3(__NR_rt_sigqueueinfo, getpid(), sev->sigev_signo, (long)&info);
	} else if (sev->sigev_notify == SIGEV_THREAD && sev->sigev_notify_function) {
		struct notify_call *call = malloc(sizeof(*call));
		pthread_attr_t attr;
		pthread_t tid;

		if (!call)
			return;
		call->fn = sev->sigev_notify_function;
		call->value = sev->sigev_value;
		/* The caller's attributes, copied: detached without changing theirs. */
		if (sev->sigev_notify_attributes)
			attr = *(pthread_attr_t *)sev->sigev_notify_attributes;
		else
			pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		if (pthread_create(&tid, &attr, notify_thread, call))
			free(call);
	}
}

/* Do cb's transfer (opcode LIO_READ or LIO_WRITE); -1 EINVAL for a bad priority. */
static int submit(struct aiocb *cb, int opcode, int with_notify)
{
	ssize_t n;
	int saved = errno;

	if (cb->aio_reqprio < 0 || cb->aio_reqprio > AIO_PRIO_DELTA_MAX) {
		errno = EINVAL;
		return -1;
	}
	cb->__error_code = EINPROGRESS;
	cb->__return_value = 0;
	if (opcode == LIO_READ) {
		n = pread(cb->aio_fildes, (void *)cb->aio_buf, cb->aio_nbytes, cb->aio_offset);
		if (n < 0 && errno == ESPIPE)
			n = read(cb->aio_fildes, (void *)cb->aio_buf, cb->aio_nbytes);
	} else {
		n = pwrite(cb->aio_fildes, (const void *)cb->aio_buf, cb->aio_nbytes, cb->aio_offset);
		if (n < 0 && errno == ESPIPE)
			n = write(cb->aio_fildes, (const void *)cb->aio_buf, cb->aio_nbytes);
	}
	cb->__return_value = n;
	cb->__error_code = n < 0 ? errno : 0;
	errno = saved;
	if (with_notify)
		notify(&cb->aio_sigevent);
	return 0;
}

int aio_read(struct aiocb *cb)
{
	return submit(cb, LIO_READ, 1);
}

int aio_write(struct aiocb *cb)
{
	return submit(cb, LIO_WRITE, 1);
}

int aio_error(const struct aiocb *cb)
{
	return cb->__error_code;
}

ssize_t aio_return(struct aiocb *cb)
{
	return cb->__return_value;
}

/* Nothing is ever in progress: AIO_ALLDONE once fd and cb are checked. */
int aio_cancel(int fd, struct aiocb *cb)
{
	if (fcntl(fd, F_GETFL) < 0) {
		errno = EBADF;
		return -1;
	}
	if (cb && cb->aio_fildes != fd) {
		errno = EINVAL;
		return -1;
	}
	return AIO_ALLDONE;
}

/* No request waits: 0 at once (glibc's answer when none is in progress). */
int aio_suspend(const struct aiocb *const list[], int nent, const struct timespec *timeout)
{
	(void)list;
	(void)nent;
	(void)timeout;
	return 0;
}

/*
 * Each entry in turn (LIO_NOP and NULL skipped), each with its own
 * notification; then, for LIO_NOWAIT, sig once all are done.  -1 EIO when
 * an entry could not be submitted, or with LIO_WAIT when one failed.
 */
int lio_listio(int mode, struct aiocb *const list[], int nent, struct sigevent *sig)
{
	int i, failed = 0;

	if ((mode != LIO_WAIT && mode != LIO_NOWAIT) || nent < 0) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < nent; i++) {
		struct aiocb *cb = list[i];

		if (!cb || (cb->aio_lio_opcode != LIO_READ && cb->aio_lio_opcode != LIO_WRITE))
			continue;
		if (submit(cb, cb->aio_lio_opcode, 1) < 0) {
			cb->__error_code = EINVAL;
			cb->__return_value = -1;
			failed = 1;
		} else if (mode == LIO_WAIT && cb->__error_code) {
			failed = 1;
		}
	}
	if (mode == LIO_NOWAIT && sig)
		notify(sig);
	if (failed) {
		errno = EIO;
		return -1;
	}
	return 0;
}
