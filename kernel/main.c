/*
 * kmain: the first C code.  boot.asm has paging on with the kernel at 3 GiB
 * and a stack; interrupts are off.  Every subsystem's init is called from
 * here, in dependency order, none from inside another's; then the init
 * program runs, or in the test image (built with TICK386_KTEST,
 * build/kernel-test.elf) the in-kernel tests of test=....
 */
#include "arch/i386/cpu.h"
#include "arch/i386/cpu_protect.h"
#include "arch/i386/gdt.h"
#include "arch/i386/idt.h"
#include "arch/i386/ioapic.h"
#include "arch/i386/paging.h"
#include "arch/i386/pic.h"
#include "drivers/acpi.h"
#include "drivers/fbcon.h"
#include "drivers/serial.h"
#include "drivers/vga.h"
#include "kernel/bootinfo.h"
#include "kernel/time/clock.h"
#include "kernel/console.h"
#include "kernel/tty.h"
#include "fs/fs.h"
#include "mm/fault_inject.h"
#include "mm/kheap.h"
#include "mm/slab_debug.h"
#ifdef TICK386_KTEST
#include "kernel/ktest.h"
#endif
#include "mm/pmm.h"
#include "kernel/power.h"
#include "kernel/time/posix_timers.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/task/sched.h"
#include "kernel/softlockup.h"
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "kernel/trace.h"
#include "kernel/utsname.h"

extern u32 boot_page_directory[1024];

void kmain(u32 magic, u32 mbi_phys);

/*
 * The screen: a framebuffer when the loader set one up in a graphics mode
 * (UEFI, where there is no text mode, or a VBE mode on BIOS), else the VGA
 * text screen that the BIOS (or QEMU -kernel, or GRUB's text mode) leaves.
 * Both are never used at once: in a graphics mode the VGA text memory is
 * not what the card shows.
 */
static void screen_console_init(void)
{
	if (boot_info.fb.type == BOOT_FB_RGB) {
		if (fbcon_console_init(&boot_info.fb) == 0)
			return;
		kprintf("tick386: framebuffer %ux%u, %u bpp at %#llx: cannot draw on it\n",
			boot_info.fb.width, boot_info.fb.height, boot_info.fb.bpp,
			boot_info.fb.phys);
		return; /* a graphics mode all the same: no VGA text either */
	}
	if (boot_info.fb.type == BOOT_FB_NONE || boot_info.fb.type == BOOT_FB_EGA_TEXT)
		vga_console_init();
}

void kmain(u32 magic, u32 mbi_phys)
{
	serial_init();	 /* first: kprintf's output, and where a failed boot says why */
	console_init();	 /* the serial port as console output: kprintf works from here */
	int booted = bootinfo_parse(magic, mbi_phys);
	screen_console_init(); /* the screen as a second output: what the loader left */
	if (booted < 0) {
		kprintf("tick386: not started by a multiboot loader (eax=%#x, expected %#x or %#x), "
			"or its information was unusable; boot it with GRUB or qemu -kernel\n",
			magic, 0x2BADB002u, 0x36D76289u);
		machine_halt(QEMU_EXIT_FAILURE);
	}
	/* Everything from here on lives above 3 GiB: drop the identity map. */
	boot_page_directory[0] = 0;
	write_cr3(read_cr3());

	gdt_init();
	idt_init();
	cpu_protect_init();	 /* SMEP, SMAP: patches the entries, so before the next */
	paging_protect_kernel(); /* code and rodata read-only: before any address space */
	pic_init();	      /* IRQs remapped to vectors 0x20..0x2f: after idt_init */
	pmm_init();	      /* the free pages: from boot_info's memory map */
	slab_debug_init();    /* slub_debug: before any cache is created */
	kheap_init();	      /* kmalloc and the slab caches: after pmm_init */
	acpi_init();	      /* the firmware's tables: after pmm_init (MMIO window) */
	irqchip_init();	      /* irqchip=ioapic: the I/O APIC routes; before any irq_register */
	clock_init();	      /* TSC or PIT clock, RTC; it also starts clock events, ktimers */
	trace_init();	      /* the command line's trace words: after clock_init (timestamps) */
	fault_inject_init();  /* failslab=, fail_page_alloc=: only tasks with a pid fail */
	signal_init();	      /* the sigqueue cache: after kheap_init */
	posix_timers_init();  /* the timer cache and ids: after kheap_init */
	fs_init();	      /* the tree of the initramfs module, if any: after kheap_init */
	utsname_init();	      /* osrelease=: what uname reports */
	task_init();	      /* kmain becomes task 0 (current): before sched_init */
	sched_init();	      /* the idle task and the slice ktimer: after clock_init */
#ifdef TICK386_KTEST
	softlockup_init(SOFTLOCKUP_TEST_THRESH_NS); /* watchdog=: checks on IRQ 0 from here on */
#else
	softlockup_init(0); /* off unless watchdog=SECONDS */
#endif
	tty_init();	      /* the terminal and its signal thread: after sched_init */
	console_input_init(); /* IRQ 4 (serial), IRQ 1 (keyboard) into the tty: after tty_init */

	kprintf("tick386 booting: %u MiB memory (lower %u KiB, upper %u KiB), loader '%s'\n",
		(unsigned)(boot_info.ram_bytes >> 20), boot_info.mem_lower_kib,
		boot_info.mem_upper_kib, boot_info.loader);
	kprintf("tick386: pages: %u MiB free of %u MiB usable, %u MiB beyond the direct map\n",
		pmm_free_count() / 256, pmm_total_count() / 256, (unsigned)(pmm_ignored_bytes() >> 20));
	kprintf("tick386: command line '%s', %u module(s)\n", boot_info.cmdline,
		boot_info.module_count);
	if (boot_info.protocol == 2)
		kprintf("tick386: multiboot2; framebuffer %s %ux%u %u bpp; ACPI RSDP %s\n",
			boot_info.fb.type == BOOT_FB_RGB	  ? "RGB"
			: boot_info.fb.type == BOOT_FB_EGA_TEXT ? "text"
			: boot_info.fb.type == BOOT_FB_OTHER	  ? "other"
								  : "none",
			boot_info.fb.width, boot_info.fb.height, boot_info.fb.bpp,
			boot_info.acpi_rsdp_len == 36	? "2.0"
			: boot_info.acpi_rsdp_len ? "1.0"
						    : "none");

	cpu_sti();

#ifdef TICK386_KTEST
	char selection[BOOT_CMDLINE_MAX];
	if (bootinfo_cmdline_get("test", selection, sizeof(selection))) {
		int rc = ktest_run(selection[0] ? selection : "all");
		machine_halt(rc ? QEMU_EXIT_FAILURE : QEMU_EXIT_SUCCESS);
	}
#endif

	task_run_init();
}
