/* htonl: byte order of a 32-bit value (i386 is little-endian, the network big). */
#include <netinet/in.h>

#undef htonl
uint32_t htonl(uint32_t x)
{
	return __builtin_bswap32(x);
}
