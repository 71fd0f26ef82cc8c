/*
 * ELF32 loader (see elf.h).  Every field read from the image is checked
 * before it is used as an offset or an address: the image is untrusted.
 */
#include "kernel/task/elf.h"
#include "lib/string.h"
#include <abi/errno.h>

static const struct elf32_phdr *phdr_at(const void *image, const struct elf32_ehdr *eh, unsigned i)
{
	return (const struct elf32_phdr *)((const u8 *)image + eh->e_phoff) + i;
}

int elf_check(const void *image, size_t len, struct elf_info *info)
{
	const struct elf32_ehdr *eh = image;
	bool entry_ok = false, any_load = false, gnu_stack = false;
	u32 end = 0, phdr = 0;

	if (!image || len < sizeof(*eh))
		return -ENOEXEC;
	if (memcmp(eh->e_ident,
		   "\x7f"
		   "ELF",
		   4) ||
	    eh->e_ident[4] != ELFCLASS32 || eh->e_ident[5] != ELFDATA2LSB ||
	    eh->e_ident[6] != EV_CURRENT)
		return -ENOEXEC;
	if (eh->e_type != ET_EXEC || eh->e_machine != EM_386 || eh->e_version != EV_CURRENT)
		return -ENOEXEC;
	if (eh->e_phentsize != sizeof(struct elf32_phdr) || eh->e_phnum == 0 ||
	    eh->e_phnum > ELF_MAX_PHDRS)
		return -ENOEXEC;
	/* Both terms are small (phnum <= 16): no overflow in u32 arithmetic... */
	if (eh->e_phoff > len || len - eh->e_phoff < (u32)eh->e_phnum * sizeof(struct elf32_phdr))
		return -ENOEXEC;
	if (eh->e_phoff % 4)
		return -ENOEXEC;

	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const struct elf32_phdr *ph = phdr_at(image, eh, i);
		u32 seg_end;

		if (ph->p_type == PT_PHDR)
			phdr = ph->p_vaddr;
		if (ph->p_type == PT_GNU_STACK)
			gnu_stack = true;
		if (ph->p_type != PT_LOAD)
			continue;
		if (ph->p_memsz == 0)
			continue;
		any_load = true;
		if (ph->p_filesz > ph->p_memsz)
			return -ENOEXEC;
		if (ph->p_offset > len || len - ph->p_offset < ph->p_filesz)
			return -ENOEXEC;
		seg_end = ph->p_vaddr + ph->p_memsz;
		if (seg_end < ph->p_vaddr) /* wraps around 4 GiB */
			return -ENOEXEC;
		if (ph->p_vaddr < USER_BASE || seg_end > VM_BRK_LIMIT)
			return -ENOEXEC;
		if ((ph->p_flags & PF_X) && eh->e_entry >= ph->p_vaddr && eh->e_entry < seg_end)
			entry_ok = true;
		if (seg_end > end)
			end = seg_end;
		/* The headers inside this segment's file bytes: loaded with it. */
		if (!phdr && eh->e_phoff >= ph->p_offset &&
		    eh->e_phoff - ph->p_offset + (u32)eh->e_phnum * sizeof(*ph) <= ph->p_filesz)
			phdr = ph->p_vaddr + (eh->e_phoff - ph->p_offset);
	}
	if (!any_load || !entry_ok)
		return -ENOEXEC;
	if (info) {
		info->entry = eh->e_entry;
		info->end = end;
		info->phdr = phdr;
		info->phnum = eh->e_phnum;
		info->gnu_stack = gnu_stack;
	}
	return 0;
}

/* Write into user pages regardless of their W bit (the text is read-only). */
static int poke(struct vm *vm, u32 va, const u8 *src, u32 n)
{
	while (n) {
		u32 chunk = PAGE_SIZE - (va & (PAGE_SIZE - 1));
		u32 phys = vm_lookup(vm, va, NULL);

		if (!phys)
			return -EFAULT;
		if (chunk > n)
			chunk = n;
		memcpy(PHYS_TO_VIRT(phys), src, chunk);
		src += chunk;
		va += chunk;
		n -= chunk;
	}
	return 0;
}

int elf_load(struct vm *vm, const void *image, size_t len, struct elf_info *info)
{
	const struct elf32_ehdr *eh = image;
	struct elf_info local;
	int rc = elf_check(image, len, &local);

	if (rc)
		return rc;
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const struct elf32_phdr *ph = phdr_at(image, eh, i);
		u32 access = VM_READ | ((ph->p_flags & PF_W) ? VM_WRITE : 0);

		if (ph->p_type != PT_LOAD || ph->p_memsz == 0)
			continue;
		/* Fresh pages are zeroed: bss needs no clearing. */
		rc = vm_map_range(vm, ph->p_vaddr, ph->p_vaddr + ph->p_memsz, access);
		if (rc)
			return rc;
		rc = poke(vm, ph->p_vaddr, (const u8 *)image + ph->p_offset, ph->p_filesz);
		if (rc)
			return rc;
	}
	if (info)
		*info = local;
	return 0;
}
