/*
 * The vDSO on tick386 (arch/i386/vdso/, kernel/time/vdso_data.c): every
 * clock it serves reads what the system call reads (a vDSO read lies
 * between two system calls), without a system call (counted in guest
 * instructions: -icount shift=3 makes the TSC count 8 ns an instruction),
 * before and after every kind of clock update: adjtimex's frequency, tick
 * and slew, clock_settime, ADJ_SETOFFSET, the TAI offset, the zone of
 * settimeofday, REALTIME past 2038 (the kernel then answers), and while
 * another process changes the rate all the time.  What it does not serve
 * (CPU-time clocks, bad ids) gives what the system call gives; a bad
 * pointer is EFAULT with nothing written; the data page and the image are
 * read-only and shared with a fork child, which sees the parent's clock
 * changes.  tests/libc/t_vdso.c checks the lookup (on Linux's vDSO too)
 * and exec; tests/user/t_vdso_notsc.c the fallback without a TSC.
 */
/* qemu: -icount shift=3,sleep=off */
/* expect: status=0 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#define VDSO_DATA 0xbf700000ul /* mm/vm.h's VM_VDSO_BASE */
#define VDSO_IMAGE 0xbf701000ul
#define NS 1000000000LL

/* The clocks the vDSO serves (lib/vclock.h), and some it does not. */
static const clockid_t served[] = {CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW,
				   CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
				   CLOCK_BOOTTIME, CLOCK_TAI};
#define NSERVED (int)(sizeof(served) / sizeof(served[0]))
static const clockid_t bad_ids[] = {-1, -2, -8, 8, 9, 10, 12, 13, 14, 15, 16, 99, 1000,
				    INT_MAX, INT_MIN};
#define NBAD (int)(sizeof(bad_ids) / sizeof(bad_ids[0]))

static long long ns_of(const struct timespec *t)
{
	return t->tv_sec * NS + t->tv_nsec;
}

/* The system call itself (tick386's number). */
static long long sys_ns(clockid_t c)
{
	struct timespec t;

	if (syscall(__NR_clock_gettime, c, &t) != 0)
		return -1;
	return ns_of(&t);
}

/* Through the libc, hence the vDSO. */
static long long vdso_ns(clockid_t c)
{
	struct timespec t;

	if (clock_gettime(c, &t) != 0)
		return -2;
	return ns_of(&t);
}

static long long bad[3];

/* system call <= vDSO <= system call, n times. */
static int bracketed(clockid_t c, int n)
{
	for (int i = 0; i < n; i++) {
		long long a = sys_ns(c), b = vdso_ns(c), d = sys_ns(c);

		if (a < 0 || !(a <= b && b <= d)) {
			bad[0] = a, bad[1] = b, bad[2] = d;
			tap_why("clock %d: %lld <= %lld <= %lld", c, a, b, d);
			return 0;
		}
	}
	return 1;
}

static int all_bracketed(int n)
{
	for (int i = 0; i < NSERVED; i++)
		if (!bracketed(served[i], n))
			return 0;
	return 1;
}

/*
 * The fewest guest instructions one call took over 64 tries, timed by
 * MONOTONIC_RAW through the vDSO (8 ns an instruction): the fewest, so
 * that an interrupt in one try does not count; less what the stopwatch
 * takes with nothing between its two reads.  what: 0 nothing, 1 the libc's
 * clock_gettime(c), 2 the system call, 3 gettimeofday, 4 time.
 */
static long timed(int what, clockid_t c)
{
	long long best = -1;
	struct timespec t;
	struct timeval tv;

	for (int i = 0; i < 64; i++) {
		long long a = vdso_ns(CLOCK_MONOTONIC_RAW), b;

		if (what == 1)
			clock_gettime(c, &t);
		else if (what == 2)
			syscall(__NR_clock_gettime, c, &t);
		else if (what == 3)
			gettimeofday(&tv, NULL);
		else if (what == 4)
			time(NULL);
		b = vdso_ns(CLOCK_MONOTONIC_RAW);
		if (best < 0 || b - a < best)
			best = b - a;
	}
	return (long)(best / 8);
}

static long cost(clockid_t c)
{
	return timed(1, c) - timed(0, 0);
}

static long sys_cost(clockid_t c)
{
	return timed(2, c) - timed(0, 0);
}

/* The figures, as a note: tools/runprog with -icount shift=3 shows them. */
static void note_costs(const char *state)
{
	char line[256];
	int n = snprintf(line, sizeof(line), "instructions, %s:", state);

	for (int i = 0; i < NSERVED; i++)
		n += snprintf(line + n, sizeof(line) - n, " clock %d %ld,", served[i],
			      cost(served[i]));
	tap_note("%s gettimeofday %ld, time %ld", line, timed(3, 0) - timed(0, 0),
		 timed(4, 0) - timed(0, 0));
}

