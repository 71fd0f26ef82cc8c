/* The id allocator (lib/idr.h has the structure and its invariants). */
#include "lib/idr.h"
#include <abi/errno.h>
#include <limits.h>

#define ALL_FULL 0xFFFFFFFFu

void idr_init_range(struct idr *idr, int min_id, int max_id, void *(*alloc_layer)(size_t),
		    void (*free_layer)(void *))
{
	idr->top = NULL;
	idr->levels = 0;
	idr->min_id = min_id;
	idr->max_id = max_id;
	idr->next = min_id;
	idr->count = 0;
	idr->layers = 0;
	idr->nspare = 0;
	idr->alloc_layer = alloc_layer;
	idr->free_layer = free_layer;
}

void idr_init(struct idr *idr, void *(*alloc_layer)(size_t), void (*free_layer)(void *))
{
	idr_init_range(idr, 1, INT_MAX, alloc_layer, free_layer);
}

/* Ids below this fit in a tree of `levels` levels (as a 64-bit count). */
static u64 idr_capacity(int levels)
{
	return (u64)1 << (IDR_BITS * levels);
}

static unsigned slot_index(u64 id, int level)
{
	return (unsigned)(id >> (IDR_BITS * level)) & (IDR_SLOTS - 1);
}

/*
 * The same for an id in use or to be used (0 <= id <= INT_MAX): in 32
 * bits, a level's shift being at most 30.  The lookups below take it: the
 * 64-bit shifts made idr_find 59 guest instructions for a 2-level tree
 * (make profile-path PATH_NAME=timer_gettime).
 */
static unsigned slot32(u32 id, int level)
{
	return (id >> (IDR_BITS * level)) & (IDR_SLOTS - 1);
}

/* The leaf layer of id, with the layers above it in path[1..] (when path is
 * given); NULL if id is outside the range or the tree has no leaf for it. */
static inline __attribute__((always_inline)) struct idr_layer *
leaf_of(const struct idr *idr, int id, struct idr_layer **path)
{
	struct idr_layer *l = idr->top;
	int bits = IDR_BITS * idr->levels;

	if (id < idr->min_id || id > idr->max_id || !l || (bits < 32 && ((u32)id >> bits)))
		return NULL;
	for (int level = idr->levels - 1; level > 0; level--) {
		if (path)
			path[level] = l;
		l = l->slot[slot32((u32)id, level)];
		if (!l)
			return NULL;
	}
	if (path)
		path[0] = l;
	return l;
}

/*
 * The lowest free id >= start below `layer` (which covers ids from base, at
 * height `level`, 0 = leaf), or -1 if its subtree has none from start on.
 */
static s64 find_free(const struct idr_layer *layer, int level, u64 base, u64 start)
{
	for (unsigned i = slot_index(start, level); i < IDR_SLOTS; i++) {
		u64 child_base = base + ((u64)i << (IDR_BITS * level));
		u64 from = start > child_base ? start : child_base;
		if (layer->full & (1u << i))
			continue;
		if (level == 0 || !layer->slot[i])
			return (s64)from;
		s64 found = find_free(layer->slot[i], level - 1, child_base, from);
		if (found >= 0)
			return found;
	}
	return -1;
}

/* The lowest free id in [start, max_id], or -1. */
static s64 idr_search(const struct idr *idr, u64 start)
{
	s64 id = -1;

	if (start > (u64)idr->max_id)
		return -1;
	if (!idr->top || start >= idr_capacity(idr->levels))
		id = (s64)start;
	else {
		id = find_free(idr->top, idr->levels - 1, 0, start);
		if (id < 0)
			id = (s64)idr_capacity(idr->levels); /* first id above the tree */
	}
	return id <= idr->max_id ? id : -1;
}

/* A zeroed layer: a spare (D4), or a new one (alloc_layer zeroes). */
static struct idr_layer *layer_new(struct idr *idr)
{
	struct idr_layer *l;

	if (idr->nspare)
		return idr->spare[--idr->nspare];
	l = idr->alloc_layer(sizeof(*l));
	if (l)
		idr->layers++;
	return l;
}

static void layer_free(struct idr *idr, struct idr_layer *l)
{
	idr->free_layer(l);
	idr->layers--;
}

/*
 * A zeroed layer out of the tree: kept as a spare while the tree is not
 * empty (D4).  Ids go out in order, so deleting the only id of a leaf is
 * often followed by a create that needs a new one (kbench's timer_create
 * and timer_delete at any N: an allocation and a free of 264 bytes each,
 * and a search).
 */
