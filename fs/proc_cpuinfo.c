/*
 * /proc/cpuinfo in Linux i386's format (arch/x86/kernel/cpu/proc.c
 * show_cpuinfo): one block per CPU, from CPUID and the calibrated TSC rate.
 *
 * The fields, in Linux's order: processor, vendor_id, cpu family, model,
 * model name, stepping, cpu MHz (with a TSC), the SMP topology lines,
 * the 32-bit lines (fdiv_bug .. wp), flags, bogomips, clflush size,
 * cache_alignment, address sizes, power management, and an empty line.
 *
 * Left out, because tick386 does not know them (Linux leaves a line out
 * when it has no value, e.g. cache size): microcode (needs the MSR and a
 * loader), cache size (Linux's value is the last level's, from leaf 4 or
 * 2), bugs (tick386 makes no vulnerability assessment: an empty list
 * would claim the CPU has none).
 *
 * flags: Linux's names for CPUID bits (the public cpufeatures list), only
 * the bits CPUID reports set, in Linux's word order; the names Linux
 * hides ("" in its table, e.g. osxsave) and its synthetic flags
 * (constant_tsc, nopl, ...; those are the kernel's conclusions, not
 * CPUID's) are not printed.
 *
 * tick386 runs on one CPU: cpuinfo_cpu_count() says 1 and the blocks are
 * made from CPUID on the CPU that reads; with more CPUs, each block would
 * have to be filled on its CPU (the apicid tells them apart).
 */
#include "fs/proc.h"
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "lib/compiler.h"
#include "lib/string.h"

struct cpu_words {
	bool cpuid;
	u32 max_leaf, max_ext;
	u32 sig, misc;	      /* leaf 1 eax, ebx */
	u32 word[8];	      /* the flag words, as feature_words below */
	u32 pm;		      /* 0x80000007 edx */
	u32 addr;	      /* 0x80000008 eax */
	char vendor[13];
	char brand[49];
};

/* The flag words, in Linux's cpufeatures word order. */
enum {
	W_1_EDX,    /* word 0 */
	W_E1_EDX,   /* word 1: 0x80000001 edx */
	W_1_ECX,    /* word 4 */
	W_E1_ECX,   /* word 6: 0x80000001 ecx */
	W_7_EBX,    /* word 9 */
	W_D1_EAX,   /* word 10: leaf 0xd sub-leaf 1 eax */
	W_7_ECX,    /* word 16 */
	W_7_EDX,    /* word 18 */
};

struct flag_name {
	u8 word, bit;
	const char *name;
};

