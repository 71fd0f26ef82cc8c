/* erand48: a double in [0, 1) from the caller's state (rand48.h; one function per object: a program
 * may define its own). */
#include <stdlib.h>
#include "rand48.h"

double erand48(unsigned short x[3])
{
	return (double)__rand48_step(x) / 281474976710656.0; /* 2^48: exact */
}
