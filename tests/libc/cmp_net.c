/*
 * The networking headers and the resolver-free name functions, compared
 * with glibc: structure layouts and constants, byte order, inet_pton /
 * inet_ntop / inet_aton / inet_addr / inet_ntoa on good and malformed
 * text, getaddrinfo on numeric hosts and services and every error it
 * checks, gai_strerror's texts, getnameinfo.  (The if_* functions
 * describe the system's interfaces: cmp_netif.c.)
 */
/* parallel: yes */
#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <sys/un.h>

#define LAYOUT(t, f) printf(#t "." #f ": offset %u size %u\n", (unsigned)offsetof(t, f), \
			    (unsigned)sizeof(((t *)0)->f))
#define SIZE(t) printf("sizeof " #t " %u\n", (unsigned)sizeof(t))
#define VAL(c) printf(#c " %lld\n", (long long)(c))

static void layouts(void)
{
	SIZE(struct in_addr); SIZE(struct in6_addr); SIZE(struct sockaddr_in);
	SIZE(struct sockaddr_in6); SIZE(struct sockaddr_un); SIZE(struct addrinfo);
	SIZE(struct hostent); SIZE(struct servent); SIZE(struct ifreq); SIZE(struct ifconf);
	SIZE(struct if_nameindex); SIZE(struct iphdr); SIZE(struct ip); SIZE(struct ip_mreq);
	SIZE(struct ip_mreqn); SIZE(struct ipv6_mreq); SIZE(struct in_pktinfo); SIZE(in_port_t);
	SIZE(in_addr_t);
	LAYOUT(struct sockaddr_in, sin_port); LAYOUT(struct sockaddr_in, sin_addr);
	LAYOUT(struct sockaddr_in6, sin6_port); LAYOUT(struct sockaddr_in6, sin6_flowinfo);
	LAYOUT(struct sockaddr_in6, sin6_addr); LAYOUT(struct sockaddr_in6, sin6_scope_id);
	LAYOUT(struct sockaddr_un, sun_path);
	LAYOUT(struct addrinfo, ai_addrlen); LAYOUT(struct addrinfo, ai_addr);
	LAYOUT(struct addrinfo, ai_canonname); LAYOUT(struct addrinfo, ai_next);
	LAYOUT(struct ifreq, ifr_flags); LAYOUT(struct ifreq, ifr_ifindex);
	LAYOUT(struct ifreq, ifr_addr); LAYOUT(struct ifreq, ifr_map);
	LAYOUT(struct iphdr, tos); LAYOUT(struct iphdr, frag_off); LAYOUT(struct iphdr, daddr);
	LAYOUT(struct ip, ip_len); LAYOUT(struct ip, ip_sum); LAYOUT(struct ip, ip_dst);
	struct iphdr ih; memset(&ih, 0, sizeof(ih)); ih.ihl = 5; ih.version = 4;
	printf("iphdr first byte %#x\n", ((unsigned char *)&ih)[0]);
	VAL(INADDR_ANY); VAL(INADDR_BROADCAST); VAL(INADDR_NONE); VAL(INADDR_LOOPBACK);
	VAL(INADDR_ALLHOSTS_GROUP); VAL(INET_ADDRSTRLEN); VAL(INET6_ADDRSTRLEN);
	VAL(IPPROTO_IP); VAL(IPPROTO_ICMP); VAL(IPPROTO_TCP); VAL(IPPROTO_UDP); VAL(IPPROTO_IPV6);
	VAL(IPPROTO_ICMPV6); VAL(IPPROTO_RAW); VAL(IPPROTO_SCTP); VAL(IPPROTO_UDPLITE); VAL(IPPROTO_MPTCP);
	VAL(IPPROTO_DCCP); VAL(IPPROTO_GRE); VAL(IPPROTO_MAX);
	VAL(IP_TOS); VAL(IP_TTL); VAL(IP_HDRINCL); VAL(IP_PKTINFO); VAL(IP_MTU_DISCOVER);
	VAL(IP_RECVERR); VAL(IP_MULTICAST_IF); VAL(IP_ADD_MEMBERSHIP); VAL(IP_MULTICAST_ALL);
	VAL(IPV6_V6ONLY); VAL(IPV6_JOIN_GROUP); VAL(IPV6_RECVPKTINFO); VAL(IPV6_TCLASS); VAL(IPV6_MTU);
	VAL(AI_PASSIVE); VAL(AI_CANONNAME); VAL(AI_NUMERICHOST); VAL(AI_V4MAPPED); VAL(AI_ALL);
	VAL(AI_ADDRCONFIG); VAL(AI_NUMERICSERV); VAL(NI_MAXHOST); VAL(NI_MAXSERV);
	VAL(NI_NUMERICHOST); VAL(NI_NUMERICSERV); VAL(NI_NOFQDN); VAL(NI_NAMEREQD); VAL(NI_DGRAM);
	VAL(EAI_BADFLAGS); VAL(EAI_NONAME); VAL(EAI_AGAIN); VAL(EAI_FAIL); VAL(EAI_FAMILY);
	VAL(EAI_SOCKTYPE); VAL(EAI_SERVICE); VAL(EAI_MEMORY); VAL(EAI_SYSTEM); VAL(EAI_OVERFLOW);
	VAL(IFNAMSIZ); VAL(IF_NAMESIZE); VAL(IFF_UP); VAL(IFF_LOOPBACK); VAL(IFF_RUNNING);
	VAL(IFF_MULTICAST); VAL(IPVERSION); VAL(IP_MAXPACKET); VAL(IP_DF); VAL(IP_MF);
	VAL(IPTOS_LOWDELAY); VAL(MAXTTL); VAL(IPDEFTTL); VAL(SIOCGIFINDEX); VAL(SIOCGIFNAME);
	VAL(SIOCGIFFLAGS); VAL(SIOCGIFCONF);
	struct sockaddr_un su = {AF_UNIX, "/tmp/sock"};
	printf("SUN_LEN %u\n", (unsigned)SUN_LEN(&su));
	struct in6_addr a6 = IN6ADDR_LOOPBACK_INIT;
	printf("loopback %d any %d unspec %d %d\n", IN6_IS_ADDR_LOOPBACK(&a6),
	       IN6_IS_ADDR_LOOPBACK(&in6addr_any), IN6_IS_ADDR_UNSPECIFIED(&in6addr_any),
	       IN6_ARE_ADDR_EQUAL(&a6, &in6addr_loopback));
}