static const struct flag_name flag_names[] = {
	{ W_1_EDX, 0, "fpu" }, { W_1_EDX, 1, "vme" }, { W_1_EDX, 2, "de" },
	{ W_1_EDX, 3, "pse" }, { W_1_EDX, 4, "tsc" }, { W_1_EDX, 5, "msr" },
	{ W_1_EDX, 6, "pae" }, { W_1_EDX, 7, "mce" }, { W_1_EDX, 8, "cx8" },
	{ W_1_EDX, 9, "apic" }, { W_1_EDX, 11, "sep" }, { W_1_EDX, 12, "mtrr" },
	{ W_1_EDX, 13, "pge" }, { W_1_EDX, 14, "mca" }, { W_1_EDX, 15, "cmov" },
	{ W_1_EDX, 16, "pat" }, { W_1_EDX, 17, "pse36" }, { W_1_EDX, 18, "pn" },
	{ W_1_EDX, 19, "clflush" }, { W_1_EDX, 21, "dts" }, { W_1_EDX, 22, "acpi" },
	{ W_1_EDX, 23, "mmx" }, { W_1_EDX, 24, "fxsr" }, { W_1_EDX, 25, "sse" },
	{ W_1_EDX, 26, "sse2" }, { W_1_EDX, 27, "ss" }, { W_1_EDX, 28, "ht" },
	{ W_1_EDX, 29, "tm" }, { W_1_EDX, 30, "ia64" }, { W_1_EDX, 31, "pbe" },

	{ W_E1_EDX, 11, "syscall" }, { W_E1_EDX, 19, "mp" }, { W_E1_EDX, 20, "nx" },
	{ W_E1_EDX, 22, "mmxext" }, { W_E1_EDX, 25, "fxsr_opt" }, { W_E1_EDX, 26, "pdpe1gb" },
	{ W_E1_EDX, 27, "rdtscp" }, { W_E1_EDX, 29, "lm" }, { W_E1_EDX, 30, "3dnowext" },
	{ W_E1_EDX, 31, "3dnow" },

	{ W_1_ECX, 0, "pni" }, { W_1_ECX, 1, "pclmulqdq" }, { W_1_ECX, 2, "dtes64" },
	{ W_1_ECX, 3, "monitor" }, { W_1_ECX, 4, "ds_cpl" }, { W_1_ECX, 5, "vmx" },
	{ W_1_ECX, 6, "smx" }, { W_1_ECX, 7, "est" }, { W_1_ECX, 8, "tm2" },
	{ W_1_ECX, 9, "ssse3" }, { W_1_ECX, 10, "cid" }, { W_1_ECX, 11, "sdbg" },
	{ W_1_ECX, 12, "fma" }, { W_1_ECX, 13, "cx16" }, { W_1_ECX, 14, "xtpr" },
	{ W_1_ECX, 15, "pdcm" }, { W_1_ECX, 17, "pcid" }, { W_1_ECX, 18, "dca" },
	{ W_1_ECX, 19, "sse4_1" }, { W_1_ECX, 20, "sse4_2" }, { W_1_ECX, 21, "x2apic" },
	{ W_1_ECX, 22, "movbe" }, { W_1_ECX, 23, "popcnt" }, { W_1_ECX, 24, "tsc_deadline_timer" },
	{ W_1_ECX, 25, "aes" }, { W_1_ECX, 26, "xsave" }, { W_1_ECX, 28, "avx" },
	{ W_1_ECX, 29, "f16c" }, { W_1_ECX, 30, "rdrand" }, { W_1_ECX, 31, "hypervisor" },

	{ W_E1_ECX, 0, "lahf_lm" }, { W_E1_ECX, 1, "cmp_legacy" }, { W_E1_ECX, 2, "svm" },
	{ W_E1_ECX, 3, "extapic" }, { W_E1_ECX, 4, "cr8_legacy" }, { W_E1_ECX, 5, "abm" },
	{ W_E1_ECX, 6, "sse4a" }, { W_E1_ECX, 7, "misalignsse" }, { W_E1_ECX, 8, "3dnowprefetch" },
	{ W_E1_ECX, 9, "osvw" }, { W_E1_ECX, 10, "ibs" }, { W_E1_ECX, 11, "xop" },
	{ W_E1_ECX, 12, "skinit" }, { W_E1_ECX, 13, "wdt" }, { W_E1_ECX, 15, "lwp" },
	{ W_E1_ECX, 16, "fma4" }, { W_E1_ECX, 17, "tce" }, { W_E1_ECX, 19, "nodeid_msr" },
	{ W_E1_ECX, 21, "tbm" }, { W_E1_ECX, 22, "topoext" }, { W_E1_ECX, 23, "perfctr_core" },
	{ W_E1_ECX, 24, "perfctr_nb" }, { W_E1_ECX, 26, "bpext" }, { W_E1_ECX, 27, "ptsc" },
	{ W_E1_ECX, 28, "perfctr_llc" }, { W_E1_ECX, 29, "mwaitx" },

	{ W_7_EBX, 0, "fsgsbase" }, { W_7_EBX, 1, "tsc_adjust" }, { W_7_EBX, 2, "sgx" },
	{ W_7_EBX, 3, "bmi1" }, { W_7_EBX, 4, "hle" }, { W_7_EBX, 5, "avx2" },
	{ W_7_EBX, 7, "smep" }, { W_7_EBX, 8, "bmi2" }, { W_7_EBX, 9, "erms" },
	{ W_7_EBX, 10, "invpcid" }, { W_7_EBX, 11, "rtm" }, { W_7_EBX, 12, "cqm" },
	{ W_7_EBX, 14, "mpx" }, { W_7_EBX, 15, "rdt_a" }, { W_7_EBX, 16, "avx512f" },
	{ W_7_EBX, 17, "avx512dq" }, { W_7_EBX, 18, "rdseed" }, { W_7_EBX, 19, "adx" },
	{ W_7_EBX, 20, "smap" }, { W_7_EBX, 21, "avx512ifma" }, { W_7_EBX, 23, "clflushopt" },
	{ W_7_EBX, 24, "clwb" }, { W_7_EBX, 25, "intel_pt" }, { W_7_EBX, 26, "avx512pf" },
	{ W_7_EBX, 27, "avx512er" }, { W_7_EBX, 28, "avx512cd" }, { W_7_EBX, 29, "sha_ni" },
	{ W_7_EBX, 30, "avx512bw" }, { W_7_EBX, 31, "avx512vl" },

	{ W_D1_EAX, 0, "xsaveopt" }, { W_D1_EAX, 1, "xsavec" }, { W_D1_EAX, 2, "xgetbv1" },
	{ W_D1_EAX, 3, "xsaves" },

	{ W_7_ECX, 1, "avx512vbmi" }, { W_7_ECX, 2, "umip" }, { W_7_ECX, 3, "pku" },
	{ W_7_ECX, 4, "ospke" }, { W_7_ECX, 5, "waitpkg" }, { W_7_ECX, 6, "avx512_vbmi2" },
	{ W_7_ECX, 8, "gfni" }, { W_7_ECX, 9, "vaes" }, { W_7_ECX, 10, "vpclmulqdq" },
	{ W_7_ECX, 11, "avx512_vnni" }, { W_7_ECX, 12, "avx512_bitalg" }, { W_7_ECX, 13, "tme" },
	{ W_7_ECX, 14, "avx512_vpopcntdq" }, { W_7_ECX, 16, "la57" }, { W_7_ECX, 22, "rdpid" },
	{ W_7_ECX, 24, "bus_lock_detect" }, { W_7_ECX, 25, "cldemote" }, { W_7_ECX, 27, "movdiri" },
	{ W_7_ECX, 28, "movdir64b" }, { W_7_ECX, 29, "enqcmd" }, { W_7_ECX, 30, "sgx_lc" },

	{ W_7_EDX, 2, "avx512_4vnniw" }, { W_7_EDX, 3, "avx512_4fmaps" }, { W_7_EDX, 4, "fsrm" },
	{ W_7_EDX, 8, "avx512_vp2intersect" }, { W_7_EDX, 10, "md_clear" },
	{ W_7_EDX, 14, "serialize" }, { W_7_EDX, 16, "tsxldtrk" }, { W_7_EDX, 18, "pconfig" },
	{ W_7_EDX, 19, "arch_lbr" }, { W_7_EDX, 20, "ibt" }, { W_7_EDX, 22, "amx_bf16" },
	{ W_7_EDX, 23, "avx512_fp16" }, { W_7_EDX, 24, "amx_tile" }, { W_7_EDX, 25, "amx_int8" },
	{ W_7_EDX, 28, "flush_l1d" }, { W_7_EDX, 29, "arch_capabilities" },
};

