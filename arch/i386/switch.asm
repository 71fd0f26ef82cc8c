; Context switch between two tasks' kernel stacks.
;
;   void switch_to(u32 *save_esp, u32 next_esp)   (cdecl)
;
; The C caller already saved the registers the cdecl ABI lets a call
; clobber (eax, ecx, edx); we save the others (ebp, ebx, esi, edi) on the
; old stack, store its esp, load the new one and pop the same four: the
; `ret` then returns into whatever call of switch_to the new task made last.
; A task that never ran has a crafted stack (kernel/task/task.c) whose four
; registers and return address lead to one of the two entries below.

section .text
bits 32

global switch_to
switch_to:
        mov eax, [esp + 4]                ; save_esp
        mov edx, [esp + 8]                ; next_esp
        push ebp
        push ebx
        push esi
        push edi
        mov [eax], esp
        mov esp, edx
        pop edi
        pop esi
        pop ebx
        pop ebp
        ret

; First run of a user task: esp points at a trap_frame built for ring 3
; (user cs/ss, eflags with IF); trap_return pops it and irets, after
; task_user_first_return has stamped the start of its time in ring 3
; (kernel/task/vtime.h).
extern trap_return, task_user_first_return
global task_user_entry
task_user_entry:
        call task_user_first_return
        jmp trap_return

; First run of a kernel thread: esi = fn, ebx = arg (from the crafted
; registers).  task_kthread_main(fn, arg) turns interrupts on, calls fn and
; exits with its result; it never returns.
extern task_kthread_main
global task_kthread_entry
task_kthread_entry:
        push ebx
        push esi
        xor ebp, ebp                      ; backtraces stop here
        call task_kthread_main
.hang:  cli
        hlt
        jmp .hang