static void byteorder(void)
{
	VAL(BYTE_ORDER); VAL(LITTLE_ENDIAN); VAL(BIG_ENDIAN); VAL(PDP_ENDIAN); VAL(__BYTE_ORDER);
	printf("htonl %#x htons %#x ntohl %#x ntohs %#x\n", htonl(0x01020304), htons(0x0102),
	       ntohl(0xa0b0c0d0), ntohs(0xa0b0));
	uint32_t (*fl)(uint32_t) = htonl;
	uint16_t (*fs)(uint16_t) = ntohs;
	printf("functions %#x %#x\n", fl(0x11223344), fs(0x5566));
	printf("16: %#x %#x %#x %#x\n", htobe16(0x1234), htole16(0x1234), be16toh(0x1234), le16toh(0x1234));
	printf("32: %#x %#x %#x %#x\n", htobe32(0x12345678), htole32(0x12345678),
	       be32toh(0x12345678), le32toh(0x12345678));
	printf("64: %#llx %#llx %#llx %#llx\n", (unsigned long long)htobe64(0x0102030405060708ULL),
	       (unsigned long long)htole64(0x0102030405060708ULL),
	       (unsigned long long)be64toh(0x0102030405060708ULL),
	       (unsigned long long)le64toh(0x0102030405060708ULL));
	printf("widths %u %u %u %u\n", (unsigned)sizeof(htobe16(1)), (unsigned)sizeof(be32toh(1)),
	       (unsigned)sizeof(htole64(1)), (unsigned)sizeof(htobe16(0x12345678)));
	printf("truncate %#x\n", htobe16(0x12345678));
}

