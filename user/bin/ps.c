/* ps: every process, from /proc/PID/stat (Linux's fields: pid, (comm), state, ppid, pgrp, session, ... utime at 14). */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;

	if (!d) {
		perror("ps: /proc");
		return 1;
	}
	printf("  PID  PPID  PGID   SID S     TIME CMD\n");
	while ((e = readdir(d))) {
		char path[64], text[512], comm[32], state;
		int pid, ppid, pgrp, sid;
		unsigned long utime;
		ssize_t n;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			continue; /* gone since the listing */
		n = read(fd, text, sizeof(text) - 1);
		close(fd);
		if (n <= 0)
			continue;
		text[n] = 0;
		char *open_paren = strchr(text, '('), *close_paren = strrchr(text, ')');
		if (!open_paren || !close_paren)
			continue;
		snprintf(comm, sizeof(comm), "%.*s", (int)(close_paren - open_paren - 1), open_paren + 1);
		if (sscanf(text, "%d", &pid) != 1 ||
		    sscanf(close_paren + 2, "%c %d %d %d %*d %*d %*u %*u %*u %*u %*u %lu", &state, &ppid,
			   &pgrp, &sid, &utime) != 5)
			continue;
		printf("%5d %5d %5d %5d %c %4lu.%02lu %s\n", pid, ppid, pgrp, sid, state, utime / 100,
		       utime % 100, comm);
	}
	closedir(d);
	return 0;
}
