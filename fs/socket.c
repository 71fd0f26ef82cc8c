/*
 * Sockets: socketcall (102) and the direct calls 359..373 of Linux i386,
 * for AF_UNIX (SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET; path names on
 * tmpfs and abstract names) and AF_INET/AF_INET6 SOCK_STREAM on the
 * loopback only (tick386 has no network device: Linux with only `lo` up is
 * the model; the TCP data path is AF_UNIX stream's, in-kernel, with no
 * segments, windows or timers).
 *
 * A socket is a struct sock owned by one file (or, before accept, by its
 * listener's queue: an "embryo").  Each sock has its own receive ring of
 * SOCK_PAGES pages; a sender writes into its peer's ring and sleeps on its
 * own wr_wait, a receiver reads its own ring and sleeps on its own rd_wait,
 * so nobody sleeps on a queue of a sock that may go.  A sleeper holds its
 * own file through the system call's reference (fd_get); close of the
 * descriptor under it does not wake it (as Linux's accept/recv).  Blocked
 * connects (a full backlog) sleep on the global connect_wait and look
 * their listener up again when woken.
 *
 * Datagrams and SEQPACKET records lie in the ring as a struct rec header,
 * the sender's address and the bytes; a record goes in whole or not at
 * all (EMSGSIZE when it can never fit).
 *
 * Not here: SCM_RIGHTS/SCM_CREDENTIALS (a sendmsg with control data is
 * -EOPNOTSUPP; recvmsg gives no control data), SO_RCVTIMEO/SNDTIMEO, MSG_OOB
 * (-EOPNOTSUPP, as AF_UNIX), AF_INET SOCK_DGRAM/SOCK_RAW (-ESOCKTNOSUPPORT:
 * the protocol is not built), TCP's RST-then-EPIPE on a write after the
 * peer's close (the first such write is -EPIPE here), SO_RCVBUF/SO_SNDBUF
 * changes (accepted, the ring stays SOCK_CAP bytes, which getsockopt says).
 *
 * Locking: every field changes in system calls only, with no preemption
 * on one CPU, and interrupts off around each test-then-sleep, as fs/pipe.c.
 * With several CPUs: sock_lock (one global lock, Linux's unix_table_lock
 * and bind hash locks in one) guards all_socks, the bound list, every
 * peer/listener/queue pointer and state; each sock's own lock (Linux's
 * unix_state_lock/lock_sock) guards start, len, shut, err of its ring;
 * the two are taken in that order, and dropped around every sleep.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "fs/syscalls.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include "kernel/time/ktimer.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/poll.h>
#include <abi/stat.h>
#include <abi/termios.h>

#define AF_UNIX_ 1
#define AF_INET_ 2
#define AF_INET6_ 10
#define AF_MAX_ 46
#define SOCK_STREAM_ 1
#define SOCK_DGRAM_ 2
#define SOCK_RAW_ 3
#define SOCK_SEQPACKET_ 5
#define SOCK_MAX_ 11
#define SOCK_FLAGS_ (O_NONBLOCK | O_CLOEXEC)

#define MSG_OOB_ 1
#define MSG_PEEK_ 2
#define MSG_TRUNC_ 0x20
#define MSG_DONTWAIT_ 0x40
#define MSG_WAITALL_ 0x100
#define MSG_NOSIGNAL_ 0x4000

#define SOL_SOCKET_ 1
#define SO_REUSEADDR_ 2
#define SO_TYPE_ 3
#define SO_ERROR_ 4
#define SO_SNDBUF_ 7
#define SO_RCVBUF_ 8
#define SO_ACCEPTCONN_ 30
#define SO_PROTOCOL_ 38
#define SO_DOMAIN_ 39

#define POLLRDHUP_ 0x2000

#define SOMAXCONN_ 4096	 /* Linux's net.core.somaxconn */
#define EPHEMERAL_LO 32768 /* Linux's ip_local_port_range */
#define EPHEMERAL_HI 60999
#define IOV_MAX_ 1024

#define SOCK_PAGES 4
#define SOCK_CAP (SOCK_PAGES * PAGE_SIZE)

#define RCV_SHUT 1 /* Linux's sk_shutdown bits */
#define SEND_SHUT 2

enum sock_state { SS_UNCONN, SS_LISTEN, SS_CONNECTED };

/* A socket address as the user sees it: len bytes of a sockaddr. */
struct saddr {
	u32 len;
	u8 b[112];
};

struct sock {
	u16 family, type, protocol;
	u8 state;     /* enum sock_state */
	u8 shut;      /* RCV_SHUT | SEND_SHUT */
	bool reuse;   /* SO_REUSEADDR */
	bool bound;   /* has a local name (on the bound list) */
	bool peer_dead; /* a dgram's connected peer went (Linux's SOCK_DEAD peer) */
	int err;      /* pending SO_ERROR, positive */
	struct sock *peer;	 /* connected peer (mutual for streams), or NULL */
	struct sock *listener; /* an embryo: whose queue holds it */
	struct sock *qhead, *qtail, *qnext; /* a listener's accept queue / its link */
	u32 qlen, backlog;
	struct sock *all_next;   /* all_socks */
	struct fs_node *node;    /* an AF_UNIX path's S_IFSOCK node, referenced */
	struct saddr local, remote;
	u16 port;	/* AF_INET/6: local port, host order (0: none) */
	u32 page[SOCK_PAGES]; /* the receive ring, owned */
	u32 start, len;
	struct wait_queue rd_wait; /* receivers and acceptors of this sock */
	struct wait_queue wr_wait; /* senders of this sock waiting for the peer's room */
};

/* One record of a datagram or SEQPACKET ring: then alen address bytes, then len bytes. */
struct rec {
	u32 len, alen;
};

static struct sock *all_socks; /* sock_lock */
static struct wait_queue connect_wait = WAIT_QUEUE_INIT; /* connects waiting for backlog room */
static u16 next_port = EPHEMERAL_LO; /* sock_lock */

static struct fs_node sock_node = {
	.name = "socket:",
	.name_len = 7,
	.ino = 6,
	.mode = S_IFSOCK | 0777,
	.nlink = 1,
	.parent = &fs_root,
};

static const struct file_ops sock_ops;

static void sock_wake(struct sock *s)
{
	wait_wake_all(&s->rd_wait);
	wait_wake_all(&s->wr_wait);
	file_poll_wake();
}

/* Sleep on wq (the caller checked its condition just before, with no
 * preemption in between): 0, or -ERESTARTSYS for a signal. */
static int sock_sleep(struct wait_queue *wq)
{
	u32 flags = irq_save();
	int rc = wait_sleep(wq, KTIMER_MONOTONIC, KTIME_MAX);

	irq_restore(flags);
	return rc == -EINTR ? -ERESTARTSYS : 0;
}

/* ---- the ring ---- */

