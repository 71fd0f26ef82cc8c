/* srand48: X's high 32 bits from the seed, its low 16 0x330E; a and c back to POSIX's (rand48.h;
 * one function per object: a program may define its own). */
#include <stdlib.h>
#include "rand48.h"

void srand48(long seed)
{
	__rand48.x[0] = 0x330E;
	__rand48.x[1] = (unsigned short)seed;
	__rand48.x[2] = (unsigned short)((unsigned long)seed >> 16);
	__rand48.a[0] = 0xE66D, __rand48.a[1] = 0xDEEC, __rand48.a[2] = 0x5;
	__rand48.c = 0xB;
}
