/*
 * The decoders of the tables the kernel uses: MADT, HPET, FADT, and the
 * \_S5 package of the DSDT.  Each runs on a table acpi_map_table checked
 * (length, reachability, checksum) and checks the length covers every
 * field it reads; fields that came in later revisions are read only when
 * the length says they are there.  Offsets are the ACPI specification's.
 */
#include "lib/acpi.h"
#include "lib/acpi_impl.h"
#include "lib/string.h"

/* MADT entry types and their least lengths. */
enum {
	MADT_LAPIC = 0,		 /* 8: uid, apic id, flags */
	MADT_IOAPIC = 1,	 /* 12: id, 0, address, GSI base */
	MADT_OVERRIDE = 2,	 /* 10: bus, source IRQ, GSI, flags */
	MADT_NMI_SOURCE = 3,	 /* 8: flags, GSI */
	MADT_LAPIC_NMI = 4,	 /* 6: uid, flags, LINT# */
	MADT_LAPIC_ADDRESS = 5,	 /* 12: 0, 64-bit address */
	MADT_X2APIC = 9,	 /* 16: 0, x2apic id, flags, uid */
	MADT_X2APIC_NMI = 0x0A,	 /* 12: flags, uid, LINT#, 0 */
};

static u8 madt_min_len(u8 type)
{
	switch (type) {
	case MADT_LAPIC: return 8;
	case MADT_IOAPIC: return 12;
	case MADT_OVERRIDE: return 10;
	case MADT_NMI_SOURCE: return 8;
	case MADT_LAPIC_NMI: return 6;
	case MADT_LAPIC_ADDRESS: return 12;
	case MADT_X2APIC: return 16;
	case MADT_X2APIC_NMI: return 12;
	default: return 2; /* a type we skip: only its length matters */
	}
}

static void madt_clear(struct acpi_info *info)
{
	info->have_madt = false;
	info->lapic_phys = 0;
	info->pcat_compat = false;
	info->cpu_count = info->ioapic_count = info->override_count = info->nmi_count = 0;
	info->madt_dropped = 0;
}

static void add_cpu(struct acpi_info *info, u32 uid, u32 apic_id, u32 flags)
{
	struct acpi_cpu *c;

	/* neither enabled nor online-capable: the firmware says "not there" */
	if (!(flags & 3))
		return;
	if (info->cpu_count == ACPI_MAX_CPUS) {
		info->madt_dropped++;
		return;
	}
	c = &info->cpus[info->cpu_count++];
	c->uid = uid;
	c->apic_id = apic_id;
	c->enabled = flags & 1;
}

static void add_nmi(struct acpi_info *info, u32 uid, u16 flags, u8 lint)
{
	if (info->nmi_count == ACPI_MAX_NMIS) {
		info->madt_dropped++;
		return;
	}
	info->nmis[info->nmi_count++] = (struct acpi_nmi){ .uid = uid, .flags = flags, .lint = lint };
}

