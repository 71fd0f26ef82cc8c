/*
 * The timer queue: the armed timers of one clock, ordered by expiry.
 *
 * Each clock (CLOCK_MONOTONIC, CLOCK_REALTIME, ...) has one struct timerq.
 * A timer embeds a struct timerq_node and gets back to itself with
 * container_of().  The queue knows no hardware: it is told "now" and answers
 * with the next deadline, which the caller programs into the PIT.
 *
 * Layout: the armed nodes sit in a doubly linked list sorted by expiry, and
 * a red-black tree over the same nodes serves as an index into the list.
 *
 *     list:  head <-> t1 <-> t2 <-> t3 <-> t4 <-> t5 <-> (head)
 *     tree:              t3
 *                      /    \
 *                    t1      t4
 *                      \       \
 *                       t2      t5
 *
 * so that
 *   - the earliest timer is the list's first node: O(1);
 *   - arming walks the tree, O(log n), and links the node into the list next
 *     to its parent in the tree (its in-order neighbour), without a list walk;
 *   - arming at or after the latest expiry links at the list's tail and under
 *     the tree's rightmost node with no walk at all (relative timeouts of one
 *     length arrive in that order); arming before the earliest links under
 *     the leftmost node, no walk either;
 *   - disarming any node unlinks it from both, with no search;
 *   - re-arming a node whose new expiry keeps its place between its list
 *     neighbours (a periodic timer that stays first) only rewrites its expiry.
 *
 * Invariants, kept by every function below and verified by timerq_check():
 *   I1. q->list holds exactly the armed nodes, in non-decreasing order of
 *       expiry; nodes with equal expiries are in the order they were armed
 *       (FIFO): arming a node places it after every node with the same expiry.
 *   I2. q->tree holds the same nodes, and its in-order walk visits them in
 *       the list's order (the tree is an index into the list, nothing more).
 *   I3. Hence the tree's leftmost node is the list's first node (the next
 *       timer to expire) and its rightmost node is the list's last node.
 *   I4. q->count is the number of armed nodes.
 *   I5. A node is armed iff node->link.next != NULL; a zero-filled node is a
 *       valid disarmed node.
 *
 * The queue never allocates and never sleeps; the caller provides locking
 * (in the kernel: interrupts off, since the PIT interrupt expires timers).
 */
#ifndef TICK386_LIB_TIMERQUEUE_H
#define TICK386_LIB_TIMERQUEUE_H

#include "lib/ktime.h"
#include "lib/list.h"
#include "lib/rbtree.h"

/*
 * The expiry sits next to the tree links: a walk down the tree reads both
 * at every level, and together they fill half a cache line.
 */
struct timerq_node {
	struct rb_node rb;
	ktime_t expires;       /* absolute expiry on the queue's clock, ns */
	struct list_head link; /* link.next == NULL: not armed (I5) */
	ktime_t interval;      /* period for periodic timers, 0 for one-shot */
};

struct timerq {
	struct rb_root tree;
	struct list_head list;
	u32 count;
};

/* What the expiry callback asks of the queue, for the timer it was given. */
enum timerq_action {
	TIMERQ_DONE,  /* disarm the timer (one-shot, or periodic re-armed later) */
	TIMERQ_REARM, /* forward it past now by its interval and keep it armed */
};

/*
 * Expiry callback, called by timerq_expire() once per expired timer, in
 * expiry order.  While it runs, `node` is still armed (at the head of what
 * has expired); the callback may arm and disarm any OTHER timer of this or
 * another queue, and may change node->interval, but must not arm, disarm or
 * forward `node` itself nor change node->expires: it returns its decision.
 * timerq_overrun(node, now) tells it how many periods were missed.
 */
typedef enum timerq_action (*timerq_expire_fn)(struct timerq *q, struct timerq_node *node,
					       ktime_t now, void *ctx);

void timerq_init(struct timerq *q);

/* Make `node` a disarmed node (a zero-filled node already is one). */
static inline void timerq_node_init(struct timerq_node *node)
{
	node->link.next = NULL;
	node->link.prev = NULL;
	node->expires = 0;
	node->interval = 0;
}

static inline bool timerq_is_armed(const struct timerq_node *node)
{
	return node->link.next != NULL;
}

/*
 * Arm `node` to expire at `expires` (absolute ns on the queue's clock; a
 * time already past expires at the next timerq_expire()).  Arming an armed
 * node moves it, as if disarmed and armed again (it goes after the nodes
 * with the same expiry).  node->interval is left as the caller set it.
 */
void timerq_arm(struct timerq *q, struct timerq_node *node, ktime_t expires);

/* Disarm `node`: true if it was armed, false if it was not (a no-op). */
bool timerq_disarm(struct timerq *q, struct timerq_node *node);

/* The next timer to expire, or NULL when none is armed. */
static inline struct timerq_node *timerq_first(const struct timerq *q)
{
	struct list_head *first = list_first(&q->list);

	return first ? list_entry(first, struct timerq_node, link) : NULL;
}

/* The expiry of the next timer, or KTIME_MAX ("never") when none is armed. */
static inline ktime_t timerq_next_deadline(const struct timerq *q)
{
	struct timerq_node *first = timerq_first(q);

	return first ? first->expires : KTIME_MAX;
}

/* Number of armed timers. */
static inline u32 timerq_count(const struct timerq *q)
{
	return q->count;
}

/*
 * Expire every timer whose expiry is <= now, earliest first (FIFO among
 * equals), handing each to `fn` (see timerq_expire_fn).  A timer re-armed by
 * TIMERQ_REARM lands after `now`, so it is not handed over twice in one call.
 * Returns the next deadline, as timerq_next_deadline().
 */
ktime_t timerq_expire(struct timerq *q, ktime_t now, timerq_expire_fn fn, void *ctx);

/*
 * Periods a periodic timer has missed by `now` besides the expiry that is
 * firing: floor((now - expires) / interval), saturated at INT_MAX
 * (DELAYTIMER_MAX); 0 for a one-shot timer or one not yet due.
 */
int timerq_overrun(const struct timerq_node *node, ktime_t now);

/*
 * Move a DISARMED periodic node's expiry to the first period after `now`
 * (see ktime_forward()) and return the periods it missed, as
 * timerq_overrun().  For re-arming later, e.g. when the timer's signal is
 * delivered:  overrun = timerq_forward(n, now); timerq_arm(q, n, n->expires);
 * A node not yet due, or a one-shot node, is left alone (returns 0).
 */
int timerq_forward(struct timerq_node *node, ktime_t now);

/*
 * Verify I1-I5 (except the FIFO part of I1, which needs the arming order:
 * the tests check it against their model).  Returns 0 or a negative
 * TIMERQ_CHECK_* code.  O(n): for tests.
 */
enum {
	TIMERQ_CHECK_ORDER = -1,     /* list not sorted by expiry */
	TIMERQ_CHECK_TREE = -2,	     /* tree breaks a red-black rule or its order */
	TIMERQ_CHECK_MISMATCH = -3,  /* tree and list differ in nodes or order */
	TIMERQ_CHECK_COUNT = -4,     /* q->count wrong */
	TIMERQ_CHECK_UNARMED = -5,   /* a listed node looks disarmed */
	TIMERQ_CHECK_LIST_LINKS = -6 /* a list node's prev does not point back */
};
int timerq_check(const struct timerq *q);

#endif
