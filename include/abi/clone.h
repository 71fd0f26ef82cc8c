/*
 * clone's flags and set_thread_area's descriptor, with Linux i386's values
 * and layout (include/uapi/linux/sched.h, asm/ldt.h).  ABI_ names, so that
 * a C library's <sched.h> can define the CLONE_ names without a clash.
 */
#ifndef TICK386_ABI_CLONE_H
#define TICK386_ABI_CLONE_H

#define ABI_CSIGNAL              0x000000ffu /* the signal sent to the parent at exit */
#define ABI_CLONE_VM             0x00000100u
#define ABI_CLONE_FS             0x00000200u
#define ABI_CLONE_FILES          0x00000400u
#define ABI_CLONE_SIGHAND        0x00000800u
#define ABI_CLONE_PIDFD          0x00001000u
#define ABI_CLONE_PTRACE         0x00002000u
#define ABI_CLONE_VFORK          0x00004000u
#define ABI_CLONE_PARENT         0x00008000u
#define ABI_CLONE_THREAD         0x00010000u
#define ABI_CLONE_NEWNS          0x00020000u
#define ABI_CLONE_SYSVSEM        0x00040000u
#define ABI_CLONE_SETTLS         0x00080000u
#define ABI_CLONE_PARENT_SETTID  0x00100000u
#define ABI_CLONE_CHILD_CLEARTID 0x00200000u
#define ABI_CLONE_DETACHED       0x00400000u
#define ABI_CLONE_UNTRACED       0x00800000u
#define ABI_CLONE_CHILD_SETTID   0x01000000u
#define ABI_CLONE_IO             0x80000000u
/* The namespaces (clone, unshare): tick386 has none (kernel/task/unshare.c). */
#define ABI_CLONE_NEWTIME        0x00000080u /* unshare and clone3 only (CSIGNAL's bits for clone) */
#define ABI_CLONE_NEWCGROUP      0x02000000u
#define ABI_CLONE_NEWUTS         0x04000000u
#define ABI_CLONE_NEWIPC         0x08000000u
#define ABI_CLONE_NEWUSER        0x10000000u
#define ABI_CLONE_NEWPID         0x20000000u
#define ABI_CLONE_NEWNET         0x40000000u

/*
 * struct user_desc: entry_number, base_addr, limit, then one word of bit
 * fields, which C lays out from bit 0 on i386: seg_32bit, contents (2),
 * read_exec_only, limit_in_pages, seg_not_present, useable.
 */
struct abi_user_desc {
	unsigned int entry_number;
	unsigned int base_addr;
	unsigned int limit;
	unsigned int flags;
};

#define ABI_UD_SEG_32BIT       0x01u
#define ABI_UD_CONTENTS_SHIFT  1
#define ABI_UD_CONTENTS_MASK   0x06u
#define ABI_UD_READ_EXEC_ONLY  0x08u
#define ABI_UD_LIMIT_IN_PAGES  0x10u
#define ABI_UD_SEG_NOT_PRESENT 0x20u
#define ABI_UD_USEABLE         0x40u

#endif
