/*
 * Intrusive red-black tree.
 *
 * The node lives inside the object (container_of() gets the object back) and
 * the tree knows nothing of keys: the caller walks from the root comparing
 * its own keys, finds the NULL link where the new node belongs, and calls
 *
 *     rb_link_node(node, parent, link);   (hang it there, coloured red)
 *     rb_insert_color(node, root);        (then restore the colour rules)
 *
 * so there is no comparison callback on the fast path and no allocation.
 *
 * The rules a red-black tree keeps, which bound its height by 2*log2(n+1):
 *   1. every node is red or black; the root is black;
 *   2. a red node has no red child;
 *   3. every path from a node down to a NULL link crosses the same number of
 *      black nodes (its "black height").
 * rb_check() verifies them (and the order of the keys) for the tests.
 *
 * The parent pointer and the colour share one word: nodes are at least
 * 4-byte aligned, so bit 0 of the parent's address is free to hold the
 * colour.  That keeps a node at three words (12 bytes on i386).
 */
#ifndef TICK386_LIB_RBTREE_H
#define TICK386_LIB_RBTREE_H

#include "lib/compiler.h"
#include "lib/types.h"

#define RB_RED 0u
#define RB_BLACK 1u

struct rb_node {
	uintptr_t parent_colour; /* parent's address | colour bit */
	struct rb_node *left;
	struct rb_node *right;
} __aligned(sizeof(void *));

struct rb_root {
	struct rb_node *node;
};

#define RB_ROOT_INIT {NULL}

#define rb_entry(ptr, type, member) container_of(ptr, type, member)

static inline struct rb_node *rb_parent(const struct rb_node *node)
{
	return (struct rb_node *)(node->parent_colour & ~(uintptr_t)1);
}

static inline unsigned rb_colour(const struct rb_node *node)
{
	return node->parent_colour & 1;
}

static inline bool rb_is_red(const struct rb_node *node)
{
	return rb_colour(node) == RB_RED;
}

static inline bool rb_is_black(const struct rb_node *node)
{
	return rb_colour(node) == RB_BLACK;
}

static inline bool rb_empty(const struct rb_root *root)
{
	return root->node == NULL;
}

/*
 * A node that is in no tree can be marked so by pointing its parent at
 * itself (no node in a tree is its own parent).
 */
static inline void rb_clear_node(struct rb_node *node)
{
	node->parent_colour = (uintptr_t)node;
}

static inline bool rb_is_cleared(const struct rb_node *node)
{
	return node->parent_colour == (uintptr_t)node;
}

/*
 * Hang `node` as a red leaf at `*link`, which is `parent`'s left or right
 * pointer (or the root pointer when `parent` is NULL).  Follow with
 * rb_insert_color().
 */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **link)
{
	node->parent_colour = (uintptr_t)parent | RB_RED;
	node->left = NULL;
	node->right = NULL;
	*link = node;
}

/*
 * The out-of-line part of rb_insert_color(): `node` and its parent are both
 * red.  O(log n) recolourings, at most 2 rotations.
 */
void rb_insert_rebalance(struct rb_node *node, struct rb_node *parent, struct rb_root *root);

/*
 * Rebalance after rb_link_node().  A red leaf under a black parent breaks no
 * rule (half the random insertions), so that test is made here, inline.
 */
static inline void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *parent = rb_parent(node);

	if (!parent)
		node->parent_colour = RB_BLACK; /* the root */
	else if (rb_is_red(parent))
		rb_insert_rebalance(node, parent, root);
}

/* Make `parent` (or the root, when `parent` is NULL) point at `new` instead of `old`. */
static inline void rb_change_child(struct rb_node *old, struct rb_node *new,
				   struct rb_node *parent, struct rb_root *root)
{
	if (!parent)
		root->node = new;
	else if (parent->left == old)
		parent->left = new;
	else
		parent->right = new;
}

/*
 * The out-of-line parts of rb_erase(): the fix after a black leaf left
 * `parent` (its side now one black short), and the erasure of a node with
 * two children.
 */
void rb_erase_rebalance(struct rb_node *parent, struct rb_root *root);
void rb_erase_inner(struct rb_node *node, struct rb_root *root);

/*
 * Remove `node` from the tree: O(log n), at most 3 rotations.
 *
 * A node with at most one child, every end of the tree and about half of
 * its nodes, is unlinked here, inline.  Its lone child, if any, is a red
 * leaf under a black node (rule 3): it takes the node's place and colour
 * (one store of the node's word), and no path has lost a black node.  A
 * red leaf leaves nothing to fix; a black one (not the root) leaves its
 * side short.
 */
static inline void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *left = node->left, *right = node->right, *child, *parent;
	uintptr_t word = node->parent_colour;

	if (left && right) {
		rb_erase_inner(node, root);
		return;
	}
	child = left ? left : right;
	parent = (struct rb_node *)(word & ~(uintptr_t)1);
	rb_change_child(node, child, parent, root);
	if (child)
		child->parent_colour = word;
	else if ((word & RB_BLACK) && parent)
		rb_erase_rebalance(parent, root);
}

/* In-order navigation; NULL past either end or on an empty tree. */
struct rb_node *rb_first(const struct rb_root *root);
struct rb_node *rb_last(const struct rb_root *root);
struct rb_node *rb_next(const struct rb_node *node);
struct rb_node *rb_prev(const struct rb_node *node);

/*
 * Verify the tree, for tests: parent links, the colour rules above, and that
 * the in-order sequence never decreases according to `cmp` (negative, zero,
 * positive as for qsort; NULL skips the order check).  Returns the number of
 * nodes, or a negative RB_CHECK_* code naming the first broken rule.
 */
enum {
	RB_CHECK_PARENT = -1,	    /* a child does not point back at its parent */
	RB_CHECK_ROOT_RED = -2,	    /* the root is red */
	RB_CHECK_RED_RED = -3,	    /* a red node has a red child */
	RB_CHECK_BLACK_HEIGHT = -4, /* two paths cross different numbers of black nodes */
	RB_CHECK_ORDER = -5,	    /* in-order sequence out of order */
};
long rb_check(const struct rb_root *root,
	      int (*cmp)(const struct rb_node *a, const struct rb_node *b));

#endif
