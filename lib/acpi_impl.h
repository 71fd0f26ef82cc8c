/* Shared by lib/acpi.c and lib/acpi_tables.c only. */
#ifndef TICK386_LIB_ACPI_IMPL_H
#define TICK386_LIB_ACPI_IMPL_H

#include "lib/acpi.h"

/* Little-endian fields at any alignment (tables pack them unaligned). */
u16 acpi_get16(const u8 *p);
u32 acpi_get32(const u8 *p);
u64 acpi_get64(const u8 *p);

void acpi_log(const struct acpi_mem *mem, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The checked table at phys (signature expect, or any if NULL), its
 * length in *len; NULL (logged) when refused. */
const u8 *acpi_map_table(const struct acpi_mem *mem, u64 phys, const char *expect, u32 *len);

/* Decode the table at phys if it is one the kernel uses (lib/acpi_tables.c). */
void acpi_decode_table(const struct acpi_mem *mem, u64 phys, struct acpi_info *info);
/* The \_S5 package of the FADT's DSDT. */
void acpi_decode_dsdt(const struct acpi_mem *mem, struct acpi_info *info);

#endif
