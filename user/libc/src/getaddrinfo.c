/*
 * getaddrinfo without a resolver.  tick386 has no network, no /etc/hosts,
 * no /etc/services and no DNS, so this knows only:
 *   - the null host: the wildcard address with AI_PASSIVE, else loopback;
 *   - numeric hosts: IPv4 in inet_aton's forms (nothing after them),
 *     IPv6 in inet_pton's, with a numeric "%scope" or an interface name;
 *   - "localhost" (any case): ::1 and 127.0.0.1, as a stock /etc/hosts has;
 *   - numeric services (strtoul's reading, as glibc: " 80", "+80" and ""
 *     are ports; a port beyond 65535 wraps as glibc's does).
 * Any other host is EAI_NONAME ("Name or service not known": glibc's answer
 * when no source knows the name, not EAI_AGAIN: nothing here is
 * temporary); any other service EAI_SERVICE (glibc's answer for a name
 * /etc/services lacks), or EAI_NONAME under AI_NUMERICSERV.
 * Socket types and protocols follow glibc's table: with neither given,
 * one answer per address for TCP, UDP and raw; a raw socket has no port.
 * AI_ADDRCONFIG changes nothing: glibc too assumes both families when it
 * cannot ask the kernel (no netlink socket here).
 * Orders as glibc's sorting gives on Linux: ::1 before 127.0.0.1, 0.0.0.0
 * before ::.
 */
#include <ctype.h>
#include <netdb.h>
#include <net/if.h>
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int __inet_aton_exact(const char *cp, struct in_addr *inp, int exact);

#define KNOWN_FLAGS (AI_PASSIVE | AI_CANONNAME | AI_NUMERICHOST | AI_V4MAPPED | AI_ALL | \
		     AI_ADDRCONFIG | AI_IDN | AI_CANONIDN | AI_NUMERICSERV)

/* glibc's socket types and protocols: dflt is in the answer when the hints
 * name neither; anyproto takes the hints' protocol; noserv has no port */
static const struct proto {
	int socktype, protocol;
	char dflt, anyproto, noserv;
} protos[] = {
	{SOCK_STREAM, IPPROTO_TCP, 1, 0, 0},
	{SOCK_DGRAM, IPPROTO_UDP, 1, 0, 0},
	{SOCK_DCCP, IPPROTO_DCCP, 0, 0, 0},
	{SOCK_DGRAM, IPPROTO_UDPLITE, 0, 0, 0},
	{SOCK_STREAM, IPPROTO_SCTP, 0, 0, 0},
	{SOCK_SEQPACKET, IPPROTO_SCTP, 0, 0, 0},
	{SOCK_RAW, 0, 1, 1, 1},
};
#define NPROTOS (sizeof(protos) / sizeof(protos[0]))

struct addr {
	int family;
	unsigned char bytes[16];
	uint32_t scope;
};

struct node {
	struct addrinfo ai;
	union {
		struct sockaddr_in v4;
		struct sockaddr_in6 v6;
	} sa;
	char canon[];
};

static int parse_v6(const char *s, struct addr *a)
{
	const char *pct = strchr(s, '%');
	char buf[INET6_ADDRSTRLEN];
	size_t n = pct ? (size_t)(pct - s) : strlen(s);

	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = 0;
	if (inet_pton(AF_INET6, buf, a->bytes) != 1)
		return 0;
	a->family = AF_INET6;
	a->scope = 0;
	if (pct) {
		char *end;
		unsigned long v = strtoul(pct + 1, &end, 10);

		if (pct[1] && isdigit((unsigned char)pct[1]) && !*end)
			a->scope = (uint32_t)v;
		else if (!(a->scope = if_nametoindex(pct + 1)))
			return 0;
	}
	return 1;
}

static void set_v4(struct addr *a, in_addr_t host_order)
{
	uint32_t be = htonl(host_order);

	a->family = AF_INET;
	memcpy(a->bytes, &be, 4);
}

static void set_v6(struct addr *a, const struct in6_addr *in6)
{
	a->family = AF_INET6;
	a->scope = 0;
	memcpy(a->bytes, in6, 16);
}

