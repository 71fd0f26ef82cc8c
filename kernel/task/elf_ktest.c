/* ELF validation: a good image passes, every kind of bad one is -ENOEXEC. */
#include "kernel/task/elf.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "kernel/task/user_image_ktest.h"
#include "mm/vm.h"
#include <abi/errno.h>

static const u8 code[] = {0xEB, 0xFE}; /* jmp . */
static u8 img[512];

static struct elf32_ehdr *eh(void)
{
	return (struct elf32_ehdr *)img;
}

static struct elf32_phdr *ph(void)
{
	return (struct elf32_phdr *)(img + sizeof(struct elf32_ehdr));
}

static size_t fresh(void)
{
	return test_elf_build(img, sizeof(img), code, sizeof(code));
}

static void test_good_image(struct ktest *t)
{
	struct elf_info info;
	size_t len = fresh();

	KASSERT_EQ(t, elf_check(img, len, &info), 0);
	KEXPECT_EQ(t, info.entry, TEST_ELF_ENTRY);
	KEXPECT_EQ(t, info.end, TEST_ELF_BASE + len + 100);
}

static void test_truncated(struct ktest *t)
{
	size_t len = fresh();

	KEXPECT_EQ(t, elf_check(img, 0, NULL), -ENOEXEC);
	KEXPECT_EQ(t, elf_check(NULL, len, NULL), -ENOEXEC);
	KEXPECT_EQ(t, elf_check(img, 51, NULL), -ENOEXEC);		  /* half a header */
	KEXPECT_EQ(t, elf_check(img, TEST_ELF_CODE - 1, NULL), -ENOEXEC); /* phdr cut */
	KEXPECT_EQ(t, elf_check(img, len - 1, NULL), -ENOEXEC);		  /* segment data cut */
}

static void test_bad_headers(struct ktest *t)
{
	size_t len;

	len = fresh();
	img[0] = 0x7e;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	img[4] = 2; /* ELFCLASS64 */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	img[5] = 2; /* big-endian */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_machine = 62; /* x86-64 */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_type = 3; /* ET_DYN */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_phentsize = 40;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_phnum = 0;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_phoff = 0xFFFFFFF0u; /* offset wraps */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_phnum = 0xFFFF;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	eh()->e_entry = TEST_ELF_BASE + 0x10000; /* outside any segment */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	ph()->p_flags = PF_R | PF_W; /* entry not executable */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	ph()->p_type = 4; /* no PT_LOAD at all */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
}

static void test_bad_segments(struct ktest *t)
{
	size_t len;

	len = fresh();
	ph()->p_filesz = ph()->p_memsz + 1;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	ph()->p_offset = 0xFFFFFF00u; /* offset + filesz wraps */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	ph()->p_vaddr = 0; /* page 0 */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	ph()->p_vaddr = 0xC0000000u;
	eh()->e_entry = 0xC0000000u + TEST_ELF_CODE;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC); /* the kernel */
	len = fresh();
	ph()->p_vaddr = 0xBFFFF000u;
	eh()->e_entry = 0xBFFFF000u + TEST_ELF_CODE;
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC); /* the stack, up to USER_TOP */
	len = fresh();
	ph()->p_memsz = 0xFFFFFFF0u; /* vaddr + memsz wraps */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
	len = fresh();
	ph()->p_memsz = VM_BRK_LIMIT; /* runs into the stack */
	KEXPECT_EQ(t, elf_check(img, len, NULL), -ENOEXEC);
}

static void test_load_maps_and_fills(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct elf_info info;
	struct vm vm;
	size_t len = fresh();
	u8 back[sizeof(code)];
	u32 access = 0;

	KASSERT_EQ(t, vm_init(&vm), 0);
	KEXPECT_EQ(t, elf_load(&vm, img, len, &info), 0);
	KEXPECT_EQ(t, vm_copy_in(&vm, back, info.entry, sizeof(back)), 0);
	KEXPECT_EQ(t, memcmp(back, code, sizeof(code)), 0);
	KEXPECT_TRUE(t, vm_lookup(&vm, TEST_ELF_BASE, &access) != 0);
	KEXPECT_EQ(t, access, VM_READ); /* text is read-only to the user */
	vm_destroy(&vm);
	/* A bad image maps nothing. */
	KASSERT_EQ(t, vm_init(&vm), 0);
	img[4] = 2;
	KEXPECT_EQ(t, elf_load(&vm, img, len, &info), -ENOEXEC);
	KEXPECT_EQ(t, vm.pages, 0);
	vm_destroy(&vm);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

KTEST_SUITE(elf, KTEST_CASE(test_good_image), KTEST_CASE(test_truncated),
	    KTEST_CASE(test_bad_headers), KTEST_CASE(test_bad_segments),
	    KTEST_CASE(test_load_maps_and_fills));