static const char *v4[] = {"0.0.0.0", "1.2.3.4", "255.255.255.255", "256.1.1.1", "1.2.3",
	"1.2.3.4.5", "01.2.3.4", "1.2.3.04", "0.0.0.00", "1..2.3", ".1.2.3", "1.2.3.", " 1.2.3.4",
	"1.2.3.4 ", "1.2.3.4x", "0x1.2.3.4", "", "1.2.3.-4", "127.1", "1000.1.1.1", "1.2.3.255", NULL};
static const char *v6[] = {"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
	"1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", ":::", "1::2::3", ":1::2", "1::2:", "1:2:3:4:5:6:7:8::",
	"12345::", "fFfF::AbCd", "::ffff:1.2.3.4", "::1.2.3.4", "1::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
	"1:2:3:4:5:6:7:1.2.3.4", "::1.2.3", "::1.2.3.4:5", "::ffff:01.2.3.4", "::ffff:256.1.1.1",
	"fe80::1%1", "", ":", "1", "0:0:0:0:0:0:0:0", "0001:0002::", "2001:db8:0:0:1:0:0:1",
	"2001:db8::1:0:0:1", "2001:0:0:1:0:0:0:1", "1:0:0:2:0:0:0:3", "0:0:1:0:0:0:0:0",
	"::ffff:0:0", "::0.0.0.1", "::0.1.0.0", "::ffff:ffff:1.2.3.4", "0:0:0:0:0:1:1.2.3.4",
	"1:0::", "g::", "::0001", "::00001", NULL};

static void pton_ntop(void)
{
	unsigned char b[16];
	char t[INET6_ADDRSTRLEN];

	for (int i = 0; v4[i]; i++) {
		memset(b, 0xee, sizeof(b));
		int r = inet_pton(AF_INET, v4[i], b);
		printf("pton4 \"%s\" %d %02x%02x%02x%02x%02x", v4[i], r, b[0], b[1], b[2], b[3], b[4]);
		if (r == 1)
			printf(" -> %s", inet_ntop(AF_INET, b, t, sizeof(t)));
		printf("\n");
	}
	for (int i = 0; v6[i]; i++) {
		memset(b, 0xee, sizeof(b));
		int r = inet_pton(AF_INET6, v6[i], b);
		printf("pton6 \"%s\" %d", v6[i], r);
		for (int k = 0; k < 16 && r == 1; k++)
			printf("%s%02x", k ? "" : " ", b[k]);
		if (r == 1)
			printf(" -> %s", inet_ntop(AF_INET6, b, t, sizeof(t)));
		printf("\n");
	}
	errno = 0;
	printf("pton family 99: %d %s\n", inet_pton(99, "1.2.3.4", b), strerror(errno));
	errno = 0;
	printf("pton AF_UNIX: %d %s\n", inet_pton(AF_UNIX, "1.2.3.4", b), strerror(errno));

	inet_pton(AF_INET, "255.255.255.255", b);
	for (socklen_t n = 14; n <= 17; n++) {
		errno = 0;
		const char *r = inet_ntop(AF_INET, b, t, n);
		printf("ntop4 size %u: %s %s\n", (unsigned)n, r ? r : "NULL", r ? "" : strerror(errno));
	}
	inet_pton(AF_INET6, "1111:2222:3333:4444:5555:6666:7777:8888", b);
	for (socklen_t n = 38; n <= 41; n++) {
		errno = 0;
		const char *r = inet_ntop(AF_INET6, b, t, n);
		printf("ntop6 size %u: %s %s\n", (unsigned)n, r ? r : "NULL", r ? "" : strerror(errno));
	}
	errno = 0;
	printf("ntop size 0: %s %s\n", inet_ntop(AF_INET, b, t, 0) ? "ok" : "NULL", strerror(errno));
	errno = 0;
	printf("ntop family 99: %s %s\n", inet_ntop(99, b, t, sizeof(t)) ? "ok" : "NULL", strerror(errno));
}

static const char *aton[] = {"0", "0x", "0x0", "1.2.3.4", "1.2.3.4 x", "1.2.3.4\t", "1.2.3.4x",
	"1.2.3.256", "1.0xffffff", "1.0x1000000", "1.2.0xffff", "1.2.0x10000", "1.2.3.0377", "1.2.3.0400",
	"037777777777", "040000000000", "4294967295", "4294967296", "08", "0x1g", "1.2.3.4.5", "1..2",
	"+1", " 1", "", ".", "1.", "127.1", "10.0x10.010", "0X7F.1", "255.255.255.255", NULL};

