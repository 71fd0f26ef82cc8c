/*
 * personality: call 136.  Never an error: Linux's call cannot fail, and a
 * persona whose word looks like -errno is still the persona (as glibc).
 */
#include <sys/personality.h>
#include "syscall.h"

int personality(unsigned long persona)
{
	return (int)sys_1(__NR_personality, (long)persona);
}
