/*
 * Fault injection (mm/fault_inject.h): the command-line rules' syntax and
 * counting, and the per-task countdown as the allocators see it.  The
 * suites run in kmain (pid 0), which the command line never fails but
 * fail-nth does (it is the task's own countdown).
 */
#include "mm/fault_inject.h"
#include "kernel/ktest.h"
#include "kernel/task/task.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include "mm/slab.h"
#include "lib/string.h"
#include <abi/errno.h>

static void test_parse(struct ktest *t)
{
	static const char *const bad[] = { "",	   "0",	    "x",     "1,",  "1,2,",  "1,2,3,4",
					   "1x",   ":1",    "-1",    "1,-2", "4294967296",
					   "averyveryverylongcachename:1" };
	struct fault_rule r;

	KEXPECT_EQ(t, fault_rule_parse(&r, "7", true), 0);
	KEXPECT_TRUE(t, r.on && r.nth == 7 && r.every == 0 && r.times == 0 && !r.cache[0]);
	KEXPECT_EQ(t, fault_rule_parse(&r, "sigqueue:3,5,2", true), 0);
	KEXPECT_TRUE(t, r.nth == 3 && r.every == 5 && r.times == 2 && !strcmp(r.cache, "sigqueue"));
	KEXPECT_EQ(t, fault_rule_parse(&r, "kmalloc-*:1,1", true), 0);
	KEXPECT_TRUE(t, r.every == 1 && !strcmp(r.cache, "kmalloc-*"));
	/* fail_page_alloc names no cache */
	KEXPECT_EQ(t, fault_rule_parse(&r, "sigqueue:3", false), -EINVAL);
	KEXPECT_FALSE(t, r.on);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		KEXPECT_EQ(t, fault_rule_parse(&r, bad[i], true), -EINVAL);
}

static void test_matches(struct ktest *t)
{
	struct fault_rule r;

	fault_rule_parse(&r, "kmalloc-*:1", true);
	KEXPECT_TRUE(t, fault_rule_matches(&r, "kmalloc-64"));
	KEXPECT_FALSE(t, fault_rule_matches(&r, "sigqueue"));
	fault_rule_parse(&r, "posix_timer:1", true);
	KEXPECT_TRUE(t, fault_rule_matches(&r, "posix_timer"));
	KEXPECT_FALSE(t, fault_rule_matches(&r, "posix_timer2"));
	fault_rule_parse(&r, "1", true);
	KEXPECT_TRUE(t, fault_rule_matches(&r, "anything"));
}

/* Which of the first 12 hits fail, as a bit mask (bit i: hit i + 1). */
static u32 pattern(const char *text)
{
	struct fault_rule r;
	u32 mask = 0;

	if (fault_rule_parse(&r, text, true))
		return 0xffffffffu;
	for (int i = 0; i < 12; i++)
		if (fault_rule_hit(&r))
			mask |= 1u << i;
	return mask;
}

static void test_hits(struct ktest *t)
{
	KEXPECT_EQ(t, pattern("3"), 1u << 2);			  /* the third alone */
	KEXPECT_EQ(t, pattern("3,4"), (1u << 2) | (1u << 6) | (1u << 10)); /* 3, 7, 11 */
	KEXPECT_EQ(t, pattern("3,4,2"), (1u << 2) | (1u << 6));	  /* at most two */
	KEXPECT_EQ(t, pattern("1,1,3"), 0x7u);			  /* 1, 2, 3 */
	KEXPECT_EQ(t, pattern("1,1"), 0xfffu);			  /* all */
	KEXPECT_EQ(t, pattern("13"), 0u);			  /* not reached */
}

/* fail-nth: the N-th allocation of the task fails, once; counting stops. */
static void test_countdown(struct ktest *t)
{
	struct kmem_cache *c = kmem_cache_create("ktest-failnth", 40, 0);
	struct kmem_cache_stats before, after;
	u32 free_pages = pmm_free_count(), failed = fault_inject_count();
	void *a, *b, *d;
	u32 page;

	KASSERT_TRUE(t, c != NULL);
	kmem_cache_get_stats(c, &before);
	current->fail_nth = 1;
	KEXPECT_TRUE(t, kmem_cache_alloc(c) == NULL); /* the first: a new slab would be needed */
	KEXPECT_EQ(t, current->fail_nth, 0u);
	kmem_cache_get_stats(c, &after);
	KEXPECT_EQ(t, after.objects_in_use, before.objects_in_use);
	KEXPECT_EQ(t, after.pages, before.pages);	/* no slab kept for it */
	KEXPECT_EQ(t, pmm_free_count(), free_pages);

	current->fail_nth = 3; /* kmalloc, a page, then the third: a big block */
	a = kmalloc(100);
	page = pmm_alloc_page();
	b = kmalloc(3 * 4096);
	KEXPECT_TRUE(t, a != NULL && page != 0);
	KEXPECT_TRUE(t, b == NULL);
	KEXPECT_EQ(t, current->fail_nth, 0u);
	d = kmalloc(3 * 4096); /* once only */
	KEXPECT_TRUE(t, d != NULL);
	kfree(a);
	kfree(d);
	pmm_free_page(page);

	current->fail_nth = 2; /* the slab's own page is not counted apart */
	a = kmem_cache_alloc(c);
	b = kmem_cache_alloc(c);
	KEXPECT_TRUE(t, a != NULL && b == NULL);
	kmem_cache_free(c, a);
	current->fail_nth = 0;
	KEXPECT_EQ(t, fault_inject_count(), failed + 3);
	KEXPECT_EQ(t, pmm_free_count(), free_pages);
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
}

KTEST_SUITE(fault_inject, KTEST_CASE(test_parse), KTEST_CASE(test_matches), KTEST_CASE(test_hits),
	    KTEST_CASE(test_countdown));
