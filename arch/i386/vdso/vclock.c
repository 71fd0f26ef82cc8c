/*
 * The vDSO's clock calls: clock_gettime, clock_gettime64, gettimeofday,
 * time and clock_getres without a system call, under Linux i386's names
 * (__vdso_clock_gettime & co., version LINUX_2.6).  The kernel maps this
 * image into every process (arch/i386/vdso.c) one page above its data page
 * (kernel/time/vdso_data.c) and announces it in the auxiliary vector as
 * AT_SYSINFO_EHDR; the C library finds the functions through the image's
 * dynamic symbol table.
 *
 * A clock read is lib/vclock.h's formula, the kernel's own, on the data
 * page's parameters and the TSC: the same function of the TSC as the
 * system call, so equal to it.  What the page does not serve goes to the
 * kernel by the system call, whose answer (0 or -errno) is returned as it
 * is, Linux's convention: a clock when the TSC is not the clock source, the
 * CPU-time clocks, ids without a clock, and times past 2038 (a 32-bit
 * tv_sec: the kernel's answer saturates).
 *
 * Bad pointers: a store to user memory that faults is turned by the kernel
 * (vdso_fixup, arch/i386/vdso.c) into a jump to its fixup, which returns
 * -EFAULT with nothing written, as the system call does (Linux's vDSO
 * would die of SIGSEGV there; tick386's libc keeps the kernel's EFAULT).
 *
 * The clock reads are assembly where it counts: clock_gettime.S, the
 * common case of clock_gettime, and read_ns.S, the other modes a TSC at
 * 1 GHz or more gives (a rate from adjtimex, the coarse clocks): gcc's
 * i386 code for the same 64-bit arithmetic in a sequence loop took twice
 * as many instructions.  The rest (a slew, another shift) is C.
 *
 * Built position independent, without libgcc and without writable data
 * (mk/vdso.mk checks the image has no relocations); the functions are the
 * only dynamic symbols (vdso.lds).
 */
#include "lib/compiler.h"
#include "lib/vclock.h"
#include <abi/errno.h>
#include <abi/syscall.h>
#include <abi/time.h>

/* The data page, one page below this image (vdso.lds). */
extern const struct vclock_data vdso_data __attribute__((visibility("hidden")));

#define NS_PER_SEC 1000000000u
/* From here on tv_sec would not fit in 32 bits: the kernel saturates it. */
#define NS_TV_SEC_LIMIT (((u64)1 << 31) * NS_PER_SEC)

#define barrier() __asm__ volatile("" ::: "memory")

static inline u64 rdtsc(void)
{
	u64 t;

	__asm__ volatile("rdtsc" : "=A"(t));
	return t;
}

static inline u32 read_seq(const struct vclock_data *vd)
{
	u32 seq = *(const volatile u32 *)&vd->seq;

	barrier();
	return seq;
}

static inline bool seq_changed(const struct vclock_data *vd, u32 seq)
{
	barrier();
	return *(const volatile u32 *)&vd->seq != seq;
}

/* The kernel's own system call numbers: this image is part of the kernel. */
static inline long syscall2(long nr, long a, long b)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b) : "memory");
	return ret;
}

/*
 * A fixup entry (section .vdso_fixup, read by the kernel's vdso_fixup):
 * two 32-bit offsets, each from the entry's own field, of an instruction
 * that may fault on a user pointer and of where to go if it does.
 */
#define FIXUP(insn, fixup)                             \
	"	.pushsection .vdso_fixup, \"a\"\n"     \
	"	.balign 4\n"                           \
	"	.long " #insn " - ., " #fixup " - .\n" \
	"	.popsection\n"

/*
 * p[0] = a, p[1] = b; or -EFAULT with nothing written.  The OR of 0 into
 * p[1] writes nothing but faults unless the page of the last byte is
 * writable; the store to p[0] then faults unless the page of the first
 * byte is: the eight bytes touch no other page.
 */
