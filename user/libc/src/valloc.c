/* valloc: a block aligned on the page (4096 on i386). */
#include <malloc.h>

void *valloc(size_t size)
{
	return memalign(4096, size);
}
