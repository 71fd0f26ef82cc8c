/*
 * The console: every byte the kernel prints goes to each console output
 * (the serial port, and the VGA text screen on real hardware).
 */
#ifndef TICK386_KERNEL_CONSOLE_H
#define TICK386_KERNEL_CONSOLE_H

#include "lib/types.h"

struct console_output {
	const char *name;
	void (*write)(const char *buf, size_t len);
	void (*flush)(void);
};

void console_init(void);
void console_register(const struct console_output *out);
void console_write(const char *buf, size_t len);
void console_flush(void);
/* A byte of input from the serial console, or -1. */
int console_getc(void);

#endif
