/*
 * Host tests of lib/acpi.c and lib/acpi_tables.c on the tables QEMU 7.2's
 * SeaBIOS builds for -M pc and -M q35 (tests/host/acpi/qemu-*.bin, made by
 * tests/host/acpi/extract.py from memory dumps: see its top), then on
 * hostile tables derived from them: bad checksums, tables cut short, lengths
 * pointing outside, lengths below the header or the fixed part, MADT entries
 * of length 0 or running past the table, more entries than the kernel keeps,
 * a root pointing nowhere, a revision 2 RSDP and XSDT built from the real
 * RSDT (and broken).  Every region of "physical memory" is its own heap
 * block of exactly its size, so ASan catches a read one byte outside.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/acpi.h"

#define MAX_REGIONS 32
#define MAX_LOG 64

struct region {
	uint64_t phys;
	uint32_t len;
	uint8_t *data;
};

/* A sparse physical memory, and what the parser said. */
struct mem {
	struct region r[MAX_REGIONS];
	unsigned n;
	char log[MAX_LOG][160];
	unsigned nlog;
};

static const void *mem_map(void *ctx, uint64_t phys, uint32_t len)
{
	struct mem *m = ctx;

	for (unsigned i = 0; i < m->n; i++) {
		struct region *r = &m->r[i];
		if (phys >= r->phys && phys - r->phys <= r->len && len <= r->len - (phys - r->phys))
			return r->data + (phys - r->phys);
	}
	return NULL;
}

static void mem_log(void *ctx, const char *msg)
{
	struct mem *m = ctx;

	if (m->nlog < MAX_LOG)
		snprintf(m->log[m->nlog++], sizeof(m->log[0]), "%s", msg);
}

static bool logged(const struct mem *m, const char *part)
{
	for (unsigned i = 0; i < m->nlog; i++)
		if (strstr(m->log[i], part))
			return true;
	return false;
}

static void mem_add(struct mem *m, uint64_t phys, const void *data, uint32_t len)
{
	assert_true(m->n < MAX_REGIONS);
	m->r[m->n].phys = phys;
	m->r[m->n].len = len;
	m->r[m->n].data = malloc(len ? len : 1);
	assert_non_null(m->r[m->n].data);
	memcpy(m->r[m->n].data, data, len);
	m->n++;
}

/* Load "T386ACPI" then (u64 phys, u32 len, bytes)*. */
static struct mem *mem_load(const char *name)
{
	char path[256];
	FILE *f;
	struct mem *m = calloc(1, sizeof(*m));
	uint8_t magic[8], hdr[12], buf[65536];

	assert_non_null(m);
	snprintf(path, sizeof(path), "tests/host/acpi/%s", name);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fread(magic, 1, 8, f), 8);
	assert_memory_equal(magic, "T386ACPI", 8);
	while (fread(hdr, 1, 12, f) == 12) {
		uint64_t phys;
		uint32_t len;

		memcpy(&phys, hdr, 8);
		memcpy(&len, hdr + 8, 4);
		assert_true(len <= sizeof(buf));
		assert_int_equal(fread(buf, 1, len, f), len);
		mem_add(m, phys, buf, len);
	}
	fclose(f);
	return m;
}

static void mem_free(struct mem *m)
{
	for (unsigned i = 0; i < m->n; i++)
		free(m->r[i].data);
	free(m);
}

static struct region *mem_find(struct mem *m, const char *sig)
{
	for (unsigned i = 0; i < m->n; i++)
		if (m->r[i].len >= 4 && memcmp(m->r[i].data, sig, 4) == 0)
			return &m->r[i];
	fail_msg("no %s in the dump", sig);
	return NULL;
}