static u8 *ring_at(struct sock *s, u32 off)
{
	off %= SOCK_CAP;
	return (u8 *)PHYS_TO_VIRT(s->page[off / PAGE_SIZE]) + off % PAGE_SIZE;
}

static u32 ring_chunk(u32 off, u32 n)
{
	u32 room = PAGE_SIZE - off % PAGE_SIZE;

	return n < room ? n : room;
}

/* Kernel bytes in and out of the ring at offset off from start. */
static void ring_put(struct sock *s, u32 off, const void *src, u32 n)
{
	const u8 *p = src;

	while (n) {
		u32 at = (s->start + off) % SOCK_CAP, c = ring_chunk(at, n);

		memcpy(ring_at(s, at), p, c);
		p += c, off += c, n -= c;
	}
}

static void ring_get(struct sock *s, u32 off, void *dst, u32 n)
{
	u8 *p = dst;

	while (n) {
		u32 at = (s->start + off) % SOCK_CAP, c = ring_chunk(at, n);

		memcpy(p, ring_at(s, at), c);
		p += c, off += c, n -= c;
	}
}

struct uvec {
	u8 __user *base;
	u32 len;
};

struct kuio {
	struct uvec *v; /* kmalloc'd copy of the user's iovecs, or &one */
	struct uvec one;
	u32 cnt, idx, off;
	size_t total;
};

static void kuio_one(struct kuio *u, void __user *buf, size_t n)
{
	u->one.base = buf;
	u->one.len = (u32)n;
	u->v = &u->one;
	u->cnt = 1;
	u->idx = u->off = 0;
	u->total = n;
}

static void kuio_done(struct kuio *u)
{
	if (u->v != &u->one)
		kfree(u->v);
}

/* Copy n ring bytes at off to the user's buffers: 0 or -EFAULT. */
static int kuio_from_ring(struct kuio *u, struct sock *s, u32 off, u32 n)
{
	while (n && u->idx < u->cnt) {
		struct uvec *v = &u->v[u->idx];
		u32 at = (s->start + off) % SOCK_CAP, c = ring_chunk(at, n);

		if (c > v->len - u->off)
			c = v->len - u->off;
		if (c && copy_to_user(v->base + u->off, ring_at(s, at), c))
			return -EFAULT;
		u->off += c, off += c, n -= c;
		if (u->off == v->len)
			u->idx++, u->off = 0;
	}
	return 0;
}

/* Copy n user bytes into s's ring at off (from start): 0 or -EFAULT. */
static int kuio_to_ring(struct kuio *u, struct sock *s, u32 off, u32 n)
{
	while (n && u->idx < u->cnt) {
		struct uvec *v = &u->v[u->idx];
		u32 at = (s->start + off) % SOCK_CAP, c = ring_chunk(at, n);

		if (c > v->len - u->off)
			c = v->len - u->off;
		if (c && copy_from_user(ring_at(s, at), v->base + u->off, c))
			return -EFAULT;
		u->off += c, off += c, n -= c;
		if (u->off == v->len)
			u->idx++, u->off = 0;
	}
	return 0;
}

/* ---- life ---- */

static bool is_stream(const struct sock *s)
{
	return s->type == SOCK_STREAM_;
}

static bool conn_based(const struct sock *s)
{
	return s->type != SOCK_DGRAM_;
}

static bool is_inet(const struct sock *s)
{
	return s->family != AF_UNIX_;
}

static void unnamed(struct sock *s, struct saddr *a)
{
	memset(a, 0, sizeof(*a));
	a->b[0] = (u8)s->family; /* little-endian sa_family_t */
	a->len = s->family == AF_UNIX_ ? 2 : s->family == AF_INET_ ? 16 : 28;
}

static void sock_free_mem(struct sock *s)
{
	for (int i = 0; i < SOCK_PAGES; i++)
		if (s->page[i])
			pmm_free_page(s->page[i]);
	kfree(s);
}

static struct sock *sock_alloc(u16 family, u16 type, u16 protocol)
{
	struct sock *s = kzalloc(sizeof(*s));

	if (!s)
		return NULL;
	for (int i = 0; i < SOCK_PAGES; i++) {
		s->page[i] = pmm_alloc_page();
		if (!s->page[i]) {
			sock_free_mem(s);
			return NULL;
		}
	}
	s->family = family;
	s->type = type;
	s->protocol = protocol;
	wait_queue_init(&s->rd_wait);
	wait_queue_init(&s->wr_wait);
	unnamed(s, &s->local);
	unnamed(s, &s->remote);
	s->all_next = all_socks;
	all_socks = s;
	return s;
}

/* s goes (its last file, or an embryo never accepted): its peers see the
 * close as Linux's unix_release_sock / tcp_close. */
static void sock_destroy(struct sock *s)
{
	struct sock **pp;

	for (pp = &all_socks; *pp; pp = &(*pp)->all_next)
		if (*pp == s) {
			*pp = s->all_next;
			break;
		}
	while (s->qhead) { /* a listener's unaccepted connections */
		struct sock *e = s->qhead;

		s->qhead = e->qnext;
		e->listener = NULL;
		sock_destroy(e);
	}
	if (s->state == SS_LISTEN)
		wait_wake_all(&connect_wait);
	for (struct sock *x = all_socks; x; x = x->all_next) {
		if (x->peer != s)
			continue;
		if (conn_based(x)) {
			x->shut |= is_inet(x) ? RCV_SHUT : RCV_SHUT | SEND_SHUT;
			if (s->len || s->listener) /* unread bytes or never accepted */
				x->err = ECONNRESET;
		} else {
			x->peer_dead = true;
		}
		x->peer = NULL;
		sock_wake(x);
	}
	if (s->node)
		fs_node_put(s->node);
	file_poll_wake();
	sock_free_mem(s);
}

static void sock_release(struct file *f)
{
	sock_destroy(f->private_data);
}

static struct file *sock_file(struct sock *s, u32 flags)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->ops = &sock_ops;
	f->node = &sock_node;
	f->flags = O_RDWR | (flags & O_NONBLOCK);
	f->refs = 1;
	f->private_data = s;
	return f;
}

/* The socket of fd with a reference (file_put), or NULL and *err. */
static struct sock *sock_get(int fd, struct file **fp, long *err)
{
	struct file *f = fd_get(fd);

	if (!f) {
		*err = -EBADF;
		return NULL;
	}
	if (f->ops != &sock_ops) {
		file_put(f);
		*err = -ENOTSOCK;
		return NULL;
	}
	*fp = f;
	*err = 0;
	return f->private_data;
}

/* ---- names ---- */

static bool inet_loopback(const struct sock *s, const struct saddr *a, bool *any)
{
	if (s->family == AF_INET_) {
		*any = !a->b[4] && !a->b[5] && !a->b[6] && !a->b[7];
		return *any || a->b[4] == 127;
	}
	static const u8 zero[16], one[16] = {[15] = 1};
	*any = !memcmp(a->b + 8, zero, 16);
	return *any || !memcmp(a->b + 8, one, 16);
}