static void decode_madt(const struct acpi_mem *mem, const u8 *t, u32 len, struct acpi_info *info)
{
	u32 off = 44;

	if (len < 44) {
		acpi_log(mem, "APIC: length %u shorter than its fixed part, refused", len);
		info->refused++;
		return;
	}
	info->have_madt = true;
	info->lapic_phys = acpi_get32(t + 36);
	info->pcat_compat = acpi_get32(t + 40) & 1;
	while (off < len) {
		u8 type, elen;

		if (len - off < 2) {
			acpi_log(mem, "APIC: entry at offset %u cut by the table's end, refused", off);
			goto refuse;
		}
		type = t[off];
		elen = t[off + 1];
		if (elen < madt_min_len(type) || elen > len - off) {
			acpi_log(mem, "APIC: entry type %u at offset %u has length %u (table %u), refused",
				 type, off, elen, len);
			goto refuse;
		}
		const u8 *e = t + off;
		switch (type) {
		case MADT_LAPIC:
			add_cpu(info, e[2], e[3], acpi_get32(e + 4));
			break;
		case MADT_X2APIC:
			add_cpu(info, acpi_get32(e + 12), acpi_get32(e + 4), acpi_get32(e + 8));
			break;
		case MADT_IOAPIC:
			if (info->ioapic_count == ACPI_MAX_IOAPICS) {
				info->madt_dropped++;
				break;
			}
			info->ioapics[info->ioapic_count++] = (struct acpi_ioapic){
				.id = e[2], .phys = acpi_get32(e + 4), .gsi_base = acpi_get32(e + 8)
			};
			break;
		case MADT_OVERRIDE:
			if (info->override_count == ACPI_MAX_OVERRIDES) {
				info->madt_dropped++;
				break;
			}
			info->overrides[info->override_count++] = (struct acpi_override){
				.bus = e[2], .source_irq = e[3], .gsi = acpi_get32(e + 4),
				.flags = acpi_get16(e + 8)
			};
			break;
		case MADT_LAPIC_NMI:
			add_nmi(info, e[2] == 0xFF ? 0xFFFFFFFFu : e[2], acpi_get16(e + 3), e[5]);
			break;
		case MADT_X2APIC_NMI:
			add_nmi(info, acpi_get32(e + 4), acpi_get16(e + 2), e[8]);
			break;
		case MADT_LAPIC_ADDRESS:
			info->lapic_phys = acpi_get64(e + 4);
			break;
		default:
			break; /* NMI sources, SAPICs, GIC...: nothing the kernel uses */
		}
		off += elen;
	}
	if (info->madt_dropped)
		acpi_log(mem, "APIC: %u entries beyond the kernel's arrays (ignored)",
			 info->madt_dropped);
	return;
refuse:
	madt_clear(info);
	info->refused++;
}

static void decode_hpet(const struct acpi_mem *mem, const u8 *t, u32 len, struct acpi_info *info)
{
	if (len < 56) {
		acpi_log(mem, "HPET: length %u shorter than 56, refused", len);
		info->refused++;
		return;
	}
	if (t[40] != ACPI_SPACE_MEMORY || acpi_get64(t + 44) == 0) {
		acpi_log(mem, "HPET: block not in memory space (space %u, address %#llx), refused",
			 t[40], (unsigned long long)acpi_get64(t + 44));
		info->refused++;
		return;
	}
	info->have_hpet = true;
	info->hpet_block_id = acpi_get32(t + 36);
	info->hpet_phys = acpi_get64(t + 44);
	info->hpet_number = t[52];
	info->hpet_min_tick = acpi_get16(t + 53);
}

static void read_gas(const u8 *p, struct acpi_gas *g)
{
	g->space_id = p[0];
	g->bit_width = p[1];
	g->bit_offset = p[2];
	g->access_size = p[3];
	g->address = acpi_get64(p + 4);
}

/* FADT offsets. */
enum {
	FADT_DSDT = 40,
	FADT_SCI_INT = 46,
	FADT_SMI_CMD = 48,
	FADT_ACPI_ENABLE = 52,
	FADT_PM1A_CNT = 64,
	FADT_PM1B_CNT = 68,
	FADT_PM_TMR = 76,
	FADT_PM_TMR_LEN = 91,
	FADT_CENTURY = 108,
	FADT_BOOT_ARCH = 109,
	FADT_FLAGS = 112,
	FADT_V1_LEN = 116,
	FADT_RESET_REG = 116,
	FADT_RESET_VALUE = 128,
	FADT_X_DSDT = 140,
	FADT_X_PM_TMR = 208,
	FADT_X_LEN = 220, /* through X_PM_TMR_BLK */
};

