/* sleep SECONDS: nanosleep for that long (a decimal fraction allowed). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	struct timespec req, rem;
	char *end;
	double s;

	if (argc != 2 || (s = strtod(argv[1], &end)) < 0 || *end) {
		fprintf(stderr, "usage: sleep SECONDS\n");
		return 1;
	}
	req.tv_sec = (time_t)s;
	req.tv_nsec = (long)((s - (double)req.tv_sec) * 1e9);
	while (nanosleep(&req, &rem) < 0 && errno == EINTR)
		req = rem;
	return 0;
}
