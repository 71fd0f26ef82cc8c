/* seed48: X from the three words (the old X returned in a static array); a and c back to POSIX's
 * (rand48.h; one function per object: a program may define its own). */
#include <stdlib.h>
#include "rand48.h"

unsigned short *seed48(unsigned short seed[3])
{
	static unsigned short old[3];

	old[0] = __rand48.x[0], old[1] = __rand48.x[1], old[2] = __rand48.x[2];
	__rand48.x[0] = seed[0], __rand48.x[1] = seed[1], __rand48.x[2] = seed[2];
	__rand48.a[0] = 0xE66D, __rand48.a[1] = 0xDEEC, __rand48.a[2] = 0x5;
	__rand48.c = 0xB;
	return old;
}