/* Every served clock costs fewer instructions than its system call: it
 * does the kernel's arithmetic without the trap, the dispatch and the copy. */
static int served_cheaply(void)
{
	for (int i = 0; i < NSERVED; i++) {
		long n = cost(served[i]), sys = sys_cost(served[i]);

		if (n >= sys) {
			tap_why("clock %d: %ld instructions, the system call %ld", served[i], n, sys);
			return 0;
		}
	}
	return 1;
}

static int adj(unsigned modes, struct timex *tx)
{
	tx->modes = modes;
	return adjtimex(tx);
}

static void sleep_ns(long long ns)
{
	struct timespec t = {(time_t)(ns / NS), (long)(ns % NS)};

	while (nanosleep(&t, &t) != 0)
		;
}

static void check_reads(void)
{
	long fast = cost(CLOCK_MONOTONIC), sys = sys_cost(CLOCK_MONOTONIC);
	long cpu = cost(CLOCK_PROCESS_CPUTIME_ID);

	ok(getauxval(AT_SYSINFO_EHDR) == VDSO_IMAGE, "AT_SYSINFO_EHDR is the image, 0x%lx",
	   VDSO_IMAGE);
	tap_note("instructions: vDSO MONOTONIC %ld, system call %ld, CPU clock %ld", fast, sys,
		 cpu);
	note_costs("plain");
	ok(all_bracketed(500), "every served clock: system call <= vDSO <= system call, 500 times");
	tap_why("%ld against the system call's %ld", fast, sys);
	ok(fast < 100 && fast < sys / 2,
	   "CLOCK_MONOTONIC: no system call (under 100 instructions, half the call's)");
	ok(served_cheaply(), "every served clock costs less than its system call");
	tap_why("%ld against %ld", cpu, sys);
	ok(cpu > sys / 2, "a CPU-time clock makes the system call");
	ok(bracketed(CLOCK_PROCESS_CPUTIME_ID, 100) && bracketed(CLOCK_THREAD_CPUTIME_ID, 100),
	   "the CPU-time clocks read what the system call reads");
	{
		clockid_t mine;
		int good = clock_getcpuclockid(getpid(), &mine) == 0 && bracketed(mine, 100);

		ok(good, "so does a process's CPU clock by its id");
	}
}

static void check_bad_ids(void)
{
	int same = 1, same_res = 1;
	struct timespec t, u;

	for (int i = 0; i < NBAD && (same || same_res); i++) {
		long r1, r2;
		int e1, e2;

		errno = 0;
		r1 = clock_gettime(bad_ids[i], &t);
		e1 = errno;
		errno = 0;
		r2 = syscall(__NR_clock_gettime, bad_ids[i], &u);
		e2 = errno;
		if (r1 != r2 || e1 != e2) {
			tap_why("clock %d: %ld/%d against %ld/%d", bad_ids[i], r1, e1, r2, e2);
			same = 0;
		}
		errno = 0;
		r1 = clock_getres(bad_ids[i], &t);
		e1 = errno;
		errno = 0;
		r2 = syscall(__NR_clock_getres, bad_ids[i], &u);
		e2 = errno;
		if (r1 != r2 || e1 != e2 || (r1 == 0 && ns_of(&t) != ns_of(&u))) {
			tap_why("getres %d: %ld/%d against %ld/%d", bad_ids[i], r1, e1, r2, e2);
			same_res = 0;
		}
	}
	ok(same, "ids without a clock, the alarm clocks: clock_gettime fails as the system call");
	ok(same_res, "and clock_getres too");
	{
		int good = 1;

		for (clockid_t c = 0; c < 16 && good; c++) {
			memset(&t, 0x55, sizeof(t));
			memset(&u, 0xaa, sizeof(u));
			errno = 0;
			long r1 = clock_getres(c, &t), r2 = syscall(__NR_clock_getres, c, &u);

			good = r1 == r2 && (r1 != 0 || ns_of(&t) == ns_of(&u));
			good = good && clock_getres(c, NULL) == syscall(__NR_clock_getres, c, NULL);
			if (!good)
				tap_why("clock %d: %ld %lld against %ld %lld", c, r1, ns_of(&t), r2,
					ns_of(&u));
		}
		ok(good, "clock_getres of ids 0..15 (and a NULL res) says what the system call says");
	}
}

