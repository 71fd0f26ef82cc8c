/*
 * Unit tests of lib/rbtree: insertion and erasure in many orders checked by
 * rb_check() after every step, navigation against a sorted reference array,
 * and rb_check() itself catching broken trees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lib/rbtree.h"

struct item {
	struct rb_node rb;
	unsigned key;
	unsigned seq; /* arming order, to check equal keys stay in insertion order */
};

static int item_cmp(const struct rb_node *a, const struct rb_node *b)
{
	const struct item *x = rb_entry(a, struct item, rb), *y = rb_entry(b, struct item, rb);

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Insert after every equal key (the walk goes right on ties). */
static void item_insert(struct rb_root *root, struct item *it)
{
	struct rb_node **link = &root->node, *parent = NULL;

	while (*link) {
		parent = *link;
		if (it->key < rb_entry(parent, struct item, rb)->key)
			link = &parent->left;
		else
			link = &parent->right;
	}
	rb_link_node(&it->rb, parent, link);
	rb_insert_color(&it->rb, root);
}

/* xorshift64: fixed-seed pseudo-random numbers, the same on every run. */
static unsigned long long rng_state;
static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

static void test_empty(void **state)
{
	(void)state;
	struct rb_root root = RB_ROOT_INIT;

	assert_true(rb_empty(&root));
	assert_null(rb_first(&root));
	assert_null(rb_last(&root));
	assert_int_equal(rb_check(&root, item_cmp), 0);
}

static void test_single(void **state)
{
	(void)state;
	struct rb_root root = RB_ROOT_INIT;
	struct item a = {.key = 5};

	rb_clear_node(&a.rb);
	assert_true(rb_is_cleared(&a.rb));
	item_insert(&root, &a);
	assert_false(rb_is_cleared(&a.rb));
	assert_true(rb_is_black(root.node));
	assert_ptr_equal(rb_first(&root), &a.rb);
	assert_ptr_equal(rb_last(&root), &a.rb);
	assert_null(rb_next(&a.rb));
	assert_null(rb_prev(&a.rb));
	assert_int_equal(rb_check(&root, item_cmp), 1);
	rb_erase(&a.rb, &root);
	assert_true(rb_empty(&root));
}

/* Ascending, descending and zig-zag orders hit every rotation case. */
static void test_sequential_orders(void **state)
{
	(void)state;
	enum { N = 600 };
	static struct item it[N];

	for (int order = 0; order < 3; order++) {
		struct rb_root root = RB_ROOT_INIT;

		for (int i = 0; i < N; i++) {
			it[i].key = order == 0 ? i : order == 1 ? N - i : (i & 1 ? i : N - i);
			it[i].seq = i;
			item_insert(&root, &it[i]);
			assert_int_equal(rb_check(&root, item_cmp), i + 1);
		}
		/* Height bound: 2*log2(n+1) < 20 for 600 nodes. */
		int depth = 0;
		for (struct rb_node *n = rb_first(&root); n; n = rb_parent(n))
			depth++;
		assert_true(depth <= 20);
		for (int i = 0; i < N; i++) {
			int k = order == 0 ? i : N - 1 - i;
			rb_erase(&it[k].rb, &root);
			assert_int_equal(rb_check(&root, item_cmp), N - 1 - i);
		}
		assert_true(rb_empty(&root));
	}
}

static int cmp_ptr(const void *a, const void *b)
{
	return item_cmp(&(*(struct item *const *)a)->rb, &(*(struct item *const *)b)->rb);
}

/* The tree's in-order sequence equals the sorted reference, both ways. */
static void check_against(struct rb_root *root, struct item **ref, int n)
{
	struct rb_node *node = rb_first(root);

	qsort(ref, n, sizeof(*ref), cmp_ptr);
	for (int i = 0; i < n; i++) {
		assert_ptr_equal(node, &ref[i]->rb);
		node = rb_next(node);
	}
	assert_null(node);
	node = rb_last(root);
	for (int i = n - 1; i >= 0; i--) {
		assert_ptr_equal(node, &ref[i]->rb);
		node = rb_prev(node);
	}
	assert_null(node);
}

static void test_random(void **state)
{
	(void)state;
	enum { N = 2000, OPS = 200000 };
	static struct item it[N];
	static struct item *live[N];
	int nlive = 0, free_top = N, seq = 0;
	static int freelist[N];
	struct rb_root root = RB_ROOT_INIT;

	rng_state = 0x9e3779b97f4a7c15ull;
	printf("# rbtree random: seed 0x%llx, %d ops\n", rng_state, OPS);
	for (int i = 0; i < N; i++)
		freelist[i] = i;
	for (int op = 0; op < OPS; op++) {
		if (free_top > 0 && (nlive == 0 || rnd(100) < 55)) {
			struct item *x = &it[freelist[--free_top]];
			x->key = rnd(500); /* many equal keys */
			x->seq = seq++;
			item_insert(&root, x);
			live[nlive++] = x;
		} else {
			int i = rnd(nlive);
			struct item *x = live[i];
			rb_erase(&x->rb, &root);
			live[i] = live[--nlive];
			freelist[free_top++] = (int)(x - it);
		}
		if (op % 1000 == 0 || op < 2000) {
			assert_int_equal(rb_check(&root, item_cmp), nlive);
			if (op % 10000 == 0)
				check_against(&root, live, nlive);
		}
	}
	assert_int_equal(rb_check(&root, item_cmp), nlive);
	check_against(&root, live, nlive);
}

/* The checker must notice each kind of damage. */
static void test_check_detects(void **state)
{
	(void)state;
	enum { N = 31 };
	struct item it[N];
	struct rb_root root = RB_ROOT_INIT;

	for (int i = 0; i < N; i++) {
		it[i].key = i;
		it[i].seq = i;
		item_insert(&root, &it[i]);
	}
	assert_int_equal(rb_check(&root, item_cmp), N);

	/* Red root. */
	root.node->parent_colour &= ~(uintptr_t)1;
	assert_int_equal(rb_check(&root, item_cmp), RB_CHECK_ROOT_RED);
	root.node->parent_colour |= RB_BLACK;

	/* Out of order keys. */
	struct item *first = rb_entry(rb_first(&root), struct item, rb);
	first->key = 1000;
	assert_int_equal(rb_check(&root, item_cmp), RB_CHECK_ORDER);
	assert_int_equal(rb_check(&root, NULL), N); /* no order asked for */
	first->key = 0;

	/* A leaf turned black: black heights differ. */
	struct rb_node *leaf = rb_first(&root);
	unsigned saved = rb_colour(leaf);
	leaf->parent_colour ^= 1;
	long r = rb_check(&root, item_cmp);
	assert_true(r == RB_CHECK_BLACK_HEIGHT || r == RB_CHECK_RED_RED);
	leaf->parent_colour = (leaf->parent_colour & ~(uintptr_t)1) | saved;
	assert_int_equal(rb_check(&root, item_cmp), N);

	/* A wrong parent pointer. */
	struct rb_node *child = root.node->left;
	uintptr_t pc = child->parent_colour;
	child->parent_colour = (uintptr_t)child->left | rb_colour(child);
	assert_int_equal(rb_check(&root, item_cmp), RB_CHECK_PARENT);
	child->parent_colour = pc;

	/* Red under red. */
	struct rb_node *n = root.node->left;
	unsigned c1 = rb_colour(n), c2 = rb_colour(n->left);
	n->parent_colour &= ~(uintptr_t)1;
	n->left->parent_colour &= ~(uintptr_t)1;
	r = rb_check(&root, item_cmp);
	assert_true(r == RB_CHECK_RED_RED);
	n->parent_colour |= c1;
	n->left->parent_colour |= c2;
	assert_int_equal(rb_check(&root, item_cmp), N);

	/* Red under red on the right, the left child black. */
	n = root.node->right;
	c1 = rb_colour(n);
	c2 = rb_colour(n->right);
	assert_true(n->left && rb_is_black(n->left));
	n->parent_colour &= ~(uintptr_t)1;
	n->right->parent_colour &= ~(uintptr_t)1;
	assert_int_equal(rb_check(&root, item_cmp), RB_CHECK_RED_RED);
	n->parent_colour |= c1;
	n->right->parent_colour |= c2;
	assert_int_equal(rb_check(&root, item_cmp), N);

	/* A wrong parent pointer deep in the right subtree. */
	child = root.node->right->right->right;
	pc = child->parent_colour;
	child->parent_colour = (uintptr_t)root.node | rb_colour(child);
	assert_int_equal(rb_check(&root, item_cmp), RB_CHECK_PARENT);
	child->parent_colour = pc;
	assert_int_equal(rb_check(&root, item_cmp), N);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_single),
		cmocka_unit_test(test_sequential_orders),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_check_detects),
	};
	return cmocka_run_group_tests_name("rbtree", tests, NULL, NULL);
}
