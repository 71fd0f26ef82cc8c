/*
 * Loading static ELF32 executables (the programs of user/, linked at
 * 0x08048000 by user/user.ld) into a user address space.
 *
 * elf_check refuses, with -ENOEXEC, anything that is not a little-endian
 * 32-bit i386 ET_EXEC whose headers lie inside the image and whose PT_LOAD
 * segments fit between USER_BASE and the heap limit (below the stack and
 * far below the kernel at USER_TOP), with file data inside the image and the
 * entry point inside an executable segment.
 */
#ifndef TICK386_KERNEL_ELF_H
#define TICK386_KERNEL_ELF_H

#include "mm/vm.h"
#include "lib/types.h"

#define ELF_MAX_PHDRS 16

/* ELF32 layouts (System V ABI, i386 supplement). */
struct elf32_ehdr {
	u8 e_ident[16];
	u16 e_type, e_machine;
	u32 e_version, e_entry, e_phoff, e_shoff, e_flags;
	u16 e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
};

struct elf32_phdr {
	u32 p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align;
};

#define ELFCLASS32 1
#define ELFDATA2LSB 1
#define EV_CURRENT 1
#define ET_EXEC 2
#define ET_CORE 4
#define EM_386 3
#define PT_LOAD 1
#define PT_NOTE 4
#define PT_PHDR 6
#define PT_GNU_STACK 0x6474e551
#define PF_X 1
#define PF_W 2
#define PF_R 4

struct elf_info {
	u32 entry;
	u32 end;   /* highest byte + 1 of any PT_LOAD (the end of bss) */
	u32 phdr;  /* where the program headers are once loaded (AT_PHDR), 0 if not loaded */
	u32 phnum; /* how many (AT_PHNUM) */
	bool gnu_stack; /* has a PT_GNU_STACK (else Linux i386 sets READ_IMPLIES_EXEC) */
};

int elf_check(const void *image, size_t len, struct elf_info *info);

/* Check, then map and fill every PT_LOAD of image into vm. 0, -ENOEXEC, -ENOMEM. */
int elf_load(struct vm *vm, const void *image, size_t len, struct elf_info *info);

#endif
