/* htons: byte order of a 16-bit value (i386 is little-endian, the network big). */
#include <netinet/in.h>

#undef htons
uint16_t htons(uint16_t x)
{
	return __builtin_bswap16(x);
}
