; The vDSO's image (build/vdso/vdso.so, from arch/i386/vdso/ by mk/vdso.mk)
; inside the kernel, on pages of its own: arch/i386/vdso.c maps them into
; every process, so they must hold nothing else.  vdso-syms.inc (made from
; the image's symbols) says where its table of fixups lies.

%include "vdso-syms.inc"

section .rodata.vdso progbits alloc noexec nowrite align=4096
global vdso_image, vdso_image_end
vdso_image:
	incbin "vdso.so"
	align 4096, db 0
vdso_image_end:

section .rodata
global vdso_image_fixup
align 4
vdso_image_fixup:
	dd VDSO_FIXUP_START, VDSO_FIXUP_END
