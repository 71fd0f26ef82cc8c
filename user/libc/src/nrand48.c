/* nrand48: the high 31 bits, 0..2^31-1, from the caller's state (rand48.h; one function per object:
 * a program may define its own). */
#include <stdlib.h>
#include "rand48.h"

long nrand48(unsigned short x[3])
{
	return (long)(__rand48_step(x) >> 17);
}
