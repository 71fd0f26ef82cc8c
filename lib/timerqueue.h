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
 *   I1. q->list holds exactly the armed nodes that no running timerq_expire()
 *       has taken (see I6), in non-decreasing order of expiry; nodes with
 *       equal expiries are in the order they were armed (FIFO): arming a
 *       node places it after every node with the same expiry.
 *   I2. q->tree holds the same nodes, and its in-order walk visits them in
 *       the list's order (the tree is an index into the list, nothing more).
 *   I3. Hence the tree's leftmost node is the list's first node (the next
 *       timer to expire) and its rightmost node is the list's last node.
 *   I4. q->count is the number of nodes on q->list.
 *   I5. A node is armed iff node->link.next != NULL; a zero-filled node is a
 *       valid disarmed node.
 *   I6. While timerq_expire() runs, the nodes that were due when it began
 *       and have not yet been handed over sit on a list of its own, still
 *       armed (I5) but out of the tree, their tree links cleared
 *       (rb_is_cleared).  Each leaves that list, disarmed, just before its
 *       callback: a node is never armed while its own callback starts.
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
 * at every level.  Nothing else: a period, an overrun or a callback belong
 * to the timer that embeds the node (28 bytes on i386, 48 on x86-64).
 */
struct timerq_node {
	struct rb_node rb;
	ktime_t expires;       /* absolute expiry on the queue's clock, ns */
	struct list_head link; /* link.next == NULL: not armed (I5) */
};
STATIC_ASSERT(sizeof(struct timerq_node) == 5 * sizeof(void *) + sizeof(ktime_t),
	      "a timer queue node is its tree links, its list links and its expiry");

struct timerq {
	struct rb_root tree;
	struct list_head list;
	u32 count;
};

/*
 * Expiry callback, called by timerq_expire() once per expired timer, in
 * expiry order.  `node` is already disarmed when it is called (I6), so the
 * callback may arm it again with timerq_arm() (a periodic timer moves its
 * expiry by its own period), and may arm and disarm any other timer of
 * this or another queue; a node armed while the pass runs, even at or
 * before `now`, is left for the next timerq_expire().
 */
typedef void (*timerq_expire_fn)(struct timerq *q, struct timerq_node *node, ktime_t now,
				 void *ctx);

void timerq_init(struct timerq *q);

/* Make `node` a disarmed node (a zero-filled node already is one). */
static inline void timerq_node_init(struct timerq_node *node)
{
	node->link.next = NULL;
	node->link.prev = NULL;
	node->expires = 0;
}

static inline bool timerq_is_armed(const struct timerq_node *node)
{
	return node->link.next != NULL;
}

/*
 * Arm `node` to expire at `expires` (absolute ns on the queue's clock; a
 * time already past expires at the next timerq_expire()).  Arming an armed
 * node moves it, as if disarmed and armed again (it goes after the nodes
 * with the same expiry).
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

/* Number of armed timers (while timerq_expire() runs, without the due
 * ones it has yet to hand over: I4). */
static inline u32 timerq_count(const struct timerq *q)
{
	return q->count;
}

/*
 * Expire every timer whose expiry is <= now, earliest first (FIFO among
 * equals), handing each to `fn` (see timerq_expire_fn) after disarming it.
 *
 * One call hands over the timers due when it began, and no other: it first
 * takes them all off the queue onto a list of its own (I6), then calls
 * back.  So a callback that arms a timer (its own or another) at or before
 * `now` cannot keep the call going forever, nor starve the timers due
 * after it: that timer is expired by the next call, as OpenBSD's softclock
 * runs a timeout added again from its handler at the next tick.  A timer
 * still due is disarmed by timerq_disarm() or moved by timerq_arm() from a
 * callback as at any other time, and then is not handed over by this call.
 *
 * Returns the next deadline, as timerq_next_deadline(): a deadline <= now
 * means a callback armed a timer that is due already; call again.
 */
ktime_t timerq_expire(struct timerq *q, ktime_t now, timerq_expire_fn fn, void *ctx);

/*
 * Verify I1-I5 (except the FIFO part of I1, which needs the arming order:
 * the tests check it against their model); the nodes of I6 are off the
 * queue and not seen.  Returns 0 or a negative
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
