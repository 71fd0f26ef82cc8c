/*
 * <arpa/inet.h>: converting Internet addresses between text and binary.
 * inet_aton/inet_addr take the classic forms (a, a.b, a.b.c, a.b.c.d, each
 * part decimal, 0x hex or 0 octal); inet_pton only the strict ones.
 */
#ifndef _ARPA_INET_H
#define _ARPA_INET_H

#include <netinet/in.h>

in_addr_t inet_addr(const char *cp);
int inet_aton(const char *cp, struct in_addr *inp);
char *inet_ntoa(struct in_addr in);
const char *inet_ntop(int af, const void *src, char *dst, socklen_t size);
int inet_pton(int af, const char *src, void *dst);

#endif
