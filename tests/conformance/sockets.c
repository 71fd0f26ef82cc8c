/*
 * Sockets: AF_UNIX stream/dgram/seqpacket socketpairs, bind to a tmpfs
 * path and to an abstract name, listen/accept/connect; AF_INET and
 * AF_INET6 TCP on the loopback (port 0, getsockname/getpeername,
 * EADDRINUSE, ECONNREFUSED); shutdown and close as the peer's poll sees
 * them (POLLRDHUP, POLLHUP, EOF, EPIPE); getsockopt; the errors of bad
 * families, types, protocols and descriptors.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stddef.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include "conformance.h"

static short revents(int fd)
{
	struct pollfd p = {fd, POLLIN | POLLOUT | POLLRDHUP, 0};

	poll(&p, 1, 0);
	return p.revents;
}

static void show_poll(int fd, const char *what)
{
	short r = revents(fd);

	note("%s: poll%s%s%s%s%s", what, r & POLLIN ? " IN" : "", r & POLLOUT ? " OUT" : "",
	     r & POLLRDHUP ? " RDHUP" : "", r & POLLHUP ? " HUP" : "", r & POLLERR ? " ERR" : "");
	ok(1, "%s: poll %#x", what, r);
}

static int sockopt(int fd, int name)
{
	int v = -1;
	socklen_t l = sizeof(v);

	if (getsockopt(fd, SOL_SOCKET, name, &v, &l) < 0)
		return -errno;
	return v;
}

static void unix_pairs(void)
{
	int sv[2], types[] = {SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET};
	char buf[64];
	struct sockaddr_un un;
	socklen_t len;

	for (int i = 0; i < 3; i++) {
		int t = types[i];

		if (!ok(socketpair(AF_UNIX, t, 0, sv) == 0, "socketpair type %d", t))
			continue;
		ok(sockopt(sv[0], SO_TYPE) == t, "SO_TYPE %d", t);
		ok(sockopt(sv[0], SO_ERROR) == 0, "SO_ERROR 0");
		ok(sockopt(sv[0], SO_RCVBUF) > 0 && sockopt(sv[0], SO_SNDBUF) > 0, "buffers");
		show_poll(sv[0], "fresh pair");
		ok(write(sv[0], "hello", 5) == 5, "write 5");
		ok(write(sv[0], "world!", 6) == 6, "write 6");
		ok(recv(sv[1], buf, 3, MSG_PEEK) == 3 && !memcmp(buf, "hel", 3), "peek");
		ok(recv(sv[1], buf, sizeof(buf), 0) == (t == SOCK_STREAM ? 11 : 5), "recv");
		if (t != SOCK_STREAM)
			ok(recv(sv[1], buf, 2, 0) == 2, "short recv of a record");
		EXPECT(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN, "empty MSG_DONTWAIT");
		len = sizeof(un);
		ok(getsockname(sv[0], (struct sockaddr *)&un, &len) == 0 && len == 2 &&
			   un.sun_family == AF_UNIX,
		   "getsockname unnamed len %d", (int)len);
		len = sizeof(un);
		ok(getpeername(sv[0], (struct sockaddr *)&un, &len) == 0 && len == 2,
		   "getpeername unnamed len %d", (int)len);
		EXPECT(shutdown(sv[0], 3), EINVAL, "shutdown 3");
		ok(shutdown(sv[0], SHUT_WR) == 0, "shutdown SHUT_WR");
		show_poll(sv[1], "peer after SHUT_WR");
		show_poll(sv[0], "self after SHUT_WR");
		if (t != SOCK_DGRAM)
			ok(read(sv[1], buf, sizeof(buf)) == 0, "EOF");
		EXPECT(send(sv[0], "x", 1, MSG_NOSIGNAL), EPIPE, "send after SHUT_WR");
		close(sv[0]);
		show_poll(sv[1], "peer after close");
		close(sv[1]);
	}
	/* close with the peer reading: EOF; writing: EPIPE and SIGPIPE */
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	close(sv[1]);
	signal(SIGPIPE, SIG_IGN);
	EXPECT(write(sv[0], "x", 1), EPIPE, "write to a closed peer");
	EXPECT(send(sv[0], "x", 1, MSG_NOSIGNAL), EPIPE, "send MSG_NOSIGNAL to a closed peer");
	ok(read(sv[0], buf, 1) == 0, "read: EOF");
	close(sv[0]);
	/* unread data at close: ECONNRESET */
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	write(sv[0], "abc", 3);
	close(sv[1]);
	show_poll(sv[0], "peer closed with unread data");
	EXPECT(read(sv[0], buf, 1), ECONNRESET, "read after reset");
	close(sv[0]);
	/* filling: EAGAIN */
	socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv);
	{
		static char big[4096];
		long total = 0, n;

		while ((n = write(sv[0], big, sizeof(big))) > 0)
			total += n;
		ok(n < 0 && errno == EAGAIN && total > 0, "fill until EAGAIN");
		ok(!(revents(sv[0]) & POLLOUT), "full: no POLLOUT");
	}
	ok((fcntl(sv[1], F_GETFL) & O_NONBLOCK) != 0, "SOCK_NONBLOCK sets O_NONBLOCK");
	close(sv[0]);
	close(sv[1]);
	socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv);
	ok(fcntl(sv[0], F_GETFD) == FD_CLOEXEC, "SOCK_CLOEXEC");
	EXPECT(listen(sv[0], 1), EOPNOTSUPP, "listen on a dgram socket");
	EXPECT(accept(sv[0], NULL, NULL), EOPNOTSUPP, "accept on a dgram socket");
	close(sv[0]);
	close(sv[1]);
}

