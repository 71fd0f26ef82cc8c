/*
 * panic(): the kernel cannot go on.  The message and a backtrace go to the
 * console; then, under QEMU, the isa-debug-exit device ends the emulator with
 * QEMU_EXIT_PANIC so that a test runner sees a failure instead of a hang.
 * On a real PC the write to port 0xf4 does nothing and the CPU halts.
 */
#include "kernel/panic.h"
#include "arch/i386/cpu.h"
#include "kernel/ksyms.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include <stdarg.h>

static int panicking;

void panic_backtrace(u32 ebp, u32 eip)
{
	kprintf("  backtrace:\n");
	ksym_print_addr(eip);
	/*
	 * Each frame starts with the caller's ebp, then the return address.
	 * Stop at a zero ebp (boot.asm clears it), a misaligned one, one outside
	 * the kernel's half, or after a sane depth.
	 */
	for (int depth = 0; depth < 32 && ebp >= 0xC0000000u && !(ebp & 3); depth++) {
		const u32 *frame = (const u32 *)ebp;
		u32 ret = frame[1];
		if (!ret)
			break;
		ksym_print_addr(ret - 1); /* inside the call, not after it */
		if (frame[0] <= ebp)
			break; /* frames grow toward higher addresses */
		ebp = frame[0];
	}
}

__noreturn void panic_halt(void)
{
	cpu_cli();
	qemu_exit(QEMU_EXIT_PANIC);
	for (;;)
		cpu_hlt();
}

__noreturn void panic(const char *fmt, ...)
{
	va_list ap;
	u32 ebp;

	cpu_cli();
	if (panicking++)
		panic_halt(); /* a panic while panicking: say nothing more */
	kprintf("\nPANIC: ");
	va_start(ap, fmt);
	vkprintf(fmt, ap);
	va_end(ap);
	kprintf("\n");
	__asm__ volatile("movl %%ebp, %0" : "=r"(ebp));
	panic_backtrace(ebp, (u32)__builtin_return_address(0));
	panic_halt();
}