/* the host's addresses, in answer order, into A; their number or an EAI_ code (< 0) */
static int lookup_host(const char *node, int family, int flags, struct addr a[2])
{
	int n = 0;

	if (!node) {
		int passive = flags & AI_PASSIVE;

		if (passive && family != AF_INET6)
			set_v4(&a[n++], INADDR_ANY);
		if (family != AF_INET)
			set_v6(&a[n++], passive ? &in6addr_any : &in6addr_loopback);
		if (!passive && family != AF_INET6)
			set_v4(&a[n++], INADDR_LOOPBACK);
		return n;
	}
	struct in_addr in;
	if (__inet_aton_exact(node, &in, 1)) {
		if (family == AF_INET6) {
			if (!(flags & AI_V4MAPPED))
				return EAI_ADDRFAMILY;
			memset(a->bytes, 0, 10);
			memset(a->bytes + 10, 0xff, 2);
			memcpy(a->bytes + 12, &in, 4);
			a->family = AF_INET6;
			a->scope = 0;
			return 1;
		}
		a->family = AF_INET;
		memcpy(a->bytes, &in, 4);
		return 1;
	}
	if (strchr(node, ':') && parse_v6(node, a))
		return family == AF_INET ? EAI_ADDRFAMILY : 1;
	if ((flags & AI_NUMERICHOST) || strcasecmp(node, "localhost"))
		return EAI_NONAME;
	if (family != AF_INET)
		set_v6(&a[n++], &in6addr_loopback);
	if (family != AF_INET6)
		set_v4(&a[n++], INADDR_LOOPBACK);
	return n;
}

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints,
		struct addrinfo **res)
{
	static const struct addrinfo none;
	const struct addrinfo *h = hints ? hints : &none;
	int family = h->ai_family, flags = hints ? h->ai_flags : AI_V4MAPPED | AI_ADDRCONFIG;
	int port = 0;

	if (!node && !service)
		return EAI_NONAME;
	if ((flags & ~KNOWN_FLAGS) || ((flags & AI_CANONNAME) && !node))
		return EAI_BADFLAGS;
	if (family != AF_UNSPEC && family != AF_INET && family != AF_INET6)
		return EAI_FAMILY;

	/* the socket types and protocols of the answer */
	const struct proto *use[NPROTOS];
	size_t nuse = 0;
	if (h->ai_socktype || h->ai_protocol) {
		const struct proto *p = protos;

		while (p < protos + NPROTOS &&
		       ((h->ai_socktype && h->ai_socktype != p->socktype) ||
			(h->ai_protocol && !p->anyproto && h->ai_protocol != p->protocol)))
			p++;
		if (p == protos + NPROTOS)
			return h->ai_socktype ? EAI_SOCKTYPE : EAI_SERVICE;
		if (service && p->noserv)
			return EAI_SERVICE;
		use[nuse++] = p;
	} else {
		for (size_t i = 0; i < NPROTOS; i++)
			if (protos[i].dflt)
				use[nuse++] = &protos[i];
	}

	if (service) {
		char *end;

		port = (int)strtoul(service, &end, 10);
		if (*end || port < 0)
			return flags & AI_NUMERICSERV ? EAI_NONAME : EAI_SERVICE;
	}

	struct addr addrs[2];
	int naddr = lookup_host(node, family, flags, addrs);
	if (naddr < 0)
		return naddr;

	const char *canon = NULL;
	if (flags & AI_CANONNAME)
		canon = strcasecmp(node, "localhost") ? node : "localhost";
	struct addrinfo *head = NULL, **tail = &head;
	for (int i = 0; i < naddr; i++) {
		for (size_t k = 0; k < nuse; k++) {
			size_t extra = canon && !head ? strlen(canon) + 1 : 0;
			struct node *nd = calloc(1, sizeof(*nd) + extra);

			if (!nd) {
				freeaddrinfo(head);
				return EAI_MEMORY;
			}
			nd->ai.ai_flags = flags;
			nd->ai.ai_family = addrs[i].family;
			nd->ai.ai_socktype = use[k]->socktype;
			nd->ai.ai_protocol = use[k]->anyproto ? h->ai_protocol : use[k]->protocol;
			nd->ai.ai_addr = (struct sockaddr *)&nd->sa;
			if (addrs[i].family == AF_INET) {
				nd->ai.ai_addrlen = sizeof(nd->sa.v4);
				nd->sa.v4.sin_family = AF_INET;
				nd->sa.v4.sin_port = htons((uint16_t)port);
				memcpy(&nd->sa.v4.sin_addr, addrs[i].bytes, 4);
			} else {
				nd->ai.ai_addrlen = sizeof(nd->sa.v6);
				nd->sa.v6.sin6_family = AF_INET6;
				nd->sa.v6.sin6_port = htons((uint16_t)port);
				memcpy(&nd->sa.v6.sin6_addr, addrs[i].bytes, 16);
				nd->sa.v6.sin6_scope_id = addrs[i].scope;
			}
			if (extra)
				nd->ai.ai_canonname = strcpy(nd->canon, canon);
			*tail = &nd->ai;
			tail = &nd->ai.ai_next;
		}
	}
	*res = head;
	return 0;
}
