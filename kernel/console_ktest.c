/*
 * Console input: the ring buffer, and real bytes through the UART.  The
 * 16550's loopback mode sends what we transmit straight back to its own
 * receiver, which raises IRQ 4 as a byte from the line would.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/pic.h"
#include "drivers/serial.h"
#include "kernel/console.h"
#include "kernel/ktest.h"
#include "lib/string.h"

static void drain(void)
{
	char junk[64];
	while (console_read(junk, sizeof(junk)) > 0)
		;
}

static void test_ring_order_and_overflow(struct ktest *t)
{
	char buf[CONSOLE_INPUT_SIZE + 8];
	drain();
	KEXPECT_EQ(t, console_read(buf, sizeof(buf)), 0);
	KEXPECT_EQ(t, console_getc(), -1);
	console_input_push("hello", 5);
	KEXPECT_EQ(t, console_getc(), 'h');
	KEXPECT_EQ(t, console_read(buf, 2), 2);
	KEXPECT_EQ(t, memcmp(buf, "el", 2), 0);
	KEXPECT_EQ(t, console_read(buf, sizeof(buf)), 2);
	KEXPECT_EQ(t, memcmp(buf, "lo", 2), 0);

	/* Fill past the end: the ring keeps the first CONSOLE_INPUT_SIZE bytes. */
	unsigned long dropped = console_input_dropped();
	for (unsigned i = 0; i < CONSOLE_INPUT_SIZE + 5; i++) {
		char c = (char)('a' + i % 26);
		console_input_push(&c, 1);
	}
	KEXPECT_EQ(t, console_input_dropped() - dropped, 5);
	int n = console_read(buf, sizeof(buf));
	KEXPECT_EQ(t, n, CONSOLE_INPUT_SIZE);
	unsigned bad = 0;
	for (int i = 0; i < n; i++)
		bad += buf[i] != (char)('a' + i % 26);
	KEXPECT_EQ(t, bad, 0);
	KEXPECT_EQ(t, console_read(buf, sizeof(buf)), 0);
}

static void test_uart_loopback_through_irq4(struct ktest *t)
{
	static const char msg[] = "tick";
	char buf[16];
	drain();
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
		n += console_read(buf + n, sizeof(buf) - (size_t)n);
	KEXPECT_EQ(t, n, 4);
	KEXPECT_EQ(t, memcmp(buf, msg, 4), 0);
}

KTEST_SUITE(console_input, KTEST_CASE(test_ring_order_and_overflow),
	    KTEST_CASE(test_uart_loopback_through_irq4));