/* S with its tabs as \t: the comparison is by lines and fields */
static const char *shown(const char *s)
{
	static char buf[64];
	char *p = buf;

	for (; *s && p < buf + sizeof(buf) - 3; s++)
		if (*s == '\t')
			p += sprintf(p, "\\t");
		else
			*p++ = *s;
	*p = 0;
	return buf;
}

static void classic(void)
{
	for (int i = 0; aton[i]; i++) {
		struct in_addr a = {0x5a5a5a5a};
		int r = inet_aton(aton[i], &a);
		printf("aton \"%s\" %d %08x addr %08x\n", shown(aton[i]), r, (unsigned)ntohl(a.s_addr),
		       (unsigned)ntohl(inet_addr(aton[i])));
	}
	printf("aton NULL dst %d\n", inet_aton("1.2.3.4", NULL));
	struct in_addr a = {htonl(0xc0a80001)}, b = {htonl(0xffffffff)};
	char *p = inet_ntoa(a);
	printf("ntoa %s", p);
	printf(" %s same buffer %d\n", inet_ntoa(b), p == inet_ntoa(a));
}

static void show_ai(const char *what, const char *node, const char *serv, int family, int socktype,
		    int protocol, int flags)
{
	struct addrinfo h, *res = NULL;

	memset(&h, 0, sizeof(h));
	h.ai_family = family;
	h.ai_socktype = socktype;
	h.ai_protocol = protocol;
	h.ai_flags = flags;
	int e = getaddrinfo(node, serv, &h, &res);
	printf("gai %s: %d (%s)", what, e, e ? gai_strerror(e) : "");
	for (struct addrinfo *p = res; !e && p; p = p->ai_next) {
		char t[INET6_ADDRSTRLEN] = "?";
		unsigned port = 0, scope = 0;

		if (p->ai_family == AF_INET) {
			struct sockaddr_in *s = (void *)p->ai_addr;
			inet_ntop(AF_INET, &s->sin_addr, t, sizeof(t));
			port = ntohs(s->sin_port);
		} else if (p->ai_family == AF_INET6) {
			struct sockaddr_in6 *s = (void *)p->ai_addr;
			inet_ntop(AF_INET6, &s->sin6_addr, t, sizeof(t));
			port = ntohs(s->sin6_port);
			scope = s->sin6_scope_id;
		}
		printf(" [%d %d %d len %u %s port %u scope %u fam %d canon %s flags %x]", p->ai_family,
		       p->ai_socktype, p->ai_protocol, (unsigned)p->ai_addrlen, t, port, scope,
		       p->ai_addr->sa_family, p->ai_canonname ? p->ai_canonname : "-", p->ai_flags);
	}
	printf("\n");
	if (!e)
		freeaddrinfo(res);
}

