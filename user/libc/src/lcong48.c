/* lcong48: X, a and c all given (rand48.h; one function per object: a program may define its own).
 */
#include <stdlib.h>
#include "rand48.h"

void lcong48(unsigned short p[7])
{
	__rand48.x[0] = p[0], __rand48.x[1] = p[1], __rand48.x[2] = p[2];
	__rand48.a[0] = p[3], __rand48.a[1] = p[4], __rand48.a[2] = p[5];
	__rand48.c = p[6];
}