/* A page whose last 4 bytes are mapped, the next page not: the break's end. */
static char *edge_of_heap(void)
{
	char *p = sbrk(0);
	unsigned long up = (4096 - ((unsigned long)p & 4095)) & 4095;

	if (sbrk((intptr_t)up + 4096) == (void *)-1)
		return NULL;
	return p + up + 4096; /* the first byte past the break */
}

static void check_bad_pointers(void)
{
	void *ptrs[] = {NULL, (void *)1, (void *)0xc0000000ul, (void *)check_bad_pointers,
			(void *)VDSO_DATA, (void *)VDSO_IMAGE};
	const char *names[] = {"NULL", "1", "0xc0000000", "the text", "the data page", "the image"};
	char *edge = edge_of_heap();
	int good = 1;

	for (unsigned p = 0; p < sizeof(ptrs) / sizeof(ptrs[0]) && good; p++) {
		for (int i = 0; i < NSERVED && good; i++) {
			errno = 0;
			good = clock_gettime(served[i], ptrs[p]) == -1 && errno == EFAULT;
		}
		if (ptrs[p]) { /* NULL is no bad pointer to these: nothing is stored */
			errno = 0;
			good = good && clock_getres(CLOCK_MONOTONIC, ptrs[p]) == -1 && errno == EFAULT;
			errno = 0;
			good = good && gettimeofday(ptrs[p], NULL) == -1 && errno == EFAULT;
			errno = 0;
			good = good && time(ptrs[p]) == -1 && errno == EFAULT;
		}
		if (!good)
			tap_why("%s", names[p]);
	}
	ok(good, "bad pointers (NULL, low, kernel, read-only, the vDSO's own pages): EFAULT");
	if (edge) {
		struct timespec *ts = (struct timespec *)(edge - 4); /* tv_nsec unmapped */
		struct timeval tv = {1, 2};
		struct timezone tz;

		memset(edge - 4, 0x5a, 4);
		errno = 0;
		good = clock_gettime(CLOCK_MONOTONIC, ts) == -1 && errno == EFAULT &&
		       *(unsigned *)(edge - 4) == 0x5a5a5a5au;
		ok(good, "a timespec across the end of the heap: EFAULT, nothing written");
		errno = 0;
		good = gettimeofday(&tv, (void *)(edge - 4)) == -1 && errno == EFAULT &&
		       tv.tv_sec > 1000000000 && *(unsigned *)(edge - 4) == 0x5a5a5a5au;
		good = good && gettimeofday(NULL, &tz) == 0 && gettimeofday(NULL, NULL) == 0;
		ok(good, "gettimeofday with a bad zone: EFAULT after the time, as the system call");
	} else {
		ok(0, "a timespec across the end of the heap: EFAULT, nothing written");
		ok(0, "gettimeofday with a bad zone: EFAULT after the time, as the system call");
	}
}

