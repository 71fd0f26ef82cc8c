; Interrupt entry stubs.  Each vector gets a tiny stub that pushes its
; number (and a zero where the CPU pushes no error code), then jumps to
; trap_common, which saves the rest of struct trap_frame (arch/i386/trap.h)
; and calls trap_dispatch(frame).  The way back is the same in reverse;
; trap_return is also where a new task's first switch to ring 3 begins.

KERNEL_DS equ 0x10

section .text
bits 32

; Vectors for which the CPU pushes an error code: 8, 10-14, 17, 21, 29, 30.
%macro STUB_ERR 1
isr_stub_%1:
        push dword %1
        jmp trap_common
%endmacro

%macro STUB_NOERR 1
isr_stub_%1:
        push dword 0
        push dword %1
        jmp trap_common
%endmacro

%assign v 0
%rep 256
  %if v = 8 || (v >= 10 && v <= 14) || v = 17 || v = 21 || v = 29 || v = 30
        STUB_ERR v
  %else
        STUB_NOERR v
  %endif
  %assign v v + 1
%endrep

extern trap_dispatch
trap_common:
        pushad
        push ds
        push es
        push fs
        push gs
        mov ax, KERNEL_DS
        mov ds, ax
        mov es, ax
        mov fs, ax
        mov gs, ax
        cld
        push esp                          ; struct trap_frame *
        call trap_dispatch
        add esp, 4
global trap_return
trap_return:
        pop gs
        pop fs
        pop es
        pop ds
        popad
        add esp, 8                        ; vector and error code
        iretd

; The table idt_init() reads: the address of each stub.
section .rodata
global isr_stub_table
isr_stub_table:
%assign v 0
%rep 256
        dd isr_stub_%+v
  %assign v v + 1
%endrep
