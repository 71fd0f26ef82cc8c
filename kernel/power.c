#include "kernel/power.h"
#include "arch/i386/cpu.h"
#include "arch/i386/io.h"
#include "kernel/console.h"

void qemu_exit(unsigned code)
{
	console_flush();
	outb(QEMU_EXIT_PORT, (u8)code);
}

__noreturn void machine_halt(unsigned code)
{
	cpu_cli();
	qemu_exit(code);
	for (;;)
		cpu_hlt();
}
