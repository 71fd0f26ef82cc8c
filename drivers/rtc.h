/*
 * The CMOS real-time clock (Motorola MC146818 and its descendants): a
 * battery-backed calendar clock with 64+ bytes of CMOS RAM behind an
 * index port (0x70) and a data port (0x71).
 *
 * Registers used here:
 *   0x00 seconds, 0x02 minutes, 0x04 hours, 0x07 day, 0x08 month, 0x09 year
 *   0x32 century (not the MC146818's own; IBM/ACPI convention, plausibility
 *        checked)
 *   A (0x0A) bit 7 UIP: an update is in progress, the time registers are
 *        not stable; bits 3-0: periodic interrupt rate
 *   B (0x0B) bit 7 SET (updates halted), 6 PIE (periodic interrupt),
 *        5 AIE (alarm), 4 UIE (update-ended), 2 DM (binary), 1 24/12
 *   C (0x0C) interrupt flags; reading it acknowledges the interrupt (until
 *        it is read, the chip raises no other IRQ 8)
 * Bit 7 of the index written to port 0x70 masks the NMI on PCs: the driver
 * keeps it as it found it.
 *
 * The driver knows nothing of kernel clocks: it reads and writes calendar
 * time and delivers IRQ 8 events to one callback.
 */
#ifndef TICK386_DRIVERS_RTC_H
#define TICK386_DRIVERS_RTC_H

#include "lib/calendar.h"
#include "lib/types.h"

#define RTC_IRQ_PERIODIC 0x40 /* register C: PF */
#define RTC_IRQ_ALARM 0x20    /* AF */
#define RTC_IRQ_UPDATE 0x10   /* UF */

/* Find the NMI bit, take IRQ 8 (masked sources until asked). */
void rtc_init(void);

/* Read the time: waits out an update in progress and reads until two reads
 * agree.  0, -EIO if the registers never settle, -EINVAL (with a console
 * warning) if the chip gives a value it never should; t is then untouched. */
int rtc_read(struct cal_time *t);
/* The last raw registers rtc_read saw, and register B (for tests/reports). */
void rtc_last_raw(struct cmos_raw *raw, u8 *regb);
/* Set the time (halting updates while the registers are written). */
int rtc_write(const struct cal_time *t);

/* Where the century byte is (the FADT's CENTURY field; 0x0E..0x7F, else
 * ignored).  Boot only, before rtc_read. */
void rtc_set_century_index(u8 index);

/* IRQ 8: `fn(flags, ctx)` gets the register C bits of each interrupt. */
typedef void (*rtc_irq_fn)(u8 flags, void *ctx);
void rtc_set_irq_handler(rtc_irq_fn fn, void *ctx);
/* Periodic interrupt at hz, a power of two in 2..8192: 0 or -EINVAL. */
int rtc_periodic_start(unsigned hz);
void rtc_periodic_stop(void);
/* Update-ended interrupt: once a second, right after the time changed. */
void rtc_update_irq_start(void);
void rtc_update_irq_stop(void);
unsigned long rtc_irq_count(void);

#endif
