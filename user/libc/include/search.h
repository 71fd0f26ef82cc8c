/* <search.h>: linear search (lfind, lsearch). */
#ifndef _SEARCH_H
#define _SEARCH_H

#include <stddef.h>

void *lfind(const void *key, const void *base, size_t *nmemb, size_t size,
	    int (*compar)(const void *, const void *));
void *lsearch(const void *key, void *base, size_t *nmemb, size_t size,
	      int (*compar)(const void *, const void *));
void insque(void *elem, void *prev);
void remque(void *elem);

#endif
