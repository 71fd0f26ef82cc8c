/*
 * A signal frame pushed where the stack has not grown yet: the kernel grows
 * the stack for it as for the CPU's own pushes.  esp is moved to 64 bytes
 * above the lowest page mapped at start (0xBFFEF000: 16 pages under
 * 0xBFFFF000), then kill(getpid(), SIGUSR1) makes the kernel write the
 * handler's frame below it.
 */
/* requires: kernel/signal/signal.c */
/* expect: status=0 */
/* parallel: yes */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "../tap.h"

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	got = sig;
}

int main(void)
{
	struct sigaction sa;
	long pid = getpid(), ret;

	UTAP_PLAN(2);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	__asm__ volatile("movl %%esp, %%edi\n\t"
			 "movl $0xBFFEF040, %%esp\n\t"
			 "int $0x80\n\t"
			 "movl %%edi, %%esp"
			 : "=a"(ret)
			 : "a"((long)__NR_kill), "b"(pid), "c"((long)SIGUSR1)
			 : "edi", "memory");
	UTAP_OK(ret == 0, "kill from the edge of the stack returned 0 (%ld)", ret);
	UTAP_OK(got == SIGUSR1, "the handler ran on the grown stack");
	return UTAP_DONE();
}
