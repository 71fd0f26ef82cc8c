/*
 * Intrusive circular doubly linked list.
 *
 * The list node lives inside the object that is listed, and container_of()
 * (list_entry) gets the object back, so putting an object on a list never
 * allocates.  A list is a `struct list_head` used as a sentinel: an empty
 * list points at itself both ways, which makes insertion and removal free of
 * special cases (no NULL checks for the first or the last element).
 *
 *     head <-> a <-> b <-> c <-> (back to head)
 *
 * A node that is not on any list should be initialised with list_init() (or
 * removed with list_del_init()) so that list_empty() on it answers "not
 * listed".
 */
#ifndef TICK386_LIB_LIST_H
#define TICK386_LIB_LIST_H

#include "lib/compiler.h"
#include "lib/types.h"

struct list_head {
	struct list_head *next;
	struct list_head *prev;
};

/* `struct list_head name = LIST_HEAD_INIT(name);` for a static list. */
#define LIST_HEAD_INIT(name) {&(name), &(name)}

static inline void list_init(struct list_head *head)
{
	head->next = head;
	head->prev = head;
}

/* Put `node` between two nodes that are known to be adjacent. */
static inline void list_link_between(struct list_head *node, struct list_head *prev,
				     struct list_head *next)
{
	node->prev = prev;
	node->next = next;
	prev->next = node;
	next->prev = node;
}

/* Insert `node` right after `pos` (at the front when `pos` is the head). */
static inline void list_add(struct list_head *node, struct list_head *pos)
{
	list_link_between(node, pos, pos->next);
}

/* Insert `node` right before `pos` (at the back when `pos` is the head). */
static inline void list_add_tail(struct list_head *node, struct list_head *pos)
{
	list_link_between(node, pos->prev, pos);
}

/*
 * Unlink `node` from its list.  Its own pointers are left stale: use
 * list_del_init() when the node is asked later whether it is listed.
 */
static inline void list_del(struct list_head *node)
{
	node->prev->next = node->next;
	node->next->prev = node->prev;
}

static inline void list_del_init(struct list_head *node)
{
	list_del(node);
	list_init(node);
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

/* True when `node` is the last element of the list `head`. */
static inline bool list_is_last(const struct list_head *node, const struct list_head *head)
{
	return node->next == head;
}

/* The first node, or NULL when the list is empty. */
static inline struct list_head *list_first(const struct list_head *head)
{
	return list_empty(head) ? NULL : head->next;
}

/* The last node, or NULL when the list is empty. */
static inline struct list_head *list_last(const struct list_head *head)
{
	return list_empty(head) ? NULL : head->prev;
}

/* Number of elements: O(n), for tests and checks. */
static inline size_t list_count(const struct list_head *head)
{
	size_t n = 0;
	for (const struct list_head *p = head->next; p != head; p = p->next)
		n++;
	return n;
}

/* The object of type `type` whose member `member` is the node `ptr`. */
#define list_entry(ptr, type, member) container_of(ptr, type, member)

/* First object of a list that must not be empty. */
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)
#define list_last_entry(head, type, member) list_entry((head)->prev, type, member)

/* Walk the nodes.  The body must not remove `pos` (use the _safe form). */
#define list_for_each(pos, head) for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

/* Walk the nodes; `tmp` keeps the next one so that the body may remove `pos`. */
#define list_for_each_safe(pos, tmp, head)                                                         \
	for ((pos) = (head)->next, (tmp) = (pos)->next; (pos) != (head);                           \
	     (pos) = (tmp), (tmp) = (pos)->next)

/* Walk the objects: `pos` is a pointer to the containing type. */
#define list_for_each_entry(pos, head, member)                                                     \
	for ((pos) = list_entry((head)->next, __typeof__(*(pos)), member);                         \
	     &(pos)->member != (head);                                                             \
	     (pos) = list_entry((pos)->member.next, __typeof__(*(pos)), member))

#define list_for_each_entry_safe(pos, tmp, head, member)                                           \
	for ((pos) = list_entry((head)->next, __typeof__(*(pos)), member),                         \
	    (tmp) = list_entry((pos)->member.next, __typeof__(*(pos)), member);                    \
	     &(pos)->member != (head);                                                             \
	     (pos) = (tmp), (tmp) = list_entry((tmp)->member.next, __typeof__(*(pos)), member))

#endif
