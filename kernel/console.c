#include "kernel/console.h"
#include "arch/i386/cpu.h"
#include "drivers/serial/serial.h"
#include "drivers/vga/vga.h"
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
	serial_init();
	console_register(&serial_console);
	vga_console_init();
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

int console_getc(void)
{
	return serial_getc();
}
