; Interrupt entry stubs.  Each vector gets a tiny stub that pushes its
; number (and a zero where the CPU pushes no error code), then jumps to
; trap_common, which saves the rest of struct trap_frame (arch/i386/trap.h)
; and calls trap_dispatch(frame).  The way back is the same in reverse;
; trap_return is also where a new task's first switch to ring 3 begins.
; int 0x80, the system call, has a stub of its own (syscall_stub, below).

KERNEL_DS equ 0x10
TRAP_SYSCALL equ 0x80

; The way out to ring 3 (or back into the kernel), the frame's reverse.
; Each selector load and the iretd can fault in ring 0 when the program's
; selector no longer names a usable segment (it loaded a set_thread_area
; slot that was cleared or made read-only since, or rt_sigreturn took it
; from a forged frame): checking them here would cost every call; instead
; each of these instructions is listed in the fixup table, which the fault
; handler reads (arch/i386/trap_fixup.c), as Linux's exception table.
%macro USER_RETURN 1
%1_gs:  pop gs
%1_fs:  pop fs
%1_es:  pop es
%1_ds:  pop ds
        popad
        add esp, 8                        ; vector and error code
%1_iret:
        iretd
%endmacro

; Where the CPU has SMAP (arch/i386/cpu_protect.c), a program's EFLAGS.AC
; (popf sets it in ring 3) would open user memory to every access of the
; kernel for the length of its call: each entry clears it.  clac is #UD on
; a CPU without SMAP, so the site is a 3-byte nop that the boot turns into
; clac (0f 01 ca) when the CPU has it (the sites are listed in section
; .smap_clac).  The nop costs one instruction per entry elsewhere.
%macro CLAC_SITE 1
%1:     db 0x0f, 0x1f, 0x00               ; nopl (eax)
section .smap_clac progbits alloc noexec nowrite align=4
        dd %1
section .text
%endmacro

; Kinds of fixup table entries (arch/i386/trap_fixup.h's TRAP_FIXUP_*).
FIXUP_SELECTOR equ 1                      ; pop of a data selector: load 0
FIXUP_IRET equ 2                          ; iretd: a fault of the program

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
  %elif v != TRAP_SYSCALL
        STUB_NOERR v
  %endif
  %assign v v + 1
%endrep

; int 0x80 has a way of its own, the one every system call takes: the same
; struct trap_frame, but eax (the call's number, Linux's orig_eax) pushed
; where the error code goes, the frame handed to syscall_entry in eax
; (regparm(1)), and no trap_dispatch.  ds and es are loaded: a program may
; leave a null selector in them, and the kernel's own accesses go through
; them.  So are fs and gs, though the kernel never uses them: a program's gs
; names its thread's TLS slot (set_thread_area), and a switch to another
; task (or execve) changes or clears that slot while the call sleeps; an
; interrupt taken meanwhile would save and then reload the stale selector
; and fault in trap_return.  Every instruction here is on the path of every
; call (kbench's getpid row, make profile-path PATH_NAME=getpid).
extern syscall_entry
syscall_stub:
        push eax                          ; error_code: the call's number
        push dword TRAP_SYSCALL           ; vector
        pushad
        push ds
        push es
        push fs
        push gs
        mov eax, KERNEL_DS
        mov ds, eax
        mov es, eax
        mov fs, eax
        mov gs, eax
        cld                               ; the C ABI's DF = 0
        CLAC_SITE syscall_clac            ; and AC = 0 (SMAP, above)
        mov eax, esp                      ; struct trap_frame *
        call syscall_entry
        USER_RETURN syscall_return

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
        CLAC_SITE trap_clac
        push esp                          ; struct trap_frame *
        call trap_dispatch
        add esp, 4
global trap_return
trap_return:
        USER_RETURN trap_return

; The fixup of a faulting iretd (arch/i386/trap_fixup.c): the nested fault
; returned here, in ring 0, with the registers and data selectors the
; program had and esp at the iret frame it refused.  Over that frame we
; build the trap frame of a fault from ring 3, with the vector and error
; code of the refusal (stored by trap_fixup with interrupts off; read
; through ss: ds holds the program's selector, perhaps null), so the task
; gets the signal an exception from ring 3 gives.
extern trap_iret_fault_vector, trap_iret_fault_error
global trap_iret_fault_entry
trap_iret_fault_entry:
        push dword [ss:trap_iret_fault_error]
        push dword [ss:trap_iret_fault_vector]
        jmp trap_common

; The fixup table's entries (arch/i386/trap_fixup.c's struct trap_fixup):
; instruction address, kind, offset in struct trap_frame of the word it
; loads.  The linker gathers the section (linker.ld: __trap_fixup_start).
%macro FIXUPS 1
        dd %1_gs, FIXUP_SELECTOR, 0
        dd %1_fs, FIXUP_SELECTOR, 4
        dd %1_es, FIXUP_SELECTOR, 8
        dd %1_ds, FIXUP_SELECTOR, 12
        dd %1_iret, FIXUP_IRET, 56
%endmacro
section .trap_fixup progbits alloc noexec nowrite align=4
        FIXUPS syscall_return
        FIXUPS trap_return

; The table idt_init() reads: the address of each stub.
section .rodata
global isr_stub_table
isr_stub_table:
%assign v 0
%rep 256
  %if v = TRAP_SYSCALL
        dd syscall_stub
  %else
        dd isr_stub_%+v
  %endif
  %assign v v + 1
%endrep
