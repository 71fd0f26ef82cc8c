/*
 * /proc/version and /proc/sys/kernel/{ostype,osrelease,version,hostname,
 * domainname}: the names uname reports (kernel/utsname.c), in Linux's
 * formats, one per line.  /proc/sys (fs/proc_sys.c) links the kernel
 * directory; /proc's root (fs/proc.c) hands out /proc/version.  hostname and domainname are written as Linux's
 * proc_dostring takes them: the text up to the first newline, at most 64
 * bytes, the whole write consumed.
 *
 * shmmax, shmall and shmmni are System V shared memory's limits
 * (ipc/shm.c), which root may write as on Linux.
 *
 * msgmax, msgmnb, msgmni and sem are System V IPC's limits (ipc/msg.c,
 * ipc/sem.c), Linux's sysctls: root writes them (0644), as
 * proc_dointvec_minmax takes integers: msgmni and sem's SEMMNI within
 * [0, 32768], the others within [0, INT_MAX], else -EINVAL and nothing
 * changed; sem's four in one line, tab-separated.
 *
 * Every node here is static (refs 0), so lookups hand out the same nodes
 * and nothing is counted.
 */
#include "fs/coredump.h"
#include "ipc/shm.h"
#include "fs/proc.h"
#include "fs/fs.h"
#include "arch/i386/cpu.h"
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "ipc/sysv_ids.h"
#include "kernel/task/task.h"
#include "kernel/utsname.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/stat.h>

enum sys_kind {
	SYS_OSTYPE,
	SYS_OSRELEASE,
	SYS_VERSION,
	SYS_HOSTNAME,
	SYS_DOMAINNAME,
	SYS_BANNER,
	SYS_TAINTED,
	SYS_PID_MAX,
	SYS_CORE_PATTERN,
	SYS_MSGMAX,
	SYS_MSGMNB,
	SYS_MSGMNI,
	SYS_SEM,
	SYS_SHMMAX,
	SYS_SHMALL,
	SYS_SHMMNI,
};

/*
 * tainted: "0": tick386 loads no modules and has no taint source (no
 * oops-and-continue: a kernel fault panics, kernel/panic.c).
 *
 * pid_max: TASK_PID_MAX (kernel/task/task.h): pids come from a counter
 * that only grows (never reused) and fork/clone are -EAGAIN once it
 * reaches it, so every pid is below it, as Linux's pid < pid_max.  LTP's
 * tst_get_unused_pid takes it as a pid nobody has, wait402 waits for
 * pid_max + 1.  Read-only: Linux lets root lower it, tick386 cannot.
 *
 * core_pattern: Linux's default "core", the name fs/coredump.c gives a
 * core file (%p the pid, %% a '%'; "|..." pipes, which tick386 does not
 * do: no file).  Root may write it (Linux: 0644, proc_dostring, at most
 * CORENAME_MAX_SIZE 128 bytes with the NUL).
 */
#define CORE_PATTERN_MAX 128
static char core_pattern[CORE_PATTERN_MAX] = "core";

const char *core_pattern_get(void)
{
	return core_pattern;
}

struct sys_node {
	struct fs_node node;
	enum sys_kind kind;
};

static const struct fs_node_ops kernel_dir_ops, sys_file_ops, sys_name_ops, core_pattern_ops,
	ipc_limit_ops, shm_limit_ops;

#define SYS_NODE(kname, kkind, kmode, kino, kops)                                                   \
	{                                                                                          \
		.node = { .name = kname, .name_len = sizeof(kname) - 1, .ino = kino, .mode = kmode, \
			  .nlink = 1, .dev = 3, .ops = kops },                                     \
		.kind = kkind,                                                                     \
	}