/* A child that writes at addr, and how it ended. */
static int child_writes(unsigned long addr)
{
	int status = 0;
	pid_t pid = fork();

	if (pid == 0) {
		*(volatile int *)addr = 1;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return status;
}

static void check_pages(void)
{
	int s1 = child_writes(VDSO_DATA), s2 = child_writes(VDSO_IMAGE + 64);

	ok(WIFSIGNALED(s1) && WTERMSIG(s1) == SIGSEGV && WIFSIGNALED(s2) &&
		   WTERMSIG(s2) == SIGSEGV,
	   "the data page and the image are read-only (SIGSEGV)");
	ok(*(volatile unsigned *)VDSO_IMAGE == 0x464c457fu, "the image is readable");
}

/* MONOTONIC through the vDSO never goes back across `step`, and after it
 * the clocks still equal the system call's. */
static int monotonic_across(void (*step)(void))
{
	long long before = vdso_ns(CLOCK_MONOTONIC), raw = vdso_ns(CLOCK_MONOTONIC_RAW);

	step();
	return vdso_ns(CLOCK_MONOTONIC) >= before && vdso_ns(CLOCK_MONOTONIC_RAW) >= raw &&
	       all_bracketed(100);
}

static void faster(void)
{
	struct timex tx = {0};

	tx.freq = 300 << 16; /* +300 ppm */
	adj(ADJ_FREQUENCY, &tx);
}

static void slower(void)
{
	struct timex tx = {0};

	tx.freq = -(300 << 16);
	adj(ADJ_FREQUENCY, &tx);
}

static void tick_short(void)
{
	struct timex tx = {0};

	tx.tick = 9990;
	adj(ADJ_TICK, &tx);
}

static void slew_back(void)
{
	struct timeval d = {-1, 0};

	adjtime(&d, NULL);
}

static void rate_normal(void)
{
	struct timex tx = {0};
	struct timeval d = {0, 0};

	tx.freq = 0;
	tx.tick = 10000;
	adj(ADJ_FREQUENCY | ADJ_TICK, &tx);
	adjtime(&d, NULL);
}

static void check_rate_changes(void)
{
	ok(monotonic_across(faster), "adjtimex +300 ppm: never back, still equal");
	note_costs("+300 ppm");
	sleep_ns(20000000);
	ok(all_bracketed(200), "20 ms later, still equal");
	ok(monotonic_across(slower), "-300 ppm: never back, still equal");
	ok(monotonic_across(tick_short), "ADJ_TICK 9990: never back, still equal");
	ok(monotonic_across(slew_back), "adjtime -1 s (a slew): never back, still equal");
	note_costs("-300 ppm, ADJ_TICK 9990, slewing");
	sleep_ns(20000000);
	ok(all_bracketed(200), "20 ms into the slew, still equal");
	tap_why("%ld instructions", cost(CLOCK_MONOTONIC));
	ok(cost(CLOCK_MONOTONIC) < sys_cost(CLOCK_MONOTONIC), "adjusted: still no system call");
	ok(monotonic_across(rate_normal), "back to the plain rate: never back, still equal");
	ok(served_cheaply(), "and the fast path again");
}

/*
 * A child changes the rate and slews as fast as it can while the parent
 * reads: each change rebases the clock and rewrites the data page, often
 * between two reads of a vDSO call (the scheduler switches every few ms).
 */
static void check_concurrent_updates(void)
{
	long long last = vdso_ns(CLOCK_MONOTONIC), lastr = vdso_ns(CLOCK_REALTIME);
	int backwards = 0, unequal = 0, status = 0;
	pid_t pid = fork();

	if (pid == 0) {
		for (int i = 0;; i++) {
			struct timex tx = {0};
			struct timeval d = {0, (i % 3) * 100000 - 100000};

			tx.freq = (i & 1) ? 400 << 16 : -(400 << 16);
			adj(ADJ_FREQUENCY, &tx);
			adjtime(&d, NULL);
		}
	}
	for (int i = 0; i < 30000; i++) {
		long long m = vdso_ns(CLOCK_MONOTONIC), r = vdso_ns(CLOCK_REALTIME);

		backwards += m < last || r < lastr;
		last = m, lastr = r;
		if (i % 64 == 0)
			unequal += !bracketed(CLOCK_MONOTONIC, 1) + !bracketed(CLOCK_REALTIME, 1);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	rate_normal();
	tap_why("%d backwards, %d unequal", backwards, unequal);
	ok(backwards == 0 && unequal == 0,
	   "30000 reads while another process changes the rate: never back, always equal");
}

static void check_settime(void)
{
	struct timespec now, later;
	long long m0, m1, r0, r1, rs;

	clock_gettime(CLOCK_REALTIME, &now);
	later = now;
	later.tv_sec += 3600;
	m0 = vdso_ns(CLOCK_MONOTONIC);
	r0 = vdso_ns(CLOCK_REALTIME);
	ok(clock_settime(CLOCK_REALTIME, &later) == 0, "clock_settime(REALTIME, now + 1 h)");
	r1 = vdso_ns(CLOCK_REALTIME);
	m1 = vdso_ns(CLOCK_MONOTONIC);
	tap_why("REALTIME moved %lld, MONOTONIC %lld", r1 - r0, m1 - m0);
	ok(r1 - r0 >= 3600 * NS && r1 - r0 < 3601 * NS && m1 >= m0 && m1 - m0 < NS,
	   "REALTIME jumps an hour, MONOTONIC does not");
	ok(all_bracketed(100), "still equal");
	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_sec -= 3600;
	m0 = vdso_ns(CLOCK_MONOTONIC);
	ok(clock_settime(CLOCK_REALTIME, &now) == 0, "back an hour");
	rs = vdso_ns(CLOCK_REALTIME);
	m1 = vdso_ns(CLOCK_MONOTONIC);
	ok(rs < r1 - 3599 * NS && m1 >= m0 && all_bracketed(100),
	   "REALTIME goes back, MONOTONIC not; equal");
	{
		struct timex tx = {0};
		long long a, b;

		tx.time.tv_sec = -2;
		tx.time.tv_usec = 0;
		a = vdso_ns(CLOCK_REALTIME);
		ok(adj(ADJ_SETOFFSET, &tx) >= 0, "ADJ_SETOFFSET -2 s");
		b = vdso_ns(CLOCK_REALTIME);
		ok(b < a - NS && all_bracketed(100), "REALTIME stepped back; equal");
		tx.constant = 37; /* ADJ_TAI takes the offset there */
		adj(ADJ_TAI, &tx);
		a = vdso_ns(CLOCK_REALTIME);
		b = vdso_ns(CLOCK_TAI);
		tap_why("TAI - REALTIME = %lld", b - a);
		ok(b - a >= 37 * NS && b - a < 38 * NS && all_bracketed(100),
		   "ADJ_TAI 37: TAI is REALTIME + 37 s; equal");
		tx.constant = 0;
		adj(ADJ_TAI, &tx);
	}
	{
		struct timezone tz = {-60, 1}, got = {0, 0};
		struct timeval tv;

		settimeofday(NULL, &tz);
		ok(gettimeofday(&tv, &got) == 0 && got.tz_minuteswest == -60 && got.tz_dsttime == 1,
		   "gettimeofday gives the zone settimeofday kept");
		tz.tz_minuteswest = 0;
		tz.tz_dsttime = 0;
		settimeofday(NULL, &tz);
	}
}

/* Past 2^31 seconds the kernel answers (tv_sec saturates, or wraps for
 * gettimeofday and time): the vDSO gives exactly that. */
static void check_2038(void)
{
	struct timespec saved, end = {INT_MAX - 1, 500000000}, a, b, s;
	struct timeval tv, stv;
	long long m0 = vdso_ns(CLOCK_MONOTONIC);
	int good;

	clock_gettime(CLOCK_REALTIME, &saved);
	ok(clock_settime(CLOCK_REALTIME, &end) == 0, "REALTIME set to 2038-01-19 03:14:06.5");
	ok(bracketed(CLOCK_REALTIME, 50), "before the end of 32-bit seconds: equal");
	sleep_ns(2 * NS);
	syscall(__NR_clock_gettime, CLOCK_REALTIME, &s);
	good = clock_gettime(CLOCK_REALTIME, &a) == 0 && a.tv_sec == s.tv_sec &&
	       a.tv_nsec == s.tv_nsec && clock_gettime(CLOCK_TAI, &b) == 0;
	tap_why("%ld.%09ld against %ld.%09ld", (long)a.tv_sec, a.tv_nsec, (long)s.tv_sec, s.tv_nsec);
	ok(good, "after it: clock_gettime(REALTIME) is the system call's answer");
	syscall(__NR_gettimeofday, &stv, NULL);
	gettimeofday(&tv, NULL);
	ok(tv.tv_sec == stv.tv_sec && time(NULL) == (time_t)syscall(__NR_time, NULL),
	   "gettimeofday and time too");
	tap_why("MONOTONIC %ld, REALTIME %ld instructions", cost(CLOCK_MONOTONIC),
		cost(CLOCK_REALTIME));
	ok(bracketed(CLOCK_MONOTONIC, 50) && cost(CLOCK_MONOTONIC) < 100 &&
		   cost(CLOCK_REALTIME) > sys_cost(CLOCK_REALTIME) / 2,
	   "MONOTONIC still from the vDSO, REALTIME from the kernel");
	saved.tv_sec += (time_t)((vdso_ns(CLOCK_MONOTONIC) - m0) / NS);
	ok(clock_settime(CLOCK_REALTIME, &saved) == 0 && all_bracketed(50) && served_cheaply(),
	   "REALTIME back: all served again");
}

/* A fork child maps the same pages: it sees the parent's clock changes. */
static void check_fork(void)
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		long long r0 = vdso_ns(CLOCK_REALTIME);

		if (!all_bracketed(100) || !served_cheaply())
			_exit(1);
		sleep_ns(100000000);
		/* the parent set REALTIME an hour ahead meanwhile */
		_exit(vdso_ns(CLOCK_REALTIME) - r0 > 3600 * NS && all_bracketed(100) ? 0 : 2);
	}
	{
		struct timespec t;

		sleep_ns(50000000);
		clock_gettime(CLOCK_REALTIME, &t);
		t.tv_sec += 3600;
		clock_settime(CLOCK_REALTIME, &t);
		waitpid(pid, &status, 0);
		clock_gettime(CLOCK_REALTIME, &t);
		t.tv_sec -= 3600;
		clock_settime(CLOCK_REALTIME, &t);
	}
	tap_why("status %#x", status);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a fork child: served, equal, and it sees the parent's clock_settime");
}

int main(void)
{
	check_reads();
	check_bad_ids();
	check_bad_pointers();
	check_pages();
	check_rate_changes();
	check_concurrent_updates();
	check_settime();
	check_2038();
	check_fork();
	return done_testing();
}
