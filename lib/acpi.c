/*
 * ACPI: the RSDP, the root tables and the checks every table passes
 * (lib/acpi.h).  The decoders of the tables the kernel uses are in
 * lib/acpi_tables.c.
 *
 * The order of checks on a table at a physical address: map its 36-byte
 * header (reachable?), read its length (at least the header, at most
 * ACPI_TABLE_MAX), map the whole length (reachable?), then the checksum.
 * Only then does a decoder read a field, and each decoder checks that the
 * length covers the fields it reads.
 */
#include "lib/acpi.h"
#include "lib/acpi_impl.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"

#include <stdarg.h>

u32 acpi_get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

u16 acpi_get16(const u8 *p)
{
	return (u16)(p[0] | p[1] << 8);
}

u64 acpi_get64(const u8 *p)
{
	return (u64)acpi_get32(p) | (u64)acpi_get32(p + 4) << 32;
}

void acpi_log(const struct acpi_mem *mem, const char *fmt, ...)
{
	char line[160];
	va_list ap;

	if (!mem->log)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	mem->log(mem->ctx, line);
}

static u8 sum_bytes(const u8 *p, u32 n)
{
	u8 s = 0;

	while (n--)
		s += *p++;
	return s;
}

int acpi_rsdp_check(const u8 *p, u32 avail, struct acpi_rsdp *out, const char **why)
{
	u32 len;

	if (avail < ACPI_RSDP_V1_LEN || memcmp(p, "RSD PTR ", 8) != 0) {
		*why = "no RSDP signature";
		return -1;
	}
	if (sum_bytes(p, ACPI_RSDP_V1_LEN) != 0) {
		*why = "bad RSDP checksum";
		return -1;
	}
	memset(out, 0, sizeof(*out));
	out->revision = p[15];
	memcpy(out->oem_id, p + 9, 6);
	out->rsdt_phys = acpi_get32(p + 16);
	if (out->revision >= 2) {
		/* the extended structure: its own length and checksum */
		if (avail < ACPI_RSDP_V2_LEN) {
			*why = "RSDP revision 2 truncated";
			return -1;
		}
		len = acpi_get32(p + 20);
		if (len < ACPI_RSDP_V2_LEN || len > avail) {
			*why = "RSDP revision 2 length out of range";
			return -1;
		}
		if (sum_bytes(p, len) != 0) {
			*why = "bad RSDP extended checksum";
			return -1;
		}
		out->xsdt_phys = acpi_get64(p + 24);
	}
	return 0;
}

long acpi_rsdp_scan(const u8 *area, u32 len)
{
	struct acpi_rsdp r;
	const char *why;
	u32 off;

	for (off = 0; off + ACPI_RSDP_V1_LEN <= len; off += 16)
		if (acpi_rsdp_check(area + off, len - off, &r, &why) == 0)
			return (long)off;
	return -1;
}

int acpi_table_check(const u8 *t, u32 avail, const char **why)
{
	u32 len;

	if (avail < ACPI_HEADER_LEN) {
		*why = "shorter than a table header";
		return -1;
	}
	len = acpi_get32(t + 4);
	if (len < ACPI_HEADER_LEN || len > ACPI_TABLE_MAX) {
		*why = "length out of range";
		return -1;
	}
	if (len > avail) {
		*why = "length beyond the bytes given";
		return -1;
	}
	if (sum_bytes(t, len) != 0) {
		*why = "bad checksum";
		return -1;
	}
	return 0;
}

const u8 *acpi_map_table(const struct acpi_mem *mem, u64 phys, const char *expect, u32 *len_out)
{
	const u8 *t;
	const char *why;
	char sig[5];
	u32 len;

	t = mem->map(mem->ctx, phys, ACPI_HEADER_LEN);
	if (!t) {
		acpi_log(mem, "table at %#llx: not reachable, refused", (unsigned long long)phys);
		return NULL;
	}
	memcpy(sig, t, 4);
	sig[4] = '\0';
	for (int i = 0; i < 4; i++)
		if (sig[i] < 0x20 || sig[i] > 0x7e)
			sig[i] = '?';
	if (expect && memcmp(t, expect, 4) != 0) {
		acpi_log(mem, "table at %#llx: signature '%s', expected '%s', refused",
			 (unsigned long long)phys, sig, expect);
		return NULL;
	}
	len = acpi_get32(t + 4);
	if (len < ACPI_HEADER_LEN || len > ACPI_TABLE_MAX) {
		acpi_log(mem, "%s at %#llx: length %u out of range, refused", sig,
			 (unsigned long long)phys, len);
		return NULL;
	}
	t = mem->map(mem->ctx, phys, len);
	if (!t) {
		acpi_log(mem, "%s at %#llx: its %u bytes are not reachable, refused", sig,
			 (unsigned long long)phys, len);
		return NULL;
	}
	if (acpi_table_check(t, len, &why) < 0) {
		acpi_log(mem, "%s at %#llx: %s, refused", sig, (unsigned long long)phys, why);
		return NULL;
	}
	*len_out = len;
	return t;
}

/* The root table's entries: 4 bytes each (RSDT) or 8 (XSDT). */
static int walk_root(const struct acpi_mem *mem, u64 phys, bool xsdt, struct acpi_info *info)
{
	u32 len, width = xsdt ? 8 : 4, n, i;
	const u8 *root = acpi_map_table(mem, phys, xsdt ? "XSDT" : "RSDT", &len);

	if (!root) {
		info->refused++;
		return -1;
	}
	if ((len - ACPI_HEADER_LEN) % width)
		acpi_log(mem, "%s: length %u leaves a partial entry (ignored)", xsdt ? "XSDT" : "RSDT",
			 len);
	n = (len - ACPI_HEADER_LEN) / width;
	for (i = 0; i < n; i++) {
		const u8 *e = root + ACPI_HEADER_LEN + i * width;
		u64 at = xsdt ? acpi_get64(e) : acpi_get32(e);

		if (at == 0) {
			acpi_log(mem, "%s entry %u is null (ignored)", xsdt ? "XSDT" : "RSDT", i);
			continue;
		}
		acpi_decode_table(mem, at, info);
	}
	return 0;
}

int acpi_parse(const struct acpi_mem *mem, const struct acpi_rsdp *rsdp, struct acpi_info *info)
{
	memset(info, 0, sizeof(*info));
	info->rsdp = *rsdp;
	/* Linux's way: the XSDT when the RSDP has one, the RSDT if the XSDT
	 * is refused. */
	if (rsdp->revision >= 2 && rsdp->xsdt_phys) {
		if (walk_root(mem, rsdp->xsdt_phys, true, info) == 0) {
			info->xsdt_used = true;
			goto dsdt;
		}
		acpi_log(mem, "XSDT refused: falling back to the RSDT");
	}
	if (walk_root(mem, rsdp->rsdt_phys, false, info) < 0)
		return -1;
dsdt:
	if (info->have_fadt && info->dsdt_phys)
		acpi_decode_dsdt(mem, info);
	return 0;
}
