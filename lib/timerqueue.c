/*
 * The timer queue: a sorted list of armed timers indexed by a red-black
 * tree.  The data structure and its invariants I1-I6 are described in
 * lib/timerqueue.h; every function here keeps them.
 *
 * An armed node is in one of two places: on q->list and in q->tree (the
 * queue proper), or, while timerq_expire() runs, on that call's list of
 * due nodes with its tree links cleared (I6).  timerq_arm and
 * timerq_disarm tell the two apart by rb_is_cleared().
 */
#include "lib/timerqueue.h"

#include <stddef.h>

static inline struct timerq_node *timerq_node_of_rb(struct rb_node *rb)
{
	return rb_entry(rb, struct timerq_node, rb);
}

static inline struct timerq_node *timerq_node_of_link(struct list_head *link)
{
	return list_entry(link, struct timerq_node, link);
}

void timerq_init(struct timerq *q)
{
	q->tree.node = NULL;
	list_init(&q->list);
	q->count = 0;
}

/* &node->left when go_right is 0, &node->right when 1, without a branch. */
static inline struct rb_node **rb_child_link(struct rb_node *node, unsigned go_right)
{
	const size_t step = offsetof(struct rb_node, right) - offsetof(struct rb_node, left);

	return (struct rb_node **)((char *)node + offsetof(struct rb_node, left) + go_right * step);
}

/*
 * Take an armed node out of the queue proper, or off the due list of a
 * running timerq_expire() (I6), leaving its list links stale.
 */
static void timerq_unlink(struct timerq *q, struct timerq_node *node)
{
	list_del(&node->link);
	if (rb_is_cleared(&node->rb))
		return; /* due, taken by timerq_expire: not in the tree, not counted */
	rb_erase(&node->rb, &q->tree);
	q->count--;
}

/*
 * Link a disarmed node whose expires is set.  In a binary search tree a new
 * leaf's in-order neighbour is its parent: the predecessor when the leaf
 * hangs to the right, the successor when it hangs to the left.  So once the
 * tree walk has found the parent, the list position is known too (I2).
 */
static void timerq_link(struct timerq *q, struct timerq_node *node)
{
	ktime_t expires = node->expires;
	struct timerq_node *first, *last;
	struct rb_node **link, *parent;

	q->count++;
	if (list_empty(&q->list)) {
		/* Empty queue: the node becomes the root. */
		rb_link_node(&node->rb, NULL, &q->tree.node);
		list_add(&node->link, &q->list);
		rb_insert_color(&node->rb, &q->tree);
		return;
	}
	last = timerq_node_of_link(q->list.prev);
	if (expires >= last->expires) {
		/*
		 * At or after the latest timer (ties go last: FIFO).  The list's
		 * last node is the tree's rightmost (I3), whose right link is
		 * free: hang the node there, no walk.
		 */
		rb_link_node(&node->rb, &last->rb, &last->rb.right);
		list_add_tail(&node->link, &q->list);
		rb_insert_color(&node->rb, &q->tree);
		return;
	}
	first = timerq_node_of_link(q->list.next);
	if (expires < first->expires) {
		/* Strictly before every timer: under the leftmost node, no walk. */
		rb_link_node(&node->rb, &first->rb, &first->rb.left);
		list_add(&node->link, &q->list);
		rb_insert_color(&node->rb, &q->tree);
		return;
	}

	/* Walk; on equal expiries go right, so the new node follows them (FIFO). */
	link = &q->tree.node;
	parent = NULL;
	while (*link) {
		parent = *link;
		/*
		 * Left or right is a coin toss for random expiries, which a
		 * branch predictor loses half the time; selecting the link
		 * as data (a conditional move) costs nothing when it loses.
		 */
		link = rb_child_link(parent, expires >= timerq_node_of_rb(parent)->expires);
	}
	rb_link_node(&node->rb, parent, link);
	if (link == &parent->left)
		list_add_tail(&node->link, &timerq_node_of_rb(parent)->link); /* before parent */
	else
		list_add(&node->link, &timerq_node_of_rb(parent)->link); /* after parent */
	rb_insert_color(&node->rb, &q->tree);
}

