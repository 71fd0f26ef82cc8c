/* mrand48: the high 32 bits, signed, from the library's state (rand48.h; one function per object: a
 * program may define its own). */
#include <stdlib.h>
#include "rand48.h"

long mrand48(void)
{
	return jrand48(__rand48.x);
}
