/*
 * The x87 state across a handler: the handler starts with a clean FPU
 * (control word 0x37f), whatever the interrupted code had set, and the
 * interrupted code gets its own state back, even if the handler changed
 * the control word and left values on the x87 stack.
 */
/* parallel: yes */
#include <signal.h>
#include <string.h>
#include "../tap.h"

static volatile unsigned short cw_in_handler;
static volatile double handler_result;

static unsigned short get_cw(void)
{
	unsigned short cw;

	__asm__ volatile("fnstcw %0" : "=m"(cw));
	return cw;
}

static void set_cw(unsigned short cw)
{
	__asm__ volatile("fldcw %0" : : "m"(cw));
}

static void on_usr1(int sig)
{
	volatile double x = 2.0;

	(void)sig;
	cw_in_handler = get_cw();
	set_cw(0x0c7f); /* round toward zero, single precision */
	handler_result = x / 3.0;
	__asm__ volatile("fld1; fld1"); /* and leave two values on the stack */
}

int main(void)
{
	struct sigaction sa;
	volatile double a = 1.0, b = 3.0, before, after;
	unsigned short cw;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);

	set_cw(0x0b7f); /* round up, extended precision */
	before = a / b;
	raise(SIGUSR1);
	cw = get_cw();
	after = a / b;
	ok(cw_in_handler == 0x037f, "the handler starts with the default control word (%#x)",
	   cw_in_handler);
	ok(cw == 0x0b7f, "the interrupted code keeps its control word (%#x)", cw);
	ok(before == after, "and computes as before");
	ok(handler_result > 0.66 && handler_result < 0.67, "the handler computed too");
	set_cw(0x037f);
	/* Eight pushes fit only if the handler's leftovers were dropped. */
	{
		double s = 0;
		int i;

		for (i = 0; i < 4; i++) {
			raise(SIGUSR1);
			s += a / b;
		}
		ok(s > 1.33 && s < 1.34, "repeated handlers leave the x87 stack usable (%d/1000)",
		   (int)(s * 1000));
	}
	return done_testing();
}