static u16 saddr_port(const struct saddr *a)
{
	return (u16)(a->b[2] << 8 | a->b[3]);
}

static void saddr_set_port(struct saddr *a, u16 port)
{
	a->b[2] = (u8)(port >> 8);
	a->b[3] = (u8)port;
}

static bool inet_any(const struct sock *s)
{
	bool any;

	inet_loopback(s, &s->local, &any);
	return any;
}

/* Whether port is taken for s (Linux's bind conflict, simplified: v4 and
 * v6 share the port space; SO_REUSEADDR on both lets non-listeners share). */
static bool port_busy(const struct sock *s, u16 port, const struct saddr *a)
{
	for (struct sock *x = all_socks; x; x = x->all_next) {
		if (x == s || !is_inet(x) || x->port != port || !x->bound)
			continue;
		if (s->reuse && x->reuse && x->state != SS_LISTEN)
			continue;
		if (x->family == s->family && !inet_any(x) && a) {
			bool any;

			inet_loopback(s, a, &any);
			if (!any && memcmp(x->local.b + 4, a->b + 4, s->family == AF_INET_ ? 4 : 20))
				continue;
		}
		return true;
	}
	return false;
}

static int inet_autobind(struct sock *s, const struct saddr *a)
{
	for (u32 tries = 0; tries <= EPHEMERAL_HI - EPHEMERAL_LO; tries++) {
		u16 p = next_port;

		next_port = next_port == EPHEMERAL_HI ? EPHEMERAL_LO : next_port + 1;
		if (!port_busy(s, p, a)) {
			s->port = p;
			s->bound = true;
			if (a)
				s->local = *a;
			saddr_set_port(&s->local, p);
			return 0;
		}
	}
	return -EADDRINUSE;
}

/* An AF_UNIX name (abstract: leading NUL) of len bytes. */
static struct sock *unix_find_abstract(const struct saddr *a)
{
	for (struct sock *x = all_socks; x; x = x->all_next)
		if (x->family == AF_UNIX_ && x->bound && !x->node && x->local.len == a->len &&
		    !memcmp(x->local.b, a->b, a->len))
			return x;
	return NULL;
}

static struct sock *unix_find_node(const struct fs_node *n)
{
	for (struct sock *x = all_socks; x; x = x->all_next)
		if (x->family == AF_UNIX_ && x->node == n)
			return x;
	return NULL;
}

static int unix_autobind(struct sock *s)
{
	static u32 seq;
	struct saddr a;

	for (u32 tries = 0; tries < 0x100000; tries++) {
		u32 v = seq++ & 0xfffff;

		memset(&a, 0, sizeof(a));
		a.b[0] = AF_UNIX_;
		for (int i = 0; i < 5; i++)
			a.b[3 + i] = "0123456789abcdef"[(v >> (16 - 4 * i)) & 0xf];
		a.len = 8;
		if (!unix_find_abstract(&a)) {
			s->local = a;
			s->bound = true;
			return 0;
		}
	}
	return -ENOSPC;
}

/* Copy in a sockaddr (Linux's move_addr_to_kernel). */
static long addr_in(struct saddr *a, const void __user *uaddr, int len)
{
	memset(a, 0, sizeof(*a));
	if (len < 0 || len > 128)
		return -EINVAL;
	if (len && copy_from_user(a->b, uaddr, (size_t)len))
		return -EFAULT;
	a->len = (u32)len;
	return 0;
}

/* Copy out a (Linux's move_addr_to_user): the user's len says the room. */
static long addr_out(const struct saddr *a, void __user *uaddr, int __user *ulen)
{
	int len;

	if (!ulen)
		return 0;
	if (copy_from_user(&len, ulen, sizeof(len)))
		return -EFAULT;
	if (len < 0)
		return -EINVAL;
	if ((u32)len > a->len)
		len = (int)a->len;
	if (len && copy_to_user(uaddr, a->b, (size_t)len))
		return -EFAULT;
	len = (int)a->len;
	return copy_to_user(ulen, &len, sizeof(len)) ? -EFAULT : 0;
}

/* Check an AF_INET/6 address for s: 0 or -errno (Linux's inet_bind and
 * tcp_v4_connect order). */
static long inet_addr_check(const struct sock *s, const struct saddr *a)
{
	u16 fam = (u16)(a->b[0] | a->b[1] << 8);

	if (s->family == AF_INET_) {
		if (a->len < 16)
			return -EINVAL;
		if (fam != AF_INET_)
			return -EAFNOSUPPORT;
	} else {
		if (a->len < 24)
			return -EINVAL;
		if (fam != AF_INET6_)
			return -EAFNOSUPPORT;
	}
	return 0;
}

static long unix_addr_check(const struct saddr *a)
{
	if (a->len < 2 || a->len > 110)
		return -EINVAL;
	if ((a->b[0] | a->b[1] << 8) != AF_UNIX_)
		return -EINVAL;
	return 0;
}

static long do_bind(struct sock *s, struct saddr *a, const void __user *uaddr)
{
	long rc;

	if (!is_inet(s)) {
		rc = unix_addr_check(a);
		if (rc)
			return rc;
		if (s->bound && a->len > 2 && a->b[2]) {
			struct fs_node *n;

			if (!fs_lookup_at(AT_FDCWD, (const char __user *)uaddr + 2, FS_WALK_NOFOLLOW, &n)) {
				fs_node_put(n);
				return -EADDRINUSE; /* Linux makes the node first */
			}
		}
		if (s->bound)
			return -EINVAL;
		if (a->len == 2)
			return unix_autobind(s);
		if (a->b[2] == 0) { /* abstract */
			if (unix_find_abstract(a))
				return -EADDRINUSE;
			s->local = *a;
			s->bound = true;
			return 0;
		}
		/* a path: the node says the name; local keeps the bytes up to the NUL */
		{
			struct fs_node *n;
			u32 l = 2;

			while (l < a->len && a->b[l])
				l++;
			if (l == a->len && a->len == 110)
				return -EINVAL; /* no room for Linux's added NUL: say so */
			a->b[l] = 0;
			rc = fs_mknod_at(AT_FDCWD, (const char __user *)uaddr + 2,
					 S_IFSOCK | 0777, 0, &n);
			if (rc == -EEXIST)
				return -EADDRINUSE;
			if (rc)
				return rc;
			s->node = n;
			s->local = *a;
			s->local.len = l + 1; /* Linux: the path and its NUL */
			s->bound = true;
			return 0;
		}
	}
	rc = inet_addr_check(s, a);
	if (rc)
		return rc;
	{
		bool any;

		if (!inet_loopback(s, a, &any))
			return -EADDRNOTAVAIL;
	}
	if (s->bound)
		return -EINVAL;
	a->len = s->family == AF_INET_ ? 16 : 28;
	if (saddr_port(a) == 0)
		return inet_autobind(s, a);
	if (port_busy(s, saddr_port(a), a))
		return -EADDRINUSE;
	s->local = *a;
	if (s->family == AF_INET_)
		memset(s->local.b + 8, 0, 8);
	s->port = saddr_port(a);
	s->bound = true;
	return 0;
}

