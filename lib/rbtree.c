/*
 * Red-black tree rebalancing, written from the rules in lib/rbtree.h.
 *
 * Insertion hangs a red leaf, which can only break rule 2 (red under red).
 * The fix walks up: while the parent is red, either the uncle is red too and
 * recolouring pushes the problem two levels up, or one or two rotations end
 * it for good.
 *
 * Erasure removes a node with at most one child (a node with two children
 * first trades places with its successor, the leftmost node of its right
 * subtree).  Removing a red node breaks nothing; removing a black one leaves
 * its side one black short, and the fix walks up looking at the sibling
 * until a red node can be blackened or a rotation borrows a black node from
 * the sibling's side.
 */
#include "lib/rbtree.h"

static inline void rb_set_parent(struct rb_node *node, struct rb_node *parent)
{
	node->parent_colour = (uintptr_t)parent | rb_colour(node);
}

static inline void rb_set_colour(struct rb_node *node, unsigned colour)
{
	node->parent_colour = (node->parent_colour & ~(uintptr_t)1) | colour;
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
 *     x                y
 *    / \              / \
 *   a   y    -->     x   c
 *      / \          / \
 *     b   c        a   b
 */
static void rb_rotate_left(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->right;
	struct rb_node *parent = rb_parent(x);

	x->right = y->left;
	if (y->left)
		rb_set_parent(y->left, x);
	rb_set_parent(y, parent);
	rb_change_child(x, y, parent, root);
	y->left = x;
	rb_set_parent(x, y);
}

/* The mirror image of rb_rotate_left(). */
static void rb_rotate_right(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->left;
	struct rb_node *parent = rb_parent(x);

	x->left = y->right;
	if (y->right)
		rb_set_parent(y->right, x);
	rb_set_parent(y, parent);
	rb_change_child(x, y, parent, root);
	y->right = x;
	rb_set_parent(x, y);
}

void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *parent;

	/* A red parent is never the root, so the grandparent exists. */
	while ((parent = rb_parent(node)) && rb_is_red(parent)) {
		struct rb_node *gparent = rb_parent(parent);
		struct rb_node *uncle;

		if (parent == gparent->left) {
			uncle = gparent->right;
			if (uncle && rb_is_red(uncle)) {
				/* Recolour: the grandparent's subtree keeps its black height. */
				rb_set_colour(parent, RB_BLACK);
				rb_set_colour(uncle, RB_BLACK);
				rb_set_colour(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->right) {
				/* Zig-zag: turn it into the straight case. */
				rb_rotate_left(parent, root);
				node = parent;
				parent = rb_parent(node);
			}
			rb_set_colour(parent, RB_BLACK);
			rb_set_colour(gparent, RB_RED);
			rb_rotate_right(gparent, root);
			break;
		} else {
			uncle = gparent->left;
			if (uncle && rb_is_red(uncle)) {
				rb_set_colour(parent, RB_BLACK);
				rb_set_colour(uncle, RB_BLACK);
				rb_set_colour(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->left) {
				rb_rotate_right(parent, root);
				node = parent;
				parent = rb_parent(node);
			}
			rb_set_colour(parent, RB_BLACK);
			rb_set_colour(gparent, RB_RED);
			rb_rotate_left(gparent, root);
			break;
		}
	}
	rb_set_colour(root->node, RB_BLACK);
}

static inline bool rb_black_or_null(const struct rb_node *node)
{
	return !node || rb_is_black(node);
}

/*
 * The subtree at `x` (possibly NULL), child of `parent`, is one black node
 * short of its sibling's.
 */
static void rb_erase_fixup(struct rb_node *x, struct rb_node *parent, struct rb_root *root)
{
	while (x != root->node && rb_black_or_null(x)) {
		struct rb_node *sibling;

		if (x == parent->left) {
			/* The sibling has black height >= 1, so it exists. */
			sibling = parent->right;
			if (rb_is_red(sibling)) {
				/* Make the sibling black; the parent becomes red. */
				rb_set_colour(sibling, RB_BLACK);
				rb_set_colour(parent, RB_RED);
				rb_rotate_left(parent, root);
				sibling = parent->right;
			}
			if (rb_black_or_null(sibling->left) && rb_black_or_null(sibling->right)) {
				/* Take one black off the sibling's side too; move up. */
				rb_set_colour(sibling, RB_RED);
				x = parent;
				parent = rb_parent(x);
				continue;
			}
			if (rb_black_or_null(sibling->right)) {
				/* The sibling's near child is red: make it the far one. */
				rb_set_colour(sibling->left, RB_BLACK);
				rb_set_colour(sibling, RB_RED);
				rb_rotate_right(sibling, root);
				sibling = parent->right;
			}
			/* Far child red: one rotation gives x's side its black back. */
			rb_set_colour(sibling, rb_colour(parent));
			rb_set_colour(parent, RB_BLACK);
			rb_set_colour(sibling->right, RB_BLACK);
			rb_rotate_left(parent, root);
			x = root->node;
			break;
		} else {
			sibling = parent->left;
			if (rb_is_red(sibling)) {
				rb_set_colour(sibling, RB_BLACK);
				rb_set_colour(parent, RB_RED);
				rb_rotate_right(parent, root);
				sibling = parent->left;
			}
			if (rb_black_or_null(sibling->left) && rb_black_or_null(sibling->right)) {
				rb_set_colour(sibling, RB_RED);
				x = parent;
				parent = rb_parent(x);
				continue;
			}
			if (rb_black_or_null(sibling->left)) {
				rb_set_colour(sibling->right, RB_BLACK);
				rb_set_colour(sibling, RB_RED);
				rb_rotate_left(sibling, root);
				sibling = parent->left;
			}
			rb_set_colour(sibling, rb_colour(parent));
			rb_set_colour(parent, RB_BLACK);
			rb_set_colour(sibling->left, RB_BLACK);
			rb_rotate_right(parent, root);
			x = root->node;
			break;
		}
	}
	if (x)
		rb_set_colour(x, RB_BLACK);
}

void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *child, *parent;
	unsigned removed_colour;

	if (!node->left || !node->right) {
		/* At most one child: it takes the node's place. */
		child = node->left ? node->left : node->right;
		parent = rb_parent(node);
		removed_colour = rb_colour(node);
		if (child)
			rb_set_parent(child, parent);
		rb_change_child(node, child, parent, root);
	} else {
		/*
		 * Two children: the successor `succ` (which has no left child)
		 * leaves its own place to its right child and takes the node's
		 * place and colour.  What the tree lost is then the colour the
		 * successor had, at the successor's old place.
		 */
		struct rb_node *succ = node->right;

		while (succ->left)
			succ = succ->left;
		child = succ->right;
		removed_colour = rb_colour(succ);
		parent = rb_parent(succ);
		if (parent == node) {
			parent = succ; /* succ was node->right; its right child stays */
		} else {
			parent->left = child;
			succ->right = node->right;
			rb_set_parent(node->right, succ);
		}
		if (child)
			rb_set_parent(child, parent);
		succ->left = node->left;
		rb_set_parent(node->left, succ);
		succ->parent_colour = node->parent_colour;
		rb_change_child(node, succ, rb_parent(node), root);
	}
	if (removed_colour == RB_BLACK)
		rb_erase_fixup(child, parent, root);
}

struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *node = root->node;

	if (!node)
		return NULL;
	while (node->left)
		node = node->left;
	return node;
}

struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *node = root->node;

	if (!node)
		return NULL;
	while (node->right)
		node = node->right;
	return node;
}

struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->right) {
		node = node->right;
		while (node->left)
			node = node->left;
		return (struct rb_node *)node;
	}
	/* Climb until we arrive from a left child: that parent comes next. */
	while ((parent = rb_parent(node)) && node == parent->right)
		node = parent;
	return parent;
}

struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->left) {
		node = node->left;
		while (node->right)
			node = node->right;
		return (struct rb_node *)node;
	}
	while ((parent = rb_parent(node)) && node == parent->left)
		node = parent;
	return parent;
}

/* Black height of the subtree at `node` (NULL counts 1), or a negative code. */
static long rb_check_subtree(const struct rb_node *node, const struct rb_node *parent)
{
	long left, right;

	if (!node)
		return 1;
	if (rb_parent(node) != parent)
		return RB_CHECK_PARENT;
	if (rb_is_red(node) && ((node->left && rb_is_red(node->left)) ||
				(node->right && rb_is_red(node->right))))
		return RB_CHECK_RED_RED;
	left = rb_check_subtree(node->left, node);
	if (left < 0)
		return left;
	right = rb_check_subtree(node->right, node);
	if (right < 0)
		return right;
	if (left != right)
		return RB_CHECK_BLACK_HEIGHT;
	return left + rb_is_black(node);
}

long rb_check(const struct rb_root *root,
	      int (*cmp)(const struct rb_node *a, const struct rb_node *b))
{
	const struct rb_node *node, *prev = NULL;
	long count = 0, height;

	if (root->node && rb_is_red(root->node))
		return RB_CHECK_ROOT_RED;
	height = rb_check_subtree(root->node, NULL);
	if (height < 0)
		return height;
	for (node = rb_first(root); node; node = rb_next(node)) {
		if (cmp && prev && cmp(prev, node) > 0)
			return RB_CHECK_ORDER;
		prev = node;
		count++;
	}
	return count;
}
