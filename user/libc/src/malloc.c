/*
 * malloc on brk: boundary tags and size-class bins.
 *
 * The heap is one run of chunks from the first break to the current break,
 * ended by a sentinel header marked in use.  Each chunk starts with a header
 *     prev_size  size of the previous chunk, valid only while that one is free
 *     size       this chunk's size, a multiple of 16, | IN_USE | PREV_IN_USE
 * and the payload follows at +8.  Chunks start at 8 mod 16, so payloads are
 * 16-byte aligned (what any C type on i386 needs).
 *
 * Invariants: no two free chunks are adjacent (free() merges them at once);
 * a chunk's PREV_IN_USE bit tells whether the chunk before it is in use, and
 * if not, prev_size holds that chunk's size; every free chunk is in exactly
 * one bin, the bin of floor(log2(size)).  malloc takes the first chunk that
 * fits from the smallest bin that may hold one, splits off the rest, and
 * grows the heap with sbrk when nothing fits.
 *
 * One lock (the libc's, thread.h) covers the heap: every public function
 * takes it and works through the *_locked ones.  fork takes it too, so that
 * the child's heap is never caught half-changed.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "thread.h"

struct chunk {
	size_t prev_size;
	size_t size;
	/* free chunks only, in the payload: */
	struct chunk *next;
	struct chunk *prev;
};

#define HEADER 8u
#define ALIGN 16u
#define MIN_CHUNK 16u
#define IN_USE 1u
#define PREV_IN_USE 2u
#define FLAGS (IN_USE | PREV_IN_USE)
#define GROW_MIN (64u * 1024u)
#define NBINS 32

static struct chunk *bins[NBINS];
static struct chunk *sentinel; /* the header at the end of the heap */

static size_t chunk_size(const struct chunk *c)
{
	return c->size & ~(size_t)FLAGS;
}

static struct chunk *chunk_after(struct chunk *c)
{
	return (struct chunk *)((char *)c + chunk_size(c));
}

static struct chunk *chunk_of(void *p)
{
	return (struct chunk *)((char *)p - HEADER);
}

static void *payload(struct chunk *c)
{
	return (char *)c + HEADER;
}

static int bin_of(size_t size)
{
	return 31 - __builtin_clz((unsigned int)size);
}

static void bin_insert(struct chunk *c)
{
	int b = bin_of(chunk_size(c));

	c->prev = NULL;
	c->next = bins[b];
	if (bins[b])
		bins[b]->prev = c;
	bins[b] = c;
}

static void bin_remove(struct chunk *c)
{
	if (c->prev)
		c->prev->next = c->next;
	else
		bins[bin_of(chunk_size(c))] = c->next;
	if (c->next)
		c->next->prev = c->prev;
}

/* Mark c (of size bytes) free, tell its successor, and bin it. */
static void make_free(struct chunk *c, size_t size)
{
	struct chunk *after;

	c->size = size | (c->size & PREV_IN_USE);
	after = chunk_after(c);
	after->prev_size = size;
	after->size &= ~(size_t)PREV_IN_USE;
	bin_insert(c);
}

/* Free c, merging it with free neighbours. */
static void release(struct chunk *c)
{
	size_t size = chunk_size(c);
	struct chunk *after = chunk_after(c);

	if (!(after->size & IN_USE)) {
		bin_remove(after);
		size += chunk_size(after);
	}
	if (!(c->size & PREV_IN_USE)) {
		struct chunk *before = (struct chunk *)((char *)c - c->prev_size);

		bin_remove(before);
		size += chunk_size(before);
		c = before;
	}
	make_free(c, size);
}

/* Use the first `need` bytes of in-use chunk c; free the rest if big enough. */
static void trim(struct chunk *c, size_t need)
{
	size_t size = chunk_size(c);
	struct chunk *rest;

	if (size - need < MIN_CHUNK)
		return;
	c->size = need | (c->size & FLAGS);
	rest = chunk_after(c);
	rest->size = (size - need) | IN_USE | PREV_IN_USE;
	release(rest);
}

/*
 * Grow the heap by at least need bytes; the new space is one free chunk.
 * Normally it continues the heap, and the old sentinel becomes its header.
 * If the program moved the break itself meanwhile (sbrk), the new space
 * starts elsewhere: the foreign gap becomes a chunk that stays in use for
 * ever, so the run of chunks stays unbroken.
 */
static int grow(size_t need)
{
	size_t bytes = need < GROW_MIN ? GROW_MIN : (need + 4095u) & ~4095u, size;
	char *base;
	struct chunk *c;

	if (need > SIZE_MAX / 2)
		return -1;
	if (!sentinel) {
		/* First call: align the start so that chunks sit at 8 mod 16. */
		uintptr_t start = (uintptr_t)sbrk(0);
		uintptr_t first = ((start + HEADER + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1)) - HEADER;

		if (sbrk((intptr_t)(first - start + HEADER)) == (void *)-1)
			return -1;
		sentinel = (struct chunk *)first;
		sentinel->size = 0 | IN_USE | PREV_IN_USE;
	}
	base = sbrk((intptr_t)(bytes + ALIGN));
	if (base == (void *)-1)
		return -1;
	if (base == (char *)sentinel + HEADER) {
		c = sentinel;
		size = bytes + ALIGN;
	} else {
		uintptr_t start = ((uintptr_t)base + HEADER + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1);

		c = (struct chunk *)(start - HEADER);
		sentinel->size = (size_t)((char *)c - (char *)sentinel) | IN_USE |
				 (sentinel->size & PREV_IN_USE);
		c->size = PREV_IN_USE;
		size = (size_t)(base + bytes + ALIGN - HEADER - (char *)c) & ~(size_t)(ALIGN - 1);
	}
	c->size = size | IN_USE | (c->size & PREV_IN_USE);
	sentinel = chunk_after(c);
	sentinel->size = 0 | IN_USE;
	release(c);
	return 0;
}

