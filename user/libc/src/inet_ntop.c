/*
 * inet_ntop: AF_INET as dotted decimal; AF_INET6 in RFC 5952's short form
 * (lowercase, the first longest run of two or more zero groups as "::"),
 * with a dotted-quad tail for the IPv4-compatible (::a.b.c.d) and
 * IPv4-mapped (::ffff:a.b.c.d) addresses, as glibc writes them.  ENOSPC
 * when SIZE cannot hold the text and its NUL; EAFNOSUPPORT for another family.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static int ntop4(const unsigned char *a, char *buf)
{
	return sprintf(buf, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
}

static void ntop6(const unsigned char *a, char *buf)
{
	unsigned w[8];
	int best = -1, bestlen = 0;

	for (int i = 0; i < 8; i++)
		w[i] = (unsigned)a[2 * i] << 8 | a[2 * i + 1];
	for (int i = 0; i < 8;) {
		int j = i;

		while (j < 8 && w[j] == 0)
			j++;
		if (j - i > bestlen && j - i >= 2) {
			best = i;
			bestlen = j - i;
		}
		i = j == i ? i + 1 : j;
	}
	char *p = buf;
	for (int i = 0; i < 8; i++) {
		if (i == best) {
			*p++ = ':';
			i += bestlen - 1;
			if (i == 7)
				*p++ = ':';
			continue;
		}
		if (i)
			*p++ = ':';
		if (i == 6 && best == 0 && (bestlen == 6 || (bestlen == 5 && w[5] == 0xffff))) {
			ntop4(a + 12, p);
			return;
		}
		p += sprintf(p, "%x", w[i]);
	}
	*p = 0;
}

const char *inet_ntop(int af, const void *src, char *dst, socklen_t size)
{
	char buf[INET6_ADDRSTRLEN];

	if (af == AF_INET)
		ntop4(src, buf);
	else if (af == AF_INET6)
		ntop6(src, buf);
	else {
		errno = EAFNOSUPPORT;
		return NULL;
	}
	if (strlen(buf) >= size) {
		errno = ENOSPC;
		return NULL;
	}
	return strcpy(dst, buf);
}
