/*
 * Slab debugging tests (mm/slab_debug.h), on caches made with
 * kmem_cache_create_debug whatever the command line says.  The checker
 * returns its report, so a write after free or over a red zone is found
 * and inspected here without the panic the allocator's own paths end in
 * (those are test-mm-misuse's cases).
 */
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include "mm/slab.h"
#include "mm/slab_debug.h"

/* True if the first frame of trace is inside the function `name`. */
static bool trace_starts_in(const u32 *trace, const char *name)
{
	u32 offset;
	const char *sym = trace[0] ? ksym_lookup(trace[0], &offset) : NULL;
	return sym && !strcmp(sym, name);
}

static __attribute__((noinline)) void free_it(struct kmem_cache *c, void *p)
{
	kmem_cache_free(c, p);
}

static void test_write_after_free_found(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create_debug("ktest-uaf", 100, 0);
	KASSERT_TRUE(t, c != NULL);
	u8 *obj = kmem_cache_alloc(c);
	KASSERT_TRUE(t, obj != NULL);
	struct slab_debug_report r;
	KEXPECT_FALSE(t, slab_debug_check(obj, &r)); /* allocated, red zones intact */
	KEXPECT_TRUE(t, trace_starts_in(r.alloc_trace, "test_write_after_free_found"));

	memset(obj, 0, 100);
	free_it(c, obj);
	KEXPECT_FALSE(t, slab_debug_check(obj, &r)); /* freed: poisoned, untouched */
	KEXPECT_EQ(t, obj[0], SLAB_POISON_FREE);
	KEXPECT_EQ(t, obj[99], SLAB_POISON_FREE);

	obj[37] = 0x42; /* the write after free */
	KEXPECT_TRUE(t, slab_debug_check(obj, &r));
	KEXPECT_EQ(t, r.bug, SLAB_BUG_WRITE_AFTER_FREE);
	KEXPECT_TRUE(t, r.cache && !strcmp(r.cache, "ktest-uaf"));
	KEXPECT_TRUE(t, r.object == obj);
	KEXPECT_EQ(t, r.size, 100);
	KEXPECT_EQ(t, r.offset, 37);
	KEXPECT_EQ(t, r.found, 0x42);
	KEXPECT_EQ(t, r.expected, SLAB_POISON_FREE);
	KEXPECT_TRUE(t, trace_starts_in(r.free_trace, "free_it"));
	slab_debug_report_print(&r); /* what the panic would say */

	obj[37] = SLAB_POISON_FREE; /* mend it, or leaving the quarantine panics */
	KEXPECT_FALSE(t, slab_debug_check(obj, &r));
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
}

static void test_red_zones_found(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create_debug("ktest-redzone", 24, 8);
	KASSERT_TRUE(t, c != NULL);
	u8 *obj = kmem_cache_alloc(c);
	KASSERT_TRUE(t, obj != NULL);
	struct slab_debug_report r;

	obj[24] = 1; /* one byte past the end */
	KEXPECT_TRUE(t, slab_debug_check(obj, &r));
	KEXPECT_EQ(t, r.bug, SLAB_BUG_RED_ZONE);
	KEXPECT_EQ(t, r.offset, 24);
	KEXPECT_EQ(t, r.found, 1);
	KEXPECT_EQ(t, r.expected, SLAB_RED_ZONE);
	obj[24] = SLAB_RED_ZONE;

	obj[-1] = 2; /* one byte before the start */
	KEXPECT_TRUE(t, slab_debug_check(obj, &r));
	KEXPECT_EQ(t, r.bug, SLAB_BUG_RED_ZONE);
	KEXPECT_EQ(t, r.offset, -1);
	KEXPECT_EQ(t, r.found, 2);
	obj[-1] = SLAB_RED_ZONE;

	memset(obj, 0x5a, 24); /* the whole object is the caller's */
	KEXPECT_FALSE(t, slab_debug_check(obj, &r));
	KEXPECT_TRUE(t, slab_debug_check(obj + 1, &r)); /* not an object's start */
	KEXPECT_EQ(t, r.bug, SLAB_BUG_NOT_OBJECT);
	kmem_cache_free(c, obj);
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
}

