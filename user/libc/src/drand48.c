/* drand48: a double in [0, 1) from the library's state (rand48.h; one function per object: a
 * program may define its own). */
#include <stdlib.h>
#include "rand48.h"

double drand48(void)
{
	return erand48(__rand48.x);
}
