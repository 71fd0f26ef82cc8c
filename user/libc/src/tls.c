/*
 * Thread pointer and static TLS: the first thread's TCB, the copy of the
 * program's PT_TLS segment each thread gets, and errno per thread.
 *
 * The TLS image is found through the program headers, which the linker
 * script loads with the text (FILEHDR PHDRS), so __ehdr_start reaches them
 * without the kernel's auxiliary vector.  gcc and ld address a __thread
 * variable at tp - round_up(p_memsz, p_align) + its offset in the segment
 * (the i386 local-exec model: `movl %gs:-N`), so each thread's block sits
 * exactly that far below its TCB, which is aligned to p_align.
 *
 * set_tid_address is 223 on tick386 and 258 on Linux: this file is built
 * twice (nr.h, LIBC_LINUX_OBJ in mk/user.mk).
 */
#include <abi/clone.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "thread.h"

/* The ELF32 fields read here (the System V ABI's layout). */
struct elf_ehdr {
	unsigned char e_ident[16];
	uint16_t e_type, e_machine;
	uint32_t e_version, e_entry, e_phoff, e_shoff, e_flags;
	uint16_t e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
};

struct elf_phdr {
	uint32_t p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align;
};

#define PT_TLS 7

/* Defined by ld when the ELF header is loaded (user/user.ld: FILEHDR). */
extern const struct elf_ehdr __ehdr_start __attribute__((weak, visibility("hidden")));

static const void *tls_image; /* the initialised part, .tdata */
static size_t tls_filesz;     /* bytes of it */
static size_t tls_offset;     /* round_up(p_memsz, p_align): TLS block below the TCB */
static size_t tcb_align = 16; /* p_align, at least 16 */

/*
 * The first thread's TCB and a little TLS: enough for most programs, whose
 * only __thread variables are few.  A larger TLS comes from the heap.
 * __libc_main_tcb points into it from the start, so that errno works even
 * before __libc_thread_init (and for ever when there is no %gs).
 */
#define MAIN_TLS_RESERVE 512
static char main_area[MAIN_TLS_RESERVE + sizeof(struct pthread)] __attribute__((aligned(64)));

int __libc_tls_ok;
int __libc_tls_entry = -1;
struct pthread *__libc_main_tcb = (struct pthread *)(main_area + MAIN_TLS_RESERVE);
volatile int __libc_nthreads = 1;

int *__errno_location(void)
{
	return &thread_self()->errno_value;
}

static void find_tls_segment(void)
{
	const struct elf_ehdr *eh = &__ehdr_start;
	const struct elf_phdr *ph;
	int i;

	if (!eh)
		return;
	ph = (const struct elf_phdr *)((const char *)eh + eh->e_phoff);
	for (i = 0; i < eh->e_phnum; i++, ph++) {
		size_t align;

		if (ph->p_type != PT_TLS)
			continue;
		align = ph->p_align ? ph->p_align : 1;
		tls_image = (const void *)(uintptr_t)ph->p_vaddr;
		tls_filesz = ph->p_filesz;
		tls_offset = (ph->p_memsz + align - 1) & ~(align - 1);
		if (align > tcb_align)
			tcb_align = align;
		return;
	}
}

size_t __tls_area_size(void)
{
	return tls_offset + sizeof(struct pthread) + tcb_align - 1;
}

struct pthread *__tls_place(void *lo, void *hi)
{
	uintptr_t top = (uintptr_t)hi - sizeof(struct pthread);
	struct pthread *t;
	char *block;

	if ((uintptr_t)hi < (uintptr_t)lo + __tls_area_size())
		return NULL;
	t = (struct pthread *)(top & ~(uintptr_t)(tcb_align - 1));
	block = (char *)t - tls_offset;
	memset(block, 0, tls_offset + sizeof(*t));
	memcpy(block, tls_image, tls_filesz);
	t->tcb = t;
	t->self = t;
	t->stack_guard = __libc_main_tcb->stack_guard;
	t->pointer_guard = __libc_main_tcb->pointer_guard;
	return t;
}

/* A 4 GiB writable data segment whose base is the TCB. */
void __tls_descriptor(struct abi_user_desc *desc, int entry, const struct pthread *t)
{
	desc->entry_number = (unsigned int)entry;
	desc->base_addr = (unsigned int)(uintptr_t)t;
	desc->limit = 0xfffff;
	desc->flags = ABI_UD_SEG_32BIT | ABI_UD_LIMIT_IN_PAGES | ABI_UD_USEABLE;
}

/*
 * Called first by __libc_start.  On a kernel without set_thread_area the
 * process keeps one thread, with its TCB in main_area and no __thread
 * variables (a program that has some cannot run: it says so and exits).
 */
void __libc_thread_init(void)
{
	struct pthread *self = __libc_main_tcb;
	struct abi_user_desc desc;
	long ret;

	find_tls_segment();
	if (__tls_area_size() > sizeof(main_area)) {
		size_t size = __tls_area_size();
		char *area = malloc(size);

		self = area ? __tls_place(area, area + size) : NULL;
	} else {
		self = __tls_place(main_area, main_area + sizeof(main_area));
	}
	if (!self) {
		static const char msg[] = "libc: no memory for the thread-local storage\n";

		sys_3(__NR_write, 2, (long)msg, sizeof(msg) - 1);
		_exit(127);
	}
	/* A canary for -fstack-protector: unpredictable enough for a test kernel. */
	self->stack_guard = ((uintptr_t)self ^ 0x5a17c0deu) << 8;
	self->pointer_guard = self->stack_guard ^ 0x3c3c3c3cu;
	__libc_main_tcb = self;
	self->next = self->prev = NULL;

	__tls_descriptor(&desc, -1, self);
	ret = sys_1(__NR_set_thread_area, (long)&desc);
	if (!sys_is_error(ret)) {
		/* The kernel chose the GDT entry; its selector, ring 3. */
		__libc_tls_entry = (int)desc.entry_number;
		__asm__ volatile("movw %w0, %%gs" : : "r"(desc.entry_number * 8 + 3));
		__libc_tls_ok = 1;
	} else if (tls_offset) {
		static const char msg[] = "libc: the kernel has no set_thread_area for __thread\n";

		sys_3(__NR_write, 2, (long)msg, sizeof(msg) - 1);
		_exit(127);
	}
	/* The kernel clears tid when this thread ends: another thread may join it. */
	ret = sys_1(NR_set_tid_address, (long)&self->tid);
	self->tid = sys_is_error(ret) ? (int)sys_0(__NR_gettid) : (int)ret;
}

/* fork gives the child no clear-tid address (Linux's fork does not): set it again. */
int __tls_fork_child(void)
{
	struct pthread *self = thread_self();
	long ret = sys_1(NR_set_tid_address, (long)&self->tid);

	return sys_is_error(ret) ? (int)sys_0(__NR_gettid) : (int)ret;
}
