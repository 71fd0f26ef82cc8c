/*
 * The timer queue: a red-black tree of armed timers whose in-order sequence
 * is the sorted list, with its two ends kept.  The data structure and its
 * invariants I1-I6 are described in lib/timerqueue.h; every function here
 * keeps them.
 *
 * An armed node is in one of two places: in q->tree (the queue proper), or,
 * while timerq_expire() runs, on that call's list of due nodes (I6).
 * timerq_arm and timerq_disarm tell the two apart by the node's word.
 */
#include "lib/timerqueue.h"

#include <stddef.h>

/* The rb_node opens the timerq_node (the header asserts it): NULL stays NULL. */
static inline struct timerq_node *timerq_node_of_rb(struct rb_node *rb)
{
	return (struct timerq_node *)rb;
}

void timerq_init(struct timerq *q)
{
	q->tree.node = NULL;
	q->first = NULL;
	q->last = NULL;
	q->count = 0;
}

/*
 * One step down the walk: the child on the side `expires` belongs (the
 * right on a tie).  Left or right is a coin toss for random expiries, which
 * a branch predictor loses half the time, so both links are read (one cache
 * line with the expiry) and one is selected as data, a conditional move.
 */
static inline struct rb_node *timerq_step(const struct rb_node *node, ktime_t expires)
{
	struct rb_node *left = node->left, *right = node->right;

	return expires >= timerq_node_of_rb((struct rb_node *)node)->expires ? right : left;
}

/* The first node's successor: its right child (a red leaf) or its parent (header). */
static inline struct timerq_node *timerq_after_first(const struct timerq_node *first)
{
	struct rb_node *right = first->rb.right;

	return timerq_node_of_rb(right ? right : rb_parent(&first->rb));
}

/* The last node's predecessor: its left child (a red leaf) or its parent. */
static inline struct timerq_node *timerq_before_last(const struct timerq_node *last)
{
	struct rb_node *left = last->rb.left;

	return timerq_node_of_rb(left ? left : rb_parent(&last->rb));
}

/* Take a node out of the tree, moving the ends past it first (I3). */
static inline __attribute__((always_inline)) void timerq_erase(struct timerq *q,
							       struct timerq_node *node)
{
	if (node == q->first)
		q->first = timerq_after_first(node);
	if (node == q->last)
		q->last = timerq_before_last(node);
	rb_erase(&node->rb, &q->tree);
	q->count--;
}

/*
 * Take an armed node out of the queue proper, or off the due list of a
 * running timerq_expire() (I6), leaving its word to the caller.
 */
static void timerq_unlink(struct timerq *q, struct timerq_node *node)
{
	if (node->rb.parent_colour == TIMERQ_DUE)
		list_del(&node->due); /* due, taken by timerq_expire: not in the tree */
	else
		timerq_erase(q, node);
}

/*
 * Link a disarmed node at `expires`.  The ends first: at or after the last
 * (ties go last: FIFO) the node hangs at the last node's free right link,
 * strictly before the first at the first's free left link, no walk.
 * Out of line, and called last, so that its callers need no stack frame.
 */
static __attribute__((noinline)) void timerq_link(struct timerq *q, struct timerq_node *node,
						  ktime_t expires)
{
	struct timerq_node *first = q->first, *last = q->last;
	struct rb_node **link, *parent, *child;

	node->expires = expires;
	q->count++;
	if (!last) {
		/* Empty queue: the node becomes the root, black. */
		node->rb.parent_colour = RB_BLACK;
		node->rb.left = NULL;
		node->rb.right = NULL;
		q->tree.node = &node->rb;
		q->first = node;
		q->last = node;
		return;
	}
	if (expires >= last->expires) {
		rb_link_node(&node->rb, &last->rb, &last->rb.right);
		q->last = node;
		rb_insert_color(&node->rb, &q->tree);
		return;
	}
	if (expires < first->expires) {
		rb_link_node(&node->rb, &first->rb, &first->rb.left);
		q->first = node;
		rb_insert_color(&node->rb, &q->tree);
		return;
	}

	/*
	 * Walk down to a free link; on equal expiries go right, so the new
	 * node follows them (FIFO).  It lands strictly between the ends:
	 * they stay.  Each level is a load, a compare with the expiry in
	 * memory, a conditional move and a test: the loop is unrolled twice
	 * so that the two nodes trade roles instead of being copied.
	 */
	parent = q->tree.node;
	for (;;) {
		child = timerq_step(parent, expires);
		if (!child)
			break;
		parent = timerq_step(child, expires);
		if (!parent) {
			parent = child;
			break;
		}
	}
	/*
	 * The last comparison again, from memory: without this empty asm
	 * (which makes the compiler forget what `parent` points at), the
	 * compiler keeps every level's expiry in a register for it, one more
	 * instruction per level to save one after the loop.
	 */
	__asm__("" : "+r"(parent));
	link = expires >= timerq_node_of_rb(parent)->expires ? &parent->right : &parent->left;
	rb_link_node(&node->rb, parent, link);
	rb_insert_color(&node->rb, &q->tree);
}

/* Move an armed node to `expires`: out of the queue (or its due list), then in. */
static __attribute__((noinline)) void timerq_move(struct timerq *q, struct timerq_node *node,
						  ktime_t expires)
{
	timerq_unlink(q, node);
	timerq_link(q, node, expires);
}

