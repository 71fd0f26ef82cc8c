/* ntohl: byte order of a 32-bit value (i386 is little-endian, the network big). */
#include <netinet/in.h>

#undef ntohl
uint32_t ntohl(uint32_t x)
{
	return __builtin_bswap32(x);
}