static struct sys_node kernel_files[] = {
	SYS_NODE("core_pattern", SYS_CORE_PATTERN, S_IFREG | 0644, 0x7f000116, &core_pattern_ops),
	SYS_NODE("domainname", SYS_DOMAINNAME, S_IFREG | 0644, 0x7f000111, &sys_name_ops),
	SYS_NODE("hostname", SYS_HOSTNAME, S_IFREG | 0644, 0x7f000112, &sys_name_ops),
	SYS_NODE("msgmax", SYS_MSGMAX, S_IFREG | 0644, 0x7f00011c, &ipc_limit_ops),
	SYS_NODE("msgmnb", SYS_MSGMNB, S_IFREG | 0644, 0x7f00011d, &ipc_limit_ops),
	SYS_NODE("msgmni", SYS_MSGMNI, S_IFREG | 0644, 0x7f00011e, &ipc_limit_ops),
	SYS_NODE("osrelease", SYS_OSRELEASE, S_IFREG | 0444, 0x7f000113, &sys_file_ops),
	SYS_NODE("ostype", SYS_OSTYPE, S_IFREG | 0444, 0x7f000114, &sys_file_ops),
	SYS_NODE("pid_max", SYS_PID_MAX, S_IFREG | 0444, 0x7f000117, &sys_file_ops),
	SYS_NODE("sem", SYS_SEM, S_IFREG | 0644, 0x7f00011f, &ipc_limit_ops),
	SYS_NODE("shmall", SYS_SHMALL, S_IFREG | 0644, 0x7f00011a, &shm_limit_ops),
	SYS_NODE("shmmax", SYS_SHMMAX, S_IFREG | 0644, 0x7f000119, &shm_limit_ops),
	SYS_NODE("shmmni", SYS_SHMMNI, S_IFREG | 0644, 0x7f00011b, &shm_limit_ops),
	SYS_NODE("tainted", SYS_TAINTED, S_IFREG | 0444, 0x7f000118, &sys_file_ops),
	SYS_NODE("version", SYS_VERSION, S_IFREG | 0444, 0x7f000115, &sys_file_ops),
};

static struct fs_node kernel_dir = {
	.name = "kernel", .name_len = 6, .ino = 0x7f000110, .mode = S_IFDIR | 0555,
	.nlink = 2, .dev = 3, .ops = &kernel_dir_ops,
};

static struct sys_node version_file =
	SYS_NODE("version", SYS_BANNER, S_IFREG | 0444, 0x7f000011, &sys_file_ops);

struct fs_node *proc_sys_kernel_dir(void)
{
	for (u32 i = 0; i < ARRAY_SIZE(kernel_files); i++)
		kernel_files[i].node.parent = &kernel_dir;
	return &kernel_dir; /* its parent set by whoever links it */
}

struct fs_node *proc_version_file(void)
{
	return &version_file.node;
}

static void dirent_of(const struct fs_node *n, struct fs_dirent *e)
{
	e->name = n->name;
	e->name_len = n->name_len;
	e->ino = n->ino;
	e->mode = n->mode;
}

static int kernel_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	(void)dir;
	for (u32 i = 0; i < ARRAY_SIZE(kernel_files); i++)
		if (kernel_files[i].node.name_len == len &&
		    !memcmp(kernel_files[i].node.name, name, len)) {
			*out = &kernel_files[i].node;
			return 0;
		}
	return -ENOENT;
}

static bool kernel_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	(void)dir;
	if (i >= ARRAY_SIZE(kernel_files))
		return false;
	dirent_of(&kernel_files[i].node, e);
	return true;
}

