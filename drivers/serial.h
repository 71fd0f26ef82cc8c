/* The 16550 UART on COM1: the kernel's console on QEMU and on real PCs. */
#ifndef TICK386_DRIVERS_SERIAL_H
#define TICK386_DRIVERS_SERIAL_H

#include "lib/types.h"

#define SERIAL_COM1 0x3F8

void serial_init(void);
void serial_putc(char c);
/* A received byte, or -1 when none is waiting. */
int serial_getc(void);
/* Raise IRQ 4 when a byte arrives (IER bit 0: "received data available"). */
void serial_enable_rx_irq(void);
/* Loopback (MCR bit 4): what is sent comes back as received (tests). */
void serial_set_loopback(bool on);
/* Wait until the transmitter has sent everything. */
void serial_flush(void);

#endif
