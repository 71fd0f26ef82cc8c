/*
 * if_nameindex: every interface, from a netlink RTM_GETLINK dump as glibc
 * asks it, ended by {0, NULL}; NULL with errno when the dump fails.  On
 * tick386 there is no netlink (no sockets): NULL with ENOSYS.
 * if_freenameindex frees the array and its names.
 */
#include <errno.h>
#include <net/if.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Linux's netlink and rtnetlink layouts (<linux/netlink.h>, <linux/rtnetlink.h>) */
struct nlhdr {
	uint32_t len;
	uint16_t type, flags;
	uint32_t seq, pid;
};
struct ifinfo {
	unsigned char family, pad;
	unsigned short type;
	int index;
	unsigned flags, change;
};
struct rta {
	unsigned short len, type;
};
#define NETLINK_ROUTE 0
#define RTM_NEWLINK 16
#define RTM_GETLINK 18
#define NLMSG_ERROR 2
#define NLMSG_DONE 3
#define NLM_F_REQUEST 1
#define NLM_F_DUMP 0x300
#define IFLA_IFNAME 3
#define ALIGN4(n) (((n) + 3u) & ~3u)

void if_freenameindex(struct if_nameindex *ptr)
{
	if (!ptr)
		return;
	for (struct if_nameindex *p = ptr; p->if_index || p->if_name; p++)
		free(p->if_name);
	free(ptr);
}

/* one RTM_NEWLINK message: its index and name onto *LIST; 0 or an errno */
static int add_link(const struct nlhdr *h, struct if_nameindex **list, size_t *n)
{
	const struct ifinfo *ii = (const void *)(h + 1);
	size_t off = sizeof(*h) + sizeof(*ii);

	while (off + sizeof(struct rta) <= h->len) {
		const struct rta *a = (const void *)((const char *)h + off);

		if (a->len < sizeof(*a) || off + a->len > h->len)
			break;
		if (a->type == IFLA_IFNAME) {
			struct if_nameindex *grown = realloc(*list, (*n + 2) * sizeof(**list));

			if (!grown)
				return ENOMEM;
			*list = grown;
			grown[*n].if_index = (unsigned)ii->index;
			grown[*n].if_name = strndup((const char *)(a + 1), a->len - sizeof(*a));
			if (!grown[*n].if_name)
				return ENOMEM;
			grown[++*n] = (struct if_nameindex){0, NULL};
			return 0;
		}
		off += ALIGN4(a->len);
	}
	return 0;
}

struct if_nameindex *if_nameindex(void)
{
	struct {
		struct nlhdr h;
		struct ifinfo i;
	} req = {{sizeof(req), RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP, 1, 0}, {AF_UNSPEC, 0, 0, 0, 0, 0}};
	struct sockaddr kernel = {AF_NETLINK, {0}};
	struct if_nameindex *list = NULL;
	size_t n = 0;
	int err = 0, done = 0;
	char buf[8192] __attribute__((aligned(4)));
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (fd < 0)
		return NULL;
	if (sendto(fd, &req, sizeof(req), 0, &kernel, sizeof(struct sockaddr)) < 0)
		err = errno;
	while (!err && !done) {
		ssize_t got = recv(fd, buf, sizeof(buf), 0);
		size_t off = 0;

		if (got < 0) {
			err = errno;
			break;
		}
		if (got == 0)
			break;
		while (!err && !done && off + sizeof(struct nlhdr) <= (size_t)got) {
			const struct nlhdr *h = (const void *)(buf + off);

			if (h->len < sizeof(*h) || off + h->len > (size_t)got)
				break;
			if (h->type == NLMSG_DONE)
				done = 1;
			else if (h->type == NLMSG_ERROR)
				err = -((const int *)(h + 1))[0];
			else if (h->type == RTM_NEWLINK && h->len >= sizeof(*h) + sizeof(struct ifinfo))
				err = add_link(h, &list, &n);
			off += ALIGN4(h->len);
		}
	}
	close(fd);
	if (!err && !list && !(list = calloc(1, sizeof(*list))))
		err = ENOMEM;
	if (err) {
		if_freenameindex(list);
		errno = err;
		return NULL;
	}
	return list;
}
