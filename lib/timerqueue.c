/*
 * The timer queue (lib/timerqueue.h has the layout and the invariants).
 *
 * The tree is ordered by expiry, with a node of equal expiry going to the
 * right of those already there: so the in-order walk is the arming order
 * among equals, and the FIFO rule of I1 needs no sequence number.
 */
#include "lib/timerqueue.h"
#include "lib/compiler.h"
#include <limits.h>

void timerq_init(struct timerq *q)
{
	q->tree.node = NULL;
	list_init(&q->list);
	q->count = 0;
}

static struct timerq_node *node_of_rb(struct rb_node *rb)
{
	return rb_entry(rb, struct timerq_node, rb);
}

static struct timerq_node *node_of_link(struct list_head *link)
{
	return list_entry(link, struct timerq_node, link);
}

/* Link a disarmed node into tree and list (I1, I2 kept). */
static void timerq_insert(struct timerq *q, struct timerq_node *node)
{
	struct rb_node **link = &q->tree.node, *parent = NULL;
	struct list_head *last = list_last(&q->list);
	bool left = false;

	if (!last || node_of_link(last)->expires <= node->expires) {
		/*
		 * At or after the latest: the list's last node is the tree's
		 * rightmost (I3), whose right link is free.  No walk.
		 */
		if (last) {
			parent = &node_of_link(last)->rb;
			link = &parent->right;
		}
		rb_link_node(&node->rb, parent, link);
		rb_insert_color(&node->rb, &q->tree);
		list_add_tail(&node->link, &q->list);
		q->count++;
		return;
	}
	while (*link) {
		parent = *link;
		left = node->expires < node_of_rb(parent)->expires;
		link = left ? &parent->left : &parent->right;
	}
	rb_link_node(&node->rb, parent, link);
	rb_insert_color(&node->rb, &q->tree);
	/*
	 * A new leaf's in-order neighbour is its parent: the successor when it
	 * hangs on the left, the predecessor when on the right.  The list takes
	 * the same place.  (parent cannot be NULL here: the list was not empty.)
	 */
	if (left)
		list_add_tail(&node->link, &node_of_rb(parent)->link); /* before parent */
	else
		list_add(&node->link, &node_of_rb(parent)->link); /* after parent */
	q->count++;
}

static void timerq_remove(struct timerq *q, struct timerq_node *node)
{
	rb_erase(&node->rb, &q->tree);
	list_del(&node->link);
	node->link.next = NULL;
	node->link.prev = NULL;
	q->count--;
}

void timerq_arm(struct timerq *q, struct timerq_node *node, ktime_t expires)
{
	if (timerq_is_armed(node)) {
		struct list_head *prev = node->link.prev, *next = node->link.next;
		/*
		 * Keeps its place if it stays after its predecessor and before
		 * its successor (strictly: it must go after equals, FIFO):
		 * a periodic timer that stays first costs no tree work.
		 */
		if ((prev == &q->list || node_of_link(prev)->expires <= expires) &&
		    (next == &q->list || node_of_link(next)->expires > expires)) {
			node->expires = expires;
			return;
		}
		timerq_remove(q, node);
	}
	node->expires = expires;
	timerq_insert(q, node);
}

bool timerq_disarm(struct timerq *q, struct timerq_node *node)
{
	if (!timerq_is_armed(node))
		return false;
	timerq_remove(q, node);
	return true;
}

ktime_t timerq_expire(struct timerq *q, ktime_t now, timerq_expire_fn fn, void *ctx)
{
	struct timerq_node *node;

	while ((node = timerq_first(q)) && node->expires <= now) {
		enum timerq_action action = fn(q, node, now, ctx);
		ktime_t next;

		if (action == TIMERQ_REARM && node->interval) {
			ktime_forward(node->expires, node->interval, now, &next);
			timerq_arm(q, node, next); /* > now: not handed over again */
		} else {
			timerq_remove(q, node);
		}
	}
	return timerq_next_deadline(q);
}

int timerq_overrun(const struct timerq_node *node, ktime_t now)
{
	ktime_t next;

	if (!node->interval || node->expires > now)
		return 0;
	return ktime_forward(node->expires, node->interval, now, &next);
}

int timerq_forward(struct timerq_node *node, ktime_t now)
{
	if (!node->interval || node->expires > now)
		return 0;
	return ktime_forward(node->expires, node->interval, now, &node->expires);
}

static int compare_expiry(const struct rb_node *a, const struct rb_node *b)
{
	ktime_t x = rb_entry(a, struct timerq_node, rb)->expires;
	ktime_t y = rb_entry(b, struct timerq_node, rb)->expires;

	return (x > y) - (x < y);
}

int timerq_check(const struct timerq *q)
{
	const struct list_head *pos, *prev = &q->list;
	struct rb_node *rb;
	ktime_t last = 0;
	u32 n = 0;
	long tree_nodes;

	for (pos = q->list.next; pos != &q->list; prev = pos, pos = pos->next) {
		const struct timerq_node *node = node_of_link((struct list_head *)pos);
		if (pos->prev != prev)
			return TIMERQ_CHECK_LIST_LINKS;
		if (!timerq_is_armed(node))
			return TIMERQ_CHECK_UNARMED;
		if (n && node->expires < last)
			return TIMERQ_CHECK_ORDER;
		last = node->expires;
		n++;
	}
	if (q->list.prev != prev)
		return TIMERQ_CHECK_LIST_LINKS;
	if (n != q->count)
		return TIMERQ_CHECK_COUNT;
	tree_nodes = rb_check(&q->tree, compare_expiry);
	if (tree_nodes < 0)
		return TIMERQ_CHECK_TREE;
	if ((u32)tree_nodes != n)
		return TIMERQ_CHECK_MISMATCH;
	/* The in-order walk must visit the very nodes of the list, in its order. */
	pos = q->list.next;
	for (rb = rb_first(&q->tree); rb; rb = rb_next(rb), pos = pos->next)
		if (pos == &q->list || &node_of_rb(rb)->link != pos)
			return TIMERQ_CHECK_MISMATCH;
	return 0;
}
