/*
 * The kernel heap.  Small blocks come from nine power-of-two slab caches,
 * 8 B to 2 KiB; a block of n bytes comes from the smallest class >= n, so
 * at most half of it is wasted.  Bigger blocks are runs of whole contiguous
 * pages (the direct map makes physically contiguous virtually contiguous).
 *
 * kfree needs no header: the page allocator's owner word of the block's page
 * says what it is.  An even word is a slab (mm/slab.c); an odd word is a
 * big block: (pages << 1) | 1 on its first page, 1 on the others.
 */
#include "mm/kheap.h"
#include "arch/i386/memlayout.h"
#include "kernel/panic.h"
#include "mm/pmm.h"
#include "mm/slab.h"
#include "mm/slab_debug.h"
#include "lib/string.h"

#define KHEAP_MIN_SHIFT 3  /* 8 bytes */
#define KHEAP_MAX_SHIFT 11 /* 2 KiB */
#define KHEAP_CLASSES (KHEAP_MAX_SHIFT - KHEAP_MIN_SHIFT + 1)

static struct kmem_cache *classes[KHEAP_CLASSES];
static const char *const class_names[KHEAP_CLASSES] = {
    "kmalloc-8",   "kmalloc-16",  "kmalloc-32",	  "kmalloc-64",	  "kmalloc-128",
    "kmalloc-256", "kmalloc-512", "kmalloc-1024", "kmalloc-2048",
};

void kheap_init(void)
{
	for (unsigned i = 0; i < KHEAP_CLASSES; i++) {
		if (classes[i])
			continue;
		classes[i] = kmem_cache_create(class_names[i], 1u << (i + KHEAP_MIN_SHIFT), 0);
		if (!classes[i])
			panic("kheap: cannot create %s", class_names[i]);
	}
}

static unsigned class_of(size_t n)
{
	unsigned shift = KHEAP_MIN_SHIFT;
	while (((size_t)1 << shift) < n)
		shift++;
	return shift - KHEAP_MIN_SHIFT;
}

void *kmalloc(size_t n)
{
	if (unlikely(!classes[KHEAP_CLASSES - 1]))
		kheap_init();
	if (n <= (1u << KHEAP_MAX_SHIFT))
		return kmem_cache_alloc(classes[class_of(n ? n : 1)]);
	if (n > DIRECT_MAP_LIMIT)
		return NULL;
	u32 pages = (u32)((n + PAGE_SIZE - 1) / PAGE_SIZE);
	u32 phys = pmm_alloc_pages(pages);
	if (!phys)
		return NULL;
	pmm_set_owner(phys, (pages << 1) | 1);
	for (u32 i = 1; i < pages; i++)
		pmm_set_owner(phys + i * PAGE_SIZE, 1);
	return PHYS_TO_VIRT(phys);
}

void *kzalloc(size_t n)
{
	void *p = kmalloc(n);
	if (p)
		memset(p, 0, n);
	return p;
}

/* Pages of the big block at p, or 0 if p is not the start of one. */
static u32 big_block_pages(const void *p)
{
	if ((u32)p < KERNEL_VMA || ((u32)p & (PAGE_SIZE - 1)))
		return 0;
	u32 owner = pmm_get_owner(VIRT_TO_PHYS(p));
	return (owner & 1) ? owner >> 1 : 0;
}

static bool is_class(const struct kmem_cache *c)
{
	for (unsigned i = 0; i < KHEAP_CLASSES; i++)
		if (classes[i] == c)
			return true;
	return false;
}

/*
 * kfree's cold path: a block of a debug cache (slub_debug) is no slab for
 * kmem_cache_of, so it comes here; anything else is the caller's bug.
 */
static __attribute__((noinline, cold)) void kfree_other(void *p)
{
	struct kmem_cache *c = slab_debug_cache_of(p);
	if (c && is_class(c)) {
		kmem_cache_free(c, p);
		return;
	}
	if (c)
		panic("kfree(%p): an object of cache %s, not of the heap", p, kmem_cache_name(c));
	panic("kfree(%p): not a block of the kernel heap", p);
}

void kfree(void *p)
{
	if (!p)
		return;
	struct kmem_cache *c = kmem_cache_of(p);
	if (c) {
		/* An object of another cache is a bug of the caller: say so. */
		for (unsigned i = 0; i < KHEAP_CLASSES; i++)
			if (classes[i] == c) {
				kmem_cache_free(c, p);
				return;
			}
		panic("kfree(%p): an object of cache %s, not of the heap", p, kmem_cache_name(c));
	}
	u32 pages = big_block_pages(p);
	if (!pages) {
		kfree_other(p);
		return;
	}
	pmm_free_pages(VIRT_TO_PHYS(p), pages);
}

size_t ksize(const void *p)
{
	struct kmem_cache *c = kmem_cache_of(p);
	if (!c)
		c = slab_debug_cache_of(p);
	if (c) {
		struct kmem_cache_stats st;
		kmem_cache_get_stats(c, &st);
		return st.object_size;
	}
	return (size_t)big_block_pages(p) * PAGE_SIZE;
}
