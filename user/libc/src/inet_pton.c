/*
 * inet_pton: strict text forms only.  AF_INET: exactly four decimal parts
 * 0..255 without leading zeros.  AF_INET6: eight groups of one to four hex
 * digits, one "::" standing for one or more zero groups, and an IPv4
 * dotted quad as the last 32 bits.  1 when valid, 0 when not, -1 with
 * EAFNOSUPPORT for another family.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <string.h>

static int pton4(const char *s, const char *end, unsigned char *out)
{
	int n = 0;

	while (s < end) {
		unsigned v = 0;
		const char *start = s;

		while (s < end && isdigit((unsigned char)*s)) {
			if (s > start && *start == '0')
				return 0;
			v = v * 10 + (unsigned)(*s++ - '0');
			if (v > 255)
				return 0;
		}
		if (s == start || n == 4)
			return 0;
		out[n++] = (unsigned char)v;
		if (s < end) {
			if (*s != '.' || s + 1 == end)
				return 0;
			s++;
		}
	}
	return n == 4;
}

static int hexval(int c)
{
	if (isdigit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int pton6(const char *s, unsigned char *out)
{
	unsigned char a[16] = {0};
	int n = 0, gap = -1;

	if (s[0] == ':') {
		if (s[1] != ':')
			return 0;
		s++;
	}
	for (;;) {
		if (*s == ':') { /* the second ':' of "::" */
			if (gap >= 0)
				return 0;
			gap = n;
			s++;
			if (!*s)
				break;
			continue;
		}
		const char *start = s;
		unsigned v = 0;
		int d;
		while ((d = hexval((unsigned char)*s)) >= 0 && s - start < 4) {
			v = v * 16 + (unsigned)d;
			s++;
		}
		if (s == start)
			return 0;
		if (*s == '.') { /* an IPv4 tail */
			if (n > 12)
				return 0;
			if (!pton4(start, start + strlen(start), a + n))
				return 0;
			n += 4;
			break;
		}
		if (hexval((unsigned char)*s) >= 0 || n > 14)
			return 0;
		a[n++] = (unsigned char)(v >> 8);
		a[n++] = (unsigned char)v;
		if (!*s)
			break;
		if (*s != ':' || !s[1])
			return 0;
		s++;
	}
	if (gap >= 0) {
		if (n == 16)
			return 0;
		memmove(a + 16 - (n - gap), a + gap, (size_t)(n - gap));
		memset(a + gap, 0, (size_t)(16 - n));
	} else if (n != 16) {
		return 0;
	}
	memcpy(out, a, 16);
	return 1;
}

int inet_pton(int af, const char *src, void *dst)
{
	if (af == AF_INET) {
		unsigned char a[4];

		if (!pton4(src, src + strlen(src), a))
			return 0;
		memcpy(dst, a, 4);
		return 1;
	}
	if (af == AF_INET6)
		return pton6(src, dst);
	errno = EAFNOSUPPORT;
	return -1;
}
