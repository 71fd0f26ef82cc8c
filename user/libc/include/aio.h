/*
 * <aio.h>: POSIX asynchronous I/O, glibc i386's struct aiocb and values.
 *
 * user/libc does each request at once, in the call that submits it
 * (src/aio.c): POSIX lets an operation complete before aio_read or
 * aio_write returns.  The request's result is recorded in the aiocb
 * (aio_error, aio_return), then its aio_sigevent is notified (SIGEV_SIGNAL
 * as SI_ASYNCIO with the value, SIGEV_THREAD in a new detached thread), so
 * no request is ever in progress: aio_suspend returns 0 at once, aio_cancel
 * answers AIO_ALLDONE.  As glibc: an aio_reqprio outside 0..AIO_PRIO_DELTA_MAX
 * is -1 EINVAL at submission; an error of the transfer itself (EBADF,
 * EINVAL for a negative offset, ...) is aio_error's, the call returning 0.
 * No aio_fsync (the libc has no O_SYNC/O_DSYNC values yet).
 */
#ifndef _AIO_H
#define _AIO_H

#include <signal.h>
#include <sys/types.h>
#include <time.h>

struct aiocb {
	int aio_fildes;
	int aio_lio_opcode;
	int aio_reqprio;
	volatile void *aio_buf;
	size_t aio_nbytes;
	struct sigevent aio_sigevent;
	/* the library's (glibc's places and sizes) */
	struct aiocb *__next_prio;
	int __abs_prio;
	int __policy;
	int __error_code;
	ssize_t __return_value;
	off_t aio_offset;
	char __pad[sizeof(off64_t) - sizeof(off_t)];
	char __glibc_reserved[32];
};

/* aio_cancel's answers. */
#define AIO_CANCELED 0
#define AIO_NOTCANCELED 1
#define AIO_ALLDONE 2

/* aio_lio_opcode. */
#define LIO_READ 0
#define LIO_WRITE 1
#define LIO_NOP 2

/* lio_listio's mode. */
#define LIO_WAIT 0
#define LIO_NOWAIT 1

#define AIO_PRIO_DELTA_MAX 20

int aio_read(struct aiocb *cb);
int aio_write(struct aiocb *cb);
int aio_error(const struct aiocb *cb);
ssize_t aio_return(struct aiocb *cb);
int aio_cancel(int fd, struct aiocb *cb);
int aio_suspend(const struct aiocb *const list[], int nent, const struct timespec *timeout);
int lio_listio(int mode, struct aiocb *const list[], int nent, struct sigevent *sig);

#endif
