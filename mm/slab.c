/*
 * Object caches.  A slab is a run of 1, 2, 4 or 8 contiguous pages: a
 * struct slab header at its start, then objects of c->stride bytes.  Free
 * objects of a slab form a singly linked list through their first word.
 *
 * Invariants (with interrupts off, i.e. inside irq_save):
 *  - every slab with free objects and at least one in use is on c->partial,
 *    every slab with none free is on c->full; a slab whose last object is
 *    freed is given back to the page allocator at once, so a cache with no
 *    objects in use holds no pages;
 *  - slab->in_use + length of slab->free_list == c->per_slab;
 *  - c->in_use is the sum of slab->in_use, c->slabs the number of slabs;
 *  - the page allocator's owner word of every page of a slab points at the
 *    slab header (an even kernel address; the heap's big blocks use odd
 *    words), so kfree and kmem_cache_free find the slab of any object.
 *
 * A freed object carries SLAB_FREE_POISON in its second word; freeing an
 * object that carries it and is found on the free list is a double free.
 *
 * A debug cache (slub_debug, mm/slab_debug.h) shares only the creation and
 * the statistics with this file: kmem_cache_alloc and kmem_cache_free send
 * its objects to mm/slab_debug.c from branches they take anyway (no
 * partial slab; no slab found), so ordinary caches pay nothing for it.
 */
#include "mm/slab.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "kernel/panic.h"
#include "mm/fault_inject.h"
#include "mm/pmm.h"
#include "mm/slab_debug.h"
#include "mm/slab_internal.h"
#include "lib/compiler.h"
#include <abi/errno.h>

/* The cache the caches themselves come from, and the list of all. */
static struct kmem_cache cache_cache;
static struct kmem_cache *all_caches;

#define list_push slab_list_push
#define list_remove slab_list_remove
#define round_up slab_round_up

/*
 * Lay a cache out: the smallest slab (in pages) that wastes at most 1/8 of
 * itself on the header, its alignment padding and the tail; else 8 pages.
 */
static int cache_setup(struct kmem_cache *c, const char *name, size_t size, size_t align)
{
	if (size == 0 || size > SLAB_MAX_PAGES * PAGE_SIZE)
		return -EINVAL;
	if (align == 0) {
		align = 8;
		while (align < 64 && size % (align * 2) == 0)
			align *= 2;
	}
	if (align & (align - 1) || align > PAGE_SIZE)
		return -EINVAL;
	if (align < sizeof(void *))
		align = sizeof(void *);

	*c = (struct kmem_cache){.name = name, .size = (u32)size, .align = (u32)align};
	c->stride = round_up(size < 8 ? 8 : (u32)size, (u32)align);
	c->first = round_up(sizeof(struct slab), (u32)align);
	return slab_layout(c);
}

int slab_layout(struct kmem_cache *c)
{
	c->per_slab = 0;
	for (u32 pages = 1; pages <= SLAB_MAX_PAGES; pages *= 2) {
		u32 bytes = pages * PAGE_SIZE;
		if (bytes < c->first + c->stride)
			continue;
		u32 per = (bytes - c->first) / c->stride;
		u32 waste = bytes - per * c->stride; /* header and its padding count */
		c->per_slab = per;
		c->slab_pages = pages;
		if (waste * 8 <= bytes)
			break;
	}
	return c->per_slab ? 0 : -EINVAL;
}

static struct kmem_cache *cache_create(const char *name, size_t size, size_t align, bool debug)
{
	struct kmem_cache tmp;
	if (!cache_cache.stride) {
		cache_setup(&cache_cache, "kmem_cache", sizeof(struct kmem_cache), 0);
		all_caches = &cache_cache;
	}
	if (cache_setup(&tmp, name, size, align) < 0)
		return NULL;
	/* An object too big for red zones in SLAB_MAX_PAGES goes without. */
	if (debug && slab_debug_layout(&tmp) < 0)
		cache_setup(&tmp, name, size, align);
	struct kmem_cache *c = kmem_cache_alloc(&cache_cache);
	if (c) {
		u32 flags = irq_save();
		*c = tmp;
		c->next = all_caches;
		all_caches = c;
		irq_restore(flags);
	}
	return c;
}

/* With slub_debug on the command line, every cache created from then on is
 * a debug cache (mm/slab_debug.h); kmem_cache itself never is. */
struct kmem_cache *kmem_cache_create(const char *name, size_t size, size_t align)
{
	return cache_create(name, size, align, slab_debug_boot);
}

struct kmem_cache *kmem_cache_create_debug(const char *name, size_t size, size_t align)
{
	return cache_create(name, size, align, true);
}

int kmem_cache_destroy(struct kmem_cache *c)
{
	if (!c)
		return 0;
	if (c->debug)
		slab_debug_release_cache(c); /* its objects in the quarantine */
	if (c->in_use)
		return -EBUSY;
	u32 flags = irq_save();
	struct kmem_cache **pp = &all_caches;
	while (*pp && *pp != c)
		pp = &(*pp)->next;
	if (*pp)
		*pp = c->next;
	irq_restore(flags);
	kmem_cache_free(&cache_cache, c);
	return 0;
}