static void addrinfo(void)
{
	show_ai("v4", "1.2.3.4", NULL, 0, 0, 0, 0);
	show_ai("v4 port", "1.2.3.4", "80", 0, 0, 0, 0);
	show_ai("v4 stream", "1.2.3.4", "80", AF_INET, SOCK_STREAM, 0, 0);
	show_ai("v4 dgram", "1.2.3.4", "53", 0, SOCK_DGRAM, 0, 0);
	show_ai("raw port", "1.2.3.4", "80", 0, SOCK_RAW, 0, 0);
	show_ai("raw", "1.2.3.4", NULL, 0, SOCK_RAW, 0, 0);
	show_ai("seqpacket", "1.2.3.4", "80", 0, SOCK_SEQPACKET, 0, 0);
	show_ai("sctp", "1.2.3.4", "80", 0, 0, IPPROTO_SCTP, 0);
	show_ai("proto 99 port", "1.2.3.4", "80", 0, 0, 99, 0);
	show_ai("proto 99", "1.2.3.4", NULL, 0, 0, 99, 0);
	show_ai("stream udp", "1.2.3.4", "80", 0, SOCK_STREAM, IPPROTO_UDP, 0);
	show_ai("socktype 77", "1.2.3.4", "80", 0, 77, 0, 0);
	show_ai("udplite", "1.2.3.4", "80", 0, SOCK_DGRAM, IPPROTO_UDPLITE, 0);
	show_ai("null host", NULL, "80", 0, SOCK_STREAM, 0, 0);
	show_ai("null host passive", NULL, "80", 0, SOCK_STREAM, 0, AI_PASSIVE);
	show_ai("null host v4 passive", NULL, "80", AF_INET, SOCK_STREAM, 0, AI_PASSIVE);
	show_ai("null host v6 passive", NULL, "80", AF_INET6, SOCK_STREAM, 0, AI_PASSIVE);
	show_ai("null host v4", NULL, "7", AF_INET, SOCK_DGRAM, 0, 0);
	show_ai("null host v6", NULL, "7", AF_INET6, SOCK_DGRAM, 0, 0);
	show_ai("v4 as v6", "1.2.3.4", "80", AF_INET6, SOCK_STREAM, 0, 0);
	show_ai("v6 as v4", "::1", "80", AF_INET, SOCK_STREAM, 0, 0);
	show_ai("v4 mapped", "1.2.3.4", "80", AF_INET6, SOCK_STREAM, 0, AI_V4MAPPED);
	show_ai("v6", "2001:db8::1", "443", 0, SOCK_STREAM, 0, 0);
	show_ai("v6 numeric", "::ffff:1.2.3.4", "443", AF_INET6, SOCK_STREAM, 0, AI_NUMERICHOST);
	show_ai("v6 scope", "fe80::1%7", "1", 0, SOCK_STREAM, 0, 0);
	show_ai("v6 bad scope", "fe80::1%nosuchif0", "1", 0, SOCK_STREAM, 0, 0);
	show_ai("service x", "127.1", "x", 0, SOCK_STREAM, 0, 0);
	show_ai("service 99999", "127.1", "99999", 0, SOCK_STREAM, 0, 0);
	show_ai("service -1", "127.1", "-1", 0, SOCK_STREAM, 0, 0);
	show_ai("service space", "127.1", " 80", 0, SOCK_STREAM, 0, 0);
	show_ai("service trailing", "127.1", "80 ", 0, SOCK_STREAM, 0, 0);
	show_ai("service plus", "127.1", "+80", 0, SOCK_STREAM, 0, 0);
	show_ai("service empty", "0x7f.1", "", 0, SOCK_STREAM, 0, 0);
	show_ai("service numericserv", "1.2.3.4", "echo", 0, SOCK_STREAM, 0, AI_NUMERICSERV);
	show_ai("service unknown", "1.2.3.4", "nosuchservice", 0, SOCK_STREAM, 0, 0);
	show_ai("host trailing", "1.2.3.4 ", "1", 0, SOCK_STREAM, 0, 0);
	show_ai("host empty", "", "1", 0, SOCK_STREAM, 0, 0);
	show_ai("numerichost name", "foo", "1", 0, SOCK_STREAM, 0, AI_NUMERICHOST);
	show_ai("numerichost bad", "1.2.3.4.5", "1", 0, SOCK_STREAM, 0, AI_NUMERICHOST);
	show_ai("canonname", "1.2.3.4", "1", 0, SOCK_STREAM, 0, AI_CANONNAME);
	show_ai("canonname v6", "::1", "1", 0, 0, 0, AI_CANONNAME);
	show_ai("canonname null host", NULL, "1", 0, SOCK_STREAM, 0, AI_CANONNAME);
	show_ai("bad flags", "1.2.3.4", "1", 0, SOCK_STREAM, 0, 0x8000);
	show_ai("family unix", "1.2.3.4", "1", AF_UNIX, SOCK_STREAM, 0, 0);
	show_ai("family 99", "1.2.3.4", "1", 99, SOCK_STREAM, 0, 0);
	show_ai("nothing", NULL, NULL, 0, 0, 0, 0);
	show_ai("nothing bad flags", NULL, NULL, 0, 0, 0, 0x8000);
	struct addrinfo *res;
	int e = getaddrinfo("10.1.2.3", "22", NULL, &res);
	printf("gai null hints: %d", e);
	for (struct addrinfo *p = res; !e && p; p = p->ai_next)
		printf(" [%d %d %d flags %x]", p->ai_family, p->ai_socktype, p->ai_protocol, p->ai_flags);
	printf("\n");
	if (!e)
		freeaddrinfo(res);
	freeaddrinfo(NULL);
	for (int i = -13; i <= 1; i++)
		printf("gai_strerror(%d) %s\n", i, gai_strerror(i));
	for (int i = -106; i <= -99; i++)
		printf("gai_strerror(%d) %s\n", i, gai_strerror(i));
}