static inline long put_pair(void *p, u32 a, u32 b)
{
	long err = 0;

	__asm__ volatile("1:	orl $0, 4(%[p])\n"
			 "2:	movl %[a], (%[p])\n"
			 "3:	movl %[b], 4(%[p])\n"
			 "4:\n" FIXUP(1b, 5f) FIXUP(2b, 5f) FIXUP(3b, 5f)
			 "	.pushsection .text.fixup, \"ax\"\n"
			 "5:	movl %[efault], %[err]\n"
			 "	jmp 4b\n"
			 "	.popsection\n"
			 : [err] "+r"(err)
			 : [p] "r"(p), [a] "r"(a), [b] "r"(b), [efault] "i"(-EFAULT)
			 : "memory");
	return err;
}

/*
 * A struct __kernel_timespec: p[0] = sec, p[1] = 0, p[2] = nsec, p[3] = 0
 * (the time is below 2^31 s here); or -EFAULT with nothing written, as
 * put_pair, the probe on the last word's page, then the first store on the
 * first's (16 bytes touch at most two pages).
 */
static inline long put_timespec64(void *p, u32 sec, u32 nsec)
{
	long err = 0;

	__asm__ volatile("1:	orl $0, 12(%[p])\n"
			 "2:	movl %[a], (%[p])\n"
			 "3:	movl $0, 4(%[p])\n"
			 "4:	movl %[b], 8(%[p])\n"
			 "5:	movl $0, 12(%[p])\n"
			 "6:\n" FIXUP(1b, 7f) FIXUP(2b, 7f) FIXUP(3b, 7f) FIXUP(4b, 7f) FIXUP(5b, 7f)
			 "	.pushsection .text.fixup, \"ax\"\n"
			 "7:	movl %[efault], %[err]\n"
			 "	jmp 6b\n"
			 "	.popsection\n"
			 : [err] "+r"(err)
			 : [p] "r"(p), [a] "r"(sec), [b] "r"(nsec), [efault] "i"(-EFAULT)
			 : "memory");
	return err;
}

static inline long put_word(void *p, u32 a)
{
	long err = 0;

	__asm__ volatile("1:	movl %[a], (%[p])\n"
			 "2:\n" FIXUP(1b, 3f)
			 "	.pushsection .text.fixup, \"ax\"\n"
			 "3:	movl %[efault], %[err]\n"
			 "	jmp 2b\n"
			 "	.popsection\n"
			 : [err] "+r"(err)
			 : [p] "r"(p), [a] "r"(a), [efault] "i"(-EFAULT)
			 : "memory");
	return err;
}

STATIC_ASSERT(offsetof(struct vclock_data, seq) == VCLOCK_DATA_SEQ, "seq");
STATIC_ASSERT(offsetof(struct vclock_data, mult) == VCLOCK_DATA_MULT, "mult");
STATIC_ASSERT(offsetof(struct vclock_data, cycle_base) == VCLOCK_DATA_CYCLE_BASE, "base");
STATIC_ASSERT(offsetof(struct vclock_data, adj_mult) == VCLOCK_DATA_ADJ_MULT, "adj_mult");
STATIC_ASSERT(offsetof(struct vclock_data, base_raw) == VCLOCK_DATA_BASE_RAW, "base_raw");
STATIC_ASSERT(offsetof(struct vclock_data, adj_sign) == VCLOCK_DATA_ADJ_SIGN, "adj_sign");
STATIC_ASSERT(offsetof(struct vclock_data, offset) == VCLOCK_DATA_OFFSET, "offset");
STATIC_ASSERT(offsetof(struct vclock_data, mode) == VCLOCK_DATA_MODE, "mode");

/* read_ns.S: the common modes in assembly; NOT_SERVED for the others. */
__attribute__((visibility("hidden"))) u64 vdso_read_ns(u32 id);
#define NOT_SERVED (~0ull)

/*
 * Clock id's ns now (id < VCLOCK_IDS), below 2^31 s; false when the
 * kernel must answer.  Any mode: lib/vclock.h's vclock_ns, read again when
 * the kernel changed the page meanwhile (an interrupt between the reads).
 */