static void unix_named(void)
{
	char dir[] = "/dev/shm/sockXXXXXX", buf[16];
	struct sockaddr_un a, got;
	socklen_t len;
	struct stat st;
	int l, c, s, d;

	if (!ok(mkdtemp(dir) != NULL, "mkdtemp"))
		return;
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	snprintf(a.sun_path, sizeof(a.sun_path), "%s/s", dir);
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), ENOENT, "connect to no name");
	l = socket(AF_UNIX, SOCK_STREAM, 0);
	EXPECT(listen(l, 5), EINVAL, "listen unbound");
	EXPECT(bind(l, (struct sockaddr *)&a, 1), EINVAL, "bind len 1");
	EXPECT(bind(l, (struct sockaddr *)&a, sizeof(a)), 0, "bind path");
	ok(stat(a.sun_path, &st) == 0 && S_ISSOCK(st.st_mode), "an S_IFSOCK node");
	EXPECT(bind(l, (struct sockaddr *)&a, sizeof(a)), EADDRINUSE, "bind again, same path");
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	EXPECT(bind(s, (struct sockaddr *)&a, sizeof(a)), EADDRINUSE, "bind to an existing name");
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), ECONNREFUSED, "connect, not listening");
	EXPECT(listen(l, 5), 0, "listen");
	show_poll(l, "listener, empty");
	EXPECT(accept4(l, NULL, NULL, 0x1234), EINVAL, "accept4 bad flags");
	fcntl(l, F_SETFL, O_NONBLOCK);
	EXPECT(accept(l, NULL, NULL), EAGAIN, "accept nonblocking, empty");
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), 0, "connect");
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), EISCONN, "connect again");
	show_poll(l, "listener, one queued");
	len = sizeof(got);
	d = accept(l, (struct sockaddr *)&got, &len);
	ok(d >= 0 && len == 2, "accept: unnamed client len %d", (int)len);
	len = sizeof(got);
	ok(getsockname(d, (struct sockaddr *)&got, &len) == 0 && !strcmp(got.sun_path, a.sun_path) &&
		   len == offsetof(struct sockaddr_un, sun_path) + strlen(a.sun_path) + 1,
	   "accepted getsockname is the path");
	len = sizeof(got);
	ok(getpeername(c, (struct sockaddr *)&got, &len) == 0 && !strcmp(got.sun_path, a.sun_path),
	   "client getpeername is the path");
	ok(write(c, "ping", 4) == 4 && read(d, buf, 4) == 4, "bytes through");
	EXPECT(sendto(c, "x", 1, 0, (struct sockaddr *)&a, sizeof(a)), EISCONN, "sendto connected");
	close(d);
	close(c);
	close(s);
	close(l);
	/* abstract names */
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	memcpy(a.sun_path, "\0tick386-conf", 13);
	l = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	EXPECT(bind(l, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 13), 0,
	       "bind abstract");
	s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	EXPECT(bind(s, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 13),
	       EADDRINUSE, "bind abstract again");
	listen(l, 1);
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	EXPECT(connect(c, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 13),
	       ECONNREFUSED, "connect stream to an abstract seqpacket");
	EXPECT(connect(s, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 13), 0,
	       "connect seqpacket abstract");
	d = accept(l, NULL, NULL);
	ok(send(s, "abc", 3, 0) == 3 && send(s, "de", 2, 0) == 2, "two records");
	ok(recv(d, buf, sizeof(buf), 0) == 3 && recv(d, buf, sizeof(buf), 0) == 2, "two reads");
	close(s);
	ok(recv(d, buf, sizeof(buf), 0) == 0, "seqpacket EOF");
	close(d);
	close(c);
	close(l);
	/* dgram by name */
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	snprintf(a.sun_path, sizeof(a.sun_path), "%s/d", dir);
	l = socket(AF_UNIX, SOCK_DGRAM, 0);
	bind(l, (struct sockaddr *)&a, sizeof(a));
	c = socket(AF_UNIX, SOCK_DGRAM, 0);
	EXPECT(send(c, "x", 1, 0), ENOTCONN, "dgram send unconnected");
	ok(sendto(c, "hey", 3, 0, (struct sockaddr *)&a, sizeof(a)) == 3, "sendto a path");
	len = sizeof(got);
	memset(&got, 0, sizeof(got));
	ok(recvfrom(l, buf, sizeof(buf), 0, (struct sockaddr *)&got, &len) == 3 && len == 0,
	   "recvfrom: an unnamed sender len %d", (int)len);
	close(c);
	close(l);
	unlink(a.sun_path);
	snprintf(a.sun_path, sizeof(a.sun_path), "%s/s", dir);
	unlink(a.sun_path);
	rmdir(dir);
}

