/*
 * The parts of the resolver-free name functions that glibc answers from
 * the system's files (so cmp_net cannot compare them): "localhost", names
 * nobody knows, loopback's name in getnameinfo; and the if_* functions
 * failing with socket()'s errno where there are no sockets (tick386:
 * ENOSYS), as glibc's do, or with ENODEV/ENXIO where sockets work.
 */
/* parallel: yes */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netdb.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "../tap.h"

static char *addr_text(const struct addrinfo *ai, char *buf)
{
	const void *a = ai->ai_family == AF_INET ? (const void *)&((struct sockaddr_in *)ai->ai_addr)->sin_addr
						 : (const void *)&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr;
	return (char *)inet_ntop(ai->ai_family, a, buf, INET6_ADDRSTRLEN);
}

int main(void)
{
	struct addrinfo h, *res;
	char t1[INET6_ADDRSTRLEN], t2[INET6_ADDRSTRLEN], host[NI_MAXHOST], serv[NI_MAXSERV];

	memset(&h, 0, sizeof(h));
	h.ai_socktype = SOCK_STREAM;
	h.ai_flags = AI_CANONNAME;
	int e = getaddrinfo("localhost", "631", &h, &res);
	if (ok(e == 0, "getaddrinfo(localhost) answers") && ok(res->ai_next && !res->ai_next->ai_next, "two addresses")) {
		ok(!strcmp(addr_text(res, t1), "::1") && !strcmp(addr_text(res->ai_next, t2), "127.0.0.1"),
		   "::1 then 127.0.0.1 (%s %s)", t1, t2);
		ok(res->ai_canonname && !strcmp(res->ai_canonname, "localhost") && !res->ai_next->ai_canonname,
		   "the first has the canonical name localhost");
		ok(ntohs(((struct sockaddr_in *)res->ai_next->ai_addr)->sin_port) == 631 &&
		       res->ai_protocol == IPPROTO_TCP, "port 631, TCP");
		freeaddrinfo(res);
	}
	h.ai_family = AF_INET;
	h.ai_flags = 0;
	e = getaddrinfo("LocalHost", NULL, &h, &res);
	if (ok(e == 0, "LocalHost, AF_INET: any case") && ok(!res->ai_next, "one address")) {
		ok(!strcmp(addr_text(res, t1), "127.0.0.1"), "127.0.0.1");
		freeaddrinfo(res);
	}
	h.ai_family = AF_UNSPEC;
	h.ai_flags = AI_NUMERICHOST;
	ok(getaddrinfo("localhost", "1", &h, &res) == EAI_NONAME, "AI_NUMERICHOST: localhost is EAI_NONAME");
	h.ai_flags = 0;
	ok(getaddrinfo("nosuchhost.invalid", "1", &h, &res) == EAI_NONAME, "an unknown name is EAI_NONAME");
	ok(getaddrinfo("localhostx", "1", &h, &res) == EAI_NONAME, "localhostx is EAI_NONAME");

	struct sockaddr_in lo4 = {AF_INET, htons(22), {htonl(INADDR_LOOPBACK)}, {0}};
	struct sockaddr_in other = {AF_INET, htons(22), {htonl(0x0a000001)}, {0}};
	e = getnameinfo((struct sockaddr *)&lo4, sizeof(lo4), host, sizeof(host), serv, sizeof(serv), 0);
	ok(e == 0 && !strcmp(host, "localhost") && !strcmp(serv, "22"), "getnameinfo(127.0.0.1:22): localhost 22");
	e = getnameinfo((struct sockaddr *)&other, sizeof(other), host, sizeof(host), NULL, 0, 0);
	ok(e == 0 && !strcmp(host, "10.0.0.1"), "getnameinfo(10.0.0.1): numeric, no resolver");
	e = getnameinfo((struct sockaddr *)&other, sizeof(other), host, sizeof(host), NULL, 0, NI_NAMEREQD);
	ok(e == EAI_NONAME, "NI_NAMEREQD without a name: EAI_NONAME");
	e = getnameinfo((struct sockaddr *)&lo4, sizeof(lo4), host, sizeof(host), NULL, 0, NI_NAMEREQD);
	ok(e == 0 && !strcmp(host, "localhost"), "NI_NAMEREQD for loopback: localhost");

	/* the interface functions fail as socket() does, or as the kernel's ioctls */
	int fd = socket(AF_UNIX, SOCK_DGRAM, 0), serr = errno;
	char name[IFNAMSIZ];
	if (fd >= 0) {
		close(fd);
		errno = 0;
		ok(if_nametoindex("nosuchif0") == 0 && errno == ENODEV, "sockets: unknown name, ENODEV");
		errno = 0;
		ok(!if_indextoname(99999, name) && errno == ENXIO, "sockets: unknown index, ENXIO");
	} else {
		ok(serr == ENOSYS, "no sockets here: socket() is ENOSYS");
		errno = 0;
		ok(if_nametoindex("lo") == 0 && errno == serr, "no sockets: if_nametoindex is 0, socket's errno");
		errno = 0;
		ok(!if_indextoname(1, name) && errno == serr, "no sockets: if_indextoname is NULL, socket's errno");
		errno = 0;
		ok(!if_nameindex() && errno == serr, "no sockets: if_nameindex is NULL, socket's errno");
	}
	errno = 0;
	ok(if_nametoindex("0123456789abcdef") == 0 && errno == ENODEV, "a name of IFNAMSIZ chars: ENODEV");
	done_testing();
}
