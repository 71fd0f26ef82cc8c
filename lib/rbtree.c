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
 *
 * What it costs is stores and the cache lines they touch, so every step
 * writes each word once: a node that changes parent and colour gets one
 * store of the packed word (never "set the parent, then set the colour", two
 * read-modify-writes of the same word), a red node's word is its parent's
 * address as it stands (no masking), and the rotations are spelt out in
 * place, each case knowing which colours it makes, instead of a generic
 * rotation that rereads and rewrites what the case then overwrites.
 */
#include "lib/rbtree.h"

/* The parent of a node known to be red: its word is the address itself. */
static inline struct rb_node *rb_red_parent(const struct rb_node *red)
{
	return (struct rb_node *)red->parent_colour;
}

/* One store: `node` hangs under `parent` with `colour`. */
static inline void rb_set_parent_colour(struct rb_node *node, struct rb_node *parent,
					unsigned colour)
{
	node->parent_colour = (uintptr_t)parent | colour;
}

/* Under a new parent, keeping its colour (the node's colour is not known). */
static inline void rb_set_parent(struct rb_node *node, struct rb_node *parent)
{
	node->parent_colour = (uintptr_t)parent | rb_colour(node);
}

/*
 * The last step of a rotation: `new` takes `old`'s place, parent and colour,
 * and `old` hangs under `new` with `colour`.  The child links between the two
 * are the caller's, who knows which side.
 */
static inline void rb_rotate_set_parents(struct rb_node *old, struct rb_node *new,
					 struct rb_root *root, unsigned colour)
{
	uintptr_t word = old->parent_colour;

	new->parent_colour = word;
	rb_set_parent_colour(old, new, colour);
	rb_change_child(old, new, (struct rb_node *)(word & ~(uintptr_t)1), root);
}

void rb_insert_rebalance(struct rb_node *node, struct rb_node *parent, struct rb_root *root)
{
	/*
	 * `node` and `parent` are red.  A red node is never the root, so the
	 * grandparent exists, and it is black (rule 2 held before).
	 */
	for (;;) {
		struct rb_node *gparent = rb_red_parent(parent), *uncle, *tmp;

		if (parent == gparent->left) {
			uncle = gparent->right;
			if (uncle && rb_is_red(uncle)) {
				/*
				 *       G            g
				 *      / \          / \
				 *     p   u  -->   P   U     (upper case: black)
				 *     |            |
				 *     n            n
				 * The grandparent's subtree keeps its black
				 * height; g may now be red under red: go up.
				 */
				rb_set_parent_colour(uncle, gparent, RB_BLACK);
				rb_set_parent_colour(parent, gparent, RB_BLACK);
				node = gparent;
				parent = rb_parent(node);
				if (!parent)
					return; /* g is the root: it stays black */
				rb_set_parent_colour(node, parent, RB_RED);
				if (rb_is_black(parent))
					return;
				continue;
			}
			if (node == parent->right) {
				/*
				 *      G             G
				 *     / \           / \
				 *    p   U  -->    n   U
				 *     \           /
				 *      n         p
				 * (rotate left at p; n's left subtree, black,
				 * goes to p): the straight case below.
				 */
				tmp = node->left;
				parent->right = tmp;
				node->left = parent;
				if (tmp)
					rb_set_parent_colour(tmp, parent, RB_BLACK);
				rb_set_parent_colour(parent, node, RB_RED);
				parent = node;
			}
			/*
			 *        G           P
			 *       / \         / \
			 *      p   U  -->  n   g
			 *     / \             / \
			 *    n   t           t   U
			 * (rotate right at G): no red under red, same black
			 * heights, and the top is black as before: done.
			 */
			tmp = parent->right;
			gparent->left = tmp;
			parent->right = gparent;
			if (tmp)
				rb_set_parent_colour(tmp, gparent, RB_BLACK);
			rb_rotate_set_parents(gparent, parent, root, RB_RED);
			return;
		}
		/* The mirror image. */
		uncle = gparent->left;
		if (uncle && rb_is_red(uncle)) {
			rb_set_parent_colour(uncle, gparent, RB_BLACK);
			rb_set_parent_colour(parent, gparent, RB_BLACK);
			node = gparent;
			parent = rb_parent(node);
			if (!parent)
				return;
			rb_set_parent_colour(node, parent, RB_RED);
			if (rb_is_black(parent))
				return;
			continue;
		}
		if (node == parent->left) {
			tmp = node->right;
			parent->left = tmp;
			node->right = parent;
			if (tmp)
				rb_set_parent_colour(tmp, parent, RB_BLACK);
			rb_set_parent_colour(parent, node, RB_RED);
			parent = node;
		}
		tmp = parent->left;
		gparent->right = tmp;
		parent->left = gparent;
		if (tmp)
			rb_set_parent_colour(tmp, gparent, RB_BLACK);
		rb_rotate_set_parents(gparent, parent, root, RB_RED);
		return;
	}
}

/*
 * After a black node left the tree: the subtree at `node` (NULL at first),
 * a child of `parent`, is one black node short of its sibling's.  The
 * sibling exists (its side has black height >= 1).  Lower case red, upper
 * case black, x the short side, s its sibling, p their parent.
 */
