/*
 * Finding the vDSO's functions: the kernel maps a small ELF shared object
 * into every process and says where in the auxiliary vector
 * (AT_SYSINFO_EHDR); its dynamic symbol table names the functions, each
 * with a version.  The lookup reads the headers as a dynamic loader would,
 * but only what a vDSO has: one PT_LOAD, PT_DYNAMIC, the symbol and string
 * tables, the symbol count from DT_HASH (or DT_GNU_HASH), and DT_VERSYM
 * with DT_VERDEF for versions.  Linux's vDSO is read the same way when
 * this libc runs on Linux (libc-linux.a, tests/libc), which checks the
 * lookup against an image it did not build.
 *
 * Every address in the image is relative to where it was linked; the
 * PT_LOAD that holds the ELF header tells where that is now.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <abi/auxv.h>
#include "vdso.h"

#define VDSO_VERSION "LINUX_2.6"

struct ehdr {
	unsigned char ident[16];
	uint16_t type, machine;
	uint32_t version, entry, phoff, shoff, flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

struct phdr {
	uint32_t type, offset, vaddr, paddr, filesz, memsz, flags, align;
};

struct dyn {
	int32_t tag;
	uint32_t val;
};

struct sym {
	uint32_t name, value, size;
	unsigned char info, other;
	uint16_t shndx;
};

struct verdef {
	uint16_t version, flags, ndx, cnt;
	uint32_t hash, aux, next;
};

struct verdaux {
	uint32_t name, next;
};

#define ET_DYN 3
#define PT_LOAD 1
#define PT_DYNAMIC 2
#define DT_NULL 0
#define DT_HASH 4
#define DT_STRTAB 5
#define DT_SYMTAB 6
#define DT_GNU_HASH 0x6ffffef5
#define DT_VERSYM 0x6ffffff0
#define DT_VERDEF 0x6ffffffc
#define STT_FUNC 2
#define STB_GLOBAL 1
#define STB_WEAK 2
#define SHN_UNDEF 0

const unsigned long *__libc_auxv;

static struct {
	bool looked;	    /* the headers have been read (once) */
	uintptr_t load;	    /* where the image is, less where it was linked */
	const struct sym *symtab;
	const char *strtab;
	const uint16_t *versym; /* NULL: no versions */
	const struct verdef *verdef;
	uint32_t nsyms;
} vdso;

static unsigned long auxv_get(unsigned long type)
{
	for (const unsigned long *a = __libc_auxv; a && a[0] != AT_NULL; a += 2)
		if (a[0] == type)
			return a[1];
	return 0;
}

/* The number of symbols by DT_GNU_HASH: past the highest one a bucket
 * names, the chain's last entry (low bit set) ends the table. */
static uint32_t gnu_hash_count(const uint32_t *h)
{
	uint32_t nbuckets = h[0], symoffset = h[1], bloom = h[2];
	const uint32_t *buckets = h + 4 + bloom; /* 32-bit bloom words */
	const uint32_t *chain = buckets + nbuckets;
	uint32_t last = 0;

	for (uint32_t i = 0; i < nbuckets; i++)
		if (buckets[i] > last)
			last = buckets[i];
	if (last < symoffset)
		return symoffset;
	while (!(chain[last - symoffset] & 1))
		last++;
	return last + 1;
}

static void read_headers(void)
{
	const struct ehdr *eh = (const struct ehdr *)auxv_get(AT_SYSINFO_EHDR);
	const struct phdr *ph;
	const struct dyn *dyn = NULL;
	const uint32_t *hash = NULL, *gnu_hash = NULL;
	bool have_load = false;

	vdso.looked = true;
	if (!eh || memcmp(eh->ident, "\177ELF", 4) || eh->ident[4] != 1 || eh->type != ET_DYN ||
	    eh->phentsize != sizeof(struct phdr))
		return;
	ph = (const struct phdr *)((const char *)eh + eh->phoff);
	for (unsigned i = 0; i < eh->phnum; i++) {
		if (ph[i].type == PT_LOAD && !have_load) {
			vdso.load = (uintptr_t)eh + ph[i].offset - ph[i].vaddr;
			have_load = true;
		} else if (ph[i].type == PT_DYNAMIC) {
			dyn = (const struct dyn *)((const char *)eh + ph[i].offset);
		}
	}
	if (!have_load || !dyn)
		return;
	for (; dyn->tag != DT_NULL; dyn++) {
		const void *p = (const void *)(vdso.load + dyn->val);

		switch (dyn->tag) {
		case DT_SYMTAB:
			vdso.symtab = p;
			break;
		case DT_STRTAB:
			vdso.strtab = p;
			break;
		case DT_HASH:
			hash = p;
			break;
		case DT_GNU_HASH:
			gnu_hash = p;
			break;
		case DT_VERSYM:
			vdso.versym = p;
			break;
		case DT_VERDEF:
			vdso.verdef = p;
			break;
		}
	}
	if (!vdso.symtab || !vdso.strtab || (!hash && !gnu_hash)) {
		vdso.symtab = NULL;
		return;
	}
	vdso.nsyms = hash ? hash[1] : gnu_hash_count(gnu_hash); /* DT_HASH: nchain */
	if (!vdso.verdef)
		vdso.versym = NULL;
}

/* Whether symbol i has the version we want (or the image has none). */
static bool version_ok(uint32_t i)
{
	uint16_t want;

	if (!vdso.versym)
		return true;
	want = vdso.versym[i] & 0x7fff; /* the top bit says hidden */
	for (const struct verdef *d = vdso.verdef;;
	     d = (const struct verdef *)((const char *)d + d->next)) {
		if (d->ndx == want) {
			const struct verdaux *a = (const void *)((const char *)d + d->aux);

			return !strcmp(vdso.strtab + a->name, VDSO_VERSION);
		}
		if (!d->next)
			return false;
	}
}

void *__libc_vdso_sym(const char *name)
{
	if (!vdso.looked)
		read_headers();
	if (!vdso.symtab)
		return NULL;
	for (uint32_t i = 1; i < vdso.nsyms; i++) {
		const struct sym *s = &vdso.symtab[i];
		unsigned bind = s->info >> 4;

		if ((s->info & 0xf) != STT_FUNC || (bind != STB_GLOBAL && bind != STB_WEAK) ||
		    s->shndx == SHN_UNDEF)
			continue;
		if (!strcmp(vdso.strtab + s->name, name) && version_ok(i))
			return (void *)(vdso.load + s->value);
	}
	return NULL;
}

/* glibc's: 0 and ENOENT for a type the vector does not have. */
unsigned long getauxval(unsigned long type)
{
	for (const unsigned long *a = __libc_auxv; a && a[0] != AT_NULL; a += 2)
		if (a[0] == type)
			return a[1];
	errno = ENOENT;
	return 0;
}
