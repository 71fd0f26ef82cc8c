/*
 * Fixed-size object caches ("slab" allocator).  A cache hands out objects of
 * one size; it carves whole pages (a "slab" of 1, 2, 4 or 8 contiguous pages)
 * into objects, keeps the free objects of each slab on a free list threaded
 * through them, and gives a slab's pages back as soon as its last object is
 * freed.  The POSIX timers live in one.
 *
 * Objects are NOT zeroed by kmem_cache_alloc.  All calls may be made with
 * interrupts on or off (they take irq_save); IRQ handlers must not allocate.
 */
#ifndef TICK386_KERNEL_SLAB_H
#define TICK386_KERNEL_SLAB_H

#include "lib/types.h"

struct kmem_cache;

struct kmem_cache_stats {
	u32 object_size; /* bytes per object, after rounding for alignment */
	u32 objects_per_slab;
	u32 pages_per_slab;
	u32 objects_in_use;
	u32 slabs; /* slabs held */
	u32 pages; /* pages held */
};

/*
 * A cache of `size`-byte objects aligned to `align` (0: natural, i.e. 8 or
 * the largest power of two dividing the size, at most 64).  `name` must stay
 * valid (a string literal).  NULL if out of memory or size too big (> 8 pages).
 */
struct kmem_cache *kmem_cache_create(const char *name, size_t size, size_t align);
/* Destroy an empty cache; returns -EBUSY (and does nothing) if objects remain. */
int kmem_cache_destroy(struct kmem_cache *c);

void *kmem_cache_alloc(struct kmem_cache *c); /* NULL when out of memory */
void kmem_cache_free(struct kmem_cache *c, void *obj);

void kmem_cache_get_stats(struct kmem_cache *c, struct kmem_cache_stats *st);
/* fn on every cache, newest first (interrupts off: the list must not change). */
void kmem_cache_for_each(void (*fn)(struct kmem_cache *c, void *ctx), void *ctx);
const char *kmem_cache_name(const struct kmem_cache *c);

/* The cache an object belongs to (kfree uses it), or NULL if p is not an
 * object of an ordinary cache (a debug cache's: slab_debug_cache_of). */
struct kmem_cache *kmem_cache_of(const void *p);

#endif
