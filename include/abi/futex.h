/* futex's operations and flags, Linux's values (include/uapi/linux/futex.h). */
#ifndef TICK386_ABI_FUTEX_H
#define TICK386_ABI_FUTEX_H

#define ABI_FUTEX_WAIT            0
#define ABI_FUTEX_WAKE            1
#define ABI_FUTEX_FD              2 /* gone from Linux since 2.6.26: -ENOSYS */
#define ABI_FUTEX_REQUEUE         3
#define ABI_FUTEX_CMP_REQUEUE     4
#define ABI_FUTEX_WAKE_OP         5
#define ABI_FUTEX_LOCK_PI         6
#define ABI_FUTEX_UNLOCK_PI       7
#define ABI_FUTEX_TRYLOCK_PI      8
#define ABI_FUTEX_WAIT_BITSET     9
#define ABI_FUTEX_WAKE_BITSET     10
#define ABI_FUTEX_WAIT_REQUEUE_PI 11
#define ABI_FUTEX_CMP_REQUEUE_PI  12
#define ABI_FUTEX_LOCK_PI2        13
#define ABI_FUTEX_PRIVATE_FLAG    128
#define ABI_FUTEX_CLOCK_REALTIME  256
#define ABI_FUTEX_CMD_MASK        (~(ABI_FUTEX_PRIVATE_FLAG | ABI_FUTEX_CLOCK_REALTIME))
#define ABI_FUTEX_BITSET_MATCH_ANY 0xffffffffu

/*
 * FUTEX_WAKE_OP's val3: ((op & 0xf) << 28) | ((cmp & 0xf) << 24) |
 * ((oparg & 0xfff) << 12) | (cmparg & 0xfff); op | FUTEX_OP_OPARG_SHIFT
 * makes oparg a shift count (1 << oparg).
 */
#define ABI_FUTEX_OP_SET          0 /* *uaddr2 = oparg */
#define ABI_FUTEX_OP_ADD          1 /* *uaddr2 += oparg */
#define ABI_FUTEX_OP_OR           2 /* *uaddr2 |= oparg */
#define ABI_FUTEX_OP_ANDN         3 /* *uaddr2 &= ~oparg */
#define ABI_FUTEX_OP_XOR          4 /* *uaddr2 ^= oparg */
#define ABI_FUTEX_OP_OPARG_SHIFT  8
#define ABI_FUTEX_OP_CMP_EQ       0 /* wake uaddr2's waiters if old == cmparg */
#define ABI_FUTEX_OP_CMP_NE       1
#define ABI_FUTEX_OP_CMP_LT       2
#define ABI_FUTEX_OP_CMP_LE       3
#define ABI_FUTEX_OP_CMP_GT       4
#define ABI_FUTEX_OP_CMP_GE       5

/* futex_waitv (Linux i386 #449): one entry of the vector. */
#define ABI_FUTEX_WAITV_MAX       128
#define ABI_FUTEX2_SIZE_U32       0x02
#define ABI_FUTEX2_SIZE_MASK      0x03
#define ABI_FUTEX2_PRIVATE        ABI_FUTEX_PRIVATE_FLAG

struct abi_futex_waitv {
	unsigned long long val;	  /* the word's expected value (32 bits used) */
	unsigned long long uaddr; /* its address (the low 32 bits on i386) */
	unsigned int flags;	  /* FUTEX2_SIZE_U32, | FUTEX2_PRIVATE */
	unsigned int reserved;	  /* 0 */
};

#endif