/* A freed object is not handed out again while it is in the quarantine;
 * once the quarantine has moved on, its slab goes back to the allocator. */
static void test_quarantine_delays_reuse(struct ktest *t)
{
	slab_debug_drain(); /* with slub_debug, other caches' objects too */
	u32 pages_before = pmm_free_count();
	struct kmem_cache *c = kmem_cache_create_debug("ktest-quarantine", 32, 0);
	KASSERT_TRUE(t, c != NULL);
	void *first = kmem_cache_alloc(c);
	KASSERT_TRUE(t, first != NULL);
	kmem_cache_free(c, first);
	u32 in_quarantine = slab_debug_quarantined();
	KEXPECT_GE(t, in_quarantine, 1);

	bool reused = false;
	for (unsigned i = 0; i < SLAB_QUARANTINE_OBJECTS / 2; i++) {
		void *p = kmem_cache_alloc(c);
		KASSERT_TRUE(t, p != NULL);
		reused |= p == first;
		kmem_cache_free(c, p);
	}
	KEXPECT_FALSE(t, reused);
	struct kmem_cache_stats st;
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, 0); /* the quarantine is not "in use" */
	KEXPECT_EQ(t, st.object_size, 32);

	slab_debug_drain();
	KEXPECT_EQ(t, slab_debug_quarantined(), 0);
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.pages, 0);
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
	KEXPECT_EQ(t, pmm_free_count(), pages_before);
}

/* kmalloc's caches are debug caches only with slub_debug; whatever they
 * are, kfree and ksize must take their blocks. */
static void test_kmalloc_either_way(struct ktest *t)
{
	char *p = kmalloc(100);
	KASSERT_TRUE(t, p != NULL);
	KEXPECT_GE(t, ksize(p), 100);
	memset(p, 1, ksize(p));
	kfree(p);
}

/* An object that leaves no room for red zones in 8 pages gets an ordinary
 * cache instead of none. */
static void test_too_big_for_red_zones(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create_debug("ktest-huge", 32640, 0);
	KASSERT_TRUE(t, c != NULL);
	void *obj = kmem_cache_alloc(c);
	KASSERT_TRUE(t, obj != NULL);
	KEXPECT_TRUE(t, kmem_cache_of(obj) == c); /* an ordinary cache's object */
	KEXPECT_TRUE(t, slab_debug_cache_of(obj) == NULL);
	kmem_cache_free(c, obj);
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
}

KTEST_SUITE(slab_debug, KTEST_CASE(test_write_after_free_found), KTEST_CASE(test_red_zones_found),
	    KTEST_CASE(test_quarantine_delays_reuse), KTEST_CASE(test_kmalloc_either_way),
	    KTEST_CASE(test_too_big_for_red_zones));

/* ---- explicit: the allocator's own paths must panic (test-mm-misuse) ------ */

static void test_panic_write_after_free(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create_debug("ktest-uaf-panic", 64, 0);
	KASSERT_TRUE(t, c != NULL);
	u32 *obj = kmem_cache_alloc(c);
	KASSERT_TRUE(t, obj != NULL);
	free_it(c, obj);
	obj[5] = 0; /* offset 20 */
	slab_debug_drain(); /* leaves the quarantine: panics */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_slab_write_after_free, KTEST_EXPLICIT,
		  KTEST_CASE(test_panic_write_after_free));

static void test_panic_red_zone(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create_debug("ktest-redzone-panic", 40, 0);
	KASSERT_TRUE(t, c != NULL);
	u8 *obj = kmem_cache_alloc(c);
	KASSERT_TRUE(t, obj != NULL);
	obj[40] = 0; /* off by one */
	kmem_cache_free(c, obj); /* panics */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_slab_red_zone, KTEST_EXPLICIT, KTEST_CASE(test_panic_red_zone));

static void test_panic_double_free(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create_debug("ktest-double-panic", 40, 0);
	KASSERT_TRUE(t, c != NULL);
	void *obj = kmem_cache_alloc(c);
	KASSERT_TRUE(t, obj != NULL);
	kmem_cache_free(c, obj);
	kmem_cache_free(c, obj); /* panics: the object is in the quarantine */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_slab_double_free, KTEST_EXPLICIT, KTEST_CASE(test_panic_double_free));