/* The listener a connect to a reaches: it, or NULL and *err. */
static struct sock *find_listener(struct sock *s, struct saddr *a, const void __user *uaddr,
				  long *err)
{
	if (!is_inet(s)) {
		struct sock *x;

		if (a->b[2] == 0) {
			x = unix_find_abstract(a);
		} else {
			struct fs_node *n;
			u32 l = 2;
			int rc;

			while (l < a->len && a->b[l])
				l++;
			if (l == a->len && a->len == 110) {
				*err = -EINVAL;
				return NULL;
			}
			rc = fs_lookup_at(AT_FDCWD, (const char __user *)uaddr + 2, 0, &n);
			if (rc) {
				*err = rc;
				return NULL;
			}
			x = (n->mode & S_IFMT) == S_IFSOCK ? unix_find_node(n) : NULL;
			fs_node_put(n);
		}
		if (!x || (x->type != s->type && !x->node)) { /* abstract: by name and type */
			*err = -ECONNREFUSED;
			return NULL;
		}
		if (x->type != s->type) {
			*err = -EPROTOTYPE;
			return NULL;
		}
		if (conn_based(s) && x->state != SS_LISTEN) {
			*err = -ECONNREFUSED;
			return NULL;
		}
		return x;
	}
	{
		bool any;
		u16 port = saddr_port(a);

		if (!inet_loopback(s, a, &any)) {
			*err = -ENETUNREACH;
			return NULL;
		}
		for (struct sock *x = all_socks; x; x = x->all_next) {
			bool xany;

			if (!is_inet(x) || x->state != SS_LISTEN || x->port != port ||
			    x->type != s->type)
				continue;
			inet_loopback(x, &x->local, &xany);
			if (x->family != s->family && !(x->family == AF_INET6_ && xany))
				continue;
			if (!xany && !any &&
			    memcmp(x->local.b + 4, a->b + 4, s->family == AF_INET_ ? 4 : 20))
				continue;
			return x;
		}
		*err = -ECONNREFUSED;
		return NULL;
	}
}

static long do_connect(struct sock *s, struct file *f, struct saddr *a,
		       const void __user *uaddr)
{
	long rc;
	struct sock *l, *e;

	if (is_inet(s)) {
		rc = inet_addr_check(s, a);
		if (rc)
			return rc;
		if (a->len > (s->family == AF_INET_ ? 16u : 28u))
			a->len = s->family == AF_INET_ ? 16 : 28;
	} else {
		rc = unix_addr_check(a);
		if (rc)
			return rc;
	}
	if (s->state == SS_CONNECTED && conn_based(s))
		return -EISCONN;
	if (s->state == SS_LISTEN)
		return is_inet(s) ? -EISCONN : -EINVAL;
	if (!conn_based(s)) { /* AF_UNIX dgram: a default destination */
		l = find_listener(s, a, uaddr, &rc);
		if (!l)
			return rc;
		s->peer = l;
		s->peer_dead = false;
		s->remote = l->local;
		s->state = SS_CONNECTED;
		file_poll_wake();
		return 0;
	}
	for (;;) {
		l = find_listener(s, a, uaddr, &rc);
		if (!l)
			return rc;
		if (l->qlen <= l->backlog)
			break;
		if (!is_inet(s) && (f->flags & O_NONBLOCK))
			return -EAGAIN;
		rc = sock_sleep(&connect_wait);
		if (rc)
			return rc;
		if (s->state == SS_CONNECTED)
			return -EISCONN;
	}
	e = sock_alloc(s->family, s->type, s->protocol);
	if (!e)
		return -ENOMEM;
	if (is_inet(s) && !s->bound) {
		struct saddr me = *a;

		if (s->family == AF_INET_) {
			me.b[4] = 127, me.b[5] = 0, me.b[6] = 0, me.b[7] = 1;
		} else {
			memset(me.b + 8, 0, 16);
			me.b[23] = 1;
		}
		rc = inet_autobind(s, &me);
		if (rc) {
			sock_destroy(e);
			return rc;
		}
	}
	e->listener = l;
	e->peer = s;
	s->peer = e;
	e->local = l->local;
	if (is_inet(s)) {
		e->local = *a; /* the address the client reached */
		if (s->family == AF_INET_ && !a->b[4]) {
			e->local.b[4] = 127, e->local.b[7] = 1;
		}
		memset(e->local.b + (s->family == AF_INET_ ? 8 : 24), 0,
		       s->family == AF_INET_ ? 8 : 4);
		e->port = l->port;
	}
	e->remote = s->local;
	s->remote = e->local;
	e->state = s->state = SS_CONNECTED;
	if (l->qtail)
		l->qtail->qnext = e;
	else
		l->qhead = e;
	l->qtail = e;
	l->qlen++;
	sock_wake(l);
	if (is_inet(s) && (f->flags & O_NONBLOCK))
		return -EINPROGRESS; /* as Linux's TCP: the handshake is after the call */
	return 0;
}

static long do_accept(int fd, void __user *uaddr, int __user *ulen, int flags)
{
	struct file *f, *nf;
	struct sock *s, *e;
	long rc;
	int nfd;

	if (flags & ~SOCK_FLAGS_)
		return -EINVAL;
	s = sock_get(fd, &f, &rc);
	if (!s)
		return rc;
	if (!conn_based(s)) {
		rc = -EOPNOTSUPP;
		goto out;
	}
	if (s->state != SS_LISTEN) {
		rc = -EINVAL;
		goto out;
	}
	while (!s->qhead) {
		if (f->flags & O_NONBLOCK) {
			rc = -EAGAIN;
			goto out;
		}
		rc = sock_sleep(&s->rd_wait);
		if (rc)
			goto out;
		if (s->state != SS_LISTEN) {
			rc = -EINVAL;
			goto out;
		}
	}
	if (!fd_available()) {
		rc = -EMFILE;
		goto out;
	}
	e = s->qhead;
	nf = sock_file(e, (u32)flags);
	if (!nf) {
		rc = -ENOMEM;
		goto out;
	}
	s->qhead = e->qnext;
	if (!s->qhead)
		s->qtail = NULL;
	s->qlen--;
	e->qnext = NULL;
	e->listener = NULL;
	wait_wake_all(&connect_wait);
	if (uaddr) {
		rc = addr_out(&e->remote, uaddr, ulen);
		if (rc) {
			file_put(nf);
			goto out;
		}
	}
	nfd = fd_install(nf, flags & O_CLOEXEC);
	if (nfd < 0)
		file_put(nf);
	rc = nfd;
out:
	file_put(f);
	return rc;
}

