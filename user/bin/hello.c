/*
 * hello: the smallest tour of user/libc on tick386: its arguments, the
 * clocks, a timer signal, a sleep.  `tools/runprog user/bin/hello.c a b`.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t fired;

static void on_timer(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	fired++;
	printf("  signal %d, si_code %d (SI_TIMER %d), sival_int %d, overrun %d\n", sig,
	       info->si_code, SI_TIMER, info->si_value.sival_int, info->si_overrun);
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"CLOCK_REALTIME",		"CLOCK_MONOTONIC",
					    "CLOCK_PROCESS_CPUTIME_ID", "CLOCK_THREAD_CPUTIME_ID",
					    "CLOCK_MONOTONIC_RAW",	"CLOCK_REALTIME_COARSE"};
	struct sigaction sa;
	struct sigevent sev;
	struct itimerspec its;
	struct timespec t, res;
	timer_t id;
	int i;

	printf("hello from pid %d, argc %d:", getpid(), argc);
	for (i = 0; i < argc; i++)
		printf(" [%s]", argv[i]);
	printf("\n");

	for (i = 0; i < 6; i++) {
		if (clock_gettime(i, &t) < 0 || clock_getres(i, &res) < 0) {
			printf("%-26s: %s\n", names[i], strerror(errno));
			continue;
		}
		printf("%-26s: %ld.%09ld s, resolution %ld ns\n", names[i], (long)t.tv_sec,
		       t.tv_nsec, res.tv_nsec);
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGRTMIN, &sa, NULL);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	sev.sigev_value.sival_int = 42;
	if (timer_create(CLOCK_MONOTONIC, &sev, &id) < 0) {
		perror("timer_create");
		return 1;
	}
	memset(&its, 0, sizeof(its));
	its.it_value.tv_nsec = 10 * 1000 * 1000;
	its.it_interval.tv_nsec = 10 * 1000 * 1000;
	timer_settime(id, 0, &its, NULL);
	printf("timer %d armed every 10 ms; waiting for 3 signals\n", (int)id);
	while (fired < 3)
		pause();
	timer_delete(id);
	printf("sleeping 0.1 s... ");
	usleep(100000);
	printf("done, %.3f s of CPU\n", (double)clock() / CLOCKS_PER_SEC);
	return 0;
}
