// ucc-flags: -std=c99 -pedantic -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
/*
 * Every public header of user/libc, included together in strict C99 with
 * the feature macros a portable program defines, and the ABI types and
 * constants a POSIX timer program relies on.
 */
/* parallel: yes */
#include <alloca.h>
#include <arpa/inet.h>
#include <assert.h>
#include <ctype.h>
#include <endian.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <features.h>
#include <float.h>
#include <inttypes.h>
#include <iso646.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <memory.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <pthread.h>
#include <sched.h>
#include <search.h>
#include <semaphore.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/param.h>
#include <sys/signal.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/ucontext.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include "../tap.h"

int main(void)
{
	ok(sizeof(time_t) == 4 && sizeof(long) == 4 && sizeof(struct timespec) == 8,
	   "time_t and long are 32 bits, timespec 8 bytes");
	ok(sizeof(timer_t) == 4 && (timer_t)-1 < 0, "timer_t is a signed int (the kernel id)");
	ok(sizeof(clockid_t) == 4 && sizeof(pid_t) == 4 && sizeof(uid_t) == 4, "id types");
	ok(sizeof(siginfo_t) == 128 && sizeof(struct sigevent) == 64, "siginfo 128, sigevent 64");
	ok(sizeof(struct itimerspec) == 16 && offsetof(struct itimerspec, it_value) == 8,
	   "itimerspec: interval then value");
	ok(CLOCK_REALTIME == 0 && CLOCK_MONOTONIC == 1 && CLOCK_PROCESS_CPUTIME_ID == 2 &&
	       CLOCK_THREAD_CPUTIME_ID == 3 && CLOCK_MONOTONIC_RAW == 4 && CLOCK_TAI == 11 &&
		   CLOCK_REALTIME_HR == CLOCK_REALTIME && CLOCK_MONOTONIC_HR == CLOCK_MONOTONIC,
	   "Linux's clock ids; the 2002 patch's _HR names alias the base clocks");
	ok(TIMER_ABSTIME == 1 && SIGEV_SIGNAL == 0 && SIGEV_NONE == 1 && SIGEV_THREAD == 2 &&
	       SIGEV_THREAD_ID == 4 && SI_TIMER == -2 && SI_QUEUE == -1 && SI_USER == 0,
	   "sigev_notify and si_code values");
#ifdef LIBC_LINUX_TIMER_NUMBERS /* tools/ucc --linux-numbers: mainline's timer calls */
	ok(SYS_timer_create == 259 && SYS_clock_nanosleep == 267 && SYS_nanosleep == 162,
	   "system call numbers of Linux (--linux-numbers)");
#else
	ok(SYS_timer_create == 254 && SYS_clock_nanosleep == 262 && SYS_nanosleep == 162,
	   "system call numbers of tick386");
#endif
	ok(INT64_MAX == 9223372036854775807LL && UINT32_MAX == 4294967295U &&
	       INTPTR_MAX == INT_MAX && SIZE_MAX == UINT_MAX && LLONG_MIN < 0 && CHAR_BIT == 8,
	   "<stdint.h> and <limits.h> limits");
	ok(sizeof(int_fast16_t) == 4 && sizeof(int_least8_t) == 1 && sizeof(intmax_t) == 8,
	   "fast, least and max types");
	ok(CLOCKS_PER_SEC == 1000000 && NSIG == 65 && EXIT_FAILURE == 1 && EOF == -1,
	   "CLOCKS_PER_SEC, NSIG, EXIT_FAILURE, EOF");
	ok(_POSIX_TIMERS == 200809L && _POSIX_CPUTIME == 200809L, "_POSIX_ options");
	return done_testing();
}
