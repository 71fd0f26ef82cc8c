/*
 * Page allocator tests: exact free counts, zeroed pages, every page handed
 * out once and only from available RAM, and a clean NULL when memory runs out.
 */
#include "arch/i386/memlayout.h"
#include "kernel/bootinfo.h"
#include "mm/kheap.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "mm/slab.h"

extern char __kernel_phys_start[], __kernel_end[];

static bool page_is_zero(u32 phys)
{
	const u32 *w = PHYS_TO_VIRT(phys);
	for (unsigned i = 0; i < PAGE_SIZE / 4; i++)
		if (w[i])
			return false;
	return true;
}

/* Is the page inside available RAM and outside everything reserved at boot? */
static bool page_allowed(u32 phys)
{
	u64 start = phys, end = (u64)phys + PAGE_SIZE;
	bool in_ram = false;
	if (end > DIRECT_MAP_LIMIT || start < 0x100000)
		return false;
	if (start < VIRT_TO_PHYS(__kernel_end) && end > (u32)__kernel_phys_start)
		return false;
	for (unsigned i = 0; i < boot_info.module_count; i++)
		if (start < boot_info.modules[i].phys_end && end > boot_info.modules[i].phys_start)
			return false;
	for (unsigned i = 0; i < boot_info.mmap_count; i++) {
		const struct boot_mmap_region *r = &boot_info.mmap[i];
		bool overlaps = start < r->base + r->length && end > r->base;
		if (r->type != 1 && overlaps)
			return false;
		if (r->type == 1 && start >= r->base && end <= r->base + r->length)
			in_ram = true;
	}
	return in_ram;
}