static void show_ni(const char *what, const void *sa, socklen_t len, socklen_t hl, socklen_t sl, int flags)
{
	char h[NI_MAXHOST] = "-", s[NI_MAXSERV] = "-";
	int e = getnameinfo(sa, len, hl ? h : NULL, hl, sl ? s : NULL, sl, flags);

	printf("gni %s: %d host %s serv %s\n", what, e, e ? "" : h, e ? "" : s);
}

static void nameinfo(void)
{
	struct sockaddr_in a4 = {AF_INET, htons(8080), {htonl(0x0a000001)}, {0}};
	struct sockaddr_in6 a6 = {AF_INET6, htons(5), 0, IN6ADDR_LOOPBACK_INIT, 0};
	struct sockaddr_un un = {AF_UNIX, "/tmp/x"};
	const int N = NI_NUMERICHOST | NI_NUMERICSERV;

	show_ni("v4", &a4, sizeof(a4), NI_MAXHOST, NI_MAXSERV, N);
	show_ni("v4 dgram", &a4, sizeof(a4), NI_MAXHOST, NI_MAXSERV, N | NI_DGRAM);
	show_ni("v4 host only", &a4, sizeof(a4), NI_MAXHOST, 0, N);
	show_ni("v4 serv only", &a4, sizeof(a4), 0, NI_MAXSERV, N);
	show_ni("v4 neither", &a4, sizeof(a4), 0, 0, N);
	show_ni("v4 host 8", &a4, sizeof(a4), 8, NI_MAXSERV, N);
	show_ni("v4 host 9", &a4, sizeof(a4), 9, NI_MAXSERV, N);
	show_ni("v4 serv 4", &a4, sizeof(a4), NI_MAXHOST, 4, N);
	show_ni("v4 serv 5", &a4, sizeof(a4), NI_MAXHOST, 5, N);
	show_ni("v4 short", &a4, sizeof(a4) - 1, NI_MAXHOST, NI_MAXSERV, N);
	show_ni("v4 namereqd", &a4, sizeof(a4), NI_MAXHOST, NI_MAXSERV, N | NI_NAMEREQD);
	show_ni("v6", &a6, sizeof(a6), NI_MAXHOST, NI_MAXSERV, N);
	a6.sin6_scope_id = 77;
	inet_pton(AF_INET6, "fe80::1", &a6.sin6_addr);
	show_ni("v6 scope", &a6, sizeof(a6), NI_MAXHOST, NI_MAXSERV, N);
	show_ni("v6 scope small", &a6, sizeof(a6), 5, NI_MAXSERV, N);
	show_ni("v6 short", &a6, sizeof(a6) - 1, NI_MAXHOST, NI_MAXSERV, N);
	show_ni("unix", &un, sizeof(un), NI_MAXHOST, NI_MAXSERV, N);
	show_ni("unix serv small", &un, sizeof(un), NI_MAXHOST, 3, N);
	show_ni("bad flags", &a4, sizeof(a4), NI_MAXHOST, NI_MAXSERV, 0x4000);
	a4.sin_family = 99;
	show_ni("family 99", &a4, sizeof(a4), NI_MAXHOST, NI_MAXSERV, N);
	show_ni("null", NULL, 0, NI_MAXHOST, NI_MAXSERV, N);
	show_ni("len 1", &a6, 1, NI_MAXHOST, NI_MAXSERV, N);
}

int main(void)
{
	layouts();
	byteorder();
	pton_ntop();
	classic();
	addrinfo();
	nameinfo();
	return 0;
}
