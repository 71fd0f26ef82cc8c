/*
 * The console: every byte the kernel prints goes to each console output
 * (the serial port, and the VGA text screen), and every byte typed on the
 * serial line or the PS/2 keyboard goes to the one terminal, kernel/tty.c,
 * as on a PC where the screen and COM1 show the same console.
 */
#ifndef TICK386_KERNEL_CONSOLE_H
#define TICK386_KERNEL_CONSOLE_H

#include "lib/types.h"

struct console_output {
	const char *name;
	/* The bytes as they are: "\n" moves down a line, "\r" to its start. */
	void (*write)(const char *buf, size_t len);
	void (*flush)(void);
};

/* Register the serial port (serial_init first) as a console output. */
void console_init(void);
void console_register(const struct console_output *out);
/* The kernel's text (kprintf): each "\n" goes out as "\r\n". */
void console_write(const char *buf, size_t len);
/* Bytes as they are, to every output (the terminal's processed output). */
void console_write_raw(const char *buf, size_t len);
void console_flush(void);

/*
 * Input by interrupt: IRQ 4 (the UART) and IRQ 1 (the PS/2 keyboard, its
 * scan codes decoded by drivers/ps2kbd.c) hand each byte to tty_receive.
 * Call after pic_init and tty_init.
 */
void console_input_init(void);

#endif
