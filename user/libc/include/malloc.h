/*
 * <malloc.h>: the heap calls of <stdlib.h> and the older ones glibc keeps
 * here (user/libc's allocator: src/malloc.c).  memalign is posix_memalign
 * with glibc's leniency (an alignment that is not a power of two is rounded
 * up to the next one); valloc and pvalloc align on the page,
 * pvalloc also rounds the size up to pages.  malloc_usable_size is the
 * payload the block really has, >= what was asked; 0 for NULL.  There is
 * no mallopt/mallinfo: the allocator has no tunables or statistics to give.
 */
#ifndef _MALLOC_H
#define _MALLOC_H

#include <stddef.h>

void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t n);
void *reallocarray(void *p, size_t n, size_t size);
void free(void *p);
void *aligned_alloc(size_t align, size_t size);
void *memalign(size_t align, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);
size_t malloc_usable_size(void *p);

#endif
