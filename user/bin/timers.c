/*
 * timers: every armed timer of the system, one line each, from
 * /proc/timer_list: its owner, clock, time left, interval, overrun and
 * the signal it queues (and whether that signal is queued now); then the
 * clock event device that fires them and the clock source.
 * timers -w redraws the list every second (ANSI clear) until ^C.
 * The overrun is what the timer's queued signal would carry if taken now.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char text[32768];

static int load(void)
{
	int fd = open("/proc/timer_list", O_RDONLY);
	size_t have = 0;
	ssize_t n;

	if (fd < 0) {
		perror("timers: /proc/timer_list");
		return -1;
	}
	while (have < sizeof(text) - 1 && (n = read(fd, text + have, sizeof(text) - 1 - have)) > 0)
		have += (size_t)n;
	text[have] = 0;
	close(fd);
	return 0;
}

static void ms(char *out, size_t size, const char *num)
{
	unsigned long long ns = strtoull(num, NULL, 10);
	snprintf(out, size, "%llu.%03llu", ns / 1000000, ns / 1000 % 1000);
}

static void show(void)
{
	const char *clock = "?";
	int count = 0;
	char device[80] = "";
	/* the tick device section: which device fires them, on which clock
	 * (read before strtok cuts the text into lines) */
	const char *dev = strstr(text, "Clock Event Device: ");
	const char *src = strstr(text, " clock source:   ");

	if (dev && src)
		snprintf(device, sizeof(device), "clock event device: %.*s, clock source: %.*s\n",
			 (int)strcspn(dev + 20, "\n"), dev + 20, (int)strcspn(src + 17, "\n"), src + 17);

	printf("%-18s %-10s %12s %12s %7s %6s %6s\n", "OWNER", "CLOCK", "LEFT ms", "INTERVAL ms",
	       "OVERRUN", "SIGNAL", "QUEUED");
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char owner[40] = "", left[24] = "-", interval[24] = "-", sig[8] = "-", queued[4] = "-",
		     overrun[12] = "-";
		char *p;

		if (!strncmp(line, "clock 1:", 8))
			clock = "MONOTONIC";
		else if (!strncmp(line, "clock 0:", 8))
			clock = "REALTIME";
		else if (!strncmp(line, "other armed", 11))
			clock = NULL;
		if (strncmp(line, " #", 2))
			continue;
		char *lt = strchr(line, '<'), *gt = strchr(line, '>');
		if (lt && gt)
			snprintf(owner, sizeof(owner), "%.*s", (int)(gt - lt - 1), lt + 1);
		if ((p = strstr(line, "[in ")))
			ms(left, sizeof(left), p + 4);
		if ((p = strstr(line, "interval: ")))
			ms(interval, sizeof(interval), p + 10);
		if ((p = strstr(line, "signal: ")))
			snprintf(sig, sizeof(sig), "%d", atoi(p + 8));
		if ((p = strstr(line, "queued: ")))
			snprintf(queued, sizeof(queued), "%.*s", (int)strcspn(p + 8, ","), p + 8);
		if ((p = strstr(line, "overrun: ")))
			snprintf(overrun, sizeof(overrun), "%d", atoi(p + 9));
		const char *what = clock;
		char other[24];
		if (!what) {
			p = strstr(line, ", on ");
			snprintf(other, sizeof(other), "%.*s", p ? (int)strcspn(p + 5, ",") : 1,
				 p ? p + 5 : "?");
			what = other;
		}
		if (strstr(line, ", sleep"))
			snprintf(sig, sizeof(sig), "sleep");
		else if (strstr(line, "kernel timer"))
			snprintf(sig, sizeof(sig), "kernel");
		printf("%-18s %-10s %12s %12s %7s %6s %6s\n", owner, what, left, interval, overrun, sig,
		       queued);
		count++;
	}
	printf("%d armed timer%s\n", count, count == 1 ? "" : "s");
	fputs(device, stdout);
}

int main(int argc, char **argv)
{
	int watch = argc > 1 && !strcmp(argv[1], "-w");

	if (argc > 1 && !watch) {
		fprintf(stderr, "usage: timers [-w]\n");
		return 1;
	}
	do {
		if (load() < 0)
			return 1;
		if (watch)
			printf("\033[H\033[2J");
		show();
		if (watch)
			sleep(1);
	} while (watch);
	return 0;
}
