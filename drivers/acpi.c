/*
 * Finding the RSDP, and the two things ACPI lets a kernel do without an
 * AML interpreter: reset (the FADT's reset register, ACPI 2.0+) and soft
 * off (S5: write SLP_TYP|SLP_EN to PM1a_CNT and PM1b_CNT, SLP_TYP taken
 * from the DSDT's \_S5 package by lib/acpi's byte scan).
 *
 * Where the RSDP is (ACPI 5.2.5.1): a multiboot2 loader passes a copy;
 * otherwise it is on a 16-byte boundary in the first KiB of the EBDA
 * (whose segment is the BIOS data area's word at 0x40E) or in the BIOS
 * area 0xE0000..0xFFFFF.  The tables themselves are read through the
 * direct map; one beyond it is refused (lib/acpi logs it).
 */
#include "drivers/acpi.h"
#include "arch/i386/cpu.h"
#include "arch/i386/io.h"
#include "arch/i386/memlayout.h"
#include "arch/i386/mmio.h"
#include "kernel/bootinfo.h"
#include "kernel/console.h"
#include "kernel/printk.h"
#include "lib/string.h"

static struct acpi_info info; /* written by acpi_init only, at boot */
static bool present;
/* A reset register in memory space, mapped at boot (mmio_map is for boot
 * only: a later mapping would miss the address spaces made since). */
static volatile u8 *reset_mmio;

#define PM1_SCI_EN 0x0001u
#define PM1_SLP_TYP_SHIFT 10
#define PM1_SLP_EN 0x2000u

static const void *map_direct(void *ctx, u64 phys, u32 len)
{
	(void)ctx;
	if (phys == 0 || phys >= DIRECT_MAP_LIMIT || len > DIRECT_MAP_LIMIT - phys)
		return NULL;
	return PHYS_TO_VIRT((u32)phys);
}

static void log_line(void *ctx, const char *msg)
{
	(void)ctx;
	kprintf("acpi: %s\n", msg);
}

/* The RSDP: *where says where it was found. */
static int find_rsdp(struct acpi_rsdp *rsdp, const char **where, u32 *phys)
{
	const char *why;
	u32 ebda;
	long off;

	*phys = 0;
	if (boot_info.acpi_rsdp_len) {
		*where = "from the loader";
		if (acpi_rsdp_check(boot_info.acpi_rsdp, boot_info.acpi_rsdp_len, rsdp, &why) == 0)
			return 0;
		kprintf("acpi: the loader's RSDP refused (%s); scanning\n", why);
	}
	ebda = (u32)*(const u16 *)PHYS_TO_VIRT(0x40E) << 4;
	if (ebda >= 0x80000 && ebda < 0xA0000) {
		off = acpi_rsdp_scan(PHYS_TO_VIRT(ebda), 1024);
		if (off >= 0) {
			*where = "in the EBDA";
			*phys = ebda + (u32)off;
			return acpi_rsdp_check(PHYS_TO_VIRT(*phys), 1024 - (u32)off, rsdp, &why);
		}
	}
	off = acpi_rsdp_scan(PHYS_TO_VIRT(0xE0000), 0x20000);
	if (off >= 0) {
		*where = "in the BIOS area";
		*phys = 0xE0000 + (u32)off;
		return acpi_rsdp_check(PHYS_TO_VIRT(*phys), 0x20000 - (u32)off, rsdp, &why);
	}
	return -1;
}

static void print_found(void)
{
	kprintf("acpi: RSDP revision %u '%s', %s %#llx\n", info.rsdp.revision, info.rsdp.oem_id,
		info.xsdt_used ? "XSDT" : "RSDT",
		info.xsdt_used ? (unsigned long long)info.rsdp.xsdt_phys
			       : (unsigned long long)info.rsdp.rsdt_phys);
	if (info.have_madt) {
		kprintf("acpi: MADT: %u CPU(s), %u I/O APIC(s), local APIC at %#llx, %s\n",
			info.cpu_count, info.ioapic_count, (unsigned long long)info.lapic_phys,
			info.pcat_compat ? "8259s present" : "no 8259s");
		for (unsigned i = 0; i < info.ioapic_count; i++)
			kprintf("acpi:   I/O APIC %u at %#x, GSI base %u\n", info.ioapics[i].id,
				info.ioapics[i].phys, info.ioapics[i].gsi_base);
		for (unsigned i = 0; i < info.override_count; i++)
			kprintf("acpi:   ISA IRQ %u -> GSI %u (flags %#x)\n",
				info.overrides[i].source_irq, info.overrides[i].gsi,
				info.overrides[i].flags);
		for (unsigned i = 0; i < info.nmi_count; i++)
			kprintf("acpi:   NMI on LINT%u of CPU uid %#x\n", info.nmis[i].lint,
				info.nmis[i].uid);
	}
	if (info.have_hpet)
		kprintf("acpi: HPET %u at %#llx\n", info.hpet_number,
			(unsigned long long)info.hpet_phys);
	if (info.have_fadt) {
		kprintf("acpi: FADT revision %u: PM timer %s%#x (%u-bit), SCI IRQ %u, century CMOS "
			"%#x\n",
			info.fadt_revision, info.pm_timer_port ? "port " : "none ",
			info.pm_timer_port, info.pm_timer_32bit ? 32 : 24, info.sci_irq,
			info.century_index);
		if (info.reset_supported)
			kprintf("acpi: reset register: space %u address %#llx value %#x\n",
				info.reset_reg.space_id, (unsigned long long)info.reset_reg.address,
				info.reset_value);
		if (info.have_s5)
			kprintf("acpi: S5 (soft off): SLP_TYPa %u SLP_TYPb %u\n", info.s5_slp_typ_a,
				info.s5_slp_typ_b);
	}
}

