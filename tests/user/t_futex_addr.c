/*
 * futex's checks of the word's address, every operation beside every kind
 * of address, against the answers of the Linux i386 oracle (Linux 6.1 as
 * tools/runprog-linux boots it; the table below is its output): a
 * misaligned word is EINVAL before anything else, a kernel address EFAULT
 * (access_ok), an unmapped one EFAULT except for a private wake, which
 * needs no page (0 woken).  tick386 once woke nobody, returning 0, for a
 * kernel address.  Then the order of the other checks around them.
 * The same source runs as Linux's /init with the same output.
 */
/* expect: status=0 */
/* parallel: yes */
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_WAIT_BITSET 9
#define FUTEX_WAKE_BITSET 10
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_CLOCK_REALTIME 256

static unsigned int word[4] __attribute__((aligned(16))) = {7, 7, 7, 7};

static long futex(unsigned long addr, int op, unsigned val, const void *timeout, unsigned val3)
{
	long r = syscall(SYS_futex, addr, op, val, timeout, 0, val3);

	return r < 0 ? -errno : r;
}

int main(void)
{
	static const char *const addr_names[] = {
		"mapped",   "misaligned", "NULL",	"unmapped (0x1000)", "unmapped misaligned",
		"kernel",   "kernel misaligned", "0xfffffffc", "0xbffffffc (last user word)",
		"0xbffffffe (straddles the kernel)"};
	const unsigned long addrs[] = {(unsigned long)&word[0], (unsigned long)&word[0] + 1, 0,
				       0x1000, 0x1001, 0xc0000000ul, 0xc0000001ul, 0xfffffffcul,
				       0xbffffffcul, 0xbffffffeul};
	static const struct {
		const char *name;
		int op;
		long want[10];
	} ops[] = {
		{"WAIT", FUTEX_WAIT,
		 {-EAGAIN, -EINVAL, -EFAULT, -EFAULT, -EINVAL, -EFAULT, -EINVAL, -EFAULT, -EFAULT, -EINVAL}},
		{"WAKE", FUTEX_WAKE,
		 {0, -EINVAL, -EFAULT, -EFAULT, -EINVAL, -EFAULT, -EINVAL, -EFAULT, -EFAULT, -EINVAL}},
		{"WAIT_BITSET", FUTEX_WAIT_BITSET,
		 {-EAGAIN, -EINVAL, -EFAULT, -EFAULT, -EINVAL, -EFAULT, -EINVAL, -EFAULT, -EFAULT, -EINVAL}},
		{"WAKE_BITSET", FUTEX_WAKE_BITSET,
		 {0, -EINVAL, -EFAULT, -EFAULT, -EINVAL, -EFAULT, -EINVAL, -EFAULT, -EFAULT, -EINVAL}},
		{"WAIT|PRIVATE", FUTEX_WAIT | FUTEX_PRIVATE_FLAG,
		 {-EAGAIN, -EINVAL, -EFAULT, -EFAULT, -EINVAL, -EFAULT, -EINVAL, -EFAULT, -EFAULT, -EINVAL}},
		{"WAKE|PRIVATE", FUTEX_WAKE | FUTEX_PRIVATE_FLAG,
		 {0, -EINVAL, 0, 0, -EINVAL, -EFAULT, -EINVAL, -EFAULT, 0, -EINVAL}},
		{"WAIT_BITSET|PRIVATE", FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG,
		 {-EAGAIN, -EINVAL, -EFAULT, -EFAULT, -EINVAL, -EFAULT, -EINVAL, -EFAULT, -EFAULT, -EINVAL}},
		{"WAKE_BITSET|PRIVATE", FUTEX_WAKE_BITSET | FUTEX_PRIVATE_FLAG,
		 {0, -EINVAL, 0, 0, -EINVAL, -EFAULT, -EINVAL, -EFAULT, 0, -EINVAL}},
	};
	struct timespec zero = {0, 0};
	long r;

	for (unsigned o = 0; o < sizeof(ops) / sizeof(ops[0]); o++) {
		int base = ops[o].op & ~FUTEX_PRIVATE_FLAG;
		int waits = base == FUTEX_WAIT || base == FUTEX_WAIT_BITSET;

		for (unsigned i = 0; i < 10; i++) {
			/* a wait's value differs from the word: it never sleeps */
			r = futex(addrs[i], ops[o].op, waits ? 5 : 1, waits ? &zero : NULL, ~0u);
			ok(r == ops[o].want[i], "%s at %s: %ld", ops[o].name, addr_names[i],
			   ops[o].want[i]);
		}
	}
	r = futex(0xc0000000ul, FUTEX_WAKE, 1, NULL, 0);
	ok(r == -EFAULT, "WAKE ignores val3: a kernel address is EFAULT (%ld)", r);
	r = futex(0xc0000000ul, FUTEX_WAKE_BITSET, 1, NULL, 0);
	ok(r == -EINVAL, "WAKE_BITSET: a zero bitset before the address (%ld)", r);
	r = futex((unsigned long)&word[0], FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 5, &zero, 0);
	ok(r == -ENOSYS, "WAIT with CLOCK_REALTIME: ENOSYS (%ld)", r);
	r = futex(0xc0000000ul, FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 5, (void *)0xc0000000ul, 0);
	ok(r == -EFAULT, "a bad timeout before all of it (%ld)", r);
	r = futex(0xc0000000ul, FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, NULL, 0);
	ok(r == -ENOSYS, "WAKE with CLOCK_REALTIME: ENOSYS before the address (%ld)", r);
	r = futex(0xc0000001ul, 99, 1, NULL, 0);
	ok(r == -ENOSYS, "an unknown operation: ENOSYS before the address (%ld)", r);
	r = futex((unsigned long)&word[0], FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 7, &zero, ~0u);
	ok(r == -ETIMEDOUT, "WAIT_BITSET with CLOCK_REALTIME, a deadline long past (%ld)", r);
	return done_testing();
}
