/*
 * malloc on brk: big and small blocks, the break growing and shrinking.
 * The runner checks that init's exit gave back every page
 * ("free pages before init=X after=X").
 */
/* expect: status=0 */
/* parallel: yes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../tap.h"

int main(void)
{
	char *start = sbrk(0), *p, *q;
	unsigned sum = 0;
	int ok = 1;

	UTAP_PLAN(6);
	p = malloc(1 << 20);
	UTAP_OK(p != NULL, "malloc(1 MiB)");
	if (p) {
		memset(p, 0x5a, 1 << 20);
		for (int i = 0; i < (1 << 20); i += 4096)
			sum += (unsigned char)p[i];
	}
	UTAP_OK(sum == 256 * 0x5a, "every page of it is usable");
	free(p);
	for (int i = 0; i < 1000 && ok; i++) {
		q = malloc(37 + i);
		if (!q)
			ok = 0;
		else
			memset(q, i, 37 + i);
	}
	UTAP_OK(ok, "1000 small blocks");
	p = sbrk(3 * 4096);
	UTAP_OK(p != (char *)-1, "sbrk(+3 pages)");
	if (p != (char *)-1)
		p[3 * 4096 - 1] = 1;
	UTAP_OK(sbrk(-3 * 4096) != (char *)-1, "sbrk(-3 pages)");
	UTAP_OK((uintptr_t)sbrk(0) >= (uintptr_t)start, "break still above its start");
	return UTAP_DONE();
}
