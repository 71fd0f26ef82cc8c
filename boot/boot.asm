; tick386 entry point (Multiboot v1 and Multiboot2).
;
; The loader jumps to _start in 32-bit protected mode with paging off,
; EAX = 0x2BADB002 (Multiboot v1: QEMU -kernel, GRUB's `multiboot`) or
; 0x36D76289 (Multiboot2: GRUB's `multiboot2`, on BIOS and UEFI alike) and
; EBX = the physical address of the boot information; kmain tells the two
; apart by EAX.
; We build a page directory that maps the first 4 MiB twice (identity, for
; the instructions right after paging turns on, and at 3 GiB) and all of the
; first 960 MiB of physical memory at 3 GiB with 4 MiB pages (PSE, present on
; every CPU since the Pentium), then jump to the high half and call kmain.
; The last 64 MiB of the address space stay unmapped here: the window where
; arch/i386/mmio.c maps devices (the framebuffer) that lie above the RAM.

MB_MAGIC        equ 0x1BADB002
MB_FLAGS        equ (1 << 0) | (1 << 1)   ; modules page aligned, memory info
KERNEL_VMA      equ 0xC0000000
PDE_4M          equ 0x83                  ; present | writable | 4 MiB page
CR0_PG          equ 0x80000000
CR0_WP          equ 0x00010000            ; ring 0 honours read-only pages
CR0_NE          equ 0x00000020            ; x87 errors raise #MF (vector 16),
                                          ; not the PC's IRQ 13 (FERR#)
CR4_PSE         equ 0x00000010
DIRECT_MAP_PDES equ 240                   ; DIRECT_MAP_LIMIT / 4 MiB (memlayout.h)

; Multiboot2 header (Multiboot2 Specification 2.0, section 3.1): a loader
; looks for it 8-byte aligned in the first 32 KiB of the file.  Its tags:
; a framebuffer wanted, 1024x768 at 32 bits a pixel (GRUB sets it in place
; of gfxpayload, falling back to 1024x768 at any depth, then to the mode
; the firmware chooses; optional, yet GRUB always sets one: BIOS text mode
; is for the v1 loader, whose header asks for none); modules page aligned,
; as MB_FLAGS bit 0 asks of a v1 loader.  Without an "EFI boot services"
; tag, GRUB leaves the firmware's boot services before it jumps, in 32-bit
; protected mode with paging off, as a v1 loader does.
MB2_MAGIC       equ 0xE85250D6
MB2_ARCH_I386   equ 0
MB2_TAG_FB      equ 5
MB2_TAG_MODALIGN equ 6
MB2_TAG_OPTIONAL equ 1

section .multiboot progbits alloc noexec nowrite align=8
        dd MB_MAGIC
        dd MB_FLAGS
        dd -(MB_MAGIC + MB_FLAGS)

align 8
mb2_header:
        dd MB2_MAGIC
        dd MB2_ARCH_I386
        dd mb2_header_end - mb2_header
        dd -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
        align 8
        dw MB2_TAG_FB, MB2_TAG_OPTIONAL   ; type, flags
        dd 20                             ; size
        dd 1024, 768, 32                  ; width, height, depth wanted
        align 8
        dw MB2_TAG_MODALIGN, 0
        dd 8
        align 8
        dw 0, 0                           ; end tag
        dd 8
mb2_header_end:

section .boot.text progbits alloc exec nowrite align=16
bits 32
global _start
_start:
        cli
        cld
        mov esi, eax                      ; keep magic and info across setup
        mov edi, ebx

        ; Fill the boot page directory (physical address: link - KERNEL_VMA).
        mov edx, boot_page_directory - KERNEL_VMA
        xor eax, eax
        xor ecx, ecx
.clear: mov dword [edx + ecx * 4], eax
        inc ecx
        cmp ecx, 1024
        jne .clear

        mov dword [edx], PDE_4M           ; 0..4 MiB identity, dropped by kmain
        xor ecx, ecx                      ; PDE 768 + i -> physical i * 4 MiB
.high:  mov eax, ecx
        shl eax, 22
        or eax, PDE_4M
        mov dword [edx + (768 * 4) + ecx * 4], eax
        inc ecx
        cmp ecx, DIRECT_MAP_PDES
        jne .high

        mov eax, cr4
        or eax, CR4_PSE
        mov cr4, eax
        mov cr3, edx
        mov eax, cr0
        or eax, CR0_PG | CR0_WP | CR0_NE
        mov cr0, eax

        lea eax, [higher_half]
        jmp eax

section .text
higher_half:
        mov esp, boot_stack_top
        xor ebp, ebp                      ; a zero frame pointer ends backtraces
        push edi                          ; multiboot info (physical)
        push esi                          ; magic
        extern kmain
        call kmain
.halt:  cli
        hlt
        jmp .halt

section .bss
align 4096
global boot_page_directory
boot_page_directory:
        resb 4096
global boot_stack_bottom, boot_stack_top
boot_stack_bottom:
        resb 16384
boot_stack_top:
