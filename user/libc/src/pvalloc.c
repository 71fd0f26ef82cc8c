/* pvalloc: valloc of the size rounded up to whole pages (one page for 0). */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>

void *pvalloc(size_t size)
{
	size_t n = size ? size : 1;

	if (n > SIZE_MAX - 4095) {
		errno = ENOMEM;
		return NULL;
	}
	return memalign(4096, (n + 4095) & ~(size_t)4095);
}
