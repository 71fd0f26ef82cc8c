/* tests/trace/run: a 1 ms periodic timer taken three times, booted with
 * trace=dump so that the kernel prints its trace at init's end. */
#include <signal.h>
#include <time.h>
#include <unistd.h>
static volatile int n;
static void h(int s) { (void)s; n++; }
int main(void)
{
	struct sigevent ev = { 0 };
	struct itimerspec its = { { 0, 1000000 }, { 0, 1000000 } };
	timer_t t;
	signal(SIGALRM, h);
	ev.sigev_notify = SIGEV_SIGNAL; ev.sigev_signo = SIGALRM;
	timer_create(CLOCK_MONOTONIC, &ev, &t);
	timer_settime(t, 0, &its, NULL);
	while (n < 3) pause();
	return 0;
}
