/* Helper of t_timers_owner: owns three timers that init must not touch. */
#include <signal.h>
#include <string.h>
#include <time.h>
#include <sched.h>
#include <unistd.h>

int main(void)
{
	struct sigevent ev;
	timer_t ids[3];
	sigset_t set, rt;
	siginfo_t info;
	struct timespec wait = {5, 0};
	int ok = 1;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigprocmask(SIG_BLOCK, &rt, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	for (int i = 0; i < 3; i++) {
		ev.sigev_value.sival_int = 100 + i;
		if (timer_create(CLOCK_MONOTONIC, &ev, &ids[i]) != 0)
			ok = 0;
	}
	struct itimerspec periodic = {{0, 5000000}, {0, 5000000}};
	struct itimerspec far = {{0, 0}, {500, 0}};
	timer_settime(ids[0], 0, &periodic, NULL);
	timer_settime(ids[1], 0, &far, NULL);
	/* Let init block (SIGRTMIN + 1) first (it does so before anything else). */
	struct timespec head_start = {0, 20000000};
	nanosleep(&head_start, NULL);
	for (int i = 0; i < 3; i++)
		sigqueue(1, (SIGRTMIN + 1), (union sigval){.sival_int = (int)ids[i]});

	if (sigtimedwait(&set, &info, &wait) != SIGUSR2)
		ok = 0;
	/* Untouched: ids[0] still periodic at 5 ms, ids[1] ~500 s away, ids[2] disarmed. */
	struct itimerspec cur;
	if (timer_gettime(ids[0], &cur) || cur.it_interval.tv_nsec != 5000000)
		ok = 0;
	if (timer_gettime(ids[1], &cur) || cur.it_value.tv_sec < 490 || cur.it_interval.tv_sec)
		ok = 0;
	if (timer_gettime(ids[2], &cur) || cur.it_value.tv_sec || cur.it_value.tv_nsec)
		ok = 0;
	struct timespec one = {1, 0};
	if (sigtimedwait(&rt, &info, &one) != SIGRTMIN || info.si_value.sival_int != 100)
		ok = 0;
	sigqueue(1, (SIGRTMIN + 1), (union sigval){.sival_int = ok});
	return 0; /* exits with ids[0] and ids[1] armed */
}