static void inet(void)
{
	struct sockaddr_in a, got;
	socklen_t len;
	int l, c, d, l2;
	char buf[16];

	l = socket(AF_INET, SOCK_STREAM, 0);
	ok(l >= 0, "AF_INET stream");
	ok(sockopt(l, SO_TYPE) == SOCK_STREAM, "SO_TYPE");
	show_poll(l, "fresh tcp socket");
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(0x0a000001);
	EXPECT(bind(l, (struct sockaddr *)&a, sizeof(a)), EADDRNOTAVAIL, "bind 10.0.0.1");
	EXPECT(bind(l, (struct sockaddr *)&a, 8), EINVAL, "bind short");
	a.sin_family = AF_INET6;
	EXPECT(bind(l, (struct sockaddr *)&a, sizeof(a)), EAFNOSUPPORT, "bind wrong family");
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_ANY);
	EXPECT(bind(l, (struct sockaddr *)&a, sizeof(a)), 0, "bind any:0");
	len = sizeof(got);
	getsockname(l, (struct sockaddr *)&got, &len);
	ok(len == sizeof(got) && ntohs(got.sin_port) >= 32768 && ntohs(got.sin_port) <= 60999 &&
		   got.sin_addr.s_addr == 0,
	   "ephemeral port");
	EXPECT(getpeername(l, (struct sockaddr *)&got, &len), ENOTCONN, "getpeername unconnected");
	EXPECT(shutdown(l, SHUT_WR), ENOTCONN, "shutdown unconnected");
	c = socket(AF_INET, SOCK_STREAM, 0);
	a.sin_port = got.sin_port;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), ECONNREFUSED, "connect, not listening");
	close(c);
	l2 = socket(AF_INET, SOCK_STREAM, 0);
	EXPECT(bind(l2, (struct sockaddr *)&a, sizeof(a)), EADDRINUSE, "bind a used port");
	close(l2);
	EXPECT(listen(l, 4), 0, "listen");
	c = socket(AF_INET, SOCK_STREAM, 0);
	EXPECT(send(c, "x", 1, MSG_NOSIGNAL), EPIPE, "send unconnected");
	EXPECT(recv(c, buf, 1, 0), ENOTCONN, "recv unconnected");
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), 0, "connect 127.0.0.1");
	EXPECT(connect(c, (struct sockaddr *)&a, sizeof(a)), EISCONN, "connect again");
	len = sizeof(got);
	d = accept(l, (struct sockaddr *)&got, &len);
	ok(d >= 0 && len == sizeof(got) && got.sin_addr.s_addr == htonl(INADDR_LOOPBACK), "accept");
	{
		struct sockaddr_in me, peer;
		socklen_t l1 = sizeof(me), l2s = sizeof(peer);

		getsockname(c, (struct sockaddr *)&me, &l1);
		getpeername(d, (struct sockaddr *)&peer, &l2s);
		ok(me.sin_port == peer.sin_port && me.sin_port == got.sin_port &&
			   me.sin_addr.s_addr == htonl(INADDR_LOOPBACK),
		   "client name = accepted peer name");
		l1 = sizeof(me);
		getsockname(d, (struct sockaddr *)&me, &l1);
		ok(me.sin_port == a.sin_port && me.sin_addr.s_addr == htonl(INADDR_LOOPBACK),
		   "accepted name: 127.0.0.1 and the port");
	}
	ok(write(c, "abc", 3) == 3 && read(d, buf, sizeof(buf)) == 3, "bytes through");
	ok(shutdown(c, SHUT_WR) == 0, "shutdown SHUT_WR");
	ok((revents(d) & (POLLIN | POLLRDHUP)) == (POLLIN | POLLRDHUP), "tcp peer after SHUT_WR: IN RDHUP");
	ok(read(d, buf, sizeof(buf)) == 0, "EOF");
	close(d);
	ok((revents(c) & (POLLIN | POLLRDHUP)) == (POLLIN | POLLRDHUP), "tcp after peer's close: IN RDHUP");
	close(c);
	close(l);
	/* AF_INET6 */
	{
		struct sockaddr_in6 s6, g6;
		socklen_t l6 = sizeof(g6);

		l = socket(AF_INET6, SOCK_STREAM, 0);
		memset(&s6, 0, sizeof(s6));
		s6.sin6_family = AF_INET6;
		s6.sin6_addr = in6addr_loopback;
		EXPECT(bind(l, (struct sockaddr *)&s6, sizeof(s6)), 0, "bind [::1]:0");
		listen(l, 1);
		getsockname(l, (struct sockaddr *)&g6, &l6);
		c = socket(AF_INET6, SOCK_STREAM, 0);
		s6.sin6_port = g6.sin6_port;
		EXPECT(connect(c, (struct sockaddr *)&s6, sizeof(s6)), 0, "connect [::1]");
		d = accept(l, NULL, NULL);
		ok(d >= 0 && l6 == sizeof(g6), "accept v6");
		close(d);
		close(c);
		close(l);
	}
}

