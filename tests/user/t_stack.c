/*
 * The stack grows on demand: 2 MiB of locals, touched from the top down,
 * far beyond the 64 KiB mapped at start; init's exit still frees it all.
 */
/* expect: status=0 */
/* parallel: yes */
#include <string.h>
#include "../tap.h"

static unsigned depth(unsigned n)
{
	volatile char frame[4000];

	frame[0] = (char)n;
	frame[3999] = (char)n;
	return n ? depth(n - 1) + (unsigned char)frame[0] : 0;
}

static int big_local(void)
{
	volatile char buf[2 << 20]; /* one frame of 2 MiB */
	unsigned sum = 0;

	for (int i = (int)sizeof(buf) - 1; i >= 0; i -= 4096)
		buf[i] = 1;
	for (int i = (int)sizeof(buf) - 1; i >= 0; i -= 4096)
		sum += buf[i];
	return (int)sum;
}

int main(void)
{
	unsigned want = 0;

	UTAP_PLAN(2);
	for (unsigned n = 1; n <= 500; n++)
		want += n & 255;
	UTAP_OK(depth(500) == want, "500 nested frames of 4 KB");
	UTAP_OK(big_local() == (2 << 20) / 4096, "a 2 MiB local array");
	return UTAP_DONE();
}
