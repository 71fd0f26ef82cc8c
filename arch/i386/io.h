/* Port I/O: the PC's devices (PIT, PIC, CMOS, UART) live in the I/O space. */
#ifndef TICK386_ARCH_IO_H
#define TICK386_ARCH_IO_H

#include "lib/types.h"

static inline void outb(u16 port, u8 value)
{
	__asm__ volatile("outb %0, %1" : : "a"(value), "Nd"(port));
}

static inline u8 inb(u16 port)
{
	u8 value;
	__asm__ volatile("inb %1, %0" : "=a"(value) : "Nd"(port));
	return value;
}

static inline void outw(u16 port, u16 value)
{
	__asm__ volatile("outw %0, %1" : : "a"(value), "Nd"(port));
}

static inline u16 inw(u16 port)
{
	u16 value;
	__asm__ volatile("inw %1, %0" : "=a"(value) : "Nd"(port));
	return value;
}

static inline void outl(u16 port, u32 value)
{
	__asm__ volatile("outl %0, %1" : : "a"(value), "Nd"(port));
}

static inline u32 inl(u16 port)
{
	u32 value;
	__asm__ volatile("inl %1, %0" : "=a"(value) : "Nd"(port));
	return value;
}

/*
 * A write to port 0x80 (the POST diagnostic port) takes about 1 us on ISA
 * buses: old chips such as the 8259 need that pause between commands.
 */
static inline void io_wait(void)
{
	outb(0x80, 0);
}

#endif
