/* <sys/errno.h>: the old name of <errno.h>, which glibc and the BSDs keep. */
#ifndef _SYS_ERRNO_H
#define _SYS_ERRNO_H

#include <errno.h>

#endif
