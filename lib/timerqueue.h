/*
 * The timer queue: the armed timers of one clock, ordered by expiry.
 *
 * Each clock (CLOCK_MONOTONIC, CLOCK_REALTIME, ...) has one struct timerq.
 * A timer embeds a struct timerq_node and gets back to itself with
 * container_of().  The queue knows no hardware: it is told "now" and answers
 * with the next deadline, which the caller programs into the PIT.
 *
 * Layout: the armed nodes, sorted by expiry, form the in-order sequence of a
 * red-black tree, and the queue keeps the two ends of that sorted list, the
 * tree's leftmost and rightmost nodes:
 *
 *     tree:       t3            sorted list (in order):
 *               /    \            first = t1, t2, t3, t4, t5 = last
 *             t1      t4
 *               \        *               t2       t5
 *
 * The ends' neighbours are one step away in the tree itself: the first node
 * has no left child, so (rule 3 of lib/rbtree.h) no black node either below
 * it on the right: its right subtree is empty or one red leaf.  So its
 * successor is its right child if it has one, else its parent; the last
 * node's predecessor, its left child or its parent.  Hence
 *   - the earliest timer is q->first: O(1);
 *   - taking it off (expiry, pop) finds the next first in O(1), then erases
 *     it from the tree (O(1) rebalancing amortized);
 *   - arming walks the tree, O(log n); arming at or after the latest expiry
 *     hangs the node under q->last, and strictly before the earliest under
 *     q->first, with no walk at all (relative timeouts of one length arrive
 *     in that order);
 *   - disarming any node erases it, with no search;
 *   - re-arming a node whose new expiry keeps its place between its in-order
 *     neighbours only rewrites its expiry: O(1) for the first node (a
 *     periodic timer that stays first), O(1) amortized for any other.
 *
 * (The sorted list used to be a second, doubly linked list through the
 * nodes beside the tree: 16 bytes more per node on x86-64, 8 on i386, and a
 * list splice on every arm and disarm, for neighbours that the tree gives at
 * the ends for nothing and elsewhere in O(1) amortized.  Without it a node
 * is a tree node and an expiry: 20 bytes on i386, 32 on x86-64, two to a
 * 64-byte cache line.)
 *
 * Invariants, kept by every function below and verified by timerq_check():
 *   I1. q->tree holds exactly the armed nodes that no running timerq_expire()
 *       has taken (see I6), and its in-order sequence is non-decreasing in
 *       expiry; nodes with equal expiries are in the order they were armed
 *       (FIFO): arming a node places it after every node with the same
 *       expiry.
 *   I2. q->tree is a red-black tree (lib/rbtree.h).
 *   I3. q->first and q->last are its leftmost and rightmost nodes, the next
 *       timer to expire and the latest (both NULL when it is empty).
 *   I4. q->count is the number of nodes in q->tree.
 *   I5. A node is armed iff node->rb.parent_colour != 0 (in a tree the root's
 *       word is RB_BLACK, any other node's holds its parent's address); a
 *       zero-filled node is a valid disarmed node.
 *   I6. While timerq_expire() runs, the nodes that were due when it began
 *       and have not yet been handed over sit on a list of its own, still
 *       armed (I5) but out of the tree: their word is TIMERQ_DUE, and the
 *       tree's child links serve as that list's links (node->due).  Each
 *       leaves that list, disarmed, just before its callback: a node is
 *       never armed while its own callback starts.
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
 * at every level, in one cache line.  Nothing else: a period, an overrun or
 * a callback belong to the timer that embeds the node (20 bytes on i386, 32
 * on x86-64).  A due node (I6) needs no tree links, and lends them to the
 * due list.
 */
struct timerq_node {
	union {
		struct rb_node rb; /* armed, in the queue's tree */
		struct {	   /* armed and due, on timerq_expire()'s list (I6) */
			uintptr_t due_word; /* TIMERQ_DUE, in rb.parent_colour's place */
			struct list_head due; /* in rb.left's and rb.right's place */
		};
	};
	ktime_t expires; /* absolute expiry on the queue's clock, ns */
};
STATIC_ASSERT(sizeof(struct timerq_node) == 3 * sizeof(void *) + sizeof(ktime_t),
	      "a timer queue node is its tree links and its expiry");
STATIC_ASSERT(offsetof(struct timerq_node, rb) == 0, "the tree node opens the timer queue node");

/*
 * The word of a due node (I6): bit 1 is never set in a tree node's word,
 * which holds a parent's address (nodes are at least 4-byte aligned) and
 * a colour in bit 0.
 */
#define TIMERQ_DUE ((uintptr_t)2)

struct timerq {
	struct rb_root tree;
	struct timerq_node *first; /* leftmost: the next to expire (I3) */
	struct timerq_node *last;  /* rightmost: the latest */
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
	node->rb.parent_colour = 0;
	node->rb.left = NULL;
	node->rb.right = NULL;
	node->expires = 0;
}

static inline bool timerq_is_armed(const struct timerq_node *node)
{
	return node->rb.parent_colour != 0;
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
	return q->first;
}

/* The expiry of the next timer, or KTIME_MAX ("never") when none is armed. */
static inline ktime_t timerq_next_deadline(const struct timerq *q)
{
	struct timerq_node *first = q->first;

	return first ? first->expires : KTIME_MAX;
}

/*
 * The timer that expires after `node`, which is in the queue (not due:
 * I6), or NULL after the last: walks in expiry order, as /proc/timer_list
 * does.  O(1) amortized over a walk.
 */
static inline struct timerq_node *timerq_next(const struct timerq_node *node)
{
	return (struct timerq_node *)rb_next(&node->rb);
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
 * the tests check it against their model; I5 holds for every node that
 * passes I2's parent checks); the nodes of I6 are off the queue and not
 * seen.  Returns 0 or a negative TIMERQ_CHECK_* code.  O(n): for tests.
 */
enum {
	TIMERQ_CHECK_ORDER = -1, /* in-order sequence not sorted by expiry */
	TIMERQ_CHECK_TREE = -2,	 /* the tree breaks a red-black rule or a parent link */
	TIMERQ_CHECK_ENDS = -3,	 /* q->first or q->last is not the tree's end */
	TIMERQ_CHECK_COUNT = -4, /* q->count wrong */
};
int timerq_check(const struct timerq *q);

#endif