void rb_erase_rebalance(struct rb_node *parent, struct rb_root *root)
{
	struct rb_node *node = NULL, *sibling, *near, *far;

	for (;;) {
		sibling = parent->right;
		if (node != sibling) { /* x is the left child (NULL included) */
			if (rb_is_red(sibling)) {
				/*
				 *     P               S
				 *    / \             / \
				 *   X   s    -->    p   R
				 *      / \         / \
				 *     L   R       X   L
				 * (rotate left at P): x's new sibling L is
				 * black, and x is still short.  L exists: s's
				 * children have s's side's black height, >= 1.
				 */
				near = sibling->left;
				parent->right = near;
				sibling->left = parent;
				rb_set_parent_colour(near, parent, RB_BLACK);
				rb_rotate_set_parents(parent, sibling, root, RB_RED);
				sibling = near;
			}
			far = sibling->right;
			if (!far || rb_is_black(far)) {
				near = sibling->left;
				if (!near || rb_is_black(near)) {
					/*
					 * S's children are both black: paint
					 * S red, and p's whole subtree is
					 * short.  A red p turns black and
					 * that pays it back; a black p passes
					 * the debt up.
					 */
					rb_set_parent_colour(sibling, parent, RB_RED);
					if (rb_is_red(parent)) {
						parent->parent_colour |= RB_BLACK;
						return;
					}
					node = parent;
					parent = rb_parent(node);
					if (!parent)
						return; /* the root: every path lost one */
					continue;
				}
				/*
				 *    (p)             (p)
				 *    / \             / \
				 *   X   S    -->    X   N
				 *      / \               \
				 *     n   F               S
				 *                          \
				 *                           F
				 * (rotate right at S): the far child of the
				 * new sibling N is S, to be painted black
				 * below, and N takes p's colour there.
				 */
				far = near->right;
				sibling->left = far;
				near->right = sibling;
				parent->right = near;
				if (far)
					rb_set_parent_colour(far, sibling, RB_BLACK);
				far = sibling;
				sibling = near;
			}
			/*
			 *    (p)             (s)
			 *    / \             / \
			 *   X   S    -->    P   F
			 *      / \         / \
			 *    (n)  f       X  (n)
			 * (rotate left at p): S takes p's place and colour,
			 * p turns black on x's side, which gets its black
			 * back, and the far child, red, turns black for the
			 * far side's.  Done.
			 */
			near = sibling->left;
			parent->right = near;
			sibling->left = parent;
			rb_set_parent_colour(far, sibling, RB_BLACK);
			if (near)
				rb_set_parent(near, parent);
			rb_rotate_set_parents(parent, sibling, root, RB_BLACK);
			return;
		}
		/* The mirror image: x is the right child. */
		sibling = parent->left;
		if (rb_is_red(sibling)) {
			near = sibling->right;
			parent->left = near;
			sibling->right = parent;
			rb_set_parent_colour(near, parent, RB_BLACK);
			rb_rotate_set_parents(parent, sibling, root, RB_RED);
			sibling = near;
		}
		far = sibling->left;
		if (!far || rb_is_black(far)) {
			near = sibling->right;
			if (!near || rb_is_black(near)) {
				rb_set_parent_colour(sibling, parent, RB_RED);
				if (rb_is_red(parent)) {
					parent->parent_colour |= RB_BLACK;
					return;
				}
				node = parent;
				parent = rb_parent(node);
				if (!parent)
					return;
				continue;
			}
			far = near->left;
			sibling->right = far;
			near->left = sibling;
			parent->left = near;
			if (far)
				rb_set_parent_colour(far, sibling, RB_BLACK);
			far = sibling;
			sibling = near;
		}
		near = sibling->right;
		parent->left = near;
		sibling->right = parent;
		rb_set_parent_colour(far, sibling, RB_BLACK);
		if (near)
			rb_set_parent(near, parent);
		rb_rotate_set_parents(parent, sibling, root, RB_BLACK);
		return;
	}
}

/*
 * A node with two children: the successor `succ` (the leftmost node of the
 * right subtree, which has no left child) takes the node's place and colour;
 * what the tree lost is then the successor at its old place, where its right
 * child, if any (a red leaf), takes over, turned black.
 */
void rb_erase_inner(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *left = node->left, *right = node->right;
	uintptr_t word = node->parent_colour;
	struct rb_node *parent = (struct rb_node *)(word & ~(uintptr_t)1);
	struct rb_node *succ = right, *succ_parent, *child;

	if (!succ->left) {
		/*
		 *     (n)          (s)
		 *     / \          / \
		 *    L   s  -->   L   c
		 *         \
		 *          c
		 */
		succ_parent = succ;
		child = succ->right;
	} else {
		/*
		 *     (n)          (s)
		 *     / \          / \
		 *    L   R  -->   L   R
		 *       /            /
		 *     ...          ...
		 *     /            /
		 *    s            c
		 *     \
		 *      c
		 */
		do {
			succ_parent = succ;
			succ = succ->left;
		} while (succ->left);
		child = succ->right;
		succ_parent->left = child;
		succ->right = right;
		rb_set_parent(right, succ);
	}
	succ->left = left;
	rb_set_parent(left, succ);
	rb_change_child(node, succ, parent, root);
	if (child) {
		rb_set_parent_colour(child, succ_parent, RB_BLACK);
		succ->parent_colour = word;
	} else {
		bool was_black = rb_is_black(succ);

		succ->parent_colour = word;
		if (was_black)
			rb_erase_rebalance(succ_parent, root);
	}
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