static void layer_release(struct idr *idr, struct idr_layer *l)
{
	if (idr->count && idr->nspare < IDR_MAX_LEVELS)
		idr->spare[idr->nspare++] = l;
	else
		layer_free(idr, l);
}

/* Put ptr at id in its leaf (path[0], the layers above in path[1..]). */
static int place(struct idr *idr, struct idr_layer **path, int id, void *ptr)
{
	struct idr_layer *l = path[0];
	unsigned i = slot32((u32)id, 0);

	l->slot[i] = ptr;
	l->count++;
	l->full |= 1u << i;
	/* Propagate fullness upward while layers fill up. */
	for (int level = 1; level < idr->levels && l->full == ALL_FULL; level++) {
		path[level]->full |= 1u << slot32((u32)id, level);
		l = path[level];
	}
	idr->count++;
	idr->next = id >= idr->max_id ? idr->min_id : id + 1;
	return id;
}

/*
 * Ids go out in order, so the one after the last is nearly always free:
 * in its leaf, or in a subtree not there (all of whose ids are free), which
 * spares then make.  Either way it is the lowest free
 * id from there, and neither a search nor an allocation is needed (make
 * profile-path PATH_NAME=timer_create: 365 -> 59).  -1: the general way.
 */
static int alloc_next(struct idr *idr, void *ptr)
{
	struct idr_layer *path[IDR_MAX_LEVELS];
	struct idr_layer *l = idr->top;
	u32 id = (u32)idr->next;
	int bits = IDR_BITS * idr->levels;

	if (!l || (bits < 32 && (id >> bits)))
		return -1;
	for (int level = idr->levels - 1; level > 0; level--) {
		unsigned i = slot32(id, level);

		path[level] = l;
		if (!l->slot[i]) {
			/* a missing subtree: `level` layers down to its leaf */
			if (idr->nspare < level)
				return -1;
			l->slot[i] = idr->spare[--idr->nspare];
			l->count++;
		}
		l = l->slot[i];
	}
	if (l->slot[slot32(id, 0)])
		return -1;
	path[0] = l;
	return place(idr, path, (int)id, ptr);
}

int idr_alloc(struct idr *idr, void *ptr)
{
	struct idr_layer *spare[2 * IDR_MAX_LEVELS];
	struct idr_layer *path[IDR_MAX_LEVELS];
	int nspare = 0, need = 0, levels;
	int had_spare;
	s64 id;

	if (!ptr)
		return -EINVAL;
	id = alloc_next(idr, ptr);
	if (id >= 0)
		return (int)id;
	id = idr_search(idr, (u64)idr->next);
	if (id < 0)
		id = idr_search(idr, (u64)idr->min_id); /* wrap */
	if (id < 0)
		return -EAGAIN;

	/* Count the layers this id needs: new levels on top, missing ones below. */
	levels = idr->levels ? idr->levels : 1;
	while ((u64)id >= idr_capacity(levels))
		levels++;
	if (!idr->top) {
		need = levels;
	} else {
		/* New levels on top hold the old tree in slot 0; a path through any
		 * other slot needs every layer below that level. */
		const struct idr_layer *l = idr->top;
		int level;
		need = levels - idr->levels;
		for (level = levels - 1; level >= idr->levels; level--)
			if (slot_index((u64)id, level)) {
				need += level;
				goto counted;
			}
		for (level = idr->levels - 1; level > 0; level--) {
			l = l->slot[slot_index((u64)id, level)];
			if (!l) {
				need += level;
				break;
			}
		}
	}
counted:
	/* Allocate everything first, so that a failure leaves nothing behind. */
	had_spare = idr->nspare;
	for (; nspare < need; nspare++) {
		spare[nspare] = layer_new(idr);
		if (!spare[nspare]) {
			/* as it was: the spares, taken first, go back */
			while (nspare-- > had_spare)
				layer_free(idr, spare[nspare]);
			while (idr->nspare < had_spare)
				idr->spare[idr->nspare++] = spare[nspare--];
			return -ENOMEM;
		}
	}

	if (!idr->top) {
		/* An empty tree starts at the height the id needs. */
		idr->top = spare[--nspare];
		idr->levels = levels;
	}
	while (idr->levels < levels) {
		/* Grow upward: the old tree becomes slot 0 of a new top. */
		struct idr_layer *top = spare[--nspare];
		top->slot[0] = idr->top;
		top->count = 1;
		if (idr->top->full == ALL_FULL)
			top->full = 1;
		idr->top = top;
		idr->levels++;
	}
	struct idr_layer *l = idr->top;
	for (int level = idr->levels - 1; level > 0; level--) {
		unsigned i = slot_index((u64)id, level);
		path[level] = l;
		if (!l->slot[i]) {
			l->slot[i] = spare[--nspare];
			l->count++;
		}
		l = l->slot[i];
	}
	path[0] = l;
	return place(idr, path, (int)id, ptr);
}