static void decode_fadt(const struct acpi_mem *mem, const u8 *t, u32 len, struct acpi_info *info)
{
	u8 century;

	if (len < FADT_V1_LEN) {
		acpi_log(mem, "FACP: length %u shorter than ACPI 1.0's 116, refused", len);
		info->refused++;
		return;
	}
	info->have_fadt = true;
	info->fadt_revision = t[8];
	info->fadt_flags = acpi_get32(t + FADT_FLAGS);
	info->sci_irq = acpi_get16(t + FADT_SCI_INT);
	info->smi_cmd_port = acpi_get32(t + FADT_SMI_CMD);
	info->acpi_enable_value = t[FADT_ACPI_ENABLE];
	info->pm1a_cnt_port = acpi_get32(t + FADT_PM1A_CNT);
	info->pm1b_cnt_port = acpi_get32(t + FADT_PM1B_CNT);
	info->dsdt_phys = acpi_get32(t + FADT_DSDT);
	/* The PM timer block is 4 bytes when there is one (PM_TMR_LEN);
	 * the ACPI 2.0 X_ form wins when it names an I/O port. */
	if (t[FADT_PM_TMR_LEN] == 4 && acpi_get32(t + FADT_PM_TMR))
		info->pm_timer_port = acpi_get32(t + FADT_PM_TMR);
	if (len >= FADT_X_LEN) {
		struct acpi_gas x;

		read_gas(t + FADT_X_PM_TMR, &x);
		if (x.space_id == ACPI_SPACE_IO && x.address && x.address <= 0xFFFF)
			info->pm_timer_port = (u32)x.address;
		if (acpi_get64(t + FADT_X_DSDT))
			info->dsdt_phys = acpi_get64(t + FADT_X_DSDT);
	}
	if (info->pm_timer_port > 0xFFFF) {
		acpi_log(mem, "FACP: PM timer port %#x is no I/O port (ignored)",
			 info->pm_timer_port);
		info->pm_timer_port = 0;
	}
	info->pm_timer_32bit = info->fadt_flags & ACPI_FADT_TMR_VAL_EXT;
	/* The century byte sits in CMOS RAM, past the clock's own registers
	 * (0x00-0x0D); an index among them would be a clock register. */
	century = t[FADT_CENTURY];
	if (century >= 0x0E && century < 0x80)
		info->century_index = century;
	else if (century)
		acpi_log(mem, "FACP: CMOS century index %#x out of range (ignored)", century);
	/* Reserved in 1.0 (zero), IA-PC boot flags from 2.0 on. */
	if (info->fadt_revision >= 2)
		info->iapc_boot_arch = acpi_get16(t + FADT_BOOT_ARCH);
	if (len > FADT_RESET_VALUE && (info->fadt_flags & ACPI_FADT_RESET_REG_SUP)) {
		read_gas(t + FADT_RESET_REG, &info->reset_reg);
		info->reset_value = t[FADT_RESET_VALUE];
		/* ACPI: an 8-bit register at bit 0, in memory, I/O or PCI
		 * configuration space of bus 0 */
		if (info->reset_reg.bit_width == 8 && info->reset_reg.bit_offset == 0 &&
		    info->reset_reg.space_id <= ACPI_SPACE_PCI_CONFIG && info->reset_reg.address)
			info->reset_supported = true;
		else
			acpi_log(mem, "FACP: reset register (space %u, width %u, offset %u) unusable",
				 info->reset_reg.space_id, info->reset_reg.bit_width,
				 info->reset_reg.bit_offset);
	}
}

void acpi_decode_table(const struct acpi_mem *mem, u64 phys, struct acpi_info *info)
{
	static const char *const used[] = { "APIC", "HPET", "FACP" };
	const u8 *head = mem->map(mem->ctx, phys, ACPI_HEADER_LEN);
	const u8 *t;
	u32 len;
	unsigned i;

	if (!head) {
		acpi_log(mem, "table at %#llx: not reachable, refused", (unsigned long long)phys);
		info->refused++;
		return;
	}
	for (i = 0; i < 3; i++)
		if (memcmp(head, used[i], 4) == 0)
			break;
	if (i == 3)
		return; /* a table the kernel does not use */
	if ((i == 0 && info->have_madt) || (i == 1 && info->have_hpet) ||
	    (i == 2 && info->have_fadt)) {
		acpi_log(mem, "a second %s at %#llx (ignored)", used[i], (unsigned long long)phys);
		return;
	}
	t = acpi_map_table(mem, phys, used[i], &len);
	if (!t) {
		info->refused++;
		return;
	}
	if (i == 0)
		decode_madt(mem, t, len, info);
	else if (i == 1)
		decode_hpet(mem, t, len, info);
	else
		decode_fadt(mem, t, len, info);
}

