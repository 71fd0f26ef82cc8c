/*
 * <netdb.h>: name and service translation without a resolver.  tick386 has
 * no network, no /etc/hosts and no /etc/services: getaddrinfo and
 * getnameinfo (src/getaddrinfo.c, src/getnameinfo.c) know numeric hosts and
 * ports, "localhost" and the null host; any other name is EAI_NONAME, as
 * glibc answers when no source (files, DNS) knows it.  Linux i386's
 * structures and glibc's values.
 */
#ifndef _NETDB_H
#define _NETDB_H

#include <stdint.h>
#include <netinet/in.h>
#include <sys/socket.h>

struct hostent {
	char *h_name;
	char **h_aliases;
	int h_addrtype;
	int h_length;
	char **h_addr_list;
};
#define h_addr h_addr_list[0]

struct servent {
	char *s_name;
	char **s_aliases;
	int s_port;
	char *s_proto;
};

struct protoent {
	char *p_name;
	char **p_aliases;
	int p_proto;
};

struct netent {
	char *n_name;
	char **n_aliases;
	int n_addrtype;
	uint32_t n_net;
};

struct addrinfo {
	int ai_flags;
	int ai_family;
	int ai_socktype;
	int ai_protocol;
	socklen_t ai_addrlen;
	struct sockaddr *ai_addr;
	char *ai_canonname;
	struct addrinfo *ai_next;
};

#define HOST_NOT_FOUND 1
#define TRY_AGAIN 2
#define NO_RECOVERY 3
#define NO_DATA 4
#define NO_ADDRESS NO_DATA
#define NETDB_INTERNAL (-1)
#define NETDB_SUCCESS 0

#define IPPORT_RESERVED 1024

#define AI_PASSIVE 0x0001
#define AI_CANONNAME 0x0002
#define AI_NUMERICHOST 0x0004
#define AI_V4MAPPED 0x0008
#define AI_ALL 0x0010
#define AI_ADDRCONFIG 0x0020
#define AI_IDN 0x0040
#define AI_CANONIDN 0x0080
#define AI_NUMERICSERV 0x0400

#define EAI_BADFLAGS (-1)
#define EAI_NONAME (-2)
#define EAI_AGAIN (-3)
#define EAI_FAIL (-4)
#define EAI_NODATA (-5)
#define EAI_FAMILY (-6)
#define EAI_SOCKTYPE (-7)
#define EAI_SERVICE (-8)
#define EAI_ADDRFAMILY (-9)
#define EAI_MEMORY (-10)
#define EAI_SYSTEM (-11)
#define EAI_OVERFLOW (-12)
#define EAI_INPROGRESS (-100)
#define EAI_CANCELED (-101)
#define EAI_NOTCANCELED (-102)
#define EAI_ALLDONE (-103)
#define EAI_INTR (-104)
#define EAI_IDN_ENCODE (-105)

#define NI_MAXHOST 1025
#define NI_MAXSERV 32
#define NI_NUMERICHOST 1
#define NI_NUMERICSERV 2
#define NI_NOFQDN 4
#define NI_NAMEREQD 8
#define NI_DGRAM 16
#define NI_IDN 32

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints,
		struct addrinfo **res);
void freeaddrinfo(struct addrinfo *ai);
const char *gai_strerror(int err);
int getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, socklen_t hostlen,
		char *serv, socklen_t servlen, int flags);

#endif
