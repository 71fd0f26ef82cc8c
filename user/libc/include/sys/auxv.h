/* <sys/auxv.h>: getauxval, the auxiliary vector's entries (glibc's). */
#ifndef _SYS_AUXV_H
#define _SYS_AUXV_H

#include <abi/auxv.h>

/* The value of the entry `type`; 0 and ENOENT when the vector has none. */
unsigned long getauxval(unsigned long type);

#endif
