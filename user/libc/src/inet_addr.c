/* inet_addr: inet_aton's address, or INADDR_NONE (which 255.255.255.255 also is). */
#include <arpa/inet.h>

int __inet_aton_exact(const char *cp, struct in_addr *inp, int exact);

in_addr_t inet_addr(const char *cp)
{
	struct in_addr a;

	return __inet_aton_exact(cp, &a, 0) ? a.s_addr : INADDR_NONE;
}
