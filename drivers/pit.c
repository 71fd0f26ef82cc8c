/*
 * 8254 programming.  A control word on port 0x43 selects a channel, the
 * access mode and the counting mode:
 *
 *   bits 7-6  channel (0, 1, 2; 3 = read-back)
 *   bits 5-4  access: 00 latch the count, 01 low byte, 10 high byte,
 *             11 low then high byte
 *   bits 3-1  mode: 0 interrupt on terminal count, 2 rate generator, ...
 *   bit  0    BCD counting (never used here)
 *
 * A latch command (access 00) freezes a copy of the running count, which is
 * then read low byte first without disturbing the counting: two plain reads
 * could straddle a borrow from the high byte.
 *
 * Accesses to the shared command port must not interleave (an interrupt
 * handler reprogramming channel 0 between a latch command and its two reads
 * would corrupt both), so each sequence runs with interrupts off.
 */
#include "drivers/pit.h"
#include "arch/i386/cpu.h"
#include "arch/i386/io.h"

#define CW_CHANNEL(c) ((u8)((c) << 6))
#define CW_LATCH 0x00
#define CW_LOHI 0x30
#define CW_MODE(m) ((u8)((m) << 1))

#define P61_GATE2 0x01	 /* channel 2 gate */
#define P61_SPEAKER 0x02 /* channel 2 output to the speaker */
#define P61_OUT2 0x20	 /* channel 2 output, read-only */

static void write_count(u16 port, u32 count)
{
	/* 65536 does not fit in 16 bits: the chip reads 0 as 65536 */
	u16 c = count >= PIT_DIVISOR_MAX || count == 0 ? 0 : (u16)count;
	outb(port, (u8)c);
	outb(port, (u8)(c >> 8));
}

static u16 latch_read(unsigned channel, u16 port)
{
	u32 flags = irq_save();
	u8 lo, hi;

	outb(PIT_PORT_CMD, CW_CHANNEL(channel) | CW_LATCH);
	lo = inb(port);
	hi = inb(port);
	irq_restore(flags);
	return (u16)(hi << 8 | lo);
}

void pit_ch0_periodic(u32 divisor)
{
	u32 flags = irq_save();
	outb(PIT_PORT_CMD, CW_CHANNEL(0) | CW_LOHI | CW_MODE(2));
	write_count(PIT_PORT_CH0, divisor);
	irq_restore(flags);
}

void pit_ch0_oneshot(u32 count)
{
	u32 flags = irq_save();
	/* The control word drives OUT low; the count starts counting on the
	 * next input clock after its high byte is written. */
	outb(PIT_PORT_CMD, CW_CHANNEL(0) | CW_LOHI | CW_MODE(0));
	write_count(PIT_PORT_CH0, count ? count : 1);
	irq_restore(flags);
}

void pit_ch0_halt(void)
{
	u32 flags = irq_save();
	outb(PIT_PORT_CMD, CW_CHANNEL(0) | CW_LOHI | CW_MODE(0));
	irq_restore(flags);
}

u16 pit_ch0_read(void)
{
	return latch_read(0, PIT_PORT_CH0);
}

void pit_ch2_start(unsigned mode, u32 count)
{
	u32 flags = irq_save();
	u8 p61 = inb(PIT_PORT_61);

	/* gate low while programming, speaker disconnected */
	outb(PIT_PORT_61, p61 & (u8) ~(P61_GATE2 | P61_SPEAKER));
	outb(PIT_PORT_CMD, CW_CHANNEL(2) | CW_LOHI | CW_MODE(mode & 7));
	write_count(PIT_PORT_CH2, count);
	/* the rising gate starts (mode 0 resumes, mode 2 reloads) the count */
	outb(PIT_PORT_61, (p61 & (u8)~P61_SPEAKER) | P61_GATE2);
	irq_restore(flags);
}

void pit_ch2_stop(void)
{
	u32 flags = irq_save();
	outb(PIT_PORT_61, inb(PIT_PORT_61) & (u8) ~(P61_GATE2 | P61_SPEAKER));
	irq_restore(flags);
}

u16 pit_ch2_read(void)
{
	return latch_read(2, PIT_PORT_CH2);
}

bool pit_ch2_out(void)
{
	return inb(PIT_PORT_61) & P61_OUT2;
}

bool pit_probe(void)
{
	u16 first;
	bool moved = false;

	/*
	 * A machine without an 8254 (QEMU's -machine pit=off, some recent
	 * boards) answers its ports with a constant: start channel 2 and
	 * watch its count move.  100000 reads take far more than one input
	 * clock (838 ns) on any machine.
	 */
	pit_ch2_start(2, PIT_DIVISOR_MAX);
	first = pit_ch2_read();
	for (u32 i = 0; i < 100000u && !moved; i++)
		moved = pit_ch2_read() != first;
	pit_ch2_stop();
	return moved;
}
