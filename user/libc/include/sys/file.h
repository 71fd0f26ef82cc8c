/*
 * <sys/file.h>: flock(2) (Linux i386's 143, the kernel's fs/flock.c) and
 * its LOCK_* operations.
 */
#ifndef _SYS_FILE_H
#define _SYS_FILE_H

#include <fcntl.h>

#define LOCK_SH 1 /* shared */
#define LOCK_EX 2 /* exclusive */
#define LOCK_NB 4 /* do not wait: EWOULDBLOCK */
#define LOCK_UN 8 /* release */

#ifndef L_SET
#define L_SET  0
#define L_INCR 1
#define L_XTND 2
#endif

int flock(int fd, int operation);

#endif