static void test_round_trip_restores_count(struct ktest *t)
{
	u32 before = pmm_free_count();
	KASSERT_TRUE(t, before > 0 && before <= pmm_total_count());
	u32 a = pmm_alloc_page();
	KASSERT_TRUE(t, a != 0);
	KEXPECT_EQ(t, pmm_free_count(), before - 1);
	KEXPECT_EQ(t, a & (PAGE_SIZE - 1), 0);
	KEXPECT_TRUE(t, pmm_page_managed(a));
	KEXPECT_TRUE(t, page_allowed(a));
	KEXPECT_TRUE(t, page_is_zero(a));
	u32 *w = PHYS_TO_VIRT(a);
	for (unsigned i = 0; i < PAGE_SIZE / 4; i++)
		w[i] = 0xDEADBEEF ^ i;
	pmm_free_page(a);
	KEXPECT_EQ(t, pmm_free_count(), before);

	/* The dirty page comes back zeroed (pages are zeroed on the way out). */
	u32 pages[64];
	for (unsigned i = 0; i < 64; i++) {
		pages[i] = pmm_alloc_page();
		KASSERT_TRUE(t, pages[i] != 0);
		KEXPECT_TRUE(t, page_is_zero(pages[i]));
		*(u32 *)PHYS_TO_VIRT(pages[i]) = i + 1;
	}
	KEXPECT_EQ(t, pmm_free_count(), before - 64);
	for (unsigned i = 0; i < 64; i++)
		KEXPECT_EQ(t, *(u32 *)PHYS_TO_VIRT(pages[i]), i + 1);
	for (unsigned i = 64; i-- > 0;)
		pmm_free_page(pages[i]);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_contiguous_runs(struct ktest *t)
{
	u32 before = pmm_free_count();
	u32 run = pmm_alloc_pages(16);
	KASSERT_TRUE(t, run != 0);
	KEXPECT_EQ(t, pmm_free_count(), before - 16);
	for (u32 i = 0; i < 16; i++) {
		KEXPECT_TRUE(t, page_allowed(run + i * PAGE_SIZE));
		KEXPECT_TRUE(t, page_is_zero(run + i * PAGE_SIZE));
	}
	/* A single page is never inside the run. */
	u32 one = pmm_alloc_page();
	KEXPECT_TRUE(t, one < run || one >= run + 16 * PAGE_SIZE);
	pmm_free_page(one);
	pmm_free_pages(run, 16);
	KEXPECT_EQ(t, pmm_free_count(), before);
	KEXPECT_EQ(t, pmm_alloc_pages(0), 0);
	KEXPECT_EQ(t, pmm_alloc_pages(pmm_total_count() + 1), 0);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

/*
 * Take every free page: each must be distinct (checked in a bitmap of every
 * page of the direct map), inside available RAM and zeroed.  Then memory is out:
 * every allocator says so with 0/NULL, and giving everything back restores
 * the count exactly.  The allocated pages are chained through their first
 * word, so the test needs no memory of its own beyond the bitmap.
 */
static void test_exhaust_every_page(struct ktest *t)
{
	const u32 bitmap_pages = (DIRECT_MAP_LIMIT / PAGE_SIZE / 8 + PAGE_SIZE - 1) / PAGE_SIZE;
	u32 start = pmm_free_count();
	u32 bitmap_phys = pmm_alloc_pages(bitmap_pages);
	KASSERT_TRUE(t, bitmap_phys != 0);
	u32 *seen = PHYS_TO_VIRT(bitmap_phys);
	struct kmem_cache *c = kmem_cache_create("ktest-oom", 100, 0);
	KASSERT_TRUE(t, c != NULL);
	u32 before = pmm_free_count();

	u32 head = 0, count = 0, duplicates = 0, outside = 0, dirty = 0;
	for (u32 p; (p = pmm_alloc_page()) != 0; count++) {
		u32 page = p / PAGE_SIZE;
		if (seen[page / 32] & (1u << (page % 32)))
			duplicates++;
		seen[page / 32] |= 1u << (page % 32);
		if (!page_allowed(p))
			outside++;
		const u32 *w = PHYS_TO_VIRT(p);
		if (w[0] || w[PAGE_SIZE / 8] || w[PAGE_SIZE / 4 - 1])
			dirty++;
		*(u32 *)PHYS_TO_VIRT(p) = head;
		head = p;
	}
	KEXPECT_EQ(t, count, before);
	KEXPECT_EQ(t, pmm_free_count(), 0);
	KEXPECT_EQ(t, duplicates, 0);
	KEXPECT_EQ(t, outside, 0);
	KEXPECT_EQ(t, dirty, 0);

	/* Out of memory: NULL everywhere, nothing changes. */
	KEXPECT_EQ(t, pmm_alloc_page(), 0);
	KEXPECT_EQ(t, pmm_alloc_pages(2), 0);
	KEXPECT_TRUE(t, kmalloc(3 * PAGE_SIZE) == NULL);
	KEXPECT_TRUE(t, kmem_cache_alloc(c) == NULL);
	struct kmem_cache_stats st;
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, 0);
	KEXPECT_EQ(t, st.pages, 0);
	KEXPECT_EQ(t, pmm_free_count(), 0);

	/* Give back; the chain must be intact (nobody wrote into our pages). */
	u32 freed = 0;
	while (head) {
		u32 next = *(u32 *)PHYS_TO_VIRT(head);
		pmm_free_page(head);
		head = next;
		freed++;
	}
	KEXPECT_EQ(t, freed, count);
	KEXPECT_EQ(t, pmm_free_count(), before);

	/* Memory works again. */
	void *obj = kmem_cache_alloc(c);
	KEXPECT_TRUE(t, obj != NULL);
	kmem_cache_free(c, obj);
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
	pmm_free_pages(bitmap_phys, bitmap_pages);
	KEXPECT_EQ(t, pmm_free_count(), start);
}

static void test_owner_words(struct ktest *t)
{
	u32 p = pmm_alloc_page();
	KASSERT_TRUE(t, p != 0);
	KEXPECT_EQ(t, pmm_get_owner(p), 0);
	pmm_set_owner(p, 0x1235);
	KEXPECT_EQ(t, pmm_get_owner(p), 0x1235);
	pmm_free_page(p);
	KEXPECT_EQ(t, pmm_get_owner(p), 0); /* freeing clears it */
	KEXPECT_FALSE(t, pmm_page_managed(0));
	KEXPECT_FALSE(t, pmm_page_managed(0xB8000));
	KEXPECT_FALSE(t, pmm_page_managed((u32)__kernel_phys_start));
	KEXPECT_FALSE(t, pmm_page_managed(VIRT_TO_PHYS(__kernel_end) - PAGE_SIZE));
}

KTEST_SUITE(pmm, KTEST_CASE(test_round_trip_restores_count), KTEST_CASE(test_contiguous_runs),
	    KTEST_CASE(test_exhaust_every_page), KTEST_CASE(test_owner_words));
