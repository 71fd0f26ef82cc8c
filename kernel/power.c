/*
 * Ending the machine.  Under test, QEMU's isa-debug-exit device ends QEMU
 * with a status; on a PC (or with halt=acpi / halt=reboot on the command
 * line, which skip it so the ACPI paths can be tested in QEMU) the machine
 * is powered off through ACPI S5, or reset.
 */
#include "kernel/power.h"
#include "arch/i386/cpu.h"
#include "arch/i386/io.h"
#include "drivers/acpi.h"
#include "kernel/bootinfo.h"
#include "kernel/console.h"
#include "kernel/printk.h"
#include "lib/string.h"

void qemu_exit(unsigned code)
{
	console_flush();
	outb(QEMU_EXIT_PORT, (u8)code);
}

__noreturn void machine_reboot(void)
{
	struct {
		u16 limit;
		u32 base;
	} __attribute__((packed)) no_idt = { 0, 0 };

	cpu_cli();
	acpi_reset();
	/* The keyboard controller's pulse of the reset line (command 0xFE),
	 * once its input buffer is empty; then the chipset's reset control
	 * register 0xCF9 (PIIX and ICH: 0x06 = hard reset). */
	for (u32 i = 0; i < 100000u && (inb(0x64) & 2); i++)
		;
	outb(0x64, 0xFE);
	for (volatile u32 i = 0; i < 10000000u; i++)
		;
	outb(0xCF9, 0x02);
	outb(0xCF9, 0x06);
	for (volatile u32 i = 0; i < 10000000u; i++)
		;
	/* last: a triple fault (no IDT, then an exception) resets the CPU */
	__asm__ volatile("lidt %0; int3" : : "m"(no_idt));
	for (;;)
		cpu_hlt();
}

__noreturn void machine_halt(unsigned code)
{
	char how[8] = "";

	cpu_cli();
	bootinfo_cmdline_get("halt", how, sizeof(how));
	if (strcmp(how, "reboot") == 0)
		machine_reboot();
	if (strcmp(how, "acpi") != 0)
		qemu_exit(code);
	/* still running: not QEMU with isa-debug-exit, or halt=acpi */
	acpi_poweroff();
	kprintf("power: the machine can be switched off now\n");
	console_flush();
	for (;;)
		cpu_hlt();
}
