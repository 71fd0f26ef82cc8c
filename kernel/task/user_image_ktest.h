/*
 * Tiny ELF executables built in memory for the tests: one PT_LOAD segment
 * (headers, code, data) at 0x08048000, entry right after the headers.
 */
#ifndef TICK386_KERNEL_USER_IMAGE_KTEST_H
#define TICK386_KERNEL_USER_IMAGE_KTEST_H

#include "kernel/task/elf.h"
#include "lib/string.h"

#define TEST_ELF_BASE 0x08048000u
#define TEST_ELF_CODE (sizeof(struct elf32_ehdr) + sizeof(struct elf32_phdr))
#define TEST_ELF_ENTRY (TEST_ELF_BASE + TEST_ELF_CODE)

static inline size_t test_elf_build(u8 *buf, size_t size, const u8 *code, size_t code_len)
{
	struct elf32_ehdr *eh = (struct elf32_ehdr *)buf;
	struct elf32_phdr *ph = (struct elf32_phdr *)(buf + sizeof(*eh));
	size_t len = TEST_ELF_CODE + code_len;

	if (len > size)
		return 0;
	memset(buf, 0, TEST_ELF_CODE);
	memcpy(eh->e_ident,
	       "\x7f"
	       "ELF",
	       4);
	eh->e_ident[4] = ELFCLASS32;
	eh->e_ident[5] = ELFDATA2LSB;
	eh->e_ident[6] = EV_CURRENT;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_386;
	eh->e_version = EV_CURRENT;
	eh->e_entry = TEST_ELF_ENTRY;
	eh->e_phoff = sizeof(*eh);
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(*ph);
	eh->e_phnum = 1;
	ph->p_type = PT_LOAD;
	ph->p_offset = 0;
	ph->p_vaddr = ph->p_paddr = TEST_ELF_BASE;
	ph->p_filesz = len;
	ph->p_memsz = len + 100; /* a little bss */
	ph->p_flags = PF_R | PF_X;
	ph->p_align = 4096;
	memcpy(buf + TEST_ELF_CODE, code, code_len);
	return len;
}

#endif
