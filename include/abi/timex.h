/*
 * adjtimex (124) and clock_adjtime (343): struct timex as Linux i386 lays it
 * out (128 bytes), the ADJ_* mode bits, the STA_* status bits and the
 * TIME_* clock states.  Shared by the kernel (kernel/time/ntp.c) and
 * user/libc's <sys/timex.h>.  On host builds glibc's <sys/timex.h> has them.
 */
#ifndef TICK386_ABI_TIMEX_H
#define TICK386_ABI_TIMEX_H

#include <abi/time.h>

#ifdef HOST_BUILD
#include <sys/timex.h>
#else

struct timex {
	unsigned int modes; /* ADJ_*: what to set */
	long offset;	    /* PLL offset, us (ns with STA_NANO); adjtime: us */
	long freq;	    /* frequency offset, ppm << 16 */
	long maxerror;	    /* us */
	long esterror;	    /* us */
	int status;	    /* STA_* */
	long constant;	    /* PLL time constant; ADJ_TAI: the TAI offset */
	long precision;	    /* us, read-only */
	long tolerance;	    /* max frequency error, ppm << 16, read-only */
	struct timeval time; /* REALTIME now (tv_usec in ns with STA_NANO);
			      * ADJ_SETOFFSET: the step */
	long tick;	    /* us per tick of USER_HZ */
	long ppsfreq;	    /* PPS: read-only, 0 here */
	long jitter;
	int shift;
	long stabil;
	long jitcnt;
	long calcnt;
	long errcnt;
	long stbcnt;
	int tai; /* TAI - UTC, s, read-only */
	int pad[11];
};

/* The i386 layout (the kernel under test on the host, tests/model, has the host's longs). */
#if defined(__i386__)
_Static_assert(sizeof(struct timex) == 128, "struct timex is 128 bytes on i386");
_Static_assert(__builtin_offsetof(struct timex, time) == 36, "timex.time");
_Static_assert(__builtin_offsetof(struct timex, tai) == 80, "timex.tai");
#endif

#define ADJ_OFFSET            0x0001
#define ADJ_FREQUENCY         0x0002
#define ADJ_MAXERROR          0x0004
#define ADJ_ESTERROR          0x0008
#define ADJ_STATUS            0x0010
#define ADJ_TIMECONST         0x0020
#define ADJ_TAI               0x0080
#define ADJ_SETOFFSET         0x0100
#define ADJ_MICRO             0x1000
#define ADJ_NANO              0x2000
#define ADJ_TICK              0x4000
#define ADJ_OFFSET_SINGLESHOT 0x8001 /* adjtime() */
#define ADJ_OFFSET_SS_READ    0xa001 /* adjtime() reading what is left */

#define MOD_OFFSET    ADJ_OFFSET
#define MOD_FREQUENCY ADJ_FREQUENCY
#define MOD_MAXERROR  ADJ_MAXERROR
#define MOD_ESTERROR  ADJ_ESTERROR
#define MOD_STATUS    ADJ_STATUS
#define MOD_TIMECONST ADJ_TIMECONST
#define MOD_TAI       ADJ_TAI
#define MOD_MICRO     ADJ_MICRO
#define MOD_NANO      ADJ_NANO
#define MOD_CLKB      ADJ_TICK
#define MOD_CLKA      ADJ_OFFSET_SINGLESHOT

#define STA_PLL       0x0001
#define STA_PPSFREQ   0x0002
#define STA_PPSTIME   0x0004
#define STA_FLL       0x0008
#define STA_INS       0x0010 /* insert a leap second at the next UTC midnight */
#define STA_DEL       0x0020 /* delete one */
#define STA_UNSYNC    0x0040
#define STA_FREQHOLD  0x0080
#define STA_PPSSIGNAL 0x0100 /* read-only from here on */
#define STA_PPSJITTER 0x0200
#define STA_PPSWANDER 0x0400
#define STA_PPSERROR  0x0800
#define STA_CLOCKERR  0x1000
#define STA_NANO      0x2000
#define STA_MODE      0x4000
#define STA_CLK       0x8000
#define STA_RONLY (STA_PPSSIGNAL | STA_PPSJITTER | STA_PPSWANDER | STA_PPSERROR | \
		   STA_CLOCKERR | STA_NANO | STA_MODE | STA_CLK)

#define TIME_OK    0
#define TIME_INS   1
#define TIME_DEL   2
#define TIME_OOP   3
#define TIME_WAIT  4
#define TIME_ERROR 5
#define TIME_BAD   TIME_ERROR

#endif /* HOST_BUILD */

/*
 * clock_adjtime64 (405): Linux's struct __kernel_timex, every number 64
 * bits wide and padded to 8, 208 bytes (the x86-64 struct timex's layout).
 */
struct abi_timex64 {
	unsigned int modes;
	int pad0;
	long long offset, freq, maxerror, esterror;
	int status;
	int pad1;
	long long constant, precision, tolerance;
	struct {
		long long tv_sec;
		long long tv_usec;
	} time;
	long long tick, ppsfreq, jitter;
	int shift;
	int pad2;
	long long stabil, jitcnt, calcnt, errcnt, stbcnt;
	int tai;
	int pad[11];
};
_Static_assert(sizeof(struct abi_timex64) == 208, "struct __kernel_timex is 208 bytes");
_Static_assert(__builtin_offsetof(struct abi_timex64, time) == 72, "__kernel_timex.time");
_Static_assert(__builtin_offsetof(struct abi_timex64, tai) == 160, "__kernel_timex.tai");

/* The kernel-internal half of the ABI's ADJ_OFFSET_SINGLESHOT bits. */
#define ABI_ADJ_ADJTIME       0x8000
#define ABI_ADJ_OFFSET_READONLY 0x2000

#endif
