/*
 * cat: copy each FILE (or standard input, without one) to standard output,
 * one read(2) and write(2) at a time: the other end of a shell pipeline.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int copy(int fd, const char *name)
{
	char buf[512];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "cat: %s: %s\n", name, strerror(errno));
			return 1;
		}
		for (ssize_t done = 0; done < n;) {
			ssize_t w = write(1, buf + done, (size_t)(n - done));
			if (w < 0) {
				if (errno == EINTR)
					continue;
				return 1; /* EPIPE: the reader is gone */
			}
			done += w;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2)
		return copy(0, "stdin");
	for (int i = 1; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY);
		if (fd < 0) {
			fprintf(stderr, "cat: %s: %s\n", argv[i], strerror(errno));
			rc = 1;
			continue;
		}
		rc |= copy(fd, argv[i]);
		close(fd);
	}
	return rc;
}