void kmem_cache_for_each(void (*fn)(struct kmem_cache *c, void *ctx), void *ctx)
{
	for (struct kmem_cache *c = all_caches; c; c = c->next)
		fn(c, ctx);
}

static struct slab *slab_new(struct kmem_cache *c)
{
	/* Not a failure point of its own: the object allocation that needs the
	 * slab is (mm/fault_inject.h). */
	u32 phys = pmm_alloc_pages_uncounted(c->slab_pages);
	if (!phys)
		return NULL;
	struct slab *s = PHYS_TO_VIRT(phys);
	s->magic = SLAB_MAGIC;
	s->cache = c;
	s->in_use = 0;
	s->free_list = NULL;
	/* Thread the free list backwards so that objects go out in address order. */
	for (u32 i = c->per_slab; i-- > 0;) {
		u32 *obj = (u32 *)((char *)s + c->first + i * c->stride);
		obj[0] = (u32)s->free_list;
		obj[1] = SLAB_FREE_POISON;
		s->free_list = obj;
	}
	for (u32 i = 0; i < c->slab_pages; i++)
		pmm_set_owner(phys + i * PAGE_SIZE, (u32)s);
	return s;
}

void *kmem_cache_alloc(struct kmem_cache *c)
{
	if (unlikely(fault_inject_slab(c->name)))
		return NULL;
	u32 flags = irq_save();
	struct slab *s = c->partial;
	if (!s) {
		s = slab_new(c);
		if (!s) {
			irq_restore(flags);
			/* Out of memory, or a debug cache: its partial list is
			 * always empty and its slab_pages 0, so that every
			 * allocation comes here. */
			return unlikely(c->debug) ? slab_debug_alloc(c) : NULL;
		}
		list_push(&c->partial, s);
		c->slabs++;
	}
	u32 *obj = s->free_list;
	s->free_list = (void *)obj[0];
	obj[1] = 0;
	s->in_use++;
	c->in_use++;
	if (!s->free_list) {
		list_remove(&c->partial, s);
		list_push(&c->full, s);
	}
	irq_restore(flags);
	return obj;
}

static struct slab *slab_of(const void *p)
{
	if ((u32)p < KERNEL_VMA) /* the direct map runs to the top of the address space */
		return NULL;
	u32 owner = pmm_get_owner(VIRT_TO_PHYS(p));
	if (!owner || (owner & 1))
		return NULL;
	struct slab *s = (struct slab *)owner;
	return s->magic == SLAB_MAGIC ? s : NULL;
}

struct kmem_cache *kmem_cache_of(const void *p)
{
	struct slab *s = slab_of(p);
	return s ? s->cache : NULL;
}

/*
 * kmem_cache_free's cold path: slab_of() takes no debug slab, so a debug
 * cache's objects come here; anything else is the caller's bug.
 */
static __attribute__((noinline, cold)) void free_other(struct kmem_cache *c, void *p)
{
	if (c->debug) {
		slab_debug_free(c, p);
		return;
	}
	panic("kmem_cache_free(%s, %p): not an object of this cache", c->name, p);
}

static bool on_free_list(const struct slab *s, const void *obj)
{
	for (const u32 *f = s->free_list; f; f = (const u32 *)f[0])
		if (f == obj)
			return true;
	return false;
}

void kmem_cache_free(struct kmem_cache *c, void *p)
{
	if (!p)
		return;
	u32 flags = irq_save();
	struct slab *s = slab_of(p);
	u32 offset = s ? (u32)((char *)p - (char *)s) : 0;
	if (!s || s->cache != c || offset < c->first || (offset - c->first) % c->stride ||
	    (offset - c->first) / c->stride >= c->per_slab) {
		irq_restore(flags);
		free_other(c, p); /* an object of a debug cache, or a bug */
		return;
	}
	u32 *obj = p;
	if (obj[1] == SLAB_FREE_POISON && on_free_list(s, obj))
		panic("kmem_cache_free(%s, %p): double free", c->name, p);

	bool was_full = s->free_list == NULL;
	obj[0] = (u32)s->free_list;
	obj[1] = SLAB_FREE_POISON;
	s->free_list = obj;
	s->in_use--;
	c->in_use--;
	if (was_full) {
		list_remove(&c->full, s);
		list_push(&c->partial, s);
	}
	if (s->in_use == 0) {
		list_remove(&c->partial, s);
		c->slabs--;
		s->magic = 0;
		pmm_free_pages(VIRT_TO_PHYS(s), c->slab_pages);
	}
	irq_restore(flags);
}

void kmem_cache_get_stats(struct kmem_cache *c, struct kmem_cache_stats *st)
{
	u32 flags = irq_save();
	st->object_size = c->debug ? slab_round_up(c->size, c->align) : c->stride;
	st->objects_per_slab = c->per_slab;
	st->pages_per_slab = c->debug ? c->debug_slab_pages : c->slab_pages;
	st->objects_in_use = c->in_use;
	st->slabs = c->slabs;
	st->pages = c->slabs * st->pages_per_slab;
	irq_restore(flags);
}

const char *kmem_cache_name(const struct kmem_cache *c)
{
	return c->name;
}
