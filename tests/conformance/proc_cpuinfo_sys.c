/*
 * /proc/cpuinfo and the /proc/sys/kernel files LTP's library reads.
 *   - /proc/cpuinfo: blocks separated by an empty line, "processor" 0, 1,
 *     ... in order; every line "name<TABs>: value" (or "power
 *     management:"); the fields LTP and programs read are there, in
 *     Linux's order (processor, vendor_id, cpu family, model, model name,
 *     stepping, cpu MHz, flags, bogomips, clflush size, cache_alignment,
 *     address sizes); vendor_id, family, model, stepping are CPUID's (run
 *     here); flags are lower-case names, and those of CPUID leaf 1 that
 *     Linux never hides (fpu tsc cx8 cmov mmx fxsr sse sse2, hypervisor)
 *     are there exactly when CPUID says the bit is set.  The CPU differs
 *     from machine to machine: the values are not printed, the checks are.
 *   - /proc/sys/kernel/tainted: a decimal and a newline (0 on tick386 and
 *     in QEMU; the host may be tainted, so its value is not compared);
 *     pid_max: a decimal above our pid, and kill(pid_max, 0) is ESRCH;
 *     core_pattern: one line, not empty; written as root (tick386 and
 *     Linux i386 in QEMU only) it reads back up to the newline.
 *   - /proc/self/task: one entry per thread, our tid first; task/TID/stat
 *     and status describe the thread (pid field = tid, Tgid = our pid,
 *     Pid = tid); a thread asleep in pause() is S there (sleeping).
 */
#define _GNU_SOURCE
#include "conformance.h"
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

static char text[1 << 17];

