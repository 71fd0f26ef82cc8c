/*
 * 16550 UART.  The baud rate is 115200 / divisor; divisor 1 gives the
 * fastest standard rate, 115200 baud, with 8 data bits, no parity, 1 stop
 * bit (8N1).  We poll: output waits for the transmit holding register to
 * empty (LSR bit 5), input checks data ready (LSR bit 0).
 */
#include "drivers/serial.h"
#include "arch/i386/io.h"

#define REG_DATA 0 /* with DLAB=1: divisor low byte */
#define REG_IER 1  /* with DLAB=1: divisor high byte */
#define REG_FCR 2
#define REG_LCR 3
#define REG_MCR 4
#define REG_LSR 5

#define LCR_DLAB 0x80
#define LCR_8N1 0x03
#define FCR_ENABLE_CLEAR_14 0xC7 /* FIFOs on, cleared, interrupt at 14 bytes */
#define MCR_DTR_RTS_OUT2 0x0B
#define LSR_DATA_READY 0x01
#define LSR_THR_EMPTY 0x20
#define LSR_TX_IDLE 0x40

static int serial_present;

void serial_init(void)
{
	const u16 base = SERIAL_COM1;

	outb(base + REG_IER, 0x00);
	outb(base + REG_LCR, LCR_DLAB);
	outb(base + REG_DATA, 1);
	outb(base + REG_IER, 0);
	outb(base + REG_LCR, LCR_8N1);
	outb(base + REG_FCR, FCR_ENABLE_CLEAR_14);
	outb(base + REG_MCR, MCR_DTR_RTS_OUT2);
	/* No UART answers with all bits set: then there is none. */
	serial_present = inb(base + REG_LSR) != 0xFF;
}

void serial_putc(char c)
{
	if (!serial_present)
		return;
	for (int spin = 0; spin < 100000; spin++)
		if (inb(SERIAL_COM1 + REG_LSR) & LSR_THR_EMPTY)
			break;
	outb(SERIAL_COM1 + REG_DATA, (u8)c);
}

int serial_getc(void)
{
	if (!serial_present || !(inb(SERIAL_COM1 + REG_LSR) & LSR_DATA_READY))
		return -1;
	return inb(SERIAL_COM1 + REG_DATA);
}

void serial_enable_rx_irq(void)
{
	if (serial_present)
		outb(SERIAL_COM1 + REG_IER, 0x01);
}

void serial_set_loopback(bool on)
{
	if (serial_present)
		outb(SERIAL_COM1 + REG_MCR, MCR_DTR_RTS_OUT2 | (on ? 0x10 : 0));
}

void serial_flush(void)
{
	if (!serial_present)
		return;
	for (int spin = 0; spin < 1000000; spin++)
		if (inb(SERIAL_COM1 + REG_LSR) & LSR_TX_IDLE)
			return;
}
