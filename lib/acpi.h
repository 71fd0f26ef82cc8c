/*
 * ACPI tables, read and checked, never trusted.
 *
 * The firmware leaves a Root System Description Pointer (RSDP) in the
 * EBDA's first KiB or in the BIOS area 0xE0000..0xFFFFF, on a 16-byte
 * boundary.  It points at the RSDT (32-bit entries) and, from revision 2,
 * the XSDT (64-bit entries); each entry is the physical address of a table
 * that starts with the common 36-byte header (signature, length, revision,
 * checksum, OEM ids).  What the kernel wants from them:
 *
 *   FACP (the FADT): the PM timer's I/O port and width, the reset register,
 *                    the CMOS century index, the PM1 control ports and the
 *                    DSDT (whose \_S5 package gives the soft-off SLP_TYP)
 *   APIC (the MADT): local APICs, I/O APICs, interrupt source overrides
 *                    (ISA IRQ -> GSI), NMI wiring
 *   HPET:            the event timer block's address
 *
 * Every table is checked before one field of it is used: its length is at
 * least the header's and the fields read, no more than ACPI_TABLE_MAX, it
 * is reachable whole, and its bytes sum to 0 mod 256.  A table that fails
 * is refused with a message and the parse goes on without it; a MADT entry
 * that runs past its table, or is shorter than its type, refuses the MADT.
 * Nothing is kept pointing into the tables: what is used is copied out.
 *
 * Hardware-free: memory is reached through struct acpi_mem, so the host
 * tests feed it dumps of QEMU's tables (tests/host/acpi/).
 */
#ifndef TICK386_LIB_ACPI_H
#define TICK386_LIB_ACPI_H

#include "lib/types.h"

#define ACPI_RSDP_V1_LEN 20
#define ACPI_RSDP_V2_LEN 36
#define ACPI_HEADER_LEN 36
#define ACPI_TABLE_MAX (4u << 20) /* longer than any real table (DSDTs: < 1 MiB) */

#define ACPI_MAX_CPUS 32
#define ACPI_MAX_IOAPICS 8
#define ACPI_MAX_OVERRIDES 16
#define ACPI_MAX_NMIS 16

/* Generic Address Structure: where a register is. */
#define ACPI_SPACE_MEMORY 0
#define ACPI_SPACE_IO 1
#define ACPI_SPACE_PCI_CONFIG 2
struct acpi_gas {
	u8 space_id, bit_width, bit_offset, access_size;
	u64 address;
};

/* What an RSDP says (after acpi_rsdp_check). */
struct acpi_rsdp {
	u8 revision;
	char oem_id[7];
	u32 rsdt_phys;
	u64 xsdt_phys; /* 0 before revision 2 */
};

/* How the parser reaches memory and says what it refuses. */
struct acpi_mem {
	/* len readable bytes at physical phys, or NULL if not reachable. */
	const void *(*map)(void *ctx, u64 phys, u32 len);
	/* One line (no newline) per refusal or oddity; may be NULL. */
	void (*log)(void *ctx, const char *msg);
	void *ctx;
};

struct acpi_cpu {
	u32 uid, apic_id;
	bool enabled; /* MADT flags bit 0; an online-capable one is not */
};
struct acpi_ioapic {
	u8 id;
	u32 phys, gsi_base;
};
/* An ISA IRQ wired elsewhere: flags bits 0-1 polarity, 2-3 trigger mode
 * (0: the bus's default, 1: active high / edge, 3: active low / level). */
struct acpi_override {
	u8 bus, source_irq;
	u16 flags;
	u32 gsi;
};
struct acpi_nmi {
	u32 uid; /* 0xFF (or 0xFFFFFFFF, x2APIC): every processor */
	u16 flags;
	u8 lint;
};

struct acpi_info {
	struct acpi_rsdp rsdp;
	bool xsdt_used;
	unsigned refused; /* tables (or a root) refused */

	bool have_madt;
	u64 lapic_phys;
	bool pcat_compat; /* 8259s present (MADT flags bit 0) */
	struct acpi_cpu cpus[ACPI_MAX_CPUS];
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
	struct acpi_override overrides[ACPI_MAX_OVERRIDES];
	struct acpi_nmi nmis[ACPI_MAX_NMIS];
	unsigned cpu_count, ioapic_count, override_count, nmi_count;
	unsigned madt_dropped; /* entries beyond the arrays above */

	bool have_hpet;
	u64 hpet_phys;
	u32 hpet_block_id; /* the event timer block id register's copy */
	u8 hpet_number;
	u16 hpet_min_tick;

	bool have_fadt;
	u8 fadt_revision;
	u32 fadt_flags;
	u16 sci_irq;
	u32 pm_timer_port; /* 0: none */
	bool pm_timer_32bit;
	u32 pm1a_cnt_port, pm1b_cnt_port;
	u32 smi_cmd_port;
	u8 acpi_enable_value;
	u8 century_index; /* CMOS index of the century, 0: none */
	u16 iapc_boot_arch;
	bool reset_supported;
	struct acpi_gas reset_reg;
	u8 reset_value;
	u64 dsdt_phys;

	bool have_s5; /* DSDT's \_S5 package found */
	u8 s5_slp_typ_a, s5_slp_typ_b;
};

/* FADT flags and IA-PC boot architecture bits used by the kernel. */
#define ACPI_FADT_TMR_VAL_EXT (1u << 8)
#define ACPI_FADT_RESET_REG_SUP (1u << 10)
#define ACPI_IAPC_8042 (1u << 1)

/* 0 and *out filled when p (avail bytes readable) is a valid RSDP: the
 * signature, the checksum of the first 20 bytes, and from revision 2 a
 * length of 36..avail with the extended checksum over it; else -1 and
 * *why says what failed. */
int acpi_rsdp_check(const u8 *p, u32 avail, struct acpi_rsdp *out, const char **why);

/* The offset of the first valid RSDP on a 16-byte boundary of area[0..len),
 * or -1. */
long acpi_rsdp_scan(const u8 *area, u32 len);

/* 0 when t (avail bytes readable) is a whole table: length in
 * [ACPI_HEADER_LEN, min(avail, ACPI_TABLE_MAX)], checksum 0; else -1, *why. */
int acpi_table_check(const u8 *t, u32 avail, const char **why);

/* Walk the root table of rsdp (the XSDT when there is a valid one, else the
 * RSDT) and fill *info from the MADT, HPET and FADT (and the DSDT's \_S5).
 * Returns 0, or -1 when no root table is usable (*info then has only the
 * RSDP).  A refused table is logged, counted in info->refused, skipped. */
int acpi_parse(const struct acpi_mem *mem, const struct acpi_rsdp *rsdp, struct acpi_info *info);

/* Find "Name(_S5_, Package() { a, b, ... })" in AML bytes and give SLP_TYPa
 * and SLP_TYPb (3 bits each).  A byte scan, not an AML interpreter: it
 * takes the first _S5_ name followed by a package of constants, as most
 * small kernels do.  Returns 0, or -1 if there is none. */
int acpi_find_s5(const u8 *aml, u32 len, u8 *slp_typ_a, u8 *slp_typ_b);

#endif
