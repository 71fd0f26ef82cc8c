/*
 * statvfs, fstatvfs: the fields that do not move between two calls, of "/"
 * and of an open fd, and the errno of a missing path and a bad fd,
 * compared with glibc.
 */
/* parallel: yes */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/statvfs.h>
#include <unistd.h>

static void show(const char *how, int r, struct statvfs *s)
{
	if (r < 0) {
		printf("%s: -1 errno %d\n", how, errno);
		return;
	}
	printf("%s: bsize %lu frsize %lu namemax %lu flag %#lx favail==ffree %d blocks>0 %d\n", how,
	       s->f_bsize, s->f_frsize, s->f_namemax, s->f_flag, s->f_favail == s->f_ffree,
	       s->f_blocks > 0);
}

int main(void)
{
	struct statvfs a, b;
	int fd = open("/", O_RDONLY);

	show("statvfs(/)", statvfs("/", &a), &a);
	show("fstatvfs(/)", fstatvfs(fd, &b), &b);
	printf("same fsid %d\n", a.f_fsid == b.f_fsid);
	show("statvfs(missing)", statvfs("/no/such/path", &a), &a);
	show("fstatvfs(-1)", fstatvfs(-1, &a), &a);
	close(fd);
	return 0;
}