static void errors(void)
{
	int p[2], sv[2];
	char b;

	EXPECT(socket(5, SOCK_STREAM, 0), EAFNOSUPPORT, "family 5 (AF_APPLETALK)");
	EXPECT(socket(1000, SOCK_STREAM, 0), EAFNOSUPPORT, "family 1000");
	EXPECT(socket(AF_UNIX, 77, 0), EINVAL, "type 77");
	EXPECT(socket(AF_UNIX, SOCK_STREAM | 0x100000, 0), EINVAL, "type flag bits");
	EXPECT(socket(AF_UNIX, SOCK_STREAM, 5), EPROTONOSUPPORT, "AF_UNIX protocol 5");
	EXPECT(socket(AF_INET, SOCK_STREAM, 17), EPROTONOSUPPORT, "TCP with UDP's number");
	EXPECT(socketpair(AF_INET, SOCK_STREAM, 0, sv), EOPNOTSUPP, "socketpair AF_INET");
	pipe(p);
	EXPECT(listen(p[0], 1), ENOTSOCK, "listen on a pipe");
	EXPECT(recv(p[0], &b, 1, 0), ENOTSOCK, "recv on a pipe");
	EXPECT(getsockopt(p[0], SOL_SOCKET, SO_TYPE, &b, &(socklen_t){1}), ENOTSOCK, "getsockopt pipe");
	EXPECT(shutdown(99, SHUT_RD), EBADF, "shutdown a bad fd");
	close(p[0]);
	close(p[1]);
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	EXPECT(getsockopt(sv[0], SOL_SOCKET, 9999, &b, &(socklen_t){1}), ENOPROTOOPT, "bad optname");
	EXPECT(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &b, &(socklen_t){-1}), EINVAL, "optlen -1");
	EXPECT(listen(sv[0], 1), EINVAL, "listen on a connected socket");
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	unix_pairs();
	unix_named();
	inet();
	errors();
	done();
	return 0;
}
