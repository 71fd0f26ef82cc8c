/*
 * The vDSO's assembly (arch/i386/vdso/clock_gettime.S and read_ns.S)
 * against lib/vclock.h, the formula the kernel computes, to the
 * nanosecond: the two files are assembled here with VDSO_TEST_TSC, which
 * makes their "TSC" a variable, and run on the i386 host over random data
 * pages (rates of both signs, coarse clocks, times past 2038, the modes
 * they must leave to the C path) and random TSC values.  The system
 * tests can only bracket a vDSO read between two system calls, thousands
 * of ns apart; this sees a single ns of difference.
 *
 * Built with the i386 cross gcc against glibc, static (mk/vdso.mk, layer
 * test-vdso); prints TAP.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "lib/vclock.h"

#define NS_TV_SEC_LIMIT (((u64)1 << 31) * 1000000000ull)
#define SLOW_SENTINEL 12345

/* What the assembly reads: its data page and its TSC. */
struct vclock_data vdso_data __attribute__((aligned(4096)));
u64 vdso_test_tsc;

long __vdso_clock_gettime(int id, struct timespec *ts);
u64 vdso_read_ns(u32 id);

/* vclock.c's C path, here a witness that the assembly went there. */
static int slow_calls;
long vdso_clock_gettime_slow(int id, struct timespec *ts);
long vdso_clock_gettime_slow(int id, struct timespec *ts)
{
	(void)id;
	(void)ts;
	slow_calls++;
	return SLOW_SENTINEL;
}

static u64 rnd64(void)
{
	return (u64)random() << 42 ^ (u64)random() << 21 ^ (u64)random();
}

static const u32 modes[] = {
	VCLOCK_TSC,
	VCLOCK_TSC | VCLOCK_ADJUSTED,
	VCLOCK_TSC | VCLOCK_COARSE,
	VCLOCK_TSC | VCLOCK_ADJUSTED | VCLOCK_COARSE,
	/* the C path's */
	VCLOCK_KERNEL,
	VCLOCK_TSC | VCLOCK_SLEWING,
	VCLOCK_TSC | VCLOCK_ADJUSTED | VCLOCK_SLEWING,
	VCLOCK_TSC | VCLOCK_SHIFT,
};
#define NMODES (sizeof(modes) / sizeof(modes[0]))

int main(void)
{
	unsigned long cases = 0, read_bad = 0, gettime_bad = 0, served[NMODES] = {0};
	unsigned long past_2038 = 0;

	srandom(20261203);
	for (int i = 0; i < 400000; i++) {
		struct vclock_data *vd = &vdso_data;
		u32 m = (u32)random() % NMODES, mode = modes[m], id = (u32)random() % VCLOCK_IDS;
		u64 raw, want, got;
		struct timespec ts = {-1, -1};
		bool here;
		long rc;

		vd->mult = (u32)random() << (random() % 2);
		vd->shift = mode & VCLOCK_SHIFT ? 20 + (u32)random() % 12 : 32;
		vd->cycle_base = rnd64() >> (random() % 64);
		vdso_test_tsc = vd->cycle_base + (rnd64() >> (random() % 64));
		raw = clockmath_scale(vdso_test_tsc - vd->cycle_base, vd->mult, 32);
		vd->base_raw = raw - (rnd64() >> (20 + random() % 44)); /* a while ago */
		vd->adj = mode & VCLOCK_ADJUSTED ? ((s64)(random() % (1l << 31)) >> (random() % 24)) *
							   (random() & 1 ? 1 : -1)
						 : 0;
		if (mode & VCLOCK_ADJUSTED && !vd->adj)
			vd->adj = 1;
		vd->adj_mult = (u32)(vd->adj < 0 ? -vd->adj : vd->adj);
		vd->adj_sign = vd->adj < 0 ? ~0u : 0;
		vd->slew = mode & VCLOCK_SLEWING ? 1000 : 0;
		vd->mode[id] = mode;
		/* a time from 1970 to somewhat past 2038 */
		vd->offset[id] = (rnd64() % (NS_TV_SEC_LIMIT + NS_TV_SEC_LIMIT / 16)) - raw;
		vd->seq = (u32)random() & ~1u;

		want = mode ? vclock_ns(vd, mode, vd->offset[id], vdso_test_tsc) : 0;
		if (mode & VCLOCK_COARSE)
			want -= want % VCLOCK_COARSE_NS;
		here = mode != VCLOCK_KERNEL && !(mode & (VCLOCK_SLEWING | VCLOCK_SHIFT)) &&
		       want < NS_TV_SEC_LIMIT;
		past_2038 += mode && !(mode & (VCLOCK_SLEWING | VCLOCK_SHIFT)) && !here;

		got = vdso_read_ns(id);
		if (got != (here ? want : ~0ull)) {
			if (read_bad++ < 5)
				printf("# vdso_read_ns: mode %u adj %lld: %llu, want %llu\n", mode,
				       (long long)vd->adj, (unsigned long long)got,
				       (unsigned long long)want);
		}

		slow_calls = 0;
		rc = __vdso_clock_gettime((int)id, &ts);
		if (here ? rc != 0 || slow_calls || (u64)ts.tv_sec != want / 1000000000 ||
				   (u64)ts.tv_nsec != want % 1000000000
			 : rc != SLOW_SENTINEL || slow_calls != 1) {
			if (gettime_bad++ < 5)
				printf("# __vdso_clock_gettime: mode %u: rc %ld, %ld.%09ld, want %llu\n",
				       mode, rc, (long)ts.tv_sec, ts.tv_nsec, (unsigned long long)want);
		}
		served[m] += here;
		cases++;
	}
	{
		int n = 0;

		for (unsigned m = 0; m < NMODES; m++)
			printf("# mode %u: %lu served by the assembly\n", modes[m], served[m]);
		printf("# %lu cases past 2^31 s left to the kernel\n", past_2038);
		slow_calls = 0;
		printf("%s %d - vdso_read_ns equals lib/vclock.h's vclock_ns in %lu cases, or "
		       "declines\n",
		       read_bad ? "not ok" : "ok", ++n, cases);
		printf("%s %d - __vdso_clock_gettime gives its timespec, or goes to the C path\n",
		       gettime_bad ? "not ok" : "ok", ++n);
		printf("%s %d - every mode of the assembly was served, times past 2038 were not\n",
		       served[0] && served[1] && served[2] && served[3] && !served[4] && !served[5] &&
				       !served[6] && !served[7] && past_2038
			       ? "ok"
			       : "not ok",
		       ++n);
		{
			struct timespec ts;
			long rc = __vdso_clock_gettime(16, &ts), rc2 = __vdso_clock_gettime(-1, &ts);

			printf("%s %d - ids past the table go to the C path\n",
			       rc == SLOW_SENTINEL && rc2 == SLOW_SENTINEL && slow_calls == 2 ? "ok"
											  : "not ok",
			       ++n);
		}
		printf("1..%d\n", n);
		return read_bad || gettime_bad;
	}
}
