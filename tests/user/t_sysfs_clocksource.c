/*
 * /sys/devices/system/clocksource/clocksource0 (fs/sysfs.c): the usable
 * sources listed best first in Linux's format, the current one, and a
 * switch to each by writing its name, during which MONOTONIC_RAW and
 * MONOTONIC never go back and a 20 ms sleep lasts 20 ms (to 1 ms) by the
 * new source.  Then Linux's answers to odd writes: 0 bytes stores nothing,
 * 32 bytes or more is EINVAL, an unknown name selects the best source,
 * available_clocksource opens for writing but write(2) is EIO.
 * /proc/timer_list names the clock event device and the source.  Last, a
 * child switches sources 200 times while the parent reads the clocks and
 * sleeps: nothing goes back, no sleep ends early.
 */
/* initramfs: yes */
/* qemu: -M q35 -icount shift=3,align=off,sleep=off */
/* expect: status=0 */
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DIR "/sys/devices/system/clocksource/clocksource0/"

static char text[256];

static long long ns(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static long put(const char *s, size_t n)
{
	int fd = open(DIR "current_clocksource", O_WRONLY);
	long r;

	if (fd < 0)
		return -1000 - errno;
	r = write(fd, s, n);
	if (r < 0)
		r = -errno;
	close(fd);
	return r;
}

static int current_is(const char *name)
{
	char want[40];

	snprintf(want, sizeof(want), "%s\n", name);
	return tap_slurp(DIR "current_clocksource", text, (int)sizeof(text)) > 0 &&
	       strcmp(text, want) == 0;
}

int main(void)
{
	static const char *const order[] = { "tsc", "hpet", "acpi_pm", "pit" };
	long long raw0, mono0;

	ok(tap_slurp(DIR "available_clocksource", text, (int)sizeof(text)) > 0,
	   "available_clocksource reads");
	ok(strcmp(text, "tsc hpet acpi_pm pit \n") == 0,
	   "the four sources of QEMU's q35, best rated first, Linux's format");
	ok(current_is("tsc"), "the TSC is the current source");
	raw0 = ns(CLOCK_MONOTONIC_RAW);
	mono0 = ns(CLOCK_MONOTONIC);
	for (int round = 0; round < 2; round++)
		for (unsigned i = 0; i < 4; i++) {
			char line[16];
			struct timespec req = { 0, 20000000 };
			long long a, b, r1, m1;
			size_t n = (size_t)snprintf(line, sizeof(line), "%s%s", order[(i + round) % 4],
						    round ? "\n" : "");

			ok(put(line, n) == (long)n, "write '%s' to current_clocksource", order[(i + round) % 4]);
			ok(current_is(order[(i + round) % 4]), "current_clocksource is now %s",
			   order[(i + round) % 4]);
			r1 = ns(CLOCK_MONOTONIC_RAW);
			m1 = ns(CLOCK_MONOTONIC);
			tap_why("raw %lld -> %lld, mono %lld -> %lld", raw0, r1, mono0, m1);
			ok(r1 >= raw0 && m1 >= mono0, "RAW and MONOTONIC did not go back at the switch");
			a = ns(CLOCK_MONOTONIC);
			nanosleep(&req, NULL);
			b = ns(CLOCK_MONOTONIC);
			tap_why("slept %lld ns", b - a);
			ok(b - a >= 20000000 && b - a < 21000000, "a 20 ms sleep on %s lasts 20 ms",
			   order[(i + round) % 4]);
			raw0 = ns(CLOCK_MONOTONIC_RAW);
			mono0 = ns(CLOCK_MONOTONIC);
		}
	ok(put("hpet", 4) == 4 && current_is("hpet"), "back on the HPET");
	{
		static char list[16384];

		ok(tap_slurp("/proc/timer_list", list, (int)sizeof(list)) > 0 &&
			   strstr(list, "\nClock Event Device: pit\n") &&
			   strstr(list, "\n clock source:   hpet\n"),
		   "/proc/timer_list names the PIT as clock event device, the HPET as source");
	}
	ok(put("", 0) == 0 && current_is("hpet"), "a write of 0 bytes stores nothing");
	ok(put("0123456789012345678901234567890123", 32) == -EINVAL && current_is("hpet"),
	   "a name of 32 bytes is EINVAL");
	ok(put("jiffies\n", 8) == 8 && current_is("tsc"), "an unknown name selects the best source");
	{
		int fd = open(DIR "available_clocksource", O_WRONLY);
		long r = fd >= 0 ? write(fd, "tsc", 3) : -1;

		ok(fd >= 0 && r == -1 && errno == EIO, "available_clocksource: write is EIO");
		if (fd >= 0)
			close(fd);
	}
	ok(put((const char *)16, 4) == -EFAULT && current_is("tsc"), "a bad pointer is EFAULT");
	{
		static const char *const names[] = { "hpet\n", "acpi_pm\n", "pit\n", "tsc\n" };
		pid_t child = fork();
		long long prev_m = ns(CLOCK_MONOTONIC), prev_r = ns(CLOCK_MONOTONIC_RAW);
		int back = 0, early = 0, status = -1;

		if (child == 0) {
			for (int i = 0; i < 200; i++)
				if (put(names[i % 4], strlen(names[i % 4])) != (long)strlen(names[i % 4]))
					_exit(1);
			_exit(0);
		}
		for (int i = 0; i < 400; i++) {
			long long m = ns(CLOCK_MONOTONIC), r = ns(CLOCK_MONOTONIC_RAW);

			if (m < prev_m || r < prev_r)
				back++;
			prev_m = m;
			prev_r = r;
			if (i % 40 == 0) {
				struct timespec req = { 0, 2000000 };
				long long a = ns(CLOCK_MONOTONIC);
				nanosleep(&req, NULL);
				if (ns(CLOCK_MONOTONIC) - a < 2000000)
					early++;
			}
		}
		waitpid(child, &status, 0);
		ok(child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
		   "a child switched the source 200 times");
		tap_why("%d reads went back, %d sleeps ended early", back, early);
		ok(back == 0 && early == 0, "meanwhile no clock read went back, no sleep ended early");
		ok(put("tsc", 3) == 3 && current_is("tsc"), "back on the TSC");
	}
	done_testing();
	return 0;
}