/* Replace a region's bytes (a new block of exactly len bytes). */
static void region_set(struct region *r, const uint8_t *data, uint32_t len)
{
	uint8_t *n = malloc(len ? len : 1);

	assert_non_null(n);
	memcpy(n, data, len);
	free(r->data);
	r->data = n;
	r->len = len;
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static uint32_t get32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* Make the bytes [0, n) sum to 0 by the byte at `at`. */
static void fix_sum(uint8_t *p, uint32_t n, uint32_t at)
{
	uint8_t s = 0;

	p[at] = 0;
	for (uint32_t i = 0; i < n; i++)
		s += p[i];
	p[at] = (uint8_t)-s;
}

static void fix_table(struct region *r)
{
	fix_sum(r->data, get32(r->data + 4) < r->len ? get32(r->data + 4) : r->len, 9);
}

static int parse(struct mem *m, struct acpi_info *info)
{
	struct acpi_rsdp rsdp;
	struct acpi_mem am = { mem_map, mem_log, m };
	struct region *r = mem_find(m, "RSD ");
	const char *why = NULL;

	assert_int_equal(acpi_rsdp_check(r->data, r->len, &rsdp, &why), 0);
	return acpi_parse(&am, &rsdp, info);
}

/* What both QEMU machines share: one CPU, one I/O APIC, the HPET, a
 * 24-bit PM timer at 0x608, the century at CMOS 0x32, \_S5 = 0. */
static void check_common(const struct acpi_info *in)
{
	assert_int_equal(in->rsdp.revision, 0);
	assert_string_equal(in->rsdp.oem_id, "BOCHS ");
	assert_false(in->xsdt_used);
	assert_int_equal(in->refused, 0);
	assert_true(in->have_madt);
	assert_int_equal(in->lapic_phys, 0xFEE00000u);
	assert_true(in->pcat_compat);
	assert_int_equal(in->cpu_count, 1);
	assert_int_equal(in->cpus[0].apic_id, 0);
	assert_true(in->cpus[0].enabled);
	assert_int_equal(in->ioapic_count, 1);
	assert_int_equal(in->ioapics[0].phys, 0xFEC00000u);
	assert_int_equal(in->ioapics[0].gsi_base, 0);
	/* QEMU wires the PIT's IRQ 0 to GSI 2 */
	assert_true(in->override_count >= 1);
	assert_int_equal(in->overrides[0].source_irq, 0);
	assert_int_equal(in->overrides[0].gsi, 2);
	assert_int_equal(in->nmi_count, 1);
	assert_int_equal(in->nmis[0].uid, 0xFFFFFFFFu);
	assert_int_equal(in->nmis[0].lint, 1);
	assert_true(in->have_hpet);
	assert_int_equal(in->hpet_phys, 0xFED00000u);
	assert_true(in->have_fadt);
	assert_int_equal(in->pm_timer_port, 0x608);
	assert_false(in->pm_timer_32bit);
	assert_int_equal(in->century_index, 0x32);
	assert_int_equal(in->sci_irq, 9);
	assert_true(in->have_s5);
	assert_int_equal(in->s5_slp_typ_a, 0);
	assert_int_equal(in->s5_slp_typ_b, 0);
}

static void test_qemu_pc(void **state)
{
	struct mem *m = mem_load("qemu-pc.bin");
	struct acpi_info in;

	(void)state;
	assert_int_equal(parse(m, &in), 0);
	check_common(&in);
	assert_int_equal(in.fadt_revision, 1);
	assert_int_equal(in.pm1a_cnt_port, 0x604);
	/* ACPI 1.0 FADT: no reset register */
	assert_false(in.reset_supported);
	/* PIIX: IRQ 0 -> 2, then the PCI links 5, 9, 10, 11 level-triggered */
	assert_int_equal(in.override_count, 5);
	assert_int_equal(in.overrides[1].source_irq, 5);
	assert_int_equal(in.overrides[1].flags, 0x000d);
	assert_int_equal(m->nlog, 0);
	mem_free(m);
}

static void test_qemu_q35(void **state)
{
	struct mem *m = mem_load("qemu-q35.bin");
	struct acpi_info in;

	(void)state;
	assert_int_equal(parse(m, &in), 0);
	check_common(&in);
	assert_int_equal(in.fadt_revision, 3);
	assert_int_equal(in.pm1a_cnt_port, 0x604);
	/* ICH9: the reset control register, 0x0F = full reset */
	assert_true(in.reset_supported);
	assert_int_equal(in.reset_reg.space_id, ACPI_SPACE_IO);
	assert_int_equal(in.reset_reg.address, 0xCF9);
	assert_int_equal(in.reset_value, 0x0F);
	assert_int_equal(m->nlog, 0);
	mem_free(m);
}

/* The RSDP checks, each failing for its own reason. */
static void test_rsdp_check(void **state)
{
	struct mem *m = mem_load("qemu-pc.bin");
	struct region *r = mem_find(m, "RSD ");
	struct acpi_rsdp out;
	uint8_t b[64];
	const char *why;

	(void)state;
	memcpy(b, r->data, 20);
	assert_int_equal(acpi_rsdp_check(b, 20, &out, &why), 0);
	assert_int_equal(out.rsdt_phys, 0x07FE1A49u);
	assert_int_equal(acpi_rsdp_check(b, 19, &out, &why), -1);
	b[10] ^= 1;
	assert_int_equal(acpi_rsdp_check(b, 20, &out, &why), -1);
	assert_string_equal(why, "bad RSDP checksum");
	b[10] ^= 1;
	b[0] = 'r';
	assert_int_equal(acpi_rsdp_check(b, 20, &out, &why), -1);
	b[0] = 'R';
	/* revision 2: length and extended checksum */
	memset(b + 20, 0, 44);
	b[15] = 2;
	put32(b + 20, 36);
	b[24] = 0x40;
	fix_sum(b, 20, 8);
	fix_sum(b, 36, 32);
	assert_int_equal(acpi_rsdp_check(b, 36, &out, &why), 0);
	assert_int_equal(out.xsdt_phys, 0x40);
	assert_int_equal(acpi_rsdp_check(b, 35, &out, &why), -1);
	assert_string_equal(why, "RSDP revision 2 truncated");
	put32(b + 20, 64); /* longer than what is readable */
	fix_sum(b, 20, 8);
	assert_int_equal(acpi_rsdp_check(b, 36, &out, &why), -1);
	assert_string_equal(why, "RSDP revision 2 length out of range");
	put32(b + 20, 20);
	fix_sum(b, 20, 8);
	assert_int_equal(acpi_rsdp_check(b, 64, &out, &why), -1);
	put32(b + 20, 36);
	fix_sum(b, 20, 8);
	b[30] = 1; /* extended checksum now wrong, the first 20 still right */
	assert_int_equal(acpi_rsdp_check(b, 36, &out, &why), -1);
	assert_string_equal(why, "bad RSDP extended checksum");
	mem_free(m);
}

/* The scan finds the real RSDP where SeaBIOS put it, past a decoy with a
 * bad checksum and a valid copy that is not 16-byte aligned. */
static void test_rsdp_scan(void **state)
{
	struct mem *m = mem_load("qemu-q35.bin");
	struct region *r = mem_find(m, "RSD ");
	uint32_t len = 0x20000, at = (uint32_t)(r->phys - 0xE0000);
	uint8_t *area = calloc(1, len);

	(void)state;
	assert_non_null(area);
	assert_int_equal(acpi_rsdp_scan(area, len), -1);
	memcpy(area + at, r->data, 20);
	assert_int_equal(acpi_rsdp_scan(area, len), at);
	memcpy(area + 0x100, r->data, 20);
	area[0x100 + 12] ^= 0x55; /* decoy */
	memcpy(area + 0x208, r->data, 20); /* misaligned */
	assert_int_equal(acpi_rsdp_scan(area, len), at);
	/* at the very end: 20 bytes fit */
	memset(area, 0, len);
	memcpy(area + len - 32, r->data, 20);
	assert_int_equal(acpi_rsdp_scan(area, len - 12), len - 32);
	assert_int_equal(acpi_rsdp_scan(area, len - 13), -1);
	free(area);
	mem_free(m);
}

/* A revision 2 RSDP and an XSDT listing the real tables; then the XSDT
 * broken, and the parse falls back to the RSDT. */
static void test_xsdt(void **state)
{
	struct mem *m = mem_load("qemu-q35.bin");
	struct region *rsdt = mem_find(m, "RSDT"), *rp = mem_find(m, "RSD ");
	uint32_t n = (rsdt->len - 36) / 4, xlen = 36 + 8 * n;
	uint8_t x[256], p[36];
	struct acpi_info in;

	(void)state;
	memset(x, 0, sizeof(x));
	memcpy(x, rsdt->data, 36);
	memcpy(x, "XSDT", 4);
	put32(x + 4, xlen);
	for (uint32_t i = 0; i < n; i++)
		put32(x + 36 + 8 * i, get32(rsdt->data + 36 + 4 * i));
	fix_sum(x, xlen, 9);
	mem_add(m, 0x100000, x, xlen);
	memset(p, 0, sizeof(p));
	memcpy(p, rp->data, 20);
	p[15] = 2;
	put32(p + 20, 36);
	put32(p + 24, 0x100000);
	fix_sum(p, 20, 8);
	fix_sum(p, 36, 32);
	region_set(rp, p, 36);
	/* the RSDT made useless: only the XSDT can give the tables */
	memcpy(rsdt->data, "XXXX", 4);
	assert_int_equal(parse(m, &in), 0);
	assert_true(in.xsdt_used);
	assert_int_equal(in.rsdp.revision, 2);
	assert_true(in.have_madt && in.have_hpet && in.have_fadt && in.have_s5);
	assert_true(in.reset_supported);
	assert_int_equal(in.refused, 0);
	/* a bad XSDT: the RSDT (repaired) serves */
	memcpy(rsdt->data, "RSDT", 4);
	m->r[m->n - 1].data[40] ^= 0xFF;
	assert_int_equal(parse(m, &in), 0);
	assert_false(in.xsdt_used);
	assert_true(in.have_madt && in.have_hpet && in.have_fadt);
	assert_int_equal(in.refused, 1);
	assert_true(logged(m, "XSDT at 0x100000: bad checksum, refused"));
	assert_true(logged(m, "falling back to the RSDT"));
	/* an XSDT entry above 4 GiB the map cannot reach */
	put32(x + 36 + 8 * 0 + 4, 1);
	fix_sum(x, xlen, 9);
	region_set(&m->r[m->n - 1], x, xlen);
	m->nlog = 0;
	assert_int_equal(parse(m, &in), 0);
	assert_true(in.xsdt_used);
	assert_false(in.have_fadt); /* the first entry was the FADT */
	assert_true(in.have_madt);
	assert_true(logged(m, "not reachable, refused"));
	mem_free(m);
}

/* A table with one byte changed is refused, and only it. */
static void test_bad_checksums(void **state)
{
	static const char *const sigs[] = { "FACP", "APIC", "HPET", "DSDT", "RSDT" };

	(void)state;
	for (unsigned s = 0; s < 5; s++) {
		struct mem *m = mem_load("qemu-q35.bin");
		struct region *r = mem_find(m, sigs[s]);
		struct acpi_info in;
		char want[64];

		r->data[r->len - 1] ^= 0x20;
		snprintf(want, sizeof(want), "%s at %#llx: bad checksum, refused", sigs[s],
			 (unsigned long long)r->phys);
		if (s == 4) {
			assert_int_equal(parse(m, &in), -1);
		} else {
			assert_int_equal(parse(m, &in), 0);
			assert_int_equal(in.refused, 1);
		}
		assert_true(logged(m, want));
		assert_int_equal(in.have_fadt, s != 0 && s != 4);
		assert_int_equal(in.have_madt, s != 1 && s != 4);
		assert_int_equal(in.have_hpet, s != 2 && s != 4);
		assert_int_equal(in.have_s5, s > 3 ? 0 : s != 0 && s != 3);
		if (s == 1)
			assert_int_equal(in.cpu_count, 0);
		mem_free(m);
	}
}

/* Each table cut at every length (the bytes after the cut not there): all
 * refused, never a read past the cut (ASan), and the others unharmed. */
static void test_truncated(void **state)
{
	static const char *const sigs[] = { "FACP", "APIC", "HPET", "DSDT", "RSDT" };

	(void)state;
	for (unsigned s = 0; s < 5; s++) {
		struct mem *m = mem_load("qemu-pc.bin");
		struct region *r = mem_find(m, sigs[s]);
		uint32_t full = r->len;
		uint8_t *copy = malloc(full);

		assert_non_null(copy);
		memcpy(copy, r->data, full);
		for (uint32_t cut = 0; cut < full; cut++) {
			struct acpi_info in;

			region_set(r, copy, cut);
			m->nlog = 0;
			parse(m, &in);
			assert_true(logged(m, "not reachable, refused"));
			assert_int_equal(in.have_madt, s != 1 && s != 4);
			assert_int_equal(in.have_hpet, s != 2 && s != 4);
			assert_int_equal(in.have_fadt, s != 0 && s != 4);
		}
		free(copy);
		mem_free(m);
	}
}

/* Length fields that lie, with the checksum made right again, so that the
 * length check itself must catch them. */
static void test_lying_lengths(void **state)
{
	static const uint32_t lies[] = { 0, 1, 35, 0xFFFFFFFFu, 0x80000000u, ACPI_TABLE_MAX + 1 };
	struct acpi_info in;

	(void)state;
	for (unsigned k = 0; k < sizeof(lies) / sizeof(lies[0]); k++) {
		struct mem *m = mem_load("qemu-pc.bin");
		struct region *r = mem_find(m, "APIC");

		put32(r->data + 4, lies[k]);
		fix_sum(r->data, r->len, 9);
		assert_int_equal(parse(m, &in), 0);
		assert_false(in.have_madt);
		assert_int_equal(in.refused, 1);
		assert_true(logged(m, "out of range, refused") || logged(m, "not reachable"));
		mem_free(m);
	}
	/* a length pointing past the bytes that exist after the table */
	{
		struct mem *m = mem_load("qemu-pc.bin");
		struct region *r = mem_find(m, "HPET");

		put32(r->data + 4, r->len + 16);
		assert_int_equal(parse(m, &in), 0);
		assert_false(in.have_hpet);
		assert_true(logged(m, "bytes are not reachable, refused"));
		mem_free(m);
	}
	/* shorter than the fixed part of the table, checksum right */
	{
		static const struct {
			const char *sig;
			uint32_t len;
		} shorts[] = { { "FACP", 115 }, { "APIC", 43 }, { "HPET", 55 } };
		for (unsigned k = 0; k < 3; k++) {
			struct mem *m = mem_load("qemu-pc.bin");
			struct region *r = mem_find(m, shorts[k].sig);

			put32(r->data + 4, shorts[k].len);
			fix_sum(r->data, shorts[k].len, 9);
			assert_int_equal(parse(m, &in), 0);
			assert_int_equal(in.refused, 1);
			assert_true(logged(m, "shorter than"));
			assert_false(k == 0 ? in.have_fadt : k == 1 ? in.have_madt : in.have_hpet);
			mem_free(m);
		}
	}
}

/* MADT entries that lie about their length; too many entries. */
static void test_madt_entries(void **state)
{
	struct acpi_info in;

	(void)state;
	/* length 0 (a loop that never ends, were it trusted), 1, shorter than
	 * its type, running past the table */
	static const uint8_t bad_len[] = { 0, 1, 7, 200 };
	for (unsigned k = 0; k < 4; k++) {
		struct mem *m = mem_load("qemu-pc.bin");
		struct region *r = mem_find(m, "APIC");

		r->data[44 + 8 + 1] = bad_len[k]; /* the second entry: the I/O APIC's */
		fix_table(r);
		assert_int_equal(parse(m, &in), 0);
		assert_false(in.have_madt);
		assert_int_equal(in.cpu_count + in.ioapic_count + in.override_count, 0);
		assert_int_equal(in.refused, 1);
		assert_true(logged(m, "APIC: entry type 1 at offset 52"));
		mem_free(m);
	}
	/* a table of 300 local APICs: 32 kept, the rest counted and said */
	{
		struct mem *m = mem_load("qemu-pc.bin");
		struct region *r = mem_find(m, "APIC");
		uint32_t len = 44 + 300 * 8;
		uint8_t *t = calloc(1, len);

		assert_non_null(t);
		memcpy(t, r->data, 44);
		put32(t + 4, len);
		for (unsigned i = 0; i < 300; i++) {
			uint8_t *e = t + 44 + 8 * i;
			e[0] = 0;
			e[1] = 8;
			e[2] = (uint8_t)i;
			e[3] = (uint8_t)i;
			put32(e + 4, i == 3 ? 0 : 1); /* one disabled CPU */
		}
		fix_sum(t, len, 9);
		/* elsewhere: it would cover the tables after it */
		mem_add(m, 0x200000, t, len);
		free(t);
		r = mem_find(m, "RSDT");
		put32(r->data + 40, 0x200000);
		fix_table(r);
		assert_int_equal(parse(m, &in), 0);
		assert_true(in.have_madt);
		assert_int_equal(in.cpu_count, ACPI_MAX_CPUS);
		assert_int_equal(in.cpus[3].apic_id, 4);
		assert_int_equal(in.madt_dropped, 299 - ACPI_MAX_CPUS);
		assert_true(logged(m, "entries beyond the kernel's arrays"));
		mem_free(m);
	}
}

/* RSDT entries pointing nowhere, at null, at a table of another name. */
static void test_rsdt_entries(void **state)
{
	struct mem *m = mem_load("qemu-pc.bin");
	struct region *r = mem_find(m, "RSDT");
	struct acpi_info in;

	(void)state;
	put32(r->data + 36, 0x12345678); /* the FADT's entry */
	put32(r->data + 40, 0);		 /* the MADT's */
	fix_table(r);
	assert_int_equal(parse(m, &in), 0);
	assert_false(in.have_fadt);
	assert_false(in.have_madt);
	assert_true(in.have_hpet);
	assert_true(logged(m, "table at 0x12345678: not reachable, refused"));
	assert_true(logged(m, "RSDT entry 1 is null"));
	/* the RSDP's RSDT address pointing at the FADT */
	{
		struct mem *m2 = mem_load("qemu-pc.bin");
		struct region *rp = mem_find(m2, "RSD ");
		put32(rp->data + 16, (uint32_t)mem_find(m2, "FACP")->phys);
		fix_sum(rp->data, 20, 8);
		assert_int_equal(parse(m2, &in), -1);
		assert_true(logged(m2, "signature 'FACP', expected 'RSDT', refused"));
		mem_free(m2);
	}
	mem_free(m);
}

/* FADT fields: the 32-bit timer flag, a century index among the clock's
 * registers, a reset register of the wrong width, the X_PM_TMR_BLK. */
static void test_fadt_fields(void **state)
{
	struct mem *m = mem_load("qemu-q35.bin");
	struct region *r = mem_find(m, "FACP");
	struct acpi_info in;

	(void)state;
	put32(r->data + 112, get32(r->data + 112) | ACPI_FADT_TMR_VAL_EXT);
	r->data[108] = 0x0B; /* CMOS status register B */
	r->data[117] = 16;   /* reset register 16 bits wide */
	fix_table(r);
	assert_int_equal(parse(m, &in), 0);
	assert_true(in.pm_timer_32bit);
	assert_int_equal(in.century_index, 0);
	assert_true(logged(m, "century index 0xb out of range"));
	assert_false(in.reset_supported);
	assert_true(logged(m, "reset register (space 1, width 16"));
	/* X_PM_TMR_BLK names another port: it wins */
	r->data[117] = 8;
	r->data[208] = ACPI_SPACE_IO;
	r->data[209] = 32;
	put32(r->data + 212, 0xB008);
	put32(r->data + 216, 0);
	fix_table(r);
	assert_int_equal(parse(m, &in), 0);
	assert_int_equal(in.pm_timer_port, 0xB008);
	assert_true(in.reset_supported);
	/* PM_TMR_LEN 0 and no X form: no PM timer */
	memset(r->data + 208, 0, 12);
	r->data[91] = 0;
	fix_table(r);
	assert_int_equal(parse(m, &in), 0);
	assert_int_equal(in.pm_timer_port, 0);
	mem_free(m);
}

/* \_S5 in hand-made AML: prefixes, a 2-byte PkgLength, the root prefix,
 * then every truncation of each (never a read past the end: ASan). */
static void test_s5(void **state)
{
	static const struct {
		uint8_t aml[24];
		unsigned len;
		int rc;
		uint8_t a, b;
	} cases[] = {
		{ { 0x08, '_', 'S', '5', '_', 0x12, 0x06, 0x04, 0x00, 0x00, 0x00, 0x00 }, 12, 0, 0, 0 },
		{ { 0x10, 0x08, '_', 'S', '5', '_', 0x12, 0x06, 0x02, 0x0A, 0x05, 0x0A, 0x07 }, 13, 0, 5, 7 },
		{ { 0x08, '\\', '_', 'S', '5', '_', 0x12, 0x08, 0x02, 0x0C, 0x07, 0, 0, 0, 0x01 }, 15, 0, 7, 1 },
		{ { 0x08, '_', 'S', '5', '_', 0x12, 0x47, 0x00, 0x02, 0x0B, 0x06, 0x00, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 24, 0, 6, 7 },
		/* not a NameOp before it; a method named _S5_; one element */
		{ { 0x14, '_', 'S', '5', '_', 0x12, 0x06, 0x04, 0x00, 0x00, 0x00, 0x00 }, 12, -1, 0, 0 },
		{ { 0x08, '_', 'S', '5', '_', 0x14, 0x06, 0x04, 0x00, 0x00, 0x00, 0x00 }, 12, -1, 0, 0 },
		{ { 0x08, '_', 'S', '5', '_', 0x12, 0x04, 0x01, 0x0A, 0x05 }, 10, -1, 0, 0 },
		/* a PkgLength longer than the bytes */
		{ { 0x08, '_', 'S', '5', '_', 0x12, 0x3F, 0x02, 0x00, 0x00 }, 10, -1, 0, 0 },
	};

	(void)state;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		uint8_t a = 0xEE, b = 0xEE;

		for (unsigned cut = 0; cut <= cases[k].len; cut++) {
			uint8_t *p = malloc(cut ? cut : 1);
			assert_non_null(p);
			memcpy(p, cases[k].aml, cut);
			int rc = acpi_find_s5(p, cut, &a, &b);
			if (cut == cases[k].len) {
				assert_int_equal(rc, cases[k].rc);
				if (rc == 0) {
					assert_int_equal(a, cases[k].a);
					assert_int_equal(b, cases[k].b);
				}
			} else if (cut < 9) {
				assert_int_equal(rc, -1);
			}
			free(p);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qemu_pc),	      cmocka_unit_test(test_qemu_q35),
		cmocka_unit_test(test_rsdp_check),    cmocka_unit_test(test_rsdp_scan),
		cmocka_unit_test(test_xsdt),	      cmocka_unit_test(test_bad_checksums),
		cmocka_unit_test(test_truncated),     cmocka_unit_test(test_lying_lengths),
		cmocka_unit_test(test_madt_entries),  cmocka_unit_test(test_rsdt_entries),
		cmocka_unit_test(test_fadt_fields),   cmocka_unit_test(test_s5),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