/* ---- data ---- */

static bool would_block(struct file *f, int flags)
{
	return (f->flags & O_NONBLOCK) || (flags & MSG_DONTWAIT_);
}

static long sock_send(struct sock *s, struct file *f, struct kuio *u, int flags,
		      struct saddr *to, const void __user *uto)
{
	long ret = 0, rc;
	struct sock *d;

	if (flags & MSG_OOB_)
		return -EOPNOTSUPP;
	if (!conn_based(s)) {
		size_t need;

		if (to) {
			rc = unix_addr_check(to);
			if (rc)
				return rc;
		}
		for (;;) {
			if (s->shut & SEND_SHUT) {
				if (!(flags & MSG_NOSIGNAL_))
					pipe_sigpipe();
				return -EPIPE;
			}
			if (to) {
				d = find_listener(s, to, uto, &rc);
				if (!d)
					return rc;
			} else {
				if (s->peer_dead) {
					s->peer_dead = false;
					s->state = SS_UNCONN;
					unnamed(s, &s->remote);
					return -ECONNREFUSED;
				}
				d = s->peer;
				if (!d)
					return -ENOTCONN;
			}
			if (d->peer && d->peer != s && d->state == SS_CONNECTED)
				return -EPERM; /* Linux: d talks to another only */
			need = sizeof(struct rec) + s->local.len + u->total;
			if (need > SOCK_CAP)
				return -EMSGSIZE;
			if (d->shut & RCV_SHUT)
				return -EPIPE;
			if (SOCK_CAP - d->len >= need)
				break;
			if (would_block(f, flags))
				return -EAGAIN;
			rc = sock_sleep(&s->wr_wait);
			if (rc)
				return rc;
		}
		goto put_record;
	}
	if (to && to->len && !is_inet(s))
		return s->state == SS_CONNECTED ? -EISCONN : -EOPNOTSUPP;
	for (;;) {
		u32 room;

		if (s->state != SS_CONNECTED && !s->peer && !(s->shut & SEND_SHUT)) {
			if (s->state == SS_LISTEN || !is_inet(s) || s->err)
				return is_inet(s) ? -EPIPE : -ENOTCONN;
			goto epipe;
		}
		if (s->err && is_inet(s)) {
			rc = -s->err;
			s->err = 0;
			return ret ? ret : rc;
		}
		d = s->peer;
		if ((s->shut & SEND_SHUT) || !d || (!is_inet(s) && (d->shut & RCV_SHUT)))
			goto epipe;
		if (!is_stream(s)) {
			size_t need = sizeof(struct rec) + u->total;

			if (need > SOCK_CAP)
				return -EMSGSIZE;
			if (SOCK_CAP - d->len >= need)
				goto put_record;
		} else {
			room = SOCK_CAP - d->len;
			if (room) {
				u32 c = u->total - (size_t)ret < room ? (u32)(u->total - (size_t)ret)
								       : room;

				rc = kuio_to_ring(u, d, d->len, c);
				if (rc)
					return ret ? ret : rc;
				d->len += c;
				ret += (long)c;
				sock_wake(d);
				if ((size_t)ret == u->total)
					return ret;
			}
		}
		if (would_block(f, flags))
			return ret ? ret : -EAGAIN;
		rc = sock_sleep(&s->wr_wait);
		if (rc)
			return ret ? ret : rc;
	}
epipe:
	if (!(flags & MSG_NOSIGNAL_))
		pipe_sigpipe();
	return ret ? ret : -EPIPE;
put_record: {
	struct rec r = {(u32)u->total, conn_based(s) || !s->bound ? 0 : s->local.len};

	rc = kuio_to_ring(u, d, d->len + sizeof(r) + r.alen, r.len);
	if (rc)
		return rc;
	ring_put(d, d->len, &r, sizeof(r));
	ring_put(d, d->len + sizeof(r), s->local.b, r.alen);
	d->len += sizeof(r) + r.alen + r.len;
	sock_wake(d);
	return (long)r.len;
}
}

static void wake_peer_writers(struct sock *s)
{
	if (s->peer)
		sock_wake(s->peer);
	for (struct sock *x = all_socks; x; x = x->all_next)
		if (!conn_based(x) && x->peer == s)
			wait_wake_all(&x->wr_wait);
	file_poll_wake();
}

static long sock_recv(struct sock *s, struct file *f, struct kuio *u, int flags,
		      struct saddr *from, int *mflags)
{
	long ret = 0, rc;

	if (flags & MSG_OOB_)
		return -EOPNOTSUPP;
	if (conn_based(s) && s->state != SS_CONNECTED)
		return is_inet(s) ? -ENOTCONN : -EINVAL;
	for (;;) {
		if (s->len && !is_stream(s)) {
			struct rec r;
			u32 n;

			ring_get(s, 0, &r, sizeof(r));
			n = r.len < u->total ? r.len : (u32)u->total;
			rc = kuio_from_ring(u, s, sizeof(r) + r.alen, n);
			if (rc)
				return rc;
			if (from) {
				from->len = r.alen; /* 0: an unnamed sender, as Linux */
				ring_get(s, sizeof(r), from->b, r.alen);
			}
			if (r.len > n && mflags)
				*mflags |= MSG_TRUNC_;
			if (!(flags & MSG_PEEK_)) {
				u32 all = sizeof(r) + r.alen + r.len;

				s->start = (s->start + all) % SOCK_CAP;
				s->len -= all;
				wake_peer_writers(s);
			}
			return (flags & MSG_TRUNC_) ? (long)r.len : (long)n;
		}
		if (s->len) {
			u32 c = s->len;

			if (flags & MSG_PEEK_) {
				if (c > u->total)
					c = (u32)u->total;
				rc = kuio_from_ring(u, s, 0, c);
				return rc ? rc : (long)c;
			}
			if (c > u->total - (size_t)ret)
				c = (u32)(u->total - (size_t)ret);
			rc = kuio_from_ring(u, s, 0, c);
			if (rc)
				return ret ? ret : rc;
			s->start = (s->start + c) % SOCK_CAP;
			s->len -= c;
			ret += (long)c;
			if (from && !is_inet(s) && s->peer && s->peer->bound)
				*from = s->peer->local;
			wake_peer_writers(s);
			if ((size_t)ret == u->total || !(flags & MSG_WAITALL_))
				return ret;
			continue;
		}
		if (ret)
			return ret;
		if (s->err) {
			rc = -s->err;
			s->err = 0;
			return rc;
		}
		if ((s->shut & RCV_SHUT) || u->total == 0)
			return 0;
		if (would_block(f, flags))
			return -EAGAIN;
		rc = sock_sleep(&s->rd_wait);
		if (rc)
			return rc;
	}
}

