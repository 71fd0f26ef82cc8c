/* Ending the machine: QEMU's isa-debug-exit device, then halt. */
#ifndef TICK386_KERNEL_POWER_H
#define TICK386_KERNEL_POWER_H

#include "lib/compiler.h"

/*
 * QEMU started with -device isa-debug-exit,iobase=0xf4,iosize=0x04 exits with
 * status (value << 1) | 1 when the guest writes value to port 0xf4.  So the
 * host sees 1 for QEMU_EXIT_SUCCESS, 3 for QEMU_EXIT_FAILURE, 5 for a panic;
 * 0 means QEMU ended some other way.  tools/ktest-run and tools/runprog know these.
 */
#define QEMU_EXIT_PORT 0xf4
#define QEMU_EXIT_SUCCESS 0
#define QEMU_EXIT_FAILURE 1
#define QEMU_EXIT_PANIC 2

/* Leave QEMU with `code`; on a real PC this returns and the caller halts. */
void qemu_exit(unsigned code);

/* qemu_exit, then ACPI soft off, then halt the CPU forever.  halt=acpi on
 * the command line skips qemu_exit; halt=reboot resets instead. */
__noreturn void machine_halt(unsigned code);

/* Reset: the ACPI reset register, the keyboard controller, port 0xCF9,
 * then a triple fault. */
__noreturn void machine_reboot(void);

#endif
