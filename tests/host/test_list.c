/* Unit tests of lib/list.h: order of insertion, removal, the walk helpers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "lib/list.h"

struct item {
	int value;
	struct list_head link;
};

/* Compare the list's values with `expect[0..n)`, walking both ways. */
static void assert_list(struct list_head *head, const int *expect, size_t n)
{
	struct item *it;
	size_t i = 0;

	assert_int_equal(list_count(head), n);
	list_for_each_entry(it, head, link) {
		assert_true(i < n);
		assert_int_equal(it->value, expect[i]);
		i++;
	}
	assert_int_equal(i, n);
	for (struct list_head *p = head->prev; p != head; p = p->prev)
		assert_int_equal(list_entry(p, struct item, link)->value, expect[--i]);
	assert_int_equal(i, 0);
}

static void test_empty(void **state)
{
	(void)state;
	struct list_head head = LIST_HEAD_INIT(head);

	assert_true(list_empty(&head));
	assert_null(list_first(&head));
	assert_null(list_last(&head));
	assert_int_equal(list_count(&head), 0);
}

static void test_add_and_add_tail(void **state)
{
	(void)state;
	struct list_head head;
	struct item a = {1, {0}}, b = {2, {0}}, c = {3, {0}}, d = {4, {0}};

	list_init(&head);
	list_add_tail(&b.link, &head); /* 2 */
	list_add(&a.link, &head);      /* 1 2 */
	list_add_tail(&d.link, &head); /* 1 2 4 */
	list_add(&c.link, &b.link);    /* 1 2 3 4: after b */
	assert_list(&head, (int[]){1, 2, 3, 4}, 4);
	assert_ptr_equal(list_first(&head), &a.link);
	assert_ptr_equal(list_last(&head), &d.link);
	assert_ptr_equal(list_first_entry(&head, struct item, link), &a);
	assert_ptr_equal(list_last_entry(&head, struct item, link), &d);
	assert_true(list_is_last(&d.link, &head));
	assert_false(list_is_last(&c.link, &head));
}

static void test_del(void **state)
{
	(void)state;
	struct list_head head;
	struct item it[5];

	list_init(&head);
	for (int i = 0; i < 5; i++) {
		it[i].value = i;
		list_add_tail(&it[i].link, &head);
	}
	list_del(&it[0].link);	    /* first */
	list_del_init(&it[2].link); /* middle */
	list_del(&it[4].link);	    /* last */
	assert_list(&head, (int[]){1, 3}, 2);
	assert_true(list_empty(&it[2].link)); /* del_init leaves it "not listed" */
	list_del(&it[1].link);
	list_del(&it[3].link);
	assert_true(list_empty(&head));
}

static void test_for_each_safe_removes(void **state)
{
	(void)state;
	struct list_head head, *pos, *tmp;
	struct item it[10], *e, *etmp;

	list_init(&head);
	for (int i = 0; i < 10; i++) {
		it[i].value = i;
		list_add_tail(&it[i].link, &head);
	}
	/* Remove the odd ones while walking. */
	list_for_each_safe(pos, tmp, &head) {
		if (list_entry(pos, struct item, link)->value & 1)
			list_del(pos);
	}
	assert_list(&head, (int[]){0, 2, 4, 6, 8}, 5);
	int n = 0;
	list_for_each(pos, &head)
		n++;
	assert_int_equal(n, 5);
	list_for_each_entry_safe(e, etmp, &head, link) list_del_init(&e->link);
	assert_true(list_empty(&head));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_add_and_add_tail),
		cmocka_unit_test(test_del),
		cmocka_unit_test(test_for_each_safe_removes),
	};
	return cmocka_run_group_tests_name("list", tests, NULL, NULL);
}
