/* jrand48: the high 32 bits, signed, from the caller's state (rand48.h; one function per object: a
 * program may define its own). */
#include <stdlib.h>
#include "rand48.h"

long jrand48(unsigned short x[3])
{
	return (long)(int32_t)(uint32_t)(__rand48_step(x) >> 16);
}
