/*
 * Object cache tests: 10,000 objects allocated, checked for overlap through
 * their contents, freed in random order; the statistics and the page
 * allocator's free count must come back exactly.
 */
#include "arch/i386/cpu.h"
#include "mm/kheap.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "kernel/printk.h"
#include "mm/slab.h"
#include <abi/errno.h>

#define NOBJ 10000

static u32 rng_state = 0x12345678;

static u32 rng(void)
{
	/* xorshift32 (Marsaglia): enough to shuffle. */
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

struct thing {
	u32 id;
	u32 body[10];
	u32 check;
};

static void fill(struct thing *o, u32 id)
{
	o->id = id;
	for (unsigned i = 0; i < 10; i++)
		o->body[i] = id * 31 + i;
	o->check = ~id;
}

static bool intact(const struct thing *o, u32 id)
{
	if (o->id != id || o->check != ~id)
		return false;
	for (unsigned i = 0; i < 10; i++)
		if (o->body[i] != id * 31 + i)
			return false;
	return true;
}

static void test_ten_thousand_random_order(struct ktest *t)
{
	u32 pages_before = pmm_free_count();
	struct kmem_cache *c = kmem_cache_create("ktest-thing", sizeof(struct thing), 0);
	KASSERT_TRUE(t, c != NULL);
	struct thing **objs = kmalloc(NOBJ * sizeof(*objs));
	KASSERT_TRUE(t, objs != NULL);
	u32 pages_start = pmm_free_count();

	struct kmem_cache_stats st;
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, 0);
	KEXPECT_EQ(t, st.pages, 0);
	KEXPECT_GE(t, st.object_size, sizeof(struct thing));
	KEXPECT_EQ(t, st.object_size % 4, 0);

	unsigned misaligned = 0, null = 0;
	for (u32 i = 0; i < NOBJ; i++) {
		objs[i] = kmem_cache_alloc(c);
		if (!objs[i]) {
			null++;
			continue;
		}
		if ((u32)objs[i] % 4)
			misaligned++;
		fill(objs[i], i);
	}
	KASSERT_EQ(t, null, 0);
	KEXPECT_EQ(t, misaligned, 0);
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, NOBJ);
	u32 slabs_needed = (NOBJ + st.objects_per_slab - 1) / st.objects_per_slab;
	KEXPECT_EQ(t, st.slabs, slabs_needed);
	KEXPECT_EQ(t, st.pages, slabs_needed * st.pages_per_slab);
	KEXPECT_EQ(t, pmm_free_count(), pages_start - st.pages);
	KEXPECT_EQ(t, st.objects_in_use * st.object_size <= st.pages * 4096, 1);

	/* Overlapping objects would have overwritten each other's contents. */
	unsigned broken = 0;
	for (u32 i = 0; i < NOBJ; i++)
		if (!intact(objs[i], i) || kmem_cache_of(objs[i]) != c)
			broken++;
	KEXPECT_EQ(t, broken, 0);

	/* Shuffle (Fisher-Yates) and free half, checking the survivors. */
	for (u32 i = NOBJ - 1; i > 0; i--) {
		u32 j = rng() % (i + 1);
		struct thing *tmp = objs[i];
		objs[i] = objs[j];
		objs[j] = tmp;
	}
	for (u32 i = 0; i < NOBJ / 2; i++)
		kmem_cache_free(c, objs[i]);
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, NOBJ / 2);
	broken = 0;
	for (u32 i = NOBJ / 2; i < NOBJ; i++)
		if (!intact(objs[i], objs[i]->id))
			broken++;
	KEXPECT_EQ(t, broken, 0);

	/* Refill the holes, then free everything in random order. */
	for (u32 i = 0; i < NOBJ / 2; i++) {
		objs[i] = kmem_cache_alloc(c);
		KASSERT_TRUE(t, objs[i] != NULL);
		fill(objs[i], 100000 + i);
	}
	broken = 0;
	for (u32 i = NOBJ / 2; i < NOBJ; i++)
		if (!intact(objs[i], objs[i]->id) || objs[i]->id >= NOBJ)
			broken++;
	for (u32 i = 0; i < NOBJ / 2; i++)
		if (!intact(objs[i], 100000 + i))
			broken++;
	KEXPECT_EQ(t, broken, 0);
	for (u32 i = NOBJ - 1; i > 0; i--) {
		u32 j = rng() % (i + 1);
		struct thing *tmp = objs[i];
		objs[i] = objs[j];
		objs[j] = tmp;
	}
	for (u32 i = 0; i < NOBJ; i++)
		kmem_cache_free(c, objs[i]);

	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, 0);
	KEXPECT_EQ(t, st.slabs, 0);
	KEXPECT_EQ(t, st.pages, 0);
	KEXPECT_EQ(t, pmm_free_count(), pages_start);
	kfree(objs);
	KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
	KEXPECT_EQ(t, pmm_free_count(), pages_before);
}

