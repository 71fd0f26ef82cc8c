#include "kernel/console.h"
#include "arch/i386/cpu.h"
#include "arch/i386/pic.h"
#include "drivers/ps2kbd.h"
#include "drivers/serial.h"
#include "kernel/tty.h"
#include "lib/compiler.h"

#define CONSOLE_MAX_OUTPUTS 4

static const struct console_output *outputs[CONSOLE_MAX_OUTPUTS];
static unsigned output_count;

static void serial_console_write(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++)
		serial_putc(buf[i]);
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
void console_write_raw(const char *buf, size_t len)
{
	u32 flags = irq_save();
	for (unsigned i = 0; i < output_count; i++)
		outputs[i]->write(buf, len);
	irq_restore(flags);
}

void console_write(const char *buf, size_t len)
{
	u32 flags = irq_save();
	size_t start = 0;

	for (size_t i = 0; i < len; i++) {
		if (buf[i] != '\n')
			continue;
		console_write_raw(buf + start, i - start);
		console_write_raw("\r\n", 2);
		start = i + 1;
	}
	console_write_raw(buf + start, len - start);
	irq_restore(flags);
}

void console_flush(void)
{
	for (unsigned i = 0; i < output_count; i++)
		if (outputs[i]->flush)
			outputs[i]->flush();
}

/* Drain the UART's FIFO (up to 16 bytes wait there) into the terminal. */
static void serial_rx_irq(struct trap_frame *tf, void *ctx)
{
	(void)tf;
	(void)ctx;
	for (int c; (c = serial_getc()) >= 0;)
		tty_receive((char)c);
}

static struct ps2kbd_state keyboard;

static void keyboard_irq(struct trap_frame *tf, void *ctx)
{
	char out[PS2KBD_MAX_BYTES];

	(void)tf;
	(void)ctx;
	for (int code; (code = ps2kbd_read_scancode()) >= 0;) {
		int n = ps2kbd_decode(&keyboard, (u8)code, out);
		for (int i = 0; i < n; i++)
			tty_receive(out[i]);
	}
}

void console_input_init(void)
{
	irq_register(IRQ_COM1, serial_rx_irq, NULL);
	serial_enable_rx_irq();
	if (ps2kbd_init())
		irq_register(IRQ_KEYBOARD, keyboard_irq, NULL);
}
