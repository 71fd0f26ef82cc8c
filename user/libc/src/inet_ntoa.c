/* inet_ntoa: dotted decimal in a static buffer, overwritten by the next call. */
#include <arpa/inet.h>
#include <stdio.h>

char *inet_ntoa(struct in_addr in)
{
	static char buf[INET_ADDRSTRLEN];
	const unsigned char *b = (const unsigned char *)&in.s_addr;

	snprintf(buf, sizeof(buf), "%u.%u.%u.%u", b[0], b[1], b[2], b[3]);
	return buf;
}
