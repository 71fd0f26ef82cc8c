/*
 * The Intel 8254 programmable interval timer: three 16-bit down-counters
 * clocked at 1193182 Hz (lib/clockmath.h: PIT_HZ).
 *
 *   channel 0: its output is wired to IRQ 0 (the clock event device)
 *   channel 1: once refreshed DRAM; unused
 *   channel 2: gated by bit 0 of port 0x61, output readable at bit 5 of
 *              port 0x61 (and, with bit 1, sent to the speaker): the one
 *              channel software can start, stop and watch, hence the one
 *              used to calibrate the TSC
 *
 * This driver exposes the hardware and nothing more: it knows no timers and
 * no clocks.  Counts are the chip's: 1..65536, where 65536 is written as 0.
 */
#ifndef TICK386_DRIVERS_PIT_H
#define TICK386_DRIVERS_PIT_H

#include "lib/clockmath.h"
#include "lib/types.h"

#define PIT_PORT_CH0 0x40
#define PIT_PORT_CH2 0x42
#define PIT_PORT_CMD 0x43
#define PIT_PORT_61 0x61 /* the PC's "system control port B" */

/* Channel 0, mode 2 (rate generator): a pulse on IRQ 0 every `divisor`
 * ticks (1..65536; 0 also means 65536), forever. */
void pit_ch0_periodic(u32 divisor);
/* Channel 0, mode 0 (interrupt on terminal count): IRQ 0 once, `count`
 * ticks (1..65536) from now. */
void pit_ch0_oneshot(u32 count);
/* Channel 0: write the mode 0 control word and no count: OUT goes low and
 * the counter waits for a count that never comes, so no IRQ 0 follows. */
void pit_ch0_halt(void);
/* Latch and read channel 0's running count (raw: 0 reads for 65536 in
 * mode 2; in mode 0 the count wraps to 0xFFFF after the terminal count). */
u16 pit_ch0_read(void);

/* Channel 2: gate off, program `mode` (0 or 2) with `count` (1..65536),
 * then gate on: counting starts on the next input clock.  The speaker stays
 * off. */
void pit_ch2_start(unsigned mode, u32 count);
void pit_ch2_stop(void);
u16 pit_ch2_read(void);
/* Channel 2's OUT pin: in mode 0 it goes high at the terminal count. */
bool pit_ch2_out(void);
/* Is there a PIT?  Runs channel 2 a moment and watches it count (then
 * stops it).  Boot only. */
bool pit_probe(void);

#endif