void timerq_arm(struct timerq *q, struct timerq_node *node, ktime_t expires)
{
	if (timerq_is_armed(node)) {
		struct list_head *prev = node->link.prev, *next = node->link.next;

		/*
		 * Re-arming in place: if the new expiry still lies at or after
		 * the predecessor's and strictly before the successor's, arming
		 * anew would put the node exactly where it is, so only the
		 * expiry changes (the common case of a periodic timer that
		 * stays first).  Not for a node on a due list (I6): its
		 * neighbours there are not the queue's.
		 */
		if (!rb_is_cleared(&node->rb) &&
		    (prev == &q->list || timerq_node_of_link(prev)->expires <= expires) &&
		    (next == &q->list || expires < timerq_node_of_link(next)->expires)) {
			node->expires = expires;
			return;
		}
		timerq_unlink(q, node);
	}
	node->expires = expires;
	timerq_link(q, node);
}

bool timerq_disarm(struct timerq *q, struct timerq_node *node)
{
	if (!timerq_is_armed(node))
		return false;
	timerq_unlink(q, node);
	node->link.next = NULL;
	node->link.prev = NULL;
	return true;
}

/*
 * Two steps, so that a callback arming a timer at or before `now` cannot
 * keep the call going (see timerq_expire in the header):
 *
 *   1. move every node due now from the queue to `due`, in queue order:
 *          q->list:  head <-> a(3) <-> b(5) <-> c(9)       now = 6
 *          due:      head <-> a <-> b       (tree links cleared, I6)
 *          q->list:  head <-> c
 *   2. pop the first of `due`, disarm it, call back; until `due` is empty.
 *
 * What a callback arms goes to q->list, for the next call; what it
 * disarms or moves leaves `due` through timerq_unlink.  Step 1 costs what
 * popping the queue's head one node at a time would: one rb_erase each.
 */
ktime_t timerq_expire(struct timerq *q, ktime_t now, timerq_expire_fn fn, void *ctx)
{
	struct list_head due;
	struct timerq_node *node;

	list_init(&due);
	while ((node = timerq_first(q)) && node->expires <= now) {
		timerq_unlink(q, node);
		rb_clear_node(&node->rb);
		list_add_tail(&node->link, &due);
	}
	while (!list_empty(&due)) {
		node = list_first_entry(&due, struct timerq_node, link);
		list_del(&node->link);
		node->link.next = NULL; /* disarmed (I5) before its callback */
		node->link.prev = NULL;
		fn(q, node, now, ctx);
	}
	return timerq_next_deadline(q);
}

static int timerq_rb_cmp(const struct rb_node *a, const struct rb_node *b)
{
	ktime_t x = rb_entry(a, struct timerq_node, rb)->expires;
	ktime_t y = rb_entry(b, struct timerq_node, rb)->expires;

	return x < y ? -1 : x > y;
}

int timerq_check(const struct timerq *q)
{
	const struct list_head *pos;
	const struct rb_node *rb;
	ktime_t prev_expires = 0;
	u32 listed = 0;
	long in_tree;

	/* I1 (order) and I5 over the list. */
	for (pos = q->list.next; pos != &q->list; pos = pos->next) {
		const struct timerq_node *node = list_entry(pos, struct timerq_node, link);

		if (pos->next == NULL)
			return TIMERQ_CHECK_UNARMED;
		if (pos->next->prev != pos || pos->prev->next != pos)
			return TIMERQ_CHECK_LIST_LINKS;
		if (listed && node->expires < prev_expires)
			return TIMERQ_CHECK_ORDER;
		prev_expires = node->expires;
		listed++;
	}
	/* The tree itself, then I2: same nodes, same order (which gives I3). */
	in_tree = rb_check(&q->tree, timerq_rb_cmp);
	if (in_tree < 0)
		return TIMERQ_CHECK_TREE;
	rb = rb_first(&q->tree);
	for (pos = q->list.next; pos != &q->list; pos = pos->next) {
		if (!rb || rb != &list_entry(pos, struct timerq_node, link)->rb)
			return TIMERQ_CHECK_MISMATCH;
		rb = rb_next(rb);
	}
	if (rb || (u32)in_tree != listed)
		return TIMERQ_CHECK_MISMATCH;
	/* I4. */
	if (q->count != listed)
		return TIMERQ_CHECK_COUNT;
	return 0;
}