static __attribute__((noinline)) bool clock_ns_any(u32 id, u64 *ns)
{
	const struct vclock_data *vd = &vdso_data;
	u32 seq, mode, rem;

	do {
		seq = read_seq(vd);
		mode = vd->mode[id];
		if (mode == VCLOCK_KERNEL)
			return false;
		*ns = vclock_ns(vd, mode, vd->offset[id], rdtsc());
	} while (seq_changed(vd, seq));
	if (*ns >= NS_TV_SEC_LIMIT)
		return false;
	if (mode & VCLOCK_COARSE) {
		clockmath_div_u32(*ns, VCLOCK_COARSE_NS, &rem);
		*ns -= rem;
	}
	return true;
}

/* The same, by read_ns.S when it serves the mode (shift 32, no slew). */
static inline bool clock_ns(u32 id, u64 *ns)
{
	*ns = vdso_read_ns(id);
	return *ns != NOT_SERVED || clock_ns_any(id, ns);
}

static inline u32 split_sec(u64 ns, u32 *nsec)
{
	/* ns < 2^31 * 10^9, so its high word is below 10^9: one divl */
	return clockmath_div_narrow((u32)(ns >> 32), (u32)ns, NS_PER_SEC, nsec);
}

/*
 * clock_gettime for what the assembly does not serve: __vdso_clock_gettime
 * (clock_gettime.S) does the plain mode itself and read_ns.S's modes, and
 * jumps here for the others, with the caller's arguments as they were.
 */
__attribute__((visibility("hidden"))) long vdso_clock_gettime_slow(clockid_t id,
								   struct timespec *ts);
long vdso_clock_gettime_slow(clockid_t id, struct timespec *ts)
{
	u32 sec, nsec;
	u64 ns;

	if ((u32)id >= VCLOCK_IDS || !clock_ns_any((u32)id, &ns))
		return syscall2(__NR_clock_gettime, id, (long)ts);
	sec = split_sec(ns, &nsec);
	return put_pair(ts, sec, nsec);
}

/*
 * Linux i386's __vdso_clock_gettime64 (LINUX_2.6): clock_gettime64 (403)
 * with a struct __kernel_timespec.  In C: the clock read is clock_ns's
 * (read_ns.S for the common modes); past 2038 the kernel answers, with the
 * full 64-bit seconds.
 */
long __vdso_clock_gettime64(clockid_t id, struct abi_timespec64 *ts)
{
	u32 sec, nsec;
	u64 ns;

	if ((u32)id >= VCLOCK_IDS || !clock_ns((u32)id, &ns))
		return syscall2(__NR_clock_gettime64, id, (long)ts);
	sec = split_sec(ns, &nsec);
	return put_timespec64(ts, sec, nsec);
}

long __vdso_gettimeofday(struct timeval *tv, struct timezone *tz)
{
	const struct vclock_data *vd = &vdso_data;
	u32 sec, nsec, seq;
	s32 west, dst;
	long err;
	u64 ns;

	if (tv) {
		if (!clock_ns(CLOCK_REALTIME, &ns))
			return syscall2(__NR_gettimeofday, (long)tv, (long)tz);
		sec = split_sec(ns, &nsec);
		err = put_pair(tv, sec, nsec / 1000);
		if (err)
			return err;
	}
	if (tz) {
		do {
			seq = read_seq(vd);
			west = vd->tz_minuteswest;
			dst = vd->tz_dsttime;
		} while (seq_changed(vd, seq));
		return put_pair(tz, (u32)west, (u32)dst);
	}
	return 0;
}

time_t __vdso_time(time_t *t)
{
	u32 sec, nsec;
	long err;
	u64 ns;

	if (!clock_ns(CLOCK_REALTIME, &ns))
		return syscall2(__NR_time, (long)t, 0);
	sec = split_sec(ns, &nsec);
	if (t) {
		err = put_word(t, sec);
		if (err)
			return err;
	}
	return (time_t)sec;
}

long __vdso_clock_getres(clockid_t id, struct timespec *res)
{
	u32 ns;

	/* The resolutions never change: no sequence to follow. */
	if ((u32)id >= VCLOCK_IDS || !(ns = vdso_data.res_ns[id]))
		return syscall2(__NR_clock_getres, id, (long)res);
	if (!res)
		return 0; /* POSIX: a NULL res is allowed */
	return put_pair(res, 0, ns);
}
