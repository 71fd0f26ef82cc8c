/* lrand48: the high 31 bits, 0..2^31-1, from the library's state (rand48.h; one function per
 * object: a program may define its own). */
#include <stdlib.h>
#include "rand48.h"

long lrand48(void)
{
	return nrand48(__rand48.x);
}
