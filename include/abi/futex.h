/* futex's operations and flags, Linux's values (include/uapi/linux/futex.h). */
#ifndef TICK386_ABI_FUTEX_H
#define TICK386_ABI_FUTEX_H

#define ABI_FUTEX_WAIT           0
#define ABI_FUTEX_WAKE           1
#define ABI_FUTEX_WAIT_BITSET    9
#define ABI_FUTEX_WAKE_BITSET    10
#define ABI_FUTEX_PRIVATE_FLAG   128
#define ABI_FUTEX_CLOCK_REALTIME 256
#define ABI_FUTEX_CMD_MASK       (~(ABI_FUTEX_PRIVATE_FLAG | ABI_FUTEX_CLOCK_REALTIME))
#define ABI_FUTEX_BITSET_MATCH_ANY 0xffffffffu

#endif
