/* freeaddrinfo: each node of getaddrinfo's list is one block (address and name inside). */
#include <netdb.h>
#include <stdlib.h>

void freeaddrinfo(struct addrinfo *ai)
{
	while (ai) {
		struct addrinfo *next = ai->ai_next;

		free(ai);
		ai = next;
	}
}
