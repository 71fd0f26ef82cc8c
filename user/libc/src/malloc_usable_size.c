/* malloc_usable_size: the bytes p's block really has (>= asked); 0 for NULL. */
#include <malloc.h>

size_t __malloc_payload_size(void *p);

size_t malloc_usable_size(void *p)
{
	return p ? __malloc_payload_size(p) : 0;
}
