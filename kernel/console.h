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

/* Register the serial port (serial_init first) as a console output. */
void console_init(void);
void console_register(const struct console_output *out);
void console_write(const char *buf, size_t len);
void console_flush(void);
/* A byte of input from the serial console, or -1. */
int console_getc(void);

/*
 * Serial input by interrupt: IRQ 4 moves received bytes into a ring buffer
 * (CONSOLE_INPUT_SIZE bytes; further bytes are dropped until it drains) and
 * wakes the tasks waiting for input.  Call after pic_init.
 */
#define CONSOLE_INPUT_SIZE 256
void console_input_init(void);
/* Up to n bytes of input, without waiting: the count copied (0 if none). */
int console_read(char *buf, size_t n);
/* Whether input waits to be read (interrupts off for a stable answer). */
bool console_input_ready(void);
/*
 * Sleep until input arrives (console_input_arrived), as wait_sleep does:
 * 0 when woken, -EINTR for a signal.  Call with interrupts off, after
 * console_read found nothing, so that no arrival slips in between.
 */
int console_wait_input(void);
/*
 * New bytes entered the ring: wake the tasks in console_wait_input.  Called
 * by the IRQ 4 handler (interrupts off), and by tests playing it.  IRQ-safe.
 */
void console_input_arrived(void);
/* Bytes dropped because the ring was full. */
unsigned long console_input_dropped(void);
/* Feed bytes as if received (tests; also what the IRQ handler does). */
void console_input_push(const char *buf, size_t n);

#endif