static size_t request_size(size_t n)
{
	if (n > SIZE_MAX / 2)
		return 0;
	n = (n + HEADER + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	return n < MIN_CHUNK ? MIN_CHUNK : n;
}

static struct chunk *find_fit(size_t need)
{
	int b;

	for (b = bin_of(need); b < NBINS; b++) {
		struct chunk *c;

		for (c = bins[b]; c; c = c->next)
			if (chunk_size(c) >= need)
				return c;
	}
	return NULL;
}

static volatile int heap_lock;

void __malloc_lock(void)
{
	lock(&heap_lock);
}

void __malloc_unlock(void)
{
	unlock(&heap_lock);
}

void __malloc_fork_child(void)
{
	heap_lock = 0;
}

static void *malloc_locked(size_t n)
{
	size_t need = request_size(n);
	struct chunk *c;

	if (!need) {
		errno = ENOMEM;
		return NULL;
	}
	c = find_fit(need);
	if (!c) {
		if (grow(need) < 0) {
			errno = ENOMEM;
			return NULL;
		}
		c = find_fit(need);
	}
	bin_remove(c);
	c->size |= IN_USE;
	chunk_after(c)->size |= PREV_IN_USE;
	trim(c, need);
	return payload(c);
}

static __attribute__((noreturn)) void heap_misuse(const char *what, void *p)
{
	dprintf(STDERR_FILENO, "%s(): invalid pointer %p\n", what, p);
	abort();
}

static struct chunk *owned_chunk(void *p, const char *what)
{
	struct chunk *c = chunk_of(p);

	if (((uintptr_t)p & (ALIGN - 1)) || !sentinel || c >= sentinel || !(c->size & IN_USE))
		heap_misuse(what, p);
	return c;
}

void *malloc(size_t n)
{
	void *p;

	lock(&heap_lock);
	p = malloc_locked(n);
	unlock(&heap_lock);
	return p;
}

void free(void *p)
{
	if (!p)
		return;
	lock(&heap_lock);
	release(owned_chunk(p, "free"));
	unlock(&heap_lock);
}

void *calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	p = malloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

static void *realloc_locked(void *p, size_t n)
{
	struct chunk *c, *after;
	size_t need, have;
	void *q;

	if (!p)
		return malloc_locked(n);
	c = owned_chunk(p, "realloc");
	need = request_size(n);
	if (!need) {
		errno = ENOMEM;
		return NULL;
	}
	have = chunk_size(c);
	after = chunk_after(c);
	if (have < need && !(after->size & IN_USE) && have + chunk_size(after) >= need) {
		bin_remove(after);
		c->size += chunk_size(after);
		chunk_after(c)->size |= PREV_IN_USE;
		have = chunk_size(c);
	}
	if (have >= need) {
		trim(c, need);
		return p;
	}
	q = malloc_locked(n);
	if (!q)
		return NULL;
	memcpy(q, p, have - HEADER);
	release(c);
	return q;
}

void *realloc(void *p, size_t n)
{
	void *q;

	lock(&heap_lock);
	q = realloc_locked(p, n);
	unlock(&heap_lock);
	return q;
}

void *reallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	return realloc(p, n * size);
}

/*
 * Memory aligned beyond 16: take more than needed, then give the chunk's
 * head back to the heap so that the payload starts on the boundary.
 */
static int memalign_locked(void **out, size_t align, size_t size)
{
	char *p;
	struct chunk *c, *aligned;
	uintptr_t want;
	size_t gap;

	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	if (align <= ALIGN) {
		*out = malloc_locked(size);
		return *out ? 0 : ENOMEM;
	}
	if (size > SIZE_MAX / 2 - align || !(p = malloc_locked(size + align + MIN_CHUNK)))
		return ENOMEM;
	if (((uintptr_t)p & (align - 1)) == 0) {
		*out = p;
		return 0;
	}
	/* The head given back must be a whole chunk: at least MIN_CHUNK. */
	c = chunk_of(p);
	want = ((uintptr_t)p + MIN_CHUNK + align - 1) & ~(uintptr_t)(align - 1);
	aligned = chunk_of((void *)want);
	gap = (size_t)((char *)aligned - (char *)c);
	aligned->size = (chunk_size(c) - gap) | IN_USE | PREV_IN_USE;
	c->size = gap | (c->size & FLAGS);
	release(c);
	trim(aligned, request_size(size));
	*out = payload(aligned);
	return 0;
}

int posix_memalign(void **out, size_t align, size_t size)
{
	int err;

	lock(&heap_lock);
	err = memalign_locked(out, align, size);
	unlock(&heap_lock);
	return err;
}

void *aligned_alloc(size_t align, size_t size)
{
	void *p;
	int err = posix_memalign(&p, align, size);

	if (err) {
		errno = err;
		return NULL;
	}
	return p;
}

/* malloc_usable_size (src/malloc_usable_size.c): the payload of p's chunk. */
size_t __malloc_payload_size(void *p)
{
	size_t n;

	lock(&heap_lock);
	n = chunk_size(owned_chunk(p, "malloc_usable_size")) - HEADER;
	unlock(&heap_lock);
	return n;
}
