/*
 * getnameinfo without a resolver (see getaddrinfo.c): hosts are numeric,
 * except loopback, which is "localhost" as a stock /etc/hosts names it;
 * services are numeric (no /etc/services).  NI_NAMEREQD without a name is
 * EAI_NONAME; a buffer too small is EAI_OVERFLOW.  AF_UNIX: the host is
 * "localhost" under NI_NUMERICHOST, else the node name, the service the
 * path, as glibc.  A null or empty HOST and SERV is nothing to do (0).
 */
#include <netdb.h>
#include <net/if.h>
#include <arpa/inet.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/un.h>
#include <sys/utsname.h>

#define KNOWN_FLAGS (NI_NUMERICHOST | NI_NUMERICSERV | NI_NOFQDN | NI_NAMEREQD | NI_DGRAM | NI_IDN)

static int put(char *dst, socklen_t len, const char *s)
{
	if (strlen(s) >= len)
		return EAI_OVERFLOW;
	strcpy(dst, s);
	return 0;
}

int getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, socklen_t hostlen,
		char *serv, socklen_t servlen, int flags)
{
	char buf[INET6_ADDRSTRLEN + 16];
	int err, port;

	if (!sa || salen < sizeof(sa_family_t))
		return EAI_FAMILY;
	if (flags & ~KNOWN_FLAGS)
		return EAI_BADFLAGS;
	if ((sa->sa_family == AF_UNIX && salen < offsetof(struct sockaddr_un, sun_path)) ||
	    (sa->sa_family == AF_INET && salen < sizeof(struct sockaddr_in)) ||
	    (sa->sa_family == AF_INET6 && salen < sizeof(struct sockaddr_in6)) ||
	    (sa->sa_family != AF_UNIX && sa->sa_family != AF_INET && sa->sa_family != AF_INET6))
		return EAI_FAMILY;

	if (host && hostlen) {
		const struct sockaddr_in *in = (const void *)sa;
		const struct sockaddr_in6 *in6 = (const void *)sa;
		int loop = 0;

		if (sa->sa_family == AF_UNIX) {
			struct utsname u;

			if (flags & NI_NAMEREQD)
				return EAI_NONAME;
			if (flags & NI_NUMERICHOST || uname(&u))
				strcpy(buf, "localhost");
			else
				snprintf(buf, sizeof(buf), "%s", u.nodename);
		} else if (sa->sa_family == AF_INET) {
			inet_ntop(AF_INET, &in->sin_addr, buf, sizeof(buf));
			loop = in->sin_addr.s_addr == htonl(INADDR_LOOPBACK);
		} else {
			inet_ntop(AF_INET6, &in6->sin6_addr, buf, sizeof(buf));
			loop = IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr);
			if (in6->sin6_scope_id) {
				char name[IFNAMSIZ];
				size_t n = strlen(buf);

				if ((flags & NI_NUMERICHOST) || !if_indextoname(in6->sin6_scope_id, name))
					snprintf(buf + n, sizeof(buf) - n, "%%%u", (unsigned)in6->sin6_scope_id);
				else
					snprintf(buf + n, sizeof(buf) - n, "%%%s", name);
			}
		}
		if (sa->sa_family != AF_UNIX) {
			if (!(flags & NI_NUMERICHOST) && loop)
				strcpy(buf, "localhost");
			else if (flags & NI_NAMEREQD)
				return EAI_NONAME;
		}
		if ((err = put(host, hostlen, buf)))
			return err;
	}
	if (serv && servlen) {
		if (sa->sa_family == AF_UNIX)
			return put(serv, servlen, ((const struct sockaddr_un *)sa)->sun_path);
		port = ntohs(((const struct sockaddr_in *)sa)->sin_port);
		snprintf(buf, sizeof(buf), "%d", port);
		if ((err = put(serv, servlen, buf)))
			return err;
	}
	return 0;
}
