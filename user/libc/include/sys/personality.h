/*
 * <sys/personality.h>: personality(2) and its PER_* / flag values
 * (<abi/personality.h>, Linux's).  personality(0xffffffff) asks for the
 * current persona without changing it.  As glibc's, the wrapper never
 * fails: Linux's call cannot, and a persona word that looks like -errno
 * (any value in 0xfffff001..0xffffffff) is handed back as the value.
 */
#ifndef _SYS_PERSONALITY_H
#define _SYS_PERSONALITY_H

#include <abi/personality.h>

int personality(unsigned long persona);

#endif
