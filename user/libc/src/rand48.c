/* The generator's state and step (rand48.h). */
#include "rand48.h"

struct rand48_state __rand48 = {{0, 0, 0}, {0xE66D, 0xDEEC, 0x5}, 0xB};

uint64_t __rand48_step(unsigned short x[3])
{
	uint64_t X = (uint64_t)x[0] | (uint64_t)x[1] << 16 | (uint64_t)x[2] << 32;
	uint64_t a =
	    (uint64_t)__rand48.a[0] | (uint64_t)__rand48.a[1] << 16 | (uint64_t)__rand48.a[2] << 32;

	X = (a * X + __rand48.c) & 0xFFFFFFFFFFFFULL;
	x[0] = (unsigned short)X;
	x[1] = (unsigned short)(X >> 16);
	x[2] = (unsigned short)(X >> 32);
	return X;
}
