/*
 * Under _GNU_SOURCE, strerror_r is glibc's GNU one (Linux's timer
 * self-tests use it so): it returns the text, known ones not in the
 * buffer, unknown ones written there and cut to fit.  Every line must be
 * the same as glibc's.
 */
/* parallel: yes */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	char buf[64], small[8];
	char *p;

	p = strerror_r(EINVAL, buf, sizeof(buf));
	printf("EINVAL: %s (in buf: %d)\n", p, p == buf);
	p = strerror_r(ETIMEDOUT, small, sizeof(small));
	printf("ETIMEDOUT, 8-byte buffer: %s (in buf: %d)\n", p, p == small);
	p = strerror_r(1234, buf, sizeof(buf));
	printf("1234: %s (in buf: %d)\n", p, p == buf);
	p = strerror_r(-5, small, sizeof(small));
	printf("-5, 8-byte buffer: %s (in buf: %d)\n", p, p == small);
	return 0;
}
