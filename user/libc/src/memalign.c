/*
 * memalign: posix_memalign with glibc's leniency: an alignment under 16 is
 * plain malloc's, one that is not a power of two is rounded up to the next.
 * NULL and errno (EINVAL, ENOMEM) on failure.
 */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

void *memalign(size_t align, size_t size)
{
	size_t a = 16;
	void *p;
	int err;

	while (a < align) {
		if (a > SIZE_MAX / 2) {
			errno = EINVAL;
			return NULL;
		}
		a <<= 1;
	}
	err = posix_memalign(&p, a, size);
	if (err) {
		errno = err;
		return NULL;
	}
	return p;
}
