/*
 * Host tests of lib/idr.c: the no-immediate-reuse rule, wrapping, exhaustion,
 * ids up to INT_MAX, layers freed back to zero, allocation failure leaving
 * nothing changed, and a randomized run against a reference model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lib/idr.h"
#include <abi/errno.h>
#include <limits.h>

static long allocs_left = -1; /* -1: never fail */

static void *fake_layer_alloc(size_t n)
{
	if (allocs_left == 0)
		return NULL;
	if (allocs_left > 0)
		allocs_left--;
	return calloc(1, n);
}

static void fake_layer_free(void *p)
{
	free(p);
}

static int dummy[1];
#define P(i) ((void *)((char *)dummy + (i)))

static void test_sequential_and_no_reuse(void **state)
{
	struct idr idr;
	(void)state;
	idr_init(&idr, fake_layer_alloc, fake_layer_free);
	assert_int_equal(idr_alloc(&idr, P(1)), 1);
	assert_int_equal(idr_alloc(&idr, P(2)), 2);
	assert_int_equal(idr_alloc(&idr, P(3)), 3);
	assert_ptr_equal(idr_remove(&idr, 2), P(2));
	assert_null(idr_find(&idr, 2));
	assert_null(idr_remove(&idr, 2));
	assert_int_equal(idr_alloc(&idr, P(4)), 4); /* not 2 again at once */
	assert_ptr_equal(idr_find(&idr, 4), P(4));
	assert_null(idr_find(&idr, 0));
	assert_null(idr_find(&idr, -1));
	assert_null(idr_find(&idr, INT_MAX));
	assert_int_equal(idr_check(&idr), 0);
	idr_remove(&idr, 1);
	idr_remove(&idr, 3);
	idr_remove(&idr, 4);
	assert_int_equal(idr.layers, 0);
	assert_int_equal(idr_check(&idr), 0);
}

static void test_wrap_and_exhaustion(void **state)
{
	struct idr idr;
	(void)state;
	idr_init_range(&idr, 1, 100, fake_layer_alloc, fake_layer_free);
	for (int i = 1; i <= 100; i++)
		assert_int_equal(idr_alloc(&idr, P(i)), i);
	assert_int_equal(idr_alloc(&idr, P(0)), -EAGAIN);
	assert_int_equal(idr_check(&idr), 0);
	idr_remove(&idr, 37);
	assert_int_equal(idr_alloc(&idr, P(0)), 37); /* wrapped to the only free one */
	idr_remove(&idr, 50);
	idr_remove(&idr, 20);
	assert_int_equal(idr_alloc(&idr, P(0)), 50); /* forward from 38 first */
	assert_int_equal(idr_alloc(&idr, P(0)), 20); /* then wraps */
	for (int i = 1; i <= 100; i++)
		assert_non_null(idr_remove(&idr, i));
	assert_int_equal(idr.layers, 0);
}

static void test_int_max(void **state)
{
	struct idr idr;
	(void)state;
	idr_init(&idr, fake_layer_alloc, fake_layer_free);
	idr.next = INT_MAX - 1;
	assert_int_equal(idr_alloc(&idr, P(1)), INT_MAX - 1);
	assert_int_equal(idr_alloc(&idr, P(2)), INT_MAX);
	assert_int_equal(idr.levels, 7);
	assert_int_equal(idr_alloc(&idr, P(3)), 1); /* wraps below */
	assert_ptr_equal(idr_find(&idr, INT_MAX), P(2));
	assert_int_equal(idr_check(&idr), 0);
	idr_remove(&idr, INT_MAX);
	idr_remove(&idr, INT_MAX - 1);
	idr_remove(&idr, 1);
	assert_int_equal(idr.layers, 0);
}

static void test_alloc_failure_changes_nothing(void **state)
{
	struct idr idr;
	(void)state;
	idr_init(&idr, fake_layer_alloc, fake_layer_free);
	for (int i = 1; i <= 40; i++)
		assert_int_equal(idr_alloc(&idr, P(i)), i);
	u32 layers = idr.layers;
	idr.next = 5000000; /* needs new layers on top and below */
	for (long budget = 0; budget < 8; budget++) {
		allocs_left = budget;
		int id = idr_alloc(&idr, P(0));
		allocs_left = -1;
		if (id == -ENOMEM) {
			assert_int_equal(idr.count, 40);
			assert_int_equal(idr.layers, layers);
			assert_int_equal(idr_check(&idr), 0);
		} else {
			assert_int_equal(id, 5000000);
			assert_true(budget >= 3);
			break;
		}
	}
	assert_int_equal(idr_check(&idr), 0);
	idr_remove(&idr, 5000000);
	for (int i = 1; i <= 40; i++)
		idr_remove(&idr, i);
	assert_int_equal(idr.layers, 0);
}

/* D4: a leaf emptied by a removal is kept and is the next leaf needed, with
 * no allocation; none is kept once the tree is empty. */