static int sys_generate(struct fs_node *n, char **text, u32 *len)
{
	struct new_utsname u;
	struct proc_text out = { .buf = kmalloc(256), .cap = 256 };

	if (!out.buf)
		return -ENOMEM;
	utsname_get(&u);
	switch (container_of(n, struct sys_node, node)->kind) {
	case SYS_OSTYPE:
		proc_printf(&out, "%s\n", u.sysname);
		break;
	case SYS_OSRELEASE:
		proc_printf(&out, "%s\n", u.release);
		break;
	case SYS_VERSION:
		proc_printf(&out, "%s\n", u.version);
		break;
	case SYS_HOSTNAME:
		proc_printf(&out, "%s\n", u.nodename);
		break;
	case SYS_DOMAINNAME:
		proc_printf(&out, "%s\n", u.domainname);
		break;
	case SYS_BANNER:
		/* Linux's linux_proc_banner: who built it, with what, then the version */
		proc_printf(&out, "%s version %s (tick386@tick386) (gcc) %s\n", u.sysname, u.release,
			    u.version);
		break;
	case SYS_TAINTED:
		proc_printf(&out, "0\n");
		break;
	case SYS_PID_MAX:
		proc_printf(&out, "%d\n", TASK_PID_MAX);
		break;
	case SYS_CORE_PATTERN:
		proc_printf(&out, "%s\n", core_pattern);
		break;
	case SYS_MSGMAX:
		proc_printf(&out, "%d\n", msg_ctlmax);
		break;
	case SYS_MSGMNB:
		proc_printf(&out, "%d\n", msg_ctlmnb);
		break;
	case SYS_MSGMNI:
		proc_printf(&out, "%d\n", msg_ctlmni);
		break;
	case SYS_SEM:
		proc_printf(&out, "%d\t%d\t%d\t%d\n", sem_ctls[0], sem_ctls[1], sem_ctls[2],
			    sem_ctls[3]);
		break;
	case SYS_SHMMAX:
		proc_printf(&out, "%u\n", shm_ctlmax);
		break;
	case SYS_SHMALL:
		proc_printf(&out, "%u\n", shm_ctlall);
		break;
	case SYS_SHMMNI:
		proc_printf(&out, "%u\n", shm_ctlmni);
		break;
	}
	if (out.nomem) {
		kfree(out.buf);
		return -ENOMEM;
	}
	*text = out.buf;
	*len = out.len;
	return 0;
}

/* proc_dostring: the text up to a newline or NUL, cut to 127 bytes, the
 * whole write consumed. */
static long core_pattern_write(struct fs_node *n, const void *ubuf, size_t len)
{
	char buf[CORE_PATTERN_MAX];
	size_t take = len < CORE_PATTERN_MAX - 1 ? len : CORE_PATTERN_MAX - 1, end = 0;

	(void)n;
	if (copy_from_user(buf, ubuf, take))
		return -EFAULT;
	while (end < take && buf[end] != '\n' && buf[end] != '\0')
		end++;
	buf[end] = '\0';
	memcpy(core_pattern, buf, end + 1);
	return (long)len;
}

/*
 * shmmax and shmall (Linux's proc_doulongvec_minmax: an unsigned long,
 * 32 bits on i386) and shmmni (proc_dointvec_minmax, 0 .. IPCMNI): one
 * number, decimal, 0x hex or 0 octal (strtoul's base 0), blanks around
 * it; anything else, a minus sign or a value out of range is -EINVAL,
 * nothing changed.  The whole write is consumed.
 */
