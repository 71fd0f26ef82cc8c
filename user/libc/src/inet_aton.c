/*
 * inet_aton: the classic IPv4 text forms, as glibc reads them: one to four
 * parts separated by dots, each decimal, 0x hexadecimal or 0 octal; the last
 * part fills the bytes the others left (a: 32 bits, a.b: 8.24, a.b.c:
 * 8.8.16).  Trailing white space is allowed, anything else is not.
 * __inet_aton_exact (getaddrinfo's) allows nothing after the address.
 */
#include <arpa/inet.h>
#include <ctype.h>

int __inet_aton_exact(const char *cp, struct in_addr *inp, int exact)
{
	uint32_t part[4];
	int n = 0;

	for (;;) {
		unsigned long long v = 0;
		int base = 10;

		if (!isdigit((unsigned char)*cp))
			return 0;
		if (*cp == '0') {
			base = 8;
			cp++;
			if (*cp == 'x' || *cp == 'X') {
				base = 16;
				cp++;
				if (!isxdigit((unsigned char)*cp))
					return 0; /* "0x" alone is no number */
			}
		}
		for (;; cp++) {
			int d;

			if (isdigit((unsigned char)*cp))
				d = *cp - '0';
			else if (base == 16 && isxdigit((unsigned char)*cp))
				d = (*cp | 0x20) - 'a' + 10;
			else
				break;
			if (d >= base)
				return 0;
			v = v * base + d;
			if (v > 0xffffffffULL)
				return 0;
		}
		if (n == 4)
			return 0;
		part[n++] = (uint32_t)v;
		if (*cp != '.')
			break;
		cp++;
	}
	if (*cp && (exact || !isspace((unsigned char)*cp)))
		return 0;
	uint32_t addr = part[n - 1];
	uint32_t last_max = n == 1 ? 0xffffffff : 0xffffffffu >> (8 * (n - 1));
	if (addr > last_max)
		return 0;
	for (int i = 0; i < n - 1; i++) {
		if (part[i] > 0xff)
			return 0;
		addr |= part[i] << (24 - 8 * i);
	}
	if (inp)
		inp->s_addr = htonl(addr);
	return 1;
}

int inet_aton(const char *cp, struct in_addr *inp)
{
	return __inet_aton_exact(cp, inp, 0);
}