/* 0x80000007 edx, Linux's x86_power_flags (bit 8, the invariant TSC, has
 * no name there). */
static const char *const power_names[] = {
	"ts", "fid", "vid", "ttp", "tm", "stc", "100mhzsteps", "hwpstate", NULL,
	"cpb", "eff_freq_ro", "proc_feedback", "acc_power",
};

static void read_cpu(struct cpu_words *w)
{
	u32 a, b, c, d;

	memset(w, 0, sizeof(*w));
	if (!cpu_has_cpuid()) {
		strcpy(w->vendor, "unknown");
		w->sig = 3 << 8; /* family 3: Linux's guess for a CPU without CPUID */
		return;
	}
	w->cpuid = true;
	cpuid(0, &w->max_leaf, &b, &c, &d);
	memcpy(w->vendor, &b, 4);
	memcpy(w->vendor + 4, &d, 4);
	memcpy(w->vendor + 8, &c, 4);
	if (w->max_leaf >= 1)
		cpuid(1, &w->sig, &w->misc, &w->word[W_1_ECX], &w->word[W_1_EDX]);
	if (w->max_leaf >= 7)
		cpuid_count(7, 0, &a, &w->word[W_7_EBX], &w->word[W_7_ECX], &w->word[W_7_EDX]);
	if (w->max_leaf >= 0xd)
		cpuid_count(0xd, 1, &w->word[W_D1_EAX], &b, &c, &d);
	cpuid(0x80000000, &w->max_ext, &b, &c, &d);
	if ((w->max_ext & 0xffff0000) != 0x80000000)
		w->max_ext = 0;
	if (w->max_ext >= 0x80000001)
		cpuid(0x80000001, &a, &b, &w->word[W_E1_ECX], &w->word[W_E1_EDX]);
	if (w->max_ext >= 0x80000004) {
		u32 *p = (u32 *)w->brand;

		for (u32 i = 0; i < 3; i++)
			cpuid(0x80000002 + i, &p[4 * i], &p[4 * i + 1], &p[4 * i + 2], &p[4 * i + 3]);
	}
	if (w->max_ext >= 0x80000007)
		cpuid(0x80000007, &a, &b, &c, &w->pm);
	if (w->max_ext >= 0x80000008)
		cpuid(0x80000008, &w->addr, &b, &c, &d);
}

