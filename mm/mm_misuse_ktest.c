/*
 * Misuse of the allocators must stop the kernel with a clear panic, not
 * corrupt memory quietly.  Each suite below ends in a panic on purpose, so
 * they are KTEST_EXPLICIT; the layer test-mm-misuse (mk/mm.mk) boots each
 * one and checks that the panic names the mistake.
 */
#include "mm/kheap.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "mm/slab.h"

static void test_page_double_free(struct ktest *t)
{
	u32 p = pmm_alloc_page();
	KASSERT_TRUE(t, p != 0);
	pmm_free_page(p);
	pmm_free_page(p); /* panics */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_page_double_free, KTEST_EXPLICIT, KTEST_CASE(test_page_double_free));

static void test_object_double_free(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create("ktest-misuse", 32, 0);
	KASSERT_TRUE(t, c != NULL);
	void *a = kmem_cache_alloc(c), *b = kmem_cache_alloc(c);
	KASSERT_TRUE(t, a && b);
	kmem_cache_free(c, a);
	kmem_cache_free(c, a); /* panics; b keeps the slab alive */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_object_double_free, KTEST_EXPLICIT,
		  KTEST_CASE(test_object_double_free));

static void test_kfree_of_interior_pointer(struct ktest *t)
{
	char *p = kmalloc(3 * 4096);
	KASSERT_TRUE(t, p != NULL);
	kfree(p + 4096); /* panics */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_kfree_interior, KTEST_EXPLICIT,
		  KTEST_CASE(test_kfree_of_interior_pointer));

static void test_free_into_wrong_cache(struct ktest *t)
{
	struct kmem_cache *a = kmem_cache_create("ktest-a", 48, 0);
	struct kmem_cache *b = kmem_cache_create("ktest-b", 48, 0);
	KASSERT_TRUE(t, a && b);
	void *obj = kmem_cache_alloc(a);
	KASSERT_TRUE(t, obj != NULL);
	kmem_cache_free(b, obj); /* panics */
	KEXPECT_TRUE(t, false);
}

KTEST_SUITE_FLAGS(mm_misuse_wrong_cache, KTEST_EXPLICIT, KTEST_CASE(test_free_into_wrong_cache));
