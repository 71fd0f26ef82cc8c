/* uptime: the time of day and how long since boot, from /proc/uptime. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <time.h>

int main(void)
{
	char text[64] = "";
	int fd = open("/proc/uptime", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, text, sizeof(text) - 1);
	double up = 0;
	time_t now = time(NULL);
	struct tm tm;

	if (n <= 0 || sscanf(text, "%lf", &up) != 1) {
		perror("uptime: /proc/uptime");
		return 1;
	}
	close(fd);
	gmtime_r(&now, &tm);
	long s = (long)up;
	printf(" %02d:%02d:%02d up %ld:%02ld:%02ld (%.2f s)\n", tm.tm_hour, tm.tm_min, tm.tm_sec,
	       s / 3600, s / 60 % 60, s % 60, up);
	return 0;
}
