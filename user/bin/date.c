/*
 * date: CLOCK_REALTIME in UTC, as date(1) prints it.  date -s sets it with
 * clock_settime: "date -s @SECONDS" or "date -s 'YYYY-MM-DD HH:MM[:SS]'".
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

static void show(void)
{
	struct timespec ts;
	struct tm tm;
	char text[64];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(text, sizeof(text), "%a %b %e %H:%M:%S UTC %Y", &tm);
	printf("%s\n", text);
}

int main(int argc, char **argv)
{
	struct timespec ts = {0, 0};
	struct tm tm;
	long long secs;

	if (argc == 1) {
		show();
		return 0;
	}
	if (argc != 3 || strcmp(argv[1], "-s")) {
		fprintf(stderr, "usage: date [-s @SECONDS | -s 'YYYY-MM-DD HH:MM[:SS]']\n");
		return 1;
	}
	memset(&tm, 0, sizeof(tm));
	if (sscanf(argv[2], "@%lld", &secs) == 1) {
		ts.tv_sec = (time_t)secs;
	} else if (sscanf(argv[2], "%d-%d-%d %d:%d:%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
			  &tm.tm_hour, &tm.tm_min, &tm.tm_sec) >= 5) {
		tm.tm_year -= 1900;
		tm.tm_mon -= 1;
		ts.tv_sec = timegm(&tm);
	} else {
		fprintf(stderr, "date: invalid date '%s'\n", argv[2]);
		return 1;
	}
	if (clock_settime(CLOCK_REALTIME, &ts) < 0) {
		perror("date: clock_settime");
		return 1;
	}
	show();
	return 0;
}
