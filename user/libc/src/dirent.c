/*
 * Directory streams over getdents64 (220): a DIR holds the descriptor and a
 * buffer of the kernel's records (<abi/dirent.h>), handed out one at a time
 * as struct dirent.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "syscall.h"

#define DIR_BUF 2048

struct libc_dir {
	int fd;
	int len, pos; /* bytes in buf, offset of the next record */
	struct dirent entry;
	char buf[DIR_BUF] __attribute__((aligned(8)));
};

DIR *fdopendir(int fd)
{
	DIR *d = malloc(sizeof(*d));

	if (!d) {
		errno = ENOMEM;
		return NULL;
	}
	d->fd = fd;
	d->len = d->pos = 0;
	return d;
}

DIR *opendir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d;

	if (fd < 0)
		return NULL;
	d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}

struct dirent *readdir(DIR *d)
{
	const struct abi_dirent64 *k;
	size_t len;

	if (d->pos >= d->len) {
		long n = sys_3(__NR_getdents64, d->fd, (long)d->buf, DIR_BUF);

		if (n <= 0) { /* the end leaves errno as it was */
			if (n < 0)
				errno = (int)-n;
			return NULL;
		}
		d->len = (int)n;
		d->pos = 0;
	}
	k = (const struct abi_dirent64 *)(d->buf + d->pos);
	d->pos += k->d_reclen;
	d->entry.d_ino = (ino_t)k->d_ino;
	d->entry.d_off = (off_t)k->d_off;
	d->entry.d_reclen = sizeof(d->entry);
	d->entry.d_type = k->d_type;
	len = strlen(k->d_name);
	if (len >= sizeof(d->entry.d_name))
		len = sizeof(d->entry.d_name) - 1;
	memcpy(d->entry.d_name, k->d_name, len);
	d->entry.d_name[len] = '\0';
	return &d->entry;
}

void rewinddir(DIR *d)
{
	lseek(d->fd, 0, SEEK_SET);
	d->len = d->pos = 0;
}

int dirfd(DIR *d)
{
	return d->fd;
}

int closedir(DIR *d)
{
	int rc = close(d->fd);

	free(d);
	return rc;
}