static bool has(const struct cpu_words *w, u32 word, u32 bit)
{
	return w->word[word] & (1u << bit);
}

/* The brand string without its padding: Linux trims both ends. */
static const char *model_name(struct cpu_words *w)
{
	char *s = w->brand;
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
	return *s ? s : "unknown";
}

static u32 cpuinfo_cpu_count(void)
{
	return 1; /* tick386 brings up the boot CPU only */
}

static void show_cpu(struct proc_text *out, u32 cpu, struct cpu_words *w)
{
	u32 family = (w->sig >> 8) & 0xf, model = (w->sig >> 4) & 0xf, stepping = w->sig & 0xf;
	u32 apicid = w->misc >> 24, clflush = 32, phys = 32, virt = 32;
	u64 khz = clock_tsc_calibrated_hz() / 1000;
	bool fpu = has(w, W_1_EDX, 0);

	if (family == 0xf)
		family += (w->sig >> 20) & 0xff;
	if (family >= 6)
		model += ((w->sig >> 16) & 0xf) << 4;
	proc_printf(out, "processor\t: %u\nvendor_id\t: %s\ncpu family\t: %u\nmodel\t\t: %u\n", cpu,
		    w->vendor, family, model);
	proc_printf(out, "model name\t: %s\n", model_name(w));
	if (w->max_leaf >= 1)
		proc_printf(out, "stepping\t: %u\n", stepping);
	else
		proc_printf(out, "stepping\t: unknown\n");
	if (has(w, W_1_EDX, 4) && khz)
		proc_printf(out, "cpu MHz\t\t: %u.%03u\n", (u32)(khz / 1000), (u32)(khz % 1000));
	/* one package, one core, one thread */
	proc_printf(out, "physical id\t: 0\nsiblings\t: %u\ncore id\t\t: 0\ncpu cores\t: %u\n",
		    cpuinfo_cpu_count(), cpuinfo_cpu_count());
	proc_printf(out, "apicid\t\t: %u\ninitial apicid\t: %u\n", apicid, apicid);
	/* Linux's F00F flag: every Intel family 5; the FDIV and Cyrix coma
	 * checks need a 1994 Pentium and a Cyrix 6x86, which have no CPUID
	 * leaf tick386 could tell them by: "no", as on every later CPU. */
	proc_printf(out, "fdiv_bug\t: no\nf00f_bug\t: %s\ncoma_bug\t: no\n",
		    family == 5 && !strcmp(w->vendor, "GenuineIntel") ? "yes" : "no");
	proc_printf(out, "fpu\t\t: %s\nfpu_exception\t: %s\ncpuid level\t: %d\nwp\t\t: yes\n",
		    fpu ? "yes" : "no", fpu ? "yes" : "no", w->cpuid ? (int)w->max_leaf : -1);
	proc_printf(out, "flags\t\t:");
	for (u32 i = 0; i < ARRAY_SIZE(flag_names); i++)
		if (has(w, flag_names[i].word, flag_names[i].bit))
			proc_printf(out, " %s", flag_names[i].name);
	proc_printf(out, "\n");
	/* Linux: loops_per_jiffy * HZ / 500000, the TSC delay loop's lpj being
	 * the TSC's rate per tick: twice the MHz.  Without a TSC tick386 has
	 * no calibrated delay loop to report: the line is left out. */
	if (khz)
		proc_printf(out, "bogomips\t: %u.%02u\n", (u32)(khz / 500), (u32)(khz / 5 % 100));
	if (has(w, W_1_EDX, 19))
		clflush = ((w->misc >> 8) & 0xff) * 8;
	if (has(w, W_1_EDX, 6) || has(w, W_1_EDX, 17))
		phys = 36;
	if (w->max_ext >= 0x80000008) {
		phys = w->addr & 0xff;
		virt = (w->addr >> 8) & 0xff;
	}
	proc_printf(out, "clflush size\t: %u\ncache_alignment\t: %u\n", clflush, clflush);
	proc_printf(out, "address sizes\t: %u bits physical, %u bits virtual\n", phys, virt);
	proc_printf(out, "power management:");
	for (u32 i = 0; i < ARRAY_SIZE(power_names); i++)
		if (power_names[i] && (w->pm & (1u << i)))
			proc_printf(out, " %s", power_names[i]);
	proc_printf(out, "\n\n");
}

void proc_cpuinfo(struct proc_text *out)
{
	struct cpu_words w;

	for (u32 cpu = 0; cpu < cpuinfo_cpu_count(); cpu++) {
		read_cpu(&w); /* on this CPU: the only one (above) */
		show_cpu(out, cpu, &w);
	}
}