static long sock_read(struct file *f, void __user *buf, size_t n)
{
	struct kuio u;

	kuio_one(&u, buf, n);
	return sock_recv(f->private_data, f, &u, 0, NULL, NULL);
}

static long sock_write(struct file *f, const void __user *buf, size_t n)
{
	struct kuio u;

	kuio_one(&u, (void __user *)buf, n);
	return sock_send(f->private_data, f, &u, 0, NULL, NULL);
}

/* Linux's unix_poll, unix_dgram_poll and tcp_poll. */
static u32 sock_poll(struct file *f)
{
	struct sock *s = f->private_data;
	u32 mask = 0;

	if (s->state == SS_LISTEN)
		return s->qhead ? POLLIN | POLLRDNORM : 0;
	if (s->err)
		mask |= POLLERR;
	if (s->shut & RCV_SHUT)
		mask |= POLLRDHUP_ | POLLIN | POLLRDNORM;
	if (s->shut == (RCV_SHUT | SEND_SHUT))
		mask |= POLLHUP;
	if (conn_based(s) && s->state == SS_UNCONN)
		mask |= POLLHUP;
	if (s->len)
		mask |= POLLIN | POLLRDNORM;
	if (is_inet(s) && (s->shut & SEND_SHUT)) {
		mask |= POLLOUT | POLLWRNORM;
	} else if (!conn_based(s)) {
		struct sock *d = s->peer;

		if (!d || SOCK_CAP - d->len >= SOCK_CAP / 4)
			mask |= POLLOUT | POLLWRNORM | POLLWRBAND;
	} else if (!s->peer || SOCK_CAP - s->peer->len >= SOCK_CAP / 4) {
		mask |= POLLOUT | POLLWRNORM | (is_inet(s) ? 0 : POLLWRBAND);
	}
	return mask;
}

/*
 * The interface ioctls of any socket (Linux's dev_ioctl): tick386 has one
 * network device, the loopback "lo", index 1, always up.  SIOCGIFINDEX
 * by name, SIOCGIFNAME by index; -ENODEV for any other (glibc's
 * if_indextoname says ENXIO for it).  struct ifreq: 16 bytes of name,
 * then the int index, 32 bytes in all.
 */
#define SIOCGIFNAME  0x8910
#define SIOCGIFINDEX 0x8933
#define IFNAMSIZ     16

static long sock_ifreq(u32 cmd, void __user *uarg)
{
	struct {
		char name[IFNAMSIZ];
		int ifindex;
		u8 pad[12];
	} ifr;

	if (copy_from_user(&ifr, uarg, sizeof(ifr)))
		return -EFAULT;
	if (cmd == SIOCGIFINDEX) {
		ifr.name[IFNAMSIZ - 1] = 0;
		if (strcmp(ifr.name, "lo"))
			return -ENODEV;
		ifr.ifindex = 1;
	} else {
		if (ifr.ifindex != 1)
			return -ENODEV;
		memset(ifr.name, 0, sizeof(ifr.name));
		memcpy(ifr.name, "lo", 2);
	}
	return copy_to_user(uarg, &ifr, sizeof(ifr)) ? -EFAULT : 0;
}

static long sock_ioctl(struct file *f, u32 cmd, u32 arg)
{
	struct sock *s = f->private_data;
	int count;

	if (cmd == SIOCGIFINDEX || cmd == SIOCGIFNAME)
		return sock_ifreq(cmd, (void __user *)arg);
	if (cmd != FIONREAD)
		return -ENOTTY;
	if (s->state == SS_LISTEN)
		return -EINVAL;
	count = (int)s->len;
	if (!is_stream(s) && s->len) {
		struct rec r;

		ring_get(s, 0, &r, sizeof(r));
		count = (int)r.len;
	}
	return copy_to_user((void __user *)arg, &count, sizeof(count)) ? -EFAULT : 0;
}

static const struct file_ops sock_ops = {
	.read = sock_read,
	.write = sock_write,
	.ioctl = sock_ioctl,
	.poll = sock_poll,
	.release = sock_release,
};

/* ---- the calls ---- */

static long check_type(int family, int type, int protocol, u16 *t)
{
	int base = type & ~SOCK_FLAGS_;

	if (family < 0 || family >= AF_MAX_)
		return -EAFNOSUPPORT;
	if (base < 0 || base >= SOCK_MAX_)
		return -EINVAL;
	if (family != AF_UNIX_ && family != AF_INET_ && family != AF_INET6_)
		return -EAFNOSUPPORT; /* no other family is built in */
	if (family == AF_UNIX_) {
		if (protocol && protocol != AF_UNIX_)
			return -EPROTONOSUPPORT;
		if (base == SOCK_RAW_)
			base = SOCK_DGRAM_; /* as Linux's unix_create */
		if (base != SOCK_STREAM_ && base != SOCK_DGRAM_ && base != SOCK_SEQPACKET_)
			return -ESOCKTNOSUPPORT;
	} else {
		/* TCP only: UDP, raw and the rest are not built in */
		if (base != SOCK_STREAM_)
			return -ESOCKTNOSUPPORT;
		if (protocol && protocol != 6)
			return -EPROTONOSUPPORT;
	}
	*t = (u16)base;
	return 0;
}

long sys_socket(int family, int type, int protocol)
{
	struct sock *s;
	struct file *f;
	u16 t;
	long rc = check_type(family, type, protocol, &t);
	int fd;

	if (rc)
		return rc;
	if (!fd_available())
		return -EMFILE;
	s = sock_alloc((u16)family, t, family == AF_UNIX_ ? 0 : 6);
	if (!s)
		return -ENOMEM;
	f = sock_file(s, (u32)type);
	if (!f) {
		sock_destroy(s);
		return -ENOMEM;
	}
	fd = fd_install(f, type & O_CLOEXEC);
	if (fd < 0)
		file_put(f);
	return fd;
}

long sys_socketpair(int family, int type, int protocol, int __user *usv)
{
	struct sock *a, *b;
	struct file *fa, *fb;
	u16 t;
	long rc = check_type(family, type, protocol, &t);
	int sv[2];

	if (rc)
		return rc;
	if (family != AF_UNIX_)
		return -EOPNOTSUPP; /* Linux's inet socketpair */
	a = sock_alloc((u16)family, t, 0);
	b = a ? sock_alloc((u16)family, t, 0) : NULL;
	if (!b) {
		if (a)
			sock_destroy(a);
		return -ENOMEM;
	}
	fa = sock_file(a, (u32)type);
	fb = sock_file(b, (u32)type);
	if (!fa || !fb) {
		kfree(fa);
		kfree(fb);
		sock_destroy(a);
		sock_destroy(b);
		return -ENOMEM;
	}
	a->peer = b;
	b->peer = a;
	a->state = b->state = SS_CONNECTED;
	sv[0] = fd_install(fa, type & O_CLOEXEC);
	if (sv[0] < 0) {
		file_put(fa);
		file_put(fb);
		return sv[0];
	}
	sv[1] = fd_install(fb, type & O_CLOEXEC);
	if (sv[1] < 0) {
		fd_uninstall(sv[0]);
		file_put(fa);
		file_put(fb);
		return sv[1];
	}
	if (copy_to_user(usv, sv, sizeof(sv))) {
		fd_uninstall(sv[0]);
		fd_uninstall(sv[1]);
		file_put(fa);
		file_put(fb);
		return -EFAULT;
	}
	return 0;
}

