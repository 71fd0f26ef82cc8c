/*
 * Bad pointers that glibc reads or writes itself before (or instead of)
 * the system call, so that on glibc the program would die of SIGSEGV in
 * user space: timer_create's sigevent and timer_t (glibc reads sigev_notify
 * and stores the id through its own copy), clock_gettime/clock_getres on
 * CLOCK_REALTIME and CLOCK_MONOTONIC (the vDSO writes the result in user
 * space), clock_settime (glibc converts the timespec first).  The raw Linux
 * kernel answers EFAULT to every one (tests/conformance/linux-errno.txt).
 *
 * On glibc every line is a SKIP; with tick386's libc, which passes these
 * pointers to the kernel (or to tick386's vDSO, whose faulting stores the
 * kernel turns into EFAULT), each must be EFAULT.  Kept apart from efault.c so
 * that a C library that does fault here loses only this program.
 */
#include "conformance.h"

static const struct {
	void *p;
	const char *name;
} bad[] = {
	{ NULL, "NULL" },
	{ BAD_PTR_LOW, "(void *)1" },
	{ BAD_PTR_HIGH, "0xC0000000" },
};
#define NBAD (sizeof(bad) / sizeof(bad[0]))

#ifdef __GLIBC__
#define LIBC_TOUCHES 1
#else
#define LIBC_TOUCHES 0
#endif

#define CASE(call, ...)                                                       \
	do {                                                                  \
		if (LIBC_TOUCHES)                                             \
			skip("glibc dereferences the pointer itself",         \
			     __VA_ARGS__);                                    \
		else                                                          \
			EXPECT(call, EFAULT, __VA_ARGS__);                    \
	} while (0)

static const char *suffix(void)
{
	return LIBC_TOUCHES ? " -> EFAULT" : "";
}

int main(void)
{
	struct sigevent ev;
	timer_t t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	for (unsigned i = 0; i < NBAD; i++) {
		CASE(timer_create(CLOCK_MONOTONIC, &ev, bad[i].p),
		     "timer_create timer_t * %s%s", bad[i].name, suffix());
		if (bad[i].p)
			CASE(timer_create(CLOCK_MONOTONIC, bad[i].p, &t),
			     "timer_create sigevent * %s%s", bad[i].name,
			     suffix());
		CASE(clock_gettime(CLOCK_REALTIME, bad[i].p),
		     "clock_gettime(CLOCK_REALTIME, %s)%s", bad[i].name,
		     suffix());
		CASE(clock_gettime(CLOCK_MONOTONIC, bad[i].p),
		     "clock_gettime(CLOCK_MONOTONIC, %s)%s", bad[i].name,
		     suffix());
		if (bad[i].p) {
			CASE(clock_getres(CLOCK_REALTIME, bad[i].p),
			     "clock_getres(CLOCK_REALTIME, %s)%s", bad[i].name,
			     suffix());
			CASE(clock_getres(CLOCK_MONOTONIC, bad[i].p),
			     "clock_getres(CLOCK_MONOTONIC, %s)%s", bad[i].name,
			     suffix());
		}
		CASE(clock_settime(CLOCK_REALTIME, bad[i].p),
		     "clock_settime(CLOCK_REALTIME, %s)%s", bad[i].name,
		     suffix());
	}
	return done();
}
