; tick386 entry point (Multiboot v1).
;
; The loader jumps to _start in 32-bit protected mode with paging off,
; EAX = 0x2BADB002 and EBX = the physical address of the multiboot info.
; We build a page directory that maps the first 4 MiB twice (identity, for
; the instructions right after paging turns on, and at 3 GiB) and all of the
; first 1 GiB of physical memory at 3 GiB with 4 MiB pages (PSE, present on
; every CPU since the Pentium), then jump to the high half and call kmain.

MB_MAGIC        equ 0x1BADB002
MB_FLAGS        equ (1 << 0) | (1 << 1)   ; modules page aligned, memory info
KERNEL_VMA      equ 0xC0000000
PDE_4M          equ 0x83                  ; present | writable | 4 MiB page
CR0_PG          equ 0x80000000
CR0_WP          equ 0x00010000            ; ring 0 honours read-only pages
CR0_NE          equ 0x00000020            ; x87 errors raise #MF (vector 16),
                                          ; not the PC's IRQ 13 (FERR#)
CR4_PSE         equ 0x00000010

section .multiboot progbits alloc noexec nowrite align=4
        dd MB_MAGIC
        dd MB_FLAGS
        dd -(MB_MAGIC + MB_FLAGS)

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
        cmp ecx, 256
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
