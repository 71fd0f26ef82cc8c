/*
 * The drand48 family's sequences, compared with the host glibc: the
 * default seed, srand48 with small, negative and wide seeds, seed48's
 * return of the previous state, lcong48's own multiplier, and the xsubi
 * variants, which must not touch the shared state.
 */
/* parallel: yes */
#include <stdio.h>
#include <stdlib.h>

static void show(const char *what)
{
	int i;

	printf("%s:", what);
	for (i = 0; i < 4; i++)
		printf(" %ld", lrand48());
	for (i = 0; i < 3; i++)
		printf(" %ld", mrand48());
	for (i = 0; i < 3; i++)
		printf(" %.17g", drand48());
	printf("\n");
}

int main(void)
{
	unsigned short s[3] = {1, 2, 3}, *old, x[3] = {0xffff, 0xffff, 0xffff};
	unsigned short p[7] = {7, 8, 9, 5, 0, 0, 1};
	int i;

	show("default");
	srand48(0);
	show("srand48(0)");
	srand48(-1);
	show("srand48(-1)");
	srand48(0x12345678);
	show("srand48(0x12345678)");
	old = seed48(s);
	printf("seed48 old: %u %u %u\n", old[0], old[1], old[2]);
	show("seed48(1,2,3)");
	old = seed48(s);
	printf("seed48 old: %u %u %u\n", old[0], old[1], old[2]);
	lcong48(p);
	show("lcong48");
	srand48(42);
	for (i = 0; i < 3; i++)
		printf("nrand48 %ld jrand48 %ld erand48 %.17g\n", nrand48(x), jrand48(x), erand48(x));
	printf("xsubi: %u %u %u\n", x[0], x[1], x[2]);
	show("after xsubi (srand48(42))");
	return 0;
}
