/*
 * The drand48 family: POSIX's 48-bit linear congruential generator,
 * X[n+1] = (a * X[n] + c) mod 2^48 with a = 0x5DEECE66D and c = 0xB until
 * lcong48 sets others.  X is kept as three 16-bit words, least significant
 * first, as the xsubi[3] arrays of the caller-state variants are.
 *   drand48/erand48  X / 2^48, in [0, 1), exact in a double;
 *   lrand48/nrand48  the top 31 bits, in [0, 2^31);
 *   mrand48/jrand48  the top 32 bits as a signed value, in [-2^31, 2^31).
 * srand48(s) sets X to s's low 32 bits above 0x330E; seed48 sets all 48
 * bits and returns the previous X (in a static array, as POSIX says).
 * Both restore the default a and c.
 *
 * The shared state has no lock: POSIX does not require these functions to
 * be thread-safe (glibc does not serialise them either); the x*rand48
 * variants exist for threads.
 */
#include <stdint.h>
#include <stdlib.h>

/* Unseeded, X starts at 0, as glibc's does (POSIX leaves it open). */
static unsigned short rand48_x[3];
static uint64_t rand48_a = 0x5deece66dULL;
static unsigned short rand48_c = 0xb;

static uint64_t rand48_step(unsigned short x[3])
{
	uint64_t v = (uint64_t)x[0] | (uint64_t)x[1] << 16 | (uint64_t)x[2] << 32;

	v = (rand48_a * v + rand48_c) & 0xffffffffffffULL;
	x[0] = (unsigned short)v;
	x[1] = (unsigned short)(v >> 16);
	x[2] = (unsigned short)(v >> 32);
	return v;
}

double erand48(unsigned short xsubi[3])
{
	return (double)rand48_step(xsubi) / 281474976710656.0; /* 2^48 */
}

double drand48(void)
{
	return erand48(rand48_x);
}

long nrand48(unsigned short xsubi[3])
{
	return (long)(rand48_step(xsubi) >> 17);
}

long lrand48(void)
{
	return nrand48(rand48_x);
}

long jrand48(unsigned short xsubi[3])
{
	return (long)(int32_t)(uint32_t)(rand48_step(xsubi) >> 16);
}

long mrand48(void)
{
	return jrand48(rand48_x);
}

void srand48(long seed)
{
	rand48_x[0] = 0x330e;
	rand48_x[1] = (unsigned short)seed;
	rand48_x[2] = (unsigned short)((unsigned long)seed >> 16);
	rand48_a = 0x5deece66dULL;
	rand48_c = 0xb;
}

unsigned short *seed48(unsigned short seed16v[3])
{
	static unsigned short old[3];

	old[0] = rand48_x[0];
	old[1] = rand48_x[1];
	old[2] = rand48_x[2];
	rand48_x[0] = seed16v[0];
	rand48_x[1] = seed16v[1];
	rand48_x[2] = seed16v[2];
	rand48_a = 0x5deece66dULL;
	rand48_c = 0xb;
	return old;
}

void lcong48(unsigned short param[7])
{
	rand48_x[0] = param[0];
	rand48_x[1] = param[1];
	rand48_x[2] = param[2];
	rand48_a = (uint64_t)param[3] | (uint64_t)param[4] << 16 | (uint64_t)param[5] << 32;
	rand48_c = param[6];
}