long sys_bind(int fd, const void __user *uaddr, int len)
{
	struct file *f;
	struct saddr a;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	rc = addr_in(&a, uaddr, len);
	if (!rc)
		rc = do_bind(s, &a, uaddr);
	file_put(f);
	return rc;
}

long sys_connect(int fd, const void __user *uaddr, int len)
{
	struct file *f;
	struct saddr a;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	rc = addr_in(&a, uaddr, len);
	if (!rc)
		rc = do_connect(s, f, &a, uaddr);
	file_put(f);
	return rc;
}

long sys_listen(int fd, int backlog)
{
	struct file *f;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	rc = 0;
	if (!conn_based(s))
		rc = -EOPNOTSUPP;
	else if (s->state == SS_CONNECTED)
		rc = -EINVAL;
	else if (!s->bound && !is_inet(s))
		rc = -EINVAL;
	else if (!s->bound)
		rc = inet_autobind(s, NULL);
	if (!rc) {
		if ((u32)backlog > SOMAXCONN_)
			backlog = SOMAXCONN_;
		s->backlog = (u32)backlog;
		s->state = SS_LISTEN;
		wait_wake_all(&connect_wait);
		file_poll_wake();
	}
	file_put(f);
	return rc;
}

long sys_accept4(int fd, void __user *uaddr, int __user *ulen, int flags)
{
	return do_accept(fd, uaddr, ulen, flags);
}

long sys_accept(int fd, void __user *uaddr, int __user *ulen)
{
	return do_accept(fd, uaddr, ulen, 0);
}

static long get_name(int fd, void __user *uaddr, int __user *ulen, bool peer)
{
	struct file *f;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	if (peer && s->state != SS_CONNECTED)
		rc = -ENOTCONN;
	else
		rc = addr_out(peer ? &s->remote : &s->local, uaddr, ulen);
	file_put(f);
	return rc;
}

long sys_getsockname(int fd, void __user *uaddr, int __user *ulen)
{
	return get_name(fd, uaddr, ulen, false);
}

long sys_getpeername(int fd, void __user *uaddr, int __user *ulen)
{
	return get_name(fd, uaddr, ulen, true);
}

long sys_sendto(int fd, const void __user *buf, size_t n, int flags, const void __user *uaddr,
		int alen)
{
	struct file *f;
	struct saddr a;
	struct kuio u;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	kuio_one(&u, (void __user *)buf, n);
	rc = 0;
	if (uaddr)
		rc = addr_in(&a, uaddr, alen);
	if (!rc)
		rc = sock_send(s, f, &u, flags, uaddr && alen ? &a : NULL, uaddr);
	file_put(f);
	return rc;
}

long sys_send(int fd, const void __user *buf, size_t n, int flags)
{
	return sys_sendto(fd, buf, n, flags, NULL, 0);
}

long sys_recvfrom(int fd, void __user *buf, size_t n, int flags, void __user *uaddr,
		  int __user *ulen)
{
	struct file *f;
	struct saddr from;
	struct kuio u;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	kuio_one(&u, buf, n);
	memset(&from, 0, sizeof(from));
	rc = sock_recv(s, f, &u, flags, &from, NULL);
	if (rc >= 0 && uaddr && ulen) {
		long r2 = addr_out(&from, uaddr, ulen);

		if (r2)
			rc = r2;
	}
	file_put(f);
	return rc;
}

long sys_recv(int fd, void __user *buf, size_t n, int flags)
{
	return sys_recvfrom(fd, buf, n, flags, NULL, NULL);
}

/* Linux i386's struct msghdr. */
struct umsghdr {
	u32 name, namelen, iov, iovlen, control, controllen;
	int flags;
};

static long kuio_from_msg(struct kuio *u, const struct umsghdr *m)
{
	u->idx = u->off = 0;
	u->total = 0;
	if (m->iovlen > IOV_MAX_)
		return -EMSGSIZE;
	if (m->iovlen == 0) {
		kuio_one(u, NULL, 0);
		return 0;
	}
	u->v = kmalloc(m->iovlen * sizeof(struct uvec));
	if (!u->v)
		return -ENOMEM;
	u->cnt = m->iovlen;
	if (copy_from_user(u->v, (const void __user *)m->iov, m->iovlen * sizeof(struct uvec))) {
		kfree(u->v);
		return -EFAULT;
	}
	for (u32 i = 0; i < u->cnt; i++) {
		if ((int)u->v[i].len < 0 || u->total + u->v[i].len > 0x7ffff000u) {
			kfree(u->v);
			return -EINVAL;
		}
		u->total += u->v[i].len;
	}
	return 0;
}

long sys_sendmsg(int fd, const void __user *umsg, int flags)
{
	struct file *f;
	struct umsghdr m;
	struct saddr a;
	struct kuio u;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	if (copy_from_user(&m, umsg, sizeof(m))) {
		rc = -EFAULT;
		goto out;
	}
	if (m.controllen) { /* SCM_RIGHTS and the rest are not built in */
		rc = -EOPNOTSUPP;
		goto out;
	}
	rc = 0;
	if (m.name && m.namelen)
		rc = addr_in(&a, (const void __user *)m.name, (int)m.namelen);
	if (rc)
		goto out;
	rc = kuio_from_msg(&u, &m);
	if (rc)
		goto out;
	rc = sock_send(s, f, &u, flags, m.name && m.namelen ? &a : NULL,
		       (const void __user *)m.name);
	kuio_done(&u);
out:
	file_put(f);
	return rc;
}

long sys_recvmsg(int fd, void __user *umsg, int flags)
{
	struct file *f;
	struct umsghdr m;
	struct saddr from;
	struct kuio u;
	int mflags = 0;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);

	if (!s)
		return rc;
	if (copy_from_user(&m, umsg, sizeof(m))) {
		rc = -EFAULT;
		goto out;
	}
	rc = kuio_from_msg(&u, &m);
	if (rc)
		goto out;
	memset(&from, 0, sizeof(from));
	rc = sock_recv(s, f, &u, flags, &from, &mflags);
	kuio_done(&u);
	if (rc >= 0) {
		u32 nl = 0;

		if (m.name && !(is_inet(s))) {
			nl = from.len < m.namelen ? from.len : m.namelen;
			if (nl && copy_to_user((void __user *)m.name, from.b, nl)) {
				rc = -EFAULT;
				goto out;
			}
			nl = from.len;
		}
		m.namelen = nl;
		m.controllen = 0;
		m.flags = mflags;
		if (copy_to_user(umsg, &m, sizeof(m)))
			rc = -EFAULT;
	}