static void test_alignment_and_layout(struct ktest *t)
{
	static const struct {
		u32 size, align;
	} shapes[] = {{1, 0},	 {24, 32}, {40, 0},   {64, 64},
		      {100, 16}, {700, 0}, {3000, 0}, {4096, 4096}};
	for (unsigned k = 0; k < ARRAY_SIZE(shapes); k++) {
		struct kmem_cache *c =
		    kmem_cache_create("ktest-shape", shapes[k].size, shapes[k].align);
		KASSERT_TRUE(t, c != NULL);
		struct kmem_cache_stats st;
		kmem_cache_get_stats(c, &st);
		KEXPECT_GE(t, st.object_size, shapes[k].size);
		KEXPECT_GE(t, st.objects_per_slab, 1);
		/* Waste at most 1/8 of a slab, or the slab is already 8 pages. */
		u32 bytes = st.pages_per_slab * 4096;
		KEXPECT_TRUE(t, (bytes - st.objects_per_slab * st.object_size) * 8 <= bytes ||
				    st.pages_per_slab == 8);
		void *a = kmem_cache_alloc(c), *b = kmem_cache_alloc(c);
		KASSERT_TRUE(t, a && b && a != b);
		if (shapes[k].align)
			KEXPECT_EQ(t, ((u32)a | (u32)b) % shapes[k].align, 0);
		KEXPECT_EQ(t, kmem_cache_destroy(c), -EBUSY);
		kmem_cache_free(c, b);
		kmem_cache_free(c, a);
		kmem_cache_get_stats(c, &st);
		KEXPECT_EQ(t, st.pages, 0);
		KEXPECT_EQ(t, kmem_cache_destroy(c), 0);
	}
	KEXPECT_TRUE(t, kmem_cache_create("ktest-bad", 0, 0) == NULL);
	KEXPECT_TRUE(t, kmem_cache_create("ktest-bad", 64, 3) == NULL);
	KEXPECT_TRUE(t, kmem_cache_create("ktest-bad", 9 * 4096, 0) == NULL);
}

/* Random interleaving of alloc and free against a model of which ids live. */
static void test_random_interleaving(struct ktest *t)
{
	enum { SLOTS = 2000, STEPS = 40000 };
	u32 pages_before = pmm_free_count();
	struct kmem_cache *c = kmem_cache_create("ktest-mix", sizeof(struct thing), 0);
	struct thing **slot = kzalloc(SLOTS * sizeof(*slot));
	KASSERT_TRUE(t, c && slot);
	u32 live = 0, broken = 0, serial = 0;
	for (u32 step = 0; step < STEPS; step++) {
		u32 i = rng() % SLOTS;
		if (slot[i]) {
			if (!intact(slot[i], slot[i]->id))
				broken++;
			kmem_cache_free(c, slot[i]);
			slot[i] = NULL;
			live--;
		} else {
			slot[i] = kmem_cache_alloc(c);
			KASSERT_TRUE(t, slot[i] != NULL);
			fill(slot[i], serial++);
			live++;
		}
		if (step % 4096 == 0) {
			struct kmem_cache_stats st;
			kmem_cache_get_stats(c, &st);
			if (st.objects_in_use != live)
				broken++;
		}
	}
	KEXPECT_EQ(t, broken, 0);
	for (u32 i = 0; i < SLOTS; i++)
		kmem_cache_free(c, slot[i]); /* NULL is ignored */
	struct kmem_cache_stats st;
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, 0);
	KEXPECT_EQ(t, st.pages, 0);
	kfree(slot);
	kmem_cache_destroy(c);
	KEXPECT_EQ(t, pmm_free_count(), pages_before);
}

/*
 * The POSIX timers' scale: 100,000 objects of a timer's size in one cache.
 * Every object is distinct (its slot number written in it survives), the
 * pages held are what the layout says, and all of it comes back.  The cost
 * per call is printed (TSC cycles; deterministic under -icount).
 */
static void test_hundred_thousand_objects(struct ktest *t)
{
	enum { COUNT = 100000, SIZE = 160 };
	u32 pages_before = pmm_free_count();
	struct kmem_cache *c = kmem_cache_create("ktest-timers", SIZE, 0);
	u32 **objs = kmalloc(COUNT * sizeof(*objs));
	KASSERT_TRUE(t, c && objs);
	u64 t0 = rdtsc();
	for (u32 i = 0; i < COUNT; i++) {
		objs[i] = kmem_cache_alloc(c);
		if (!objs[i]) {
			KEXPECT_TRUE(t, objs[i] != NULL);
			for (u32 j = 0; j < i; j++)
				kmem_cache_free(c, objs[j]);
			kfree(objs);
			kmem_cache_destroy(c);
			return;
		}
		objs[i][0] = i;
		objs[i][SIZE / 4 - 1] = ~i;
	}
	u64 t1 = rdtsc();
	struct kmem_cache_stats st;
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, COUNT);
	KEXPECT_EQ(t, st.slabs, (COUNT + st.objects_per_slab - 1) / st.objects_per_slab);
	unsigned broken = 0;
	for (u32 i = 0; i < COUNT; i++)
		broken += objs[i][0] != i || objs[i][SIZE / 4 - 1] != ~i;
	KEXPECT_EQ(t, broken, 0);
	u32 pages_held = st.pages;
	/* Free in an order unlike the allocation's: every 7th, wrapping. */
	u64 t2 = rdtsc();
	for (u32 k = 0, i = 0; k < COUNT; k++, i = (i + 7) % COUNT)
		kmem_cache_free(c, objs[i]);
	u64 t3 = rdtsc();
	kmem_cache_get_stats(c, &st);
	KEXPECT_EQ(t, st.objects_in_use, 0);
	KEXPECT_EQ(t, st.pages, 0);
	kprintf("    # %u objects of %u bytes: %u pages (%u KiB, %u per slab of %u page(s)); "
		"alloc %u cycles, free %u cycles each\n",
		COUNT, st.object_size, pages_held, pages_held * 4, st.objects_per_slab,
		st.pages_per_slab, (unsigned)((t1 - t0) / COUNT), (unsigned)((t3 - t2) / COUNT));
	kfree(objs);
	kmem_cache_destroy(c);
	KEXPECT_EQ(t, pmm_free_count(), pages_before);
}

KTEST_SUITE(slab, KTEST_CASE(test_ten_thousand_random_order), KTEST_CASE(test_alignment_and_layout),
	    KTEST_CASE(test_random_interleaving), KTEST_CASE(test_hundred_thousand_objects));
