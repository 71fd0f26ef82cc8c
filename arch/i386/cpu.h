/* Privileged instructions and control registers of the i386. */
#ifndef TICK386_ARCH_CPU_H
#define TICK386_ARCH_CPU_H

#include "lib/types.h"

#define EFLAGS_IF (1u << 9) /* interrupts enabled */
#define EFLAGS_IOPL (3u << 12)

static inline void cpu_cli(void)
{
	__asm__ volatile("cli" ::: "memory");
}

static inline void cpu_sti(void)
{
	__asm__ volatile("sti" ::: "memory");
}

static inline void cpu_hlt(void)
{
	__asm__ volatile("hlt" ::: "memory");
}

/* Enable interrupts and halt as one step: no interrupt can slip in between. */
static inline void cpu_sti_hlt(void)
{
	__asm__ volatile("sti; hlt" ::: "memory");
}

static inline u32 cpu_eflags(void)
{
	u32 flags;
	__asm__ volatile("pushfl; popl %0" : "=r"(flags));
	return flags;
}

/* irq_save/irq_restore: the one way to make a section atomic on one CPU. */
static inline u32 irq_save(void)
{
	u32 flags;
	__asm__ volatile("pushfl; popl %0; cli" : "=r"(flags) : : "memory");
	return flags;
}

static inline void irq_restore(u32 flags)
{
	if (flags & EFLAGS_IF)
		cpu_sti();
}

static inline u32 read_cr0(void)
{
	u32 v;
	__asm__ volatile("movl %%cr0, %0" : "=r"(v));
	return v;
}

static inline u32 read_cr2(void)
{
	u32 v;
	__asm__ volatile("movl %%cr2, %0" : "=r"(v));
	return v;
}

static inline u32 read_cr3(void)
{
	u32 v;
	__asm__ volatile("movl %%cr3, %0" : "=r"(v));
	return v;
}

static inline void write_cr3(u32 v)
{
	__asm__ volatile("movl %0, %%cr3" : : "r"(v) : "memory");
}

static inline u32 read_cr4(void)
{
	u32 v;
	__asm__ volatile("movl %%cr4, %0" : "=r"(v));
	return v;
}

static inline void invlpg(u32 addr)
{
	__asm__ volatile("invlpg (%0)" : : "r"(addr) : "memory");
}

static inline u64 rdtsc(void)
{
	u32 lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

static inline void cpuid_count(u32 leaf, u32 sub, u32 *a, u32 *b, u32 *c, u32 *d)
{
	__asm__ volatile("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(sub));
}

static inline void cpuid(u32 leaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	cpuid_count(leaf, 0, a, b, c, d);
}

/* CPUID exists iff EFLAGS.ID (bit 21) can be toggled (486+). */
static inline bool cpu_has_cpuid(void)
{
	u32 f0, f1;

	__asm__ volatile("pushfl; popl %0; movl %0, %1; xorl $0x200000, %0;"
			 "pushl %0; popfl; pushfl; popl %0; pushl %1; popfl"
			 : "=&r"(f0), "=&r"(f1));
	return (f0 ^ f1) & 0x200000;
}

#endif