void acpi_decode_dsdt(const struct acpi_mem *mem, struct acpi_info *info)
{
	u32 len;
	const u8 *t = acpi_map_table(mem, info->dsdt_phys, "DSDT", &len);

	if (!t) {
		info->refused++;
		return;
	}
	if (acpi_find_s5(t + ACPI_HEADER_LEN, len - ACPI_HEADER_LEN, &info->s5_slp_typ_a,
			 &info->s5_slp_typ_b) == 0)
		info->have_s5 = true;
	else
		acpi_log(mem, "DSDT: no \\_S5 package found (no ACPI power-off)");
}

/* One AML integer constant at p (end: first byte past the package); its
 * length in *n, or 0 if it is none. */
static u32 aml_const(const u8 *p, const u8 *end, u32 *n)
{
	*n = 0;
	if (p >= end)
		return 0;
	switch (p[0]) {
	case 0x00: *n = 1; return 0;	      /* ZeroOp */
	case 0x01: *n = 1; return 1;	      /* OneOp */
	case 0xFF: *n = 1; return 0xFFFFFFFF; /* OnesOp */
	case 0x0A: /* BytePrefix */
		if (end - p < 2)
			return 0;
		*n = 2;
		return p[1];
	case 0x0B: /* WordPrefix */
		if (end - p < 3)
			return 0;
		*n = 3;
		return acpi_get16(p + 1);
	case 0x0C: /* DWordPrefix */
		if (end - p < 5)
			return 0;
		*n = 5;
		return acpi_get32(p + 1);
	default:
		return 0;
	}
}

int acpi_find_s5(const u8 *aml, u32 len, u8 *slp_typ_a, u8 *slp_typ_b)
{
	const u8 *end = aml + len;

	/* NameOp '_S5_' PackageOp PkgLength NumElements const const ... */
	for (u32 i = 1; i + 4 <= len; i++) {
		const u8 *p = aml + i, *pkg_end;
		u32 pkglen, extra, a, b, n;

		if (memcmp(p, "_S5_", 4) != 0)
			continue;
		/* NameOp before it, perhaps with the root prefix '\' */
		if (!(p[-1] == 0x08 || (p[-1] == '\\' && i >= 2 && p[-2] == 0x08)))
			continue;
		p += 4;
		if (end - p < 3 || p[0] != 0x12)
			continue;
		p++;
		/* PkgLength: bits 7-6 of the lead byte count the bytes after
		 * it; with some, the lead's low 4 bits are the lowest */
		extra = p[0] >> 6;
		if ((u32)(end - p) < extra + 2)
			continue;
		pkglen = extra ? p[0] & 0x0F : p[0] & 0x3F;
		for (u32 k = 0; k < extra; k++)
			pkglen |= (u32)p[1 + k] << (4 + 8 * k);
		if (pkglen > (u32)(end - p))
			continue;
		pkg_end = p + pkglen;
		p += 1 + extra;
		if (p >= pkg_end || p[0] < 2)
			continue; /* NumElements: SLP_TYPa and b */
		p++;
		a = aml_const(p, pkg_end, &n);
		if (!n)
			continue;
		p += n;
		b = aml_const(p, pkg_end, &n);
		if (!n)
			continue;
		*slp_typ_a = a & 7;
		*slp_typ_b = b & 7;
		return 0;
	}
	return -1;
}