/*
 * Re-arm an armed node other than the first.  If arming it anew would put
 * it back where it is, only its expiry changes.  One neighbour can say no:
 * the successor when the node moves later (it must stay strictly before
 * it, FIFO), the predecessor when it moves earlier; O(1) amortized.  Not
 * for a node on a due list (I6): it is out of the tree.
 */
static __attribute__((noinline)) void timerq_rearm(struct timerq *q, struct timerq_node *node,
						   ktime_t expires)
{
	const struct timerq_node *next, *prev;

	if (node->rb.parent_colour != TIMERQ_DUE) {
		if (expires >= node->expires) {
			next = timerq_node_of_rb(rb_next(&node->rb));
			if (!next || expires < next->expires) {
				node->expires = expires;
				return;
			}
		} else {
			prev = timerq_node_of_rb(rb_prev(&node->rb)); /* not first: exists */
			if (prev->expires <= expires) {
				node->expires = expires;
				return;
			}
		}
	}
	timerq_move(q, node, expires);
}

/*
 * The fast paths are here, with no call before their end and so no stack
 * frame:
 *   - the first node re-armed where it stays first (a periodic timer):
 *     nothing before it, its successor one step away (header);
 *   - a disarmed node armed at or after the latest expiry (relative
 *     timeouts of one length): hung at the last node's free right link.
 *     Half the time the last node is black and nothing is left to do;
 *     otherwise the rebalancing is the tail call.
 */
void timerq_arm(struct timerq *q, struct timerq_node *node, ktime_t expires)
{
	struct timerq_node *last = q->last, *next;

	if (node->rb.parent_colour) {
		if (node != q->first) {
			timerq_rearm(q, node, expires);
			return;
		}
		next = timerq_after_first(node);
		if (expires < node->expires || !next || expires < next->expires) {
			node->expires = expires;
			return;
		}
		timerq_move(q, node, expires);
		return;
	}
	if (!last || expires < last->expires) {
		timerq_link(q, node, expires);
		return;
	}
	node->expires = expires;
	rb_link_node(&node->rb, &last->rb, &last->rb.right);
	q->last = node;
	q->count++;
	if (rb_is_red(&last->rb))
		rb_insert_rebalance(&node->rb, &last->rb, &q->tree);
}

/* Everything timerq_disarm() does not do inline. */
static __attribute__((noinline)) bool timerq_disarm_slow(struct timerq *q,
							 struct timerq_node *node)
{
	timerq_unlink(q, node);
	node->rb.parent_colour = 0;
	return true;
}

/*
 * The fast path, with no call and no stack frame: a red leaf, such as a
 * timeout cancelled soon after it was armed at the tail, leaves the tree
 * with no rebalancing, and its parent, its word as it stands, is the
 * in-order neighbour that takes its place at an end (I3).  A red node has
 * no child or two (one black child would break rule 3, one red child rule
 * 2), so no left child means a leaf.
 */
bool timerq_disarm(struct timerq *q, struct timerq_node *node)
{
	uintptr_t word = node->rb.parent_colour;
	struct rb_node *parent;

	if (!word)
		return false;
	if ((word & (RB_BLACK | TIMERQ_DUE)) || node->rb.left)
		return timerq_disarm_slow(q, node);
	parent = (struct rb_node *)word;
	if (node == q->first)
		q->first = timerq_node_of_rb(parent);
	if (node == q->last)
		q->last = timerq_node_of_rb(parent);
	if (parent->left == &node->rb)
		parent->left = NULL;
	else
		parent->right = NULL;
	q->count--;
	node->rb.parent_colour = 0;
	return true;
}

/*
 * Two steps, so that a callback arming a timer at or before `now` cannot
 * keep the call going (see timerq_expire in the header):
 *
 *   1. move every node due now from the queue to `due`, in queue order:
 *          queue:  a(3), b(5), c(9)       now = 6
 *          due:    head <-> a <-> b       (word TIMERQ_DUE, I6)
 *          queue:  c
 *   2. pop the first of `due`, disarm it, call back; until `due` is empty.
 *
 * What a callback arms goes to the queue, for the next call; what it
 * disarms or moves leaves `due` through timerq_unlink.  Step 1 costs what
 * popping the queue's head one node at a time would: one rb_erase each.
 */
ktime_t timerq_expire(struct timerq *q, ktime_t now, timerq_expire_fn fn, void *ctx)
{
	struct list_head due;
	struct timerq_node *node;

	list_init(&due);
	while ((node = q->first) && node->expires <= now) {
		timerq_erase(q, node);
		node->due_word = TIMERQ_DUE;
		list_add_tail(&node->due, &due);
	}
	while (!list_empty(&due)) {
		node = list_first_entry(&due, struct timerq_node, due);
		list_del(&node->due);
		node->rb.parent_colour = 0; /* disarmed (I5) before its callback */
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
	long in_tree = rb_check(&q->tree, timerq_rb_cmp); /* I1's order, I2 */

	if (in_tree == RB_CHECK_ORDER)
		return TIMERQ_CHECK_ORDER;
	if (in_tree < 0)
		return TIMERQ_CHECK_TREE;
	if (q->first != timerq_node_of_rb(rb_first(&q->tree)) ||
	    q->last != timerq_node_of_rb(rb_last(&q->tree)))
		return TIMERQ_CHECK_ENDS; /* I3 */
	if (q->count != (u32)in_tree)
		return TIMERQ_CHECK_COUNT; /* I4 */
	return 0;
}