static int read_file(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), n, got = 0;

	if (fd < 0)
		return -1;
	while ((n = (int)read(fd, buf + got, size - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return n < 0 ? -1 : got;
}

static void cpuid(unsigned leaf, unsigned *a, unsigned *b, unsigned *c, unsigned *d)
{
	__asm__ volatile("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(0));
}

/* The value of field name in the block starting at blk, or NULL. */
static const char *field(const char *blk, const char *name, char *val, int size)
{
	size_t n = strlen(name);
	const char *l = blk;

	while (*l && *l != '\n') {
		const char *e = strchr(l, '\n');

		if (!e)
			return NULL;
		if (!strncmp(l, name, n) && (l[n] == '\t' || l[n] == ' ' || l[n] == ':')) {
			const char *c = strchr(l, ':');

			if (c && c < e) {
				c += c + 1 < e && c[1] == ' ' ? 2 : 1;
				snprintf(val, size, "%.*s", (int)(e - c), c);
				return l;
			}
		}
		l = e + 1;
	}
	return NULL;
}

static int has_flag(const char *flags, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = flags; (p = strstr(p, name)); p++)
		if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

static void cpuinfo(void)
{
	static const char *const order[] = {
		"processor",  "vendor_id",    "cpu family",	 "model",	    "model name",
		"stepping",   "cpu MHz",      "flags",		 "bogomips",	    "clflush size",
		"cache_alignment", "address sizes",
	};
	static const struct {
		int ecx, bit;
		const char *name;
	} bits[] = {
		{ 0, 0, "fpu" },  { 0, 4, "tsc" },   { 0, 8, "cx8" },	{ 0, 15, "cmov" }, { 0, 23, "mmx" },
		{ 0, 24, "fxsr" }, { 0, 25, "sse" }, { 0, 26, "sse2" }, { 1, 31, "hypervisor" },
	};
	char val[4096], vendor[13];
	const char *blk = text, *prev;
	int blocks = 0, lines_ok = 1, order_ok = 1, seq_ok = 1, has_tsc;
	unsigned a, b, c, d, fam, model;

	/* Without a TSC (test-no-tsc's CPU) Linux leaves out cpu MHz, and
	 * tick386 bogomips too (no calibrated delay loop): optional there. */
	cpuid(1, &a, &b, &c, &d);
	has_tsc = (d >> 4) & 1;
	ok(read_file("/proc/cpuinfo", text, sizeof(text)) > 0, "/proc/cpuinfo reads");
	for (const char *l = text; *l; l = strchr(l, '\n') + 1) {
		const char *e = strchr(l, '\n'), *colon = strchr(l, ':');

		if (!e)
			break;
		if (e != l && !(colon && colon < e && (colon[1] == ' ' || colon + 1 == e)))
			lines_ok = 0, why("line \"%.*s\"", (int)(e - l), l);
	}
	ok(lines_ok && strlen(text) > 2 && !strcmp(text + strlen(text) - 2, "\n\n"),
	   "every line is name: value, each block ends with an empty line");
	while (*blk) {
		prev = NULL;
		for (unsigned i = 0; i < sizeof(order) / sizeof(*order); i++) {
			const char *at = field(blk, order[i], val, sizeof(val));

			if (!at && !has_tsc && (!strcmp(order[i], "cpu MHz") || !strcmp(order[i], "bogomips")))
				continue;
			if (!at || (prev && at < prev))
				order_ok = 0, why("block %d: %s %s", blocks, order[i], at ? "out of order" : "missing");
			prev = at ? at : prev;
		}
		if (!field(blk, "processor", val, sizeof(val)) || atoi(val) != blocks)
			seq_ok = 0;
		blocks++;
		blk = strstr(blk, "\n\n");
		if (!blk)
			break;
		blk += 2;
	}
	ok(blocks >= 1 && seq_ok, "processor 0, 1, ... one block each");
	ok(order_ok, "the fields programs read are there, in Linux's order");
	cpuid(0, &a, &b, &c, &d);
	memcpy(vendor, &b, 4), memcpy(vendor + 4, &d, 4), memcpy(vendor + 8, &c, 4), vendor[12] = 0;
	field(text, "vendor_id", val, sizeof(val));
	why("vendor_id %s, CPUID %s", val, vendor);
	ok(!strcmp(val, vendor), "vendor_id is CPUID's");
	cpuid(1, &a, &b, &c, &d);
	fam = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	if (fam == 0xf)
		fam += (a >> 20) & 0xff;
	if (fam >= 6)
		model += ((a >> 16) & 0xf) << 4;
	field(text, "cpu family", val, sizeof(val));
	ok((unsigned)atoi(val) == fam, "cpu family is CPUID's");
	field(text, "model", val, sizeof(val));
	ok((unsigned)atoi(val) == model, "model is CPUID's");
	field(text, "stepping", val, sizeof(val));
	ok((unsigned)atoi(val) == (a & 0xf), "stepping is CPUID's");
	field(text, "flags", val, sizeof(val));
	int names_ok = 1;
	for (const char *p = val; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == ' '))
			names_ok = 0;
	ok(names_ok && has_flag(val, "fpu"), "flags: lower-case names, fpu among them");
	for (unsigned i = 0; i < sizeof(bits) / sizeof(*bits); i++) {
		unsigned reg = bits[i].ecx ? c : d;

		ok(has_flag(val, bits[i].name) == !!(reg & (1u << bits[i].bit)),
		   "flag %s exactly when CPUID leaf 1 sets it", bits[i].name);
	}
	val[0] = 0;
	field(text, "cpu MHz", val, sizeof(val));
	ok((!has_tsc && !val[0]) || (atof(val) > 1 && strchr(val, '.') && strlen(strchr(val, '.')) == 4),
	   "cpu MHz: a rate, 3 decimals");
	val[0] = 0;
	field(text, "bogomips", val, sizeof(val));
	ok((!has_tsc && !val[0]) || (atof(val) > 1 && strchr(val, '.') && strlen(strchr(val, '.')) == 3),
	   "bogomips: 2 decimals");
	field(text, "address sizes", val, sizeof(val));
	unsigned ph = 0, vi = 0;
	ok(sscanf(val, "%u bits physical, %u bits virtual", &ph, &vi) == 2 && ph >= 32 && vi >= 32,
	   "address sizes: N bits physical, M bits virtual");
}

static void sys_kernel(int allowed)
{
	char buf[256], *end;
	long v;

	ok(read_file("/proc/sys/kernel/tainted", buf, sizeof(buf)) > 0 &&
		   (strtol(buf, &end, 10), end != buf && !strcmp(end, "\n")),
	   "tainted: a decimal and a newline");
	ok(read_file("/proc/sys/kernel/pid_max", buf, sizeof(buf)) > 0 &&
		   (v = strtol(buf, &end, 10), end != buf && !strcmp(end, "\n") && v > getpid()),
	   "pid_max: a decimal above our pid and a newline");
	v = strtol(buf, NULL, 10);
	EXPECT(kill((pid_t)v, 0), ESRCH, "kill(pid_max, 0): no such process");
	ok(read_file("/proc/sys/kernel/core_pattern", buf, sizeof(buf)) > 1 &&
		   strchr(buf, '\n') == buf + strlen(buf) - 1,
	   "core_pattern: one line, not empty");
	if (!allowed) {
		skip("on host: would change the host's core files", "core_pattern: a write takes all");
		skip("on host: would change the host's core files",
		     "core_pattern reads back up to the newline");
		return;
	}
	char old[256];
	int fd;

	strcpy(old, buf);
	fd = open("/proc/sys/kernel/core_pattern", O_WRONLY);
	ok(fd >= 0 && write(fd, "tick-core.%p\nrest", 17) == 17, "core_pattern: a write takes all");
	close(fd);
	read_file("/proc/sys/kernel/core_pattern", buf, sizeof(buf));
	ok(!strcmp(buf, "tick-core.%p\n"), "core_pattern reads back up to the newline");
	fd = open("/proc/sys/kernel/core_pattern", O_WRONLY);
	if (fd >= 0) {
		if (write(fd, old, strlen(old)) < 0)
			why("putting it back failed");
		close(fd);
	}
}

static volatile int thread_started;

static void *sleeper(void *arg)
{
	*(volatile pid_t *)arg = (pid_t)syscall(SYS_gettid);
	thread_started = 1;
	for (;;)
		pause();
	return NULL;
}

static void tasks(void)
{
	volatile pid_t tid = 0;
	pthread_t th;
	char path[64], buf[4096], name[32], st = 0;
	int n = 0, self_seen = 0, other_seen = 0, sid = 0;
	DIR *dir;
	struct dirent *e;

	ok(pthread_create(&th, NULL, sleeper, (void *)&tid) == 0, "a second thread");
	while (!thread_started)
		sched_yield();
	for (int i = 0; i < 200; i++) { /* until it sleeps in pause */
		snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
		if (read_file(path, buf, sizeof(buf)) > 0 && sscanf(buf, "%d (%31[^)]) %c", &sid, name, &st) == 3 &&
		    st == 'S')
			break;
		sleep_ms(5);
	}
	dir = opendir("/proc/self/task");
	ok(dir != NULL, "/proc/self/task opens");
	while (dir && (e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		n++;
		self_seen |= atoi(e->d_name) == getpid();
		other_seen |= atoi(e->d_name) == tid;
	}
	if (dir)
		closedir(dir);
	ok(n == 2 && self_seen && other_seen, "one entry per thread (2): ours and the new one");
	why("stat \"%.60s\"", buf);
	ok(sid == tid && st == 'S', "task/TID/stat: the thread's id, S while it sleeps in pause");
	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", getpid(), (int)tid);
	int tgid = 0, pid = 0;
	char state[32] = "";
	if (read_file(path, buf, sizeof(buf)) > 0) {
		char *s = strstr(buf, "State:\t"), *t = strstr(buf, "Tgid:\t"), *p = strstr(buf, "\nPid:\t");

		if (s)
			sscanf(s, "State:\t%31[^\n]", state);
		if (t)
			tgid = atoi(t + 6);
		if (p)
			pid = atoi(p + 6);
	}
	ok(!strcmp(state, "S (sleeping)") && tgid == getpid() && pid == tid,
	   "/proc/PID/task/TID/status: S (sleeping), Tgid our pid, Pid the tid");
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", getpid());
	ok(read_file(path, buf, sizeof(buf)) > 0 && sscanf(buf, "%d (%31[^)]) %c", &sid, name, &st) == 3 &&
		   sid == getpid() && st == 'R',
	   "task/PID/stat of the reading thread: R");
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", 999999);
	EXPECT(open(path, O_RDONLY), ENOENT, "task/ of a tid not ours: ENOENT");
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	cpuinfo();
	sys_kernel(allowed);
	tasks();
	done();
	return 0;
}
