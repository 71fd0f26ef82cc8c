/*
 * The vDSO: a small ELF shared object (arch/i386/vdso/, built by
 * mk/vdso.mk and embedded in the kernel by vdso_image.asm) that reads the
 * clocks in user space from the data page kernel/time/vdso_data.c keeps,
 * as Linux's does.  Every process maps the same physical pages, read-only
 * (vm_map_shared: fork shares them, exit leaves them): the data page at
 * VM_VDSO_BASE, the image one page above it, where AT_SYSINFO_EHDR points
 * (kernel/task/exec.c).  The image and the data page are whole pages of
 * the kernel's own image, so user space sees nothing else of the kernel.
 */
#include "arch/i386/vdso.h"
#include "arch/i386/memlayout.h"
#include "kernel/time/vdso_data.h"
#include "lib/compiler.h"
#include <abi/errno.h>

/* vdso_image.asm: the image, padded to whole pages, and where its
 * .vdso_fixup table starts and ends (offsets in the image). */
extern const u8 vdso_image[], vdso_image_end[];
extern const u32 vdso_image_fixup[2];

STATIC_ASSERT(VM_VDSO_BASE >= VM_BRK_LIMIT + PAGE_SIZE, "a guard page above the break");
STATIC_ASSERT(VM_VDSO_BASE + VM_VDSO_PAGES * PAGE_SIZE <= VM_STACK_LIMIT, "below the stack");

static u32 image_size(void)
{
	return (u32)(vdso_image_end - vdso_image);
}

int vdso_map(struct vm *vm)
{
	int rc = vm_map_shared(vm, VM_VDSO_BASE, vdso_data_phys());

	/* mk/vdso.mk checked that the image fits in VM_VDSO_PAGES - 1 pages */
	for (u32 off = 0; !rc && off < image_size(); off += PAGE_SIZE)
		rc = vm_map_shared(vm, VDSO_IMAGE_VA + off, VIRT_TO_PHYS(vdso_image + off));
	return rc;
}

/*
 * An entry of the table is two 32-bit offsets, each from its own field:
 * of a store that may fault on a user pointer, and of its fixup.
 */
bool vdso_fixup(struct trap_frame *tf)
{
	u32 at = tf->eip - VDSO_IMAGE_VA;

	if (tf->eip < VDSO_IMAGE_VA || at >= image_size())
		return false;
	for (u32 e = vdso_image_fixup[0]; e + 8 <= vdso_image_fixup[1]; e += 8) {
		const s32 *entry = (const s32 *)(vdso_image + e);

		if (e + (u32)entry[0] == at) {
			tf->eip = VDSO_IMAGE_VA + e + 4 + (u32)entry[1];
			return true;
		}
	}
	return false;
}
