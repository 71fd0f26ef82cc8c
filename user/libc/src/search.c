/* Linear search (lfind, lsearch) and queue insertion (insque, remque). */
#include <search.h>
#include <string.h>

void *lfind(const void *key, const void *base, size_t *nmemb, size_t size,
	    int (*compar)(const void *, const void *))
{
	const char *p = base;
	size_t i;

	for (i = 0; i < *nmemb; i++, p += size)
		if (compar(key, p) == 0)
			return (void *)p;
	return NULL;
}

/* lsearch appends the key when it is not there (the array must have room). */
void *lsearch(const void *key, void *base, size_t *nmemb, size_t size,
	      int (*compar)(const void *, const void *))
{
	void *found = lfind(key, base, nmemb, size, compar);

	if (found)
		return found;
	found = (char *)base + *nmemb * size;
	memcpy(found, key, size);
	(*nmemb)++;
	return found;
}

struct queue_link {
	struct queue_link *next;
	struct queue_link *prev;
};

void insque(void *elem, void *prev)
{
	struct queue_link *e = elem, *p = prev;

	if (!p) {
		e->next = e->prev = NULL;
		return;
	}
	e->next = p->next;
	e->prev = p;
	p->next = e;
	if (e->next)
		e->next->prev = e;
}

void remque(void *elem)
{
	struct queue_link *e = elem;

	if (e->next)
		e->next->prev = e->prev;
	if (e->prev)
		e->prev->next = e->next;
}
