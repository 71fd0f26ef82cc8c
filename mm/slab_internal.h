/*
 * What mm/slab.c and mm/slab_debug.c share: the layout of a cache and of a
 * slab.  Private to those two files; everyone else uses mm/slab.h.
 */
#ifndef TICK386_MM_SLAB_INTERNAL_H
#define TICK386_MM_SLAB_INTERNAL_H

#include "lib/types.h"

#define SLAB_MAGIC 0x51AB51ABu
/*
 * The slabs of a debug cache carry this magic instead.  slab_of() takes only
 * SLAB_MAGIC, so kmem_cache_free and kfree find no slab for a debug object
 * and take their cold path, which hands it to mm/slab_debug.c: the debug
 * checks cost the ordinary paths not one instruction (mm/slab_debug.h).
 */
#define SLAB_DEBUG_MAGIC 0xDEB51AB5u
#define SLAB_FREE_POISON 0xF4EEF4EEu
#define SLAB_MAX_PAGES 8

/*
 * A slab: its pages, a header at the start, then per_slab slots of
 * cache->stride bytes.  Guarded by irq_save (one CPU: interrupts off).
 */
struct slab {
	u32 magic; /* SLAB_MAGIC, SLAB_DEBUG_MAGIC; 0 once given back */
	struct kmem_cache *cache;
	struct slab *prev, *next; /* on the cache's partial or full list */
	void *free_list;	  /* free slots: through their first word, or a debug slot's meta */
	u32 in_use;		  /* slots not on free_list (a debug slab: quarantined ones too) */
};

/*
 * A cache.  Every field after `name` is guarded by irq_save.  A debug cache
 * (debug != 0, mm/slab_debug.h) keeps its slabs on debug_partial and
 * debug_full, their size in debug_slab_pages: partial and full stay empty
 * and slab_pages is 0, so kmem_cache_alloc finds no partial slab, fails to
 * make one, and its out-of-memory branch leads to slab_debug_alloc.
 */
struct kmem_cache {
	const char *name;
	u32 size;   /* asked for */
	u32 stride; /* bytes between objects: size rounded up to align, >= 8 */
	u32 align;
	u32 first; /* offset of the first object in a slab */
	u32 per_slab;
	u32 slab_pages; /* 0 in a debug cache */
	struct slab *partial, *full;
	u32 in_use, slabs; /* in_use: objects handed out and not freed (not the quarantine) */
	struct kmem_cache *next; /* every cache, newest first (/proc/slabinfo) */
	/* Debug caches only (mm/slab_debug.c): the slot is
	 *   [0, redzone) red zone | object: size bytes | red zone | struct slab_debug_meta
	 * with the second red zone from redzone + size to meta (at least 8 bytes). */
	u32 debug;		 /* 0: an ordinary cache */
	u32 redzone;		 /* bytes before the object: 8 rounded up to align */
	u32 meta;		 /* offset of the slot's struct slab_debug_meta */
	u32 debug_slab_pages;
	struct slab *debug_partial, *debug_full;
};

static inline void slab_list_push(struct slab **head, struct slab *s)
{
	s->prev = NULL;
	s->next = *head;
	if (*head)
		(*head)->prev = s;
	*head = s;
}

static inline void slab_list_remove(struct slab **head, struct slab *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		*head = s->next;
	if (s->next)
		s->next->prev = s->prev;
	s->prev = s->next = NULL;
}

static inline u32 slab_round_up(u32 v, u32 a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Slots per slab and pages per slab for c->stride and c->first (slab.c). */
int slab_layout(struct kmem_cache *c);

#endif
