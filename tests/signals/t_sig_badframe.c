/*
 * rt_sigreturn with a stack pointer at which no frame can be read: the
 * program dies of SIGSEGV, even with a SIGSEGV handler installed (there is
 * no room for its frame either), and the kernel goes on to report it.
 */
/* expect: killed=11 */
/* parallel: yes */
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../tap.h"

static void on_segv(int sig)
{
	(void)sig;
	ok(0, "the SIGSEGV handler cannot run on this stack");
	_exit(3);
}

int main(void)
{
	struct sigaction sa;

	plan(1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_segv;
	sigemptyset(&sa.sa_mask);
	ok(sigaction(SIGSEGV, &sa, NULL) == 0, "SIGSEGV handler installed");
	__asm__ volatile("movl $16, %%esp\n\t"
			 "movl %0, %%eax\n\t"
			 "int $0x80" ::"i"(SYS_rt_sigreturn)
			 : "memory");
	return 0;
}