static long shm_limit_write(struct fs_node *n, const void *ubuf, size_t len)
{
	enum sys_kind kind = container_of(n, struct sys_node, node)->kind;
	char buf[32];
	size_t take = len < sizeof(buf) - 1 ? len : sizeof(buf) - 1, i = 0;
	u32 base = 10, digits = 0;
	u64 v = 0;

	if (copy_from_user(buf, ubuf, take))
		return -EFAULT;
	buf[take] = '\0';
	while (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n')
		i++;
	if (buf[i] == '0' && (buf[i + 1] == 'x' || buf[i + 1] == 'X')) {
		base = 16;
		i += 2;
	} else if (buf[i] == '0') {
		base = 8;
	}
	for (;; i++, digits++) {
		char c = buf[i];
		u32 d = c >= '0' && c <= '9' ? (u32)(c - '0')
			: c >= 'a' && c <= 'f' ? (u32)(c - 'a' + 10)
			: c >= 'A' && c <= 'F' ? (u32)(c - 'A' + 10) : 99;

		if (d >= base)
			break;
		v = v * base + d;
		if (v > 0xffffffffull)
			return -EINVAL;
	}
	while (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n')
		i++;
	if (!digits || buf[i])
		return -EINVAL;
	switch (kind) {
	case SYS_SHMMAX:
		shm_ctlmax = (u32)v;
		break;
	case SYS_SHMALL:
		shm_ctlall = (u32)v;
		break;
	default:
		if (v > IPC_MNI)
			return -EINVAL;
		shm_ctlmni = (u32)v;
		break;
	}
	return (long)len;
}

static long sys_name_write(struct fs_node *n, const void *ubuf, size_t len)
{
	char buf[UTS_LEN];
	size_t take = len < UTS_LEN ? len : UTS_LEN, end = 0;

	if (copy_from_user(buf, ubuf, take))
		return -EFAULT;
	while (end < take && buf[end] != '\n' && buf[end] != '\0')
		end++;
	utsname_set(container_of(n, struct sys_node, node)->kind == SYS_HOSTNAME ? UTSNAME_NODENAME
										 : UTSNAME_DOMAINNAME,
		    buf, end);
	return (long)len;
}

/*
 * A write of System V IPC's limits: up to 4 decimal integers separated by
 * blanks (proc_dointvec), each within [0, max]; the first values replace
 * the first limits, the rest stay.
 */
static long ipc_limit_write(struct fs_node *n, const void *ubuf, size_t len)
{
	enum sys_kind kind = container_of(n, struct sys_node, node)->kind;
	int *dst[4] = {NULL};
	long vals[4];
	int want = 1, got = 0;
	char buf[64];
	size_t i = 0;
	u32 flags;

	switch (kind) {
	case SYS_MSGMAX:
		dst[0] = &msg_ctlmax;
		break;
	case SYS_MSGMNB:
		dst[0] = &msg_ctlmnb;
		break;
	case SYS_MSGMNI:
		dst[0] = &msg_ctlmni;
		break;
	default: /* SYS_SEM */
		for (int k = 0; k < 4; k++)
			dst[k] = &sem_ctls[k];
		want = 4;
	}
	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	while (got < want) {
		long v = 0;
		size_t start;

		while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n'))
			i++;
		if (i == len || !buf[i])
			break;
		start = i;
		while (i < len && buf[i] >= '0' && buf[i] <= '9' && v <= 0x7fffffff)
			v = v * 10 + (buf[i++] - '0');
		if (i == start || v > 0x7fffffff ||
		    (i < len && buf[i] && buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n'))
			return -EINVAL;
		if ((kind == SYS_MSGMNI || (kind == SYS_SEM && got == 3)) && v > (long)IPC_MNI)
			return -EINVAL; /* Linux's ipc_mni bound */
		vals[got++] = v;
	}
	if (!got)
		return -EINVAL;
	flags = irq_save();
	for (int k = 0; k < got; k++)
		*dst[k] = (int)vals[k];
	irq_restore(flags);
	return (long)len;
}

static const struct fs_node_ops kernel_dir_ops = {
	.lookup = kernel_lookup,
	.entry_at = kernel_entry_at,
};
static const struct fs_node_ops sys_file_ops = {
	.generate = sys_generate,
	.write_error = -EIO,
};
static const struct fs_node_ops sys_name_ops = {
	.generate = sys_generate,
	.write = sys_name_write,
};
static const struct fs_node_ops shm_limit_ops = {
	.generate = sys_generate,
	.write = shm_limit_write,
};
static const struct fs_node_ops core_pattern_ops = {
	.generate = sys_generate,
	.write = core_pattern_write,
};
static const struct fs_node_ops ipc_limit_ops = {
	.generate = sys_generate,
	.write = ipc_limit_write,
};
