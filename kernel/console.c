#include "kernel/console.h"
#include "arch/i386/cpu.h"
#include "arch/i386/pic.h"
#include "kernel/task/wait.h"
#include "fs/file.h"
#include "drivers/serial.h"
#include "lib/compiler.h"

#define CONSOLE_MAX_OUTPUTS 4

static const struct console_output *outputs[CONSOLE_MAX_OUTPUTS];
static unsigned output_count;

static void serial_console_write(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\n')
			serial_putc('\r');
		serial_putc(buf[i]);
	}
}

static const struct console_output serial_console = {
	.name = "ttyS0",
	.write = serial_console_write,
	.flush = serial_flush,
};

void console_init(void)
{
	console_register(&serial_console);
}

void console_register(const struct console_output *out)
{
	if (output_count < CONSOLE_MAX_OUTPUTS)
		outputs[output_count++] = out;
}

/* Interrupts off so that lines from an IRQ handler do not interleave. */
void console_write(const char *buf, size_t len)
{
	u32 flags = irq_save();
	for (unsigned i = 0; i < output_count; i++)
		outputs[i]->write(buf, len);
	irq_restore(flags);
}

void console_flush(void)
{
	for (unsigned i = 0; i < output_count; i++)
		if (outputs[i]->flush)
			outputs[i]->flush();
}

/*
 * Input ring: the IRQ handler writes at head, readers take from tail, both
 * with interrupts off; head - tail (free-running counters) is the fill.
 */
static char input_ring[CONSOLE_INPUT_SIZE];
static u32 input_head, input_tail;
static unsigned long input_dropped;
static struct wait_queue input_waiters = WAIT_QUEUE_INIT; /* console_wait_input */

static void input_put(char c)
{
	if (input_head - input_tail == CONSOLE_INPUT_SIZE) {
		input_dropped++;
		return;
	}
	input_ring[input_head++ % CONSOLE_INPUT_SIZE] = c;
}

void console_input_push(const char *buf, size_t n)
{
	u32 flags = irq_save();
	for (size_t i = 0; i < n; i++)
		input_put(buf[i]);
	irq_restore(flags);
}

/* Drain the UART's FIFO (up to 16 bytes wait there) into the ring. */
static void serial_drain(void)
{
	for (int c; (c = serial_getc()) >= 0;)
		input_put((char)c);
}

bool console_input_ready(void)
{
	return input_head != input_tail;
}

void console_input_arrived(void)
{
	wait_wake_all(&input_waiters);
	file_poll_wake(); /* poll and select on fd 0 (fs/select.c) */
}

int console_wait_input(void)
{
	return wait_sleep(&input_waiters, KTIMER_MONOTONIC, KTIME_MAX);
}

static void serial_rx_irq(struct trap_frame *tf, void *ctx)
{
	(void)tf;
	(void)ctx;
	u32 before = input_head;
	serial_drain();
	if (input_head != before)
		console_input_arrived();
}

void console_input_init(void)
{
	irq_register(IRQ_COM1, serial_rx_irq, NULL);
	serial_enable_rx_irq();
}

int console_read(char *buf, size_t n)
{
	u32 flags = irq_save();
	serial_drain(); /* also works with interrupts off or before init */
	size_t got = 0;
	while (got < n && input_tail != input_head)
		buf[got++] = input_ring[input_tail++ % CONSOLE_INPUT_SIZE];
	irq_restore(flags);
	return (int)got;
}

int console_getc(void)
{
	char c;
	return console_read(&c, 1) == 1 ? (u8)c : -1;
}

unsigned long console_input_dropped(void)
{
	return input_dropped;
}
