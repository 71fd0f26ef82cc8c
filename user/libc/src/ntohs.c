/* ntohs: byte order of a 16-bit value (i386 is little-endian, the network big). */
#include <netinet/in.h>

#undef ntohs
uint16_t ntohs(uint16_t x)
{
	return __builtin_bswap16(x);
}
