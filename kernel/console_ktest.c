/*
 * Console input: real bytes through the UART into the terminal.  The
 * 16550's loopback mode sends what we transmit straight back to its own
 * receiver, which raises IRQ 4 as a byte from the line would.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/pic.h"
#include "drivers/serial.h"
#include "kernel/console.h"
#include "kernel/ktest.h"
#include "kernel/tty.h"
#include "lib/string.h"

/* Raw, no echo, reads return at once (VMIN 0, VTIME 0). */
static void raw_nowait(struct termios *old)
{
	struct termios raw;

	tty_get_termios(old);
	raw = *old;
	raw.c_lflag &= ~(ICANON | ECHO | ISIG);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	tty_set_termios(&raw);
	tty_flush_input();
}

static void test_full_ring_drops(struct ktest *t)
{
	static char buf[TTY_BUF_SIZE + 8];
	struct termios old;
	int n = 0, r;

	raw_nowait(&old);
	KEXPECT_EQ(t, tty_read(buf, sizeof(buf)), 0);
	for (unsigned i = 0; i < TTY_BUF_SIZE + 5; i++)
		tty_receive((char)('a' + i % 26));
	while ((r = (int)tty_read(buf + n, sizeof(buf) - (size_t)n)) > 0)
		n += r;
	KEXPECT_EQ(t, n, TTY_BUF_SIZE);
	unsigned bad = 0;
	for (int i = 0; i < n; i++)
		bad += buf[i] != (char)('a' + i % 26);
	KEXPECT_EQ(t, bad, 0);
	tty_set_termios(&old);
}

static void test_uart_loopback_through_irq4(struct ktest *t)
{
	static const char msg[] = "tick";
	char buf[16];
	struct termios old;

	raw_nowait(&old);
	console_flush();
	unsigned long irqs = irq_count(IRQ_COM1);
	serial_set_loopback(true);
	for (unsigned i = 0; i < sizeof(msg) - 1; i++)
		serial_putc(msg[i]);
	serial_flush();
	/* Interrupts are on: wait (bounded) until IRQ 4 has taken the bytes. */
	for (unsigned spin = 0; spin < 1000000 && irq_count(IRQ_COM1) == irqs; spin++)
		__asm__ volatile("pause");
	serial_set_loopback(false);
	KEXPECT_GT(t, irq_count(IRQ_COM1), irqs);
	int n = 0;
	for (unsigned spin = 0; spin < 100000 && n < 4; spin++)
		n += (int)tty_read(buf + n, sizeof(buf) - (size_t)n);
	KEXPECT_EQ(t, n, 4);
	KEXPECT_EQ(t, memcmp(buf, msg, 4), 0);
	tty_set_termios(&old);
}

KTEST_SUITE(console_input, KTEST_CASE(test_full_ring_drops),
	    KTEST_CASE(test_uart_loopback_through_irq4));