static void test_spare_layer(void **state)
{
	struct idr idr;
	(void)state;
	idr_init(&idr, fake_layer_alloc, fake_layer_free);
	for (int i = 1; i <= 32; i++) /* ids 1..31 in leaf 0, 32 in leaf 1 */
		assert_int_equal(idr_alloc(&idr, P(i)), i);
	u32 layers = idr.layers;
	assert_ptr_equal(idr_remove(&idr, 32), P(32)); /* leaf 1 empties */
	assert_int_equal(idr.layers, layers);
	assert_int_equal(idr_check(&idr), 0);
	allocs_left = 0; /* any allocation would fail */
	assert_int_equal(idr_alloc(&idr, P(33)), 33);
	allocs_left = -1;
	assert_ptr_equal(idr_find(&idr, 33), P(33));
	assert_int_equal(idr.layers, layers);
	assert_int_equal(idr_check(&idr), 0);
	assert_ptr_equal(idr_remove(&idr, 33), P(33));
	for (int i = 1; i <= 31; i++)
		assert_ptr_equal(idr_remove(&idr, i), P(i));
	assert_int_equal(idr.nspare, 0);
	assert_int_equal(idr.layers, 0);
	assert_int_equal(idr_check(&idr), 0);
}

static void test_many_then_layers_freed(void **state)
{
	struct idr idr;
	(void)state;
	idr_init(&idr, fake_layer_alloc, fake_layer_free);
	for (int i = 1; i <= 100000; i++)
		assert_int_equal(idr_alloc(&idr, P(i)), i);
	assert_int_equal(idr_check(&idr), 0);
	for (int i = 1; i <= 100000; i += 2)
		assert_ptr_equal(idr_remove(&idr, i), P(i));
	assert_int_equal(idr_check(&idr), 0);
	for (int i = 2; i <= 100000; i += 2)
		assert_ptr_equal(idr_find(&idr, i), P(i));
	for (int i = 2; i <= 100000; i += 2)
		idr_remove(&idr, i);
	assert_int_equal(idr.count, 0);
	assert_int_equal(idr.layers, 0);
	assert_null(idr.top);
}

/* Randomized: a small range (so wrapping and exhaustion happen) vs a model. */
#define RANGE 3000
/* idr_get_next walks every id in use, in order, whatever the gaps. */
static void test_get_next(void **state)
{
	static const int ids[] = {1, 2, 31, 32, 33, 1023, 1024, 1025, 40000, 1 << 20, INT_MAX};
	struct idr idr;
	int id, n = 0;
	void *p;

	(void)state;
	idr_init(&idr, fake_layer_alloc, fake_layer_free);
	id = 5;
	assert_null(idr_get_next(&idr, &id)); /* empty */
	idr.next = 0;
	for (unsigned i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		idr.next = ids[i]; /* allocate exactly this id */
		assert_int_equal(idr_alloc(&idr, P(i)), ids[i]);
	}
	for (id = 0; (p = idr_get_next(&idr, &id)) != NULL; id++) {
		assert_int_equal(id, ids[n]);
		assert_ptr_equal(p, P(n));
		n++;
		if (id == INT_MAX)
			break;
	}
	assert_int_equal(n, (int)(sizeof(ids) / sizeof(ids[0])));
	id = 34;
	assert_ptr_equal(idr_get_next(&idr, &id), P(5));
	assert_int_equal(id, 1023);
	id = 40001;
	assert_ptr_equal(idr_get_next(&idr, &id), P(9));
	assert_int_equal(id, 1 << 20);
	idr_remove(&idr, INT_MAX);
	id = (1 << 20) + 1;
	assert_null(idr_get_next(&idr, &id));
	for (unsigned i = 0; i + 1 < sizeof(ids) / sizeof(ids[0]); i++)
		idr_remove(&idr, ids[i]);
	assert_int_equal(idr.layers, 0);
}

static void test_random_against_model(void **state)
{
	static bool used[RANGE + 1];
	struct idr idr;
	unsigned seed = 424242, model_next = 1;
	(void)state;
	printf("# random idr: seed %u, 1,000,000 operations, ids 1..%d\n", seed, RANGE);
	idr_init_range(&idr, 1, RANGE, fake_layer_alloc, fake_layer_free);
	for (int op = 0; op < 1000000; op++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = seed >> 8;
		if (r % 100 < 55) {
			/* Model: first free from model_next up, then from 1. */
			int want = -EAGAIN;
			for (unsigned k = 0; k < RANGE; k++) {
				unsigned id = model_next + k;
				if (id > RANGE)
					id -= RANGE;
				if (!used[id]) {
					want = (int)id;
					break;
				}
			}
			int got = idr_alloc(&idr, P(1));
			assert_int_equal(got, want);
			if (got > 0) {
				used[got] = true;
				model_next = got == RANGE ? 1 : (unsigned)got + 1;
			}
		} else {
			int id = 1 + (int)(r % RANGE);
			void *p = idr_remove(&idr, id);
			assert_int_equal(p != NULL, used[id]);
			used[id] = false;
		}
		if (op % 5000 == 0)
			assert_int_equal(idr_check(&idr), 0);
	}
	for (int id = 1; id <= RANGE; id++)
		if (used[id])
			idr_remove(&idr, id);
	assert_int_equal(idr.layers, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sequential_and_no_reuse),
		cmocka_unit_test(test_wrap_and_exhaustion),
		cmocka_unit_test(test_int_max),
		cmocka_unit_test(test_alloc_failure_changes_nothing),
		cmocka_unit_test(test_spare_layer),
		cmocka_unit_test(test_many_then_layers_freed),
		cmocka_unit_test(test_random_against_model),
		cmocka_unit_test(test_get_next),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