out:
	file_put(f);
	return rc;
}

long sys_shutdown(int fd, int how)
{
	struct file *f;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);
	u8 bits;

	if (!s)
		return rc;
	rc = 0;
	if (how < 0 || how > 2) {
		rc = -EINVAL;
		goto out;
	}
	bits = (u8)(how + 1); /* SHUT_RD 0 -> RCV_SHUT, WR -> SEND_SHUT, RDWR -> both */
	if (is_inet(s) && s->state != SS_CONNECTED) {
		if (s->state == SS_LISTEN && (bits & RCV_SHUT)) {
			while (s->qhead) {
				struct sock *e = s->qhead;

				s->qhead = e->qnext;
				e->listener = NULL;
				sock_destroy(e);
			}
			s->qtail = NULL;
			s->qlen = 0;
			s->state = SS_UNCONN;
			sock_wake(s);
			goto out;
		}
		rc = -ENOTCONN;
	}
	s->shut |= bits;
	if (s->peer && conn_based(s)) {
		struct sock *d = s->peer;

		if (bits & SEND_SHUT)
			d->shut |= RCV_SHUT;
		if ((bits & RCV_SHUT) && !is_inet(s))
			d->shut |= SEND_SHUT;
		sock_wake(d);
	}
	sock_wake(s);
out:
	file_put(f);
	return rc;
}

long sys_getsockopt(int fd, int level, int name, void __user *uval, int __user *ulen)
{
	struct file *f;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);
	int len, v;

	if (!s)
		return rc;
	rc = 0;
	if (copy_from_user(&len, ulen, sizeof(len))) {
		rc = -EFAULT;
		goto out;
	}
	if (len < 0) {
		rc = -EINVAL;
		goto out;
	}
	if (level != SOL_SOCKET_) {
		rc = is_inet(s) ? -ENOPROTOOPT : -EOPNOTSUPP;
		goto out;
	}
	switch (name) {
	case SO_TYPE_:
		v = s->type;
		break;
	case SO_ERROR_:
		v = s->err;
		s->err = 0;
		break;
	case SO_SNDBUF_:
	case SO_RCVBUF_:
		v = SOCK_CAP;
		break;
	case SO_REUSEADDR_:
		v = s->reuse;
		break;
	case SO_ACCEPTCONN_:
		v = s->state == SS_LISTEN;
		break;
	case SO_PROTOCOL_:
		v = s->protocol;
		break;
	case SO_DOMAIN_:
		v = s->family;
		break;
	default:
		rc = -ENOPROTOOPT;
		goto out;
	}
	if (len > (int)sizeof(v))
		len = sizeof(v);
	if (copy_to_user(uval, &v, (size_t)len) || copy_to_user(ulen, &len, sizeof(len)))
		rc = -EFAULT;
out:
	file_put(f);
	return rc;
}

long sys_setsockopt(int fd, int level, int name, const void __user *uval, int len)
{
	struct file *f;
	long rc;
	struct sock *s = sock_get(fd, &f, &rc);
	int v;

	if (!s)
		return rc;
	rc = 0;
	if (level != SOL_SOCKET_) {
		rc = is_inet(s) ? -ENOPROTOOPT : -EOPNOTSUPP;
		goto out;
	}
	if (len < (int)sizeof(int)) {
		rc = -EINVAL;
		goto out;
	}
	if (copy_from_user(&v, uval, sizeof(v))) {
		rc = -EFAULT;
		goto out;
	}
	switch (name) {
	case SO_REUSEADDR_:
		s->reuse = v != 0;
		break;
	case SO_SNDBUF_:
	case SO_RCVBUF_:
		break; /* the ring stays SOCK_CAP bytes (above) */
	default:
		rc = -ENOPROTOOPT;
	}
out:
	file_put(f);
	return rc;
}

/* socketcall (102): Linux's call numbers 1..20 and their argument counts. */
long sys_socketcall(int call, const u32 __user *uargs)
{
	static const u8 nargs[21] = {0, 3, 3, 3, 2, 3, 3, 3, 4, 4, 4, 6, 6, 2, 5, 5, 3, 3, 4, 5, 5};
	u32 a[6];

	if (call < 1 || call > 20)
		return -EINVAL;
	if (copy_from_user(a, uargs, nargs[call] * sizeof(u32)))
		return -EFAULT;
	switch (call) {
	case 1:
		return sys_socket((int)a[0], (int)a[1], (int)a[2]);
	case 2:
		return sys_bind((int)a[0], (const void __user *)a[1], (int)a[2]);
	case 3:
		return sys_connect((int)a[0], (const void __user *)a[1], (int)a[2]);
	case 4:
		return sys_listen((int)a[0], (int)a[1]);
	case 5:
		return sys_accept((int)a[0], (void __user *)a[1], (int __user *)a[2]);
	case 6:
		return sys_getsockname((int)a[0], (void __user *)a[1], (int __user *)a[2]);
	case 7:
		return sys_getpeername((int)a[0], (void __user *)a[1], (int __user *)a[2]);
	case 8:
		return sys_socketpair((int)a[0], (int)a[1], (int)a[2], (int __user *)a[3]);
	case 9:
		return sys_send((int)a[0], (const void __user *)a[1], a[2], (int)a[3]);
	case 10:
		return sys_recv((int)a[0], (void __user *)a[1], a[2], (int)a[3]);
	case 11:
		return sys_sendto((int)a[0], (const void __user *)a[1], a[2], (int)a[3],
				  (const void __user *)a[4], (int)a[5]);
	case 12:
		return sys_recvfrom((int)a[0], (void __user *)a[1], a[2], (int)a[3],
				    (void __user *)a[4], (int __user *)a[5]);
	case 13:
		return sys_shutdown((int)a[0], (int)a[1]);
	case 14:
		return sys_setsockopt((int)a[0], (int)a[1], (int)a[2], (const void __user *)a[3],
				      (int)a[4]);
	case 15:
		return sys_getsockopt((int)a[0], (int)a[1], (int)a[2], (void __user *)a[3],
				      (int __user *)a[4]);
	case 16:
		return sys_sendmsg((int)a[0], (const void __user *)a[1], (int)a[2]);
	case 17:
		return sys_recvmsg((int)a[0], (void __user *)a[1], (int)a[2]);
	case 18:
		return sys_accept4((int)a[0], (void __user *)a[1], (int __user *)a[2], (int)a[3]);
	default: /* recvmmsg, sendmmsg: not built in */
		return -ENOSYS;
	}
}
