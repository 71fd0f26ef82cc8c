/*
 * malloc/free/realloc/calloc under stress: random sizes, every block filled
 * with a pattern derived from its slot and checked before it is freed or
 * resized, so that any overlap or lost byte shows.
 */
/* parallel: yes */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../tap.h"

#define SLOTS 512
#define ROUNDS 20000

static unsigned char *block[SLOTS];
static size_t length[SLOTS];
static unsigned int seed = 12345;

static unsigned int next_rand(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8;
}

static unsigned char pattern(int slot, size_t i)
{
	return (unsigned char)(slot * 31 + i * 7 + (i >> 8));
}

static void fill(int slot, size_t from)
{
	size_t i;

	for (i = from; i < length[slot]; i++)
		block[slot][i] = pattern(slot, i);
}

static int check(int slot, size_t upto)
{
	size_t i;

	for (i = 0; i < upto; i++)
		if (block[slot][i] != pattern(slot, i))
			return 0;
	return 1;
}

static size_t random_size(void)
{
	unsigned int r = next_rand();

	switch (r % 8) {
	case 0:
		return r % 8;
	case 1:
		return 4096 + r % 70000;
	default:
		return r % 600;
	}
}

int main(void)
{
	int i, intact = 1, aligned = 1, round;
	char *p, *q, *heap_lo = sbrk(0), *small;
	void *al = NULL;
	volatile size_t huge = SIZE_MAX - 8, half = SIZE_MAX / 2;

	p = malloc(0);
	ok(p != NULL, "malloc(0) gives a unique pointer");
	free(p);
	free(NULL);
	ok(1, "free(NULL) is harmless");

	p = calloc(1000, 4);
	for (i = 0, intact = 1; i < 4000; i++)
		intact &= p[i] == 0;
	ok(p && intact, "calloc memory is zero");
	memset(p, 0xff, 4000);
	free(p);
	p = calloc(1000, 4);
	for (i = 0, intact = 1; i < 4000; i++)
		intact &= p[i] == 0;
	ok(p && intact, "calloc of reused memory is zero");
	free(p);
	errno = 0;
	ok(calloc(half, 4) == NULL && errno == ENOMEM, "calloc overflow: ENOMEM");
	errno = 0;
	ok(malloc(huge) == NULL && errno == ENOMEM, "huge malloc: ENOMEM");

	p = malloc(10);
	strcpy(p, "abcdefghi");
	q = realloc(p, 100000);
	ok(q && !strcmp(q, "abcdefghi"), "realloc grows and keeps the contents");
	q = realloc(q, 5);
	ok(q && !memcmp(q, "abcde", 5), "realloc shrinks and keeps the prefix");
	free(q);
	small = realloc(NULL, 16);
	ok(small != NULL, "realloc(NULL) is malloc");
	free(small);

	intact = 1;
	for (round = 0; round < ROUNDS; round++) {
		int slot = (int)(next_rand() % SLOTS);
		unsigned int op = next_rand() % 3;

		if (block[slot] && !check(slot, length[slot]))
			intact = 0;
		if (op == 0 || !block[slot]) {
			free(block[slot]);
			length[slot] = random_size();
			block[slot] = malloc(length[slot]);
			if (!block[slot] && length[slot]) {
				intact = 0;
				break;
			}
			fill(slot, 0);
		} else if (op == 1) {
			size_t old = length[slot], n = random_size();
			unsigned char *r = realloc(block[slot], n);

			if (!r && n) {
				intact = 0;
				break;
			}
			block[slot] = r;
			length[slot] = n;
			if (!check(slot, old < n ? old : n))
				intact = 0;
			fill(slot, old < n ? old : n);
		} else {
			free(block[slot]);
			block[slot] = NULL;
			length[slot] = 0;
		}
		if (block[slot] && ((uintptr_t)block[slot] & 15))
			aligned = 0;
	}
	for (i = 0; i < SLOTS; i++)
		if (block[i] && !check(i, length[i]))
			intact = 0;
	ok(intact, "%d random malloc/realloc/free: every pattern intact", ROUNDS);
	ok(aligned, "every block 16-byte aligned");

	for (i = 0; i < SLOTS; i++)
		free(block[i]);
	/* After freeing everything, the whole heap must have merged back into
	 * one free block: one allocation of nearly all of it fits without
	 * growing the heap. */
	{
		char *before = sbrk(0), *big;
		size_t span = (size_t)(before - heap_lo);

		big = malloc(span - 64);
		ok(big != NULL && (char *)sbrk(0) == before,
		   "all %zu bytes of freed heap merged into one block", span);
		free(big);
	}

	/* The program moves the break itself: malloc must go around it. */
	{
		char *mine = sbrk(1000), *after;
		/* More than the whole heap, so that malloc has to grow it. */
		size_t more = (size_t)(mine - heap_lo) + 100000;

		memset(mine, 0x77, 1000);
		after = malloc(more);
		for (i = 0, intact = after != NULL; i < 1000; i++)
			intact &= (unsigned char)mine[i] == 0x77;
		if (after)
			memset(after, 0, more);
		for (i = 0; i < 1000; i++)
			intact &= (unsigned char)mine[i] == 0x77;
		ok(intact && (after + more <= mine || after >= mine + 1000),
		   "malloc after the program's own sbrk leaves that memory alone");
		free(after);
		p = malloc(100);
		ok(p != NULL, "and the heap still works");
		free(p);
	}

	ok(posix_memalign(&al, 4096, 100) == 0 && ((uintptr_t)al & 4095) == 0,
	   "posix_memalign 4096");
	memset(al, 1, 100);
	free(al);
	ok(posix_memalign(&al, 3, 100) == EINVAL, "posix_memalign bad alignment: EINVAL");
	al = aligned_alloc(64, 64);
	ok(al && ((uintptr_t)al & 63) == 0, "aligned_alloc 64");
	free(al);
	return done_testing();
}