void acpi_init(void)
{
	struct acpi_mem mem = { map_direct, log_line, NULL };
	struct acpi_rsdp rsdp;
	const char *where = "";
	char opt[8];
	u32 phys;

	if (bootinfo_cmdline_get("acpi", opt, sizeof(opt)) && strcmp(opt, "off") == 0) {
		kprintf("acpi: off (acpi=off)\n");
		return;
	}
	if (find_rsdp(&rsdp, &where, &phys) < 0) {
		kprintf("acpi: no RSDP found: no ACPI tables\n");
		return;
	}
	if (phys)
		kprintf("acpi: RSDP %s at %#x\n", where, phys);
	else
		kprintf("acpi: RSDP %s\n", where);
	if (acpi_parse(&mem, &rsdp, &info) < 0) {
		kprintf("acpi: no usable root table: ACPI ignored\n");
		return;
	}
	present = true;
	if (info.reset_supported && info.reset_reg.space_id == ACPI_SPACE_MEMORY)
		reset_mmio = (volatile u8 *)mmio_map(info.reset_reg.address, 1, false);
	print_found();
}

const struct acpi_info *acpi_tables(void)
{
	return present ? &info : NULL;
}

/* Write the 8-bit reset value where the reset register says. */
static void write_reset_reg(void)
{
	const struct acpi_gas *g = &info.reset_reg;

	switch (g->space_id) {
	case ACPI_SPACE_IO:
		if (g->address <= 0xFFFF)
			outb((u16)g->address, info.reset_value);
		break;
	case ACPI_SPACE_MEMORY:
		if (reset_mmio)
			*reset_mmio = info.reset_value;
		break;
	case ACPI_SPACE_PCI_CONFIG: {
		/* bus 0; the address packs device (47:32), function (31:16)
		 * and register (15:0); configuration mechanism #1 */
		u32 dev = (u32)(g->address >> 32) & 0x1F, fn = (u32)(g->address >> 16) & 7;
		u32 reg = (u32)g->address & 0xFF;
		outl(0xCF8, 0x80000000u | dev << 11 | fn << 8 | (reg & 0xFC));
		outb((u16)(0xCFC + (reg & 3)), info.reset_value);
		break;
	}
	}
}

void acpi_reset(void)
{
	if (!present || !info.reset_supported)
		return;
	kprintf("acpi: reset through the reset register\n");
	console_flush();
	write_reset_reg();
	/* the reset takes effect "immediately"; give it a moment */
	for (volatile u32 i = 0; i < 10000000u; i++)
		;
}

static u16 pm1_sleep_value(u16 port, u8 slp_typ)
{
	u16 v = inw(port) & (u16)~(7u << PM1_SLP_TYP_SHIFT | PM1_SLP_EN);

	return (u16)(v | (u16)slp_typ << PM1_SLP_TYP_SHIFT | PM1_SLP_EN);
}

void acpi_poweroff(void)
{
	u32 spin;

	if (!present || !info.have_s5 || !info.pm1a_cnt_port)
		return;
	/* SLP_EN is honoured only in ACPI mode: if the firmware left the
	 * machine in legacy mode, ask it over (SMI_CMD <- ACPI_ENABLE) and
	 * wait a while for SCI_EN. */
	if (!(inw((u16)info.pm1a_cnt_port) & PM1_SCI_EN) && info.smi_cmd_port &&
	    info.acpi_enable_value) {
		outb((u16)info.smi_cmd_port, info.acpi_enable_value);
		for (spin = 0; spin < 3000000u; spin++)
			if (inw((u16)info.pm1a_cnt_port) & PM1_SCI_EN)
				break;
	}
	kprintf("acpi: entering S5 (soft off)\n");
	console_flush();
	/* the other bits of PM1x_CNT (SCI_EN among them) stay as they are */
	outw((u16)info.pm1a_cnt_port, pm1_sleep_value((u16)info.pm1a_cnt_port, info.s5_slp_typ_a));
	if (info.pm1b_cnt_port)
		outw((u16)info.pm1b_cnt_port,
		     pm1_sleep_value((u16)info.pm1b_cnt_port, info.s5_slp_typ_b));
	for (volatile u32 i = 0; i < 10000000u; i++)
		;
}
