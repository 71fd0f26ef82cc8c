/*
 * /proc/PID/fail-nth (mm/fault_inject.h) and /proc/slabinfo.
 *
 * fail-nth is Linux's (fs/proc/base.c proc_fail_nth_write/read): a write
 * of N, read as kstrtouint_from_user does (base 0: decimal, 0x hex or 0
 * octal, an optional '+' and one trailing newline; a bad number -EINVAL,
 * one past UINT_MAX -ERANGE), makes the N-th allocation of that task from
 * then on fail; a read gives "%u\n", the allocations left to count.  Its
 * text is read live, at each read (fs_node_ops.read), not made at open: a
 * test keeps the file open and reads it back after each call it walks, and
 * neither the read nor the write allocates, so they do not count.
 */
#include "arch/i386/cpu.h"
#include "fs/proc.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include "mm/slab.h"
#include "mm/uaccess.h"
#include <abi/errno.h>

/* Linux's _parse_integer_fixup_radix and _parse_integer, for unsigned int. */
static int parse_uint(const char *s, u32 *out)
{
	unsigned base = 10, digits = 0;
	u64 v = 0;

	if (*s == '+')
		s++;
	if (s[0] == '0') {
		char x = (char)(s[1] | 0x20);
		bool hexdigit = (s[2] >= '0' && s[2] <= '9') ||
				((s[2] | 0x20) >= 'a' && (s[2] | 0x20) <= 'f');

		if (x == 'x' && hexdigit) {
			base = 16;
			s += 2;
		} else {
			base = 8;
		}
	}
	for (;; s++, digits++) {
		unsigned d;
		char c = (char)(*s | 0x20);

		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else
			break;
		if (d >= base)
			break;
		v = v * base + d;
		if (v > 0xffffffffull)
			return -ERANGE;
	}
	if (!digits)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*out = (u32)v;
	return 0;
}

long proc_fail_nth_write(int pid, const void __user *ubuf, size_t len)
{
	/* kstrtouint_from_user's buffer: sign, 64 binary digits, newline, NUL. */
	char buf[1 + 64 + 1 + 1];
	size_t n = len < sizeof(buf) - 1 ? len : sizeof(buf) - 1;
	struct task *t;
	u32 value, flags;
	int rc;

	if (copy_from_user(buf, ubuf, n))
		return -EFAULT;
	buf[n] = '\0';
	rc = parse_uint(buf, &value);
	if (rc)
		return rc;
	flags = irq_save();
	t = task_find_any(pid);
	if (t)
		t->fail_nth = value;
	irq_restore(flags);
	return t ? (long)len : -ESRCH;
}

long proc_fail_nth_read(int pid, void __user *ubuf, size_t len, u64 *pos)
{
	char text[16];
	struct task *t;
	u32 flags, n;

	flags = irq_save();
	t = task_find_any(pid);
	n = t ? (u32)snprintf(text, sizeof(text), "%u\n", t->fail_nth) : 0;
	irq_restore(flags);
	if (!t)
		return -ESRCH;
	if (*pos >= n)
		return 0;
	if (len > n - *pos)
		len = n - (u32)*pos;
	if (copy_to_user(ubuf, text + *pos, len))
		return -EFAULT;
	*pos += len;
	return (long)len;
}

/* ---- /proc/slabinfo ------------------------------------------------------- */

static void show_cache(struct kmem_cache *c, void *ctx)
{
	struct kmem_cache_stats st;
	u32 total;

	kmem_cache_get_stats(c, &st);
	total = st.slabs * st.objects_per_slab;
	/* mm/slab_common.c cache_show: the tunables are 0 without SLAB's arrays. */
	proc_printf(ctx, "%-17s %6u %6u %6u %4u %4u : tunables %4u %4u %4u : slabdata %6u %6u %6u\n",
		    kmem_cache_name(c), st.objects_in_use, total, st.object_size,
		    st.objects_per_slab, st.pages_per_slab, 0u, 0u, 0u, st.slabs, st.slabs, 0u);
}

void proc_slabinfo(struct proc_text *out)
{
	proc_printf(out, "slabinfo - version: 2.1\n");
	proc_printf(out, "# name            <active_objs> <num_objs> <objsize> <objperslab> "
			 "<pagesperslab> : tunables <limit> <batchcount> <sharedfactor> : "
			 "slabdata <active_slabs> <num_slabs> <sharedavail>\n");
	kmem_cache_for_each(show_cache, out);
}