void *idr_find(const struct idr *idr, int id)
{
	const struct idr_layer *l = leaf_of(idr, id, NULL);

	return l ? l->slot[slot32((u32)id, 0)] : NULL;
}

/*
 * The smallest id >= from below layer l, whose slots hold the ids from
 * base on in steps of 32^level (u64: 7 levels are 35 bits).  Every layer
 * holds something (D1), so past the slot of `from` the first taken slot
 * answers: the descent tries at most two slots per level that fail.
 */
static void *next_below(const struct idr_layer *l, int level, u64 base, u64 from, u64 *found)
{
	u64 step = (u64)1 << (IDR_BITS * level);
	u64 first = from > base ? (from - base) / step : 0;

	for (u64 i = first; i < IDR_SLOTS; i++) {
		void *p = l->slot[i];
		u64 lo = base + i * step;

		if (!p)
			continue;
		if (level == 0) {
			*found = lo;
			return p;
		}
		p = next_below(p, level - 1, lo, from > lo ? from : lo, found);
		if (p)
			return p;
	}
	return NULL;
}

void *idr_get_next(const struct idr *idr, int *id)
{
	u64 from = *id < idr->min_id ? (u64)idr->min_id : (u64)*id, found = 0;
	void *p;

	if (!idr->top || from > (u64)idr->max_id)
		return NULL;
	p = next_below(idr->top, idr->levels - 1, 0, from, &found);
	if (p)
		*id = (int)found;
	return p;
}

void *idr_remove(struct idr *idr, int id)
{
	struct idr_layer *path[IDR_MAX_LEVELS];
	struct idr_layer *l = leaf_of(idr, id, path);
	void *ptr;

	if (!l)
		return NULL;
	unsigned i = slot32((u32)id, 0);
	ptr = l->slot[i];
	if (!ptr)
		return NULL;
	l->slot[i] = NULL;
	l->count--;
	l->full &= ~(1u << i);
	/* Not full any more on the whole path; free the layers that emptied. */
	for (int level = 1; level < idr->levels; level++)
		path[level]->full &= ~(1u << slot32((u32)id, level));
	for (int level = 0; level < idr->levels; level++) {
		if (path[level]->count)
			break;
		layer_release(idr, path[level]);
		if (level + 1 < idr->levels) {
			path[level + 1]->slot[slot32((u32)id, level + 1)] = NULL;
			path[level + 1]->count--;
		} else {
			idr->top = NULL;
			idr->levels = 0;
		}
	}
	if (!--idr->count) /* D4: no spares for an empty tree */
		while (idr->nspare)
			layer_free(idr, idr->spare[--idr->nspare]);
	return ptr;
}

/* Check a subtree; returns its ids in use, or a negative code. */
static long check_layer(const struct idr_layer *l, int level, u32 *layers)
{
	long ids = 0;
	u32 count = 0, full = 0;

	(*layers)++;
	for (unsigned i = 0; i < IDR_SLOTS; i++) {
		if (!l->slot[i])
			continue;
		count++;
		if (level == 0) {
			ids++;
			full |= 1u << i;
			continue;
		}
		const struct idr_layer *child = l->slot[i];
		long n = check_layer(child, level - 1, layers);
		if (n < 0)
			return n;
		ids += n;
		if (child->full == ALL_FULL)
			full |= 1u << i;
	}
	if (count != l->count)
		return IDR_CHECK_COUNT;
	if (count == 0)
		return IDR_CHECK_EMPTY_LAYER;
	if (full != l->full)
		return IDR_CHECK_FULL;
	return ids;
}

int idr_check(const struct idr *idr)
{
	u32 layers = 0;
	long ids = 0;

	if (idr->top) {
		ids = check_layer(idr->top, idr->levels - 1, &layers);
		if (ids < 0)
			return (int)ids;
	}
	if ((u32)ids != idr->count)
		return IDR_CHECK_TOTAL;
	if (idr->nspare && !idr->count)
		return IDR_CHECK_SPARE;
	for (int k = 0; k < idr->nspare; k++) {
		const struct idr_layer *sp = idr->spare[k];

		if (sp->count || sp->full)
			return IDR_CHECK_SPARE;
		for (unsigned i = 0; i < IDR_SLOTS; i++)
			if (sp->slot[i])
				return IDR_CHECK_SPARE;
		layers++;
	}
	if (layers != idr->layers)
		return IDR_CHECK_LAYERS;
	return 0;
}
