/*
 * uname(2) and the calls that set the host and domain names.
 *
 * tick386 runs programs built for Linux i386, so it answers as the
 * Linux-compatible kernels do (FreeBSD's Linuxulator with its
 * compat.linux.osrelease, gVisor, WSL1): sysname "Linux", a Linux release,
 * machine "i686".  Programs and test suites choose behaviour by that
 * release (Linux's selftests call ksft_min_kernel_version), so it must be
 * the release whose behaviour tick386 has: 6.13, the reference of the
 * whole tree.  The suffix says which kernel it really is; osrelease= on
 * the command line replaces the release (a teacher comparing behaviours).
 *
 * Lock: `uts` is guarded by interrupts off (irq_save), which is the
 * uniprocessor's form of Linux's uts_sem; every reader copies the whole
 * structure under it, so no reader sees half a name.
 */
#include "kernel/utsname.h"
#include "arch/i386/cpu.h"
#include "kernel/bootinfo.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "kernel/task/cred.h"
#include <abi/errno.h>

static struct new_utsname uts = {
	.sysname = "Linux",
	.nodename = "(none)", /* Linux's until someone sets it */
	.release = UTSNAME_RELEASE,
	.version = "#1 tick386 POSIX clocks and timers",
	.machine = "i686",
	.domainname = "(none)",
};

void utsname_init(void)
{
	char buf[BOOT_CMDLINE_MAX];

	if (!bootinfo_cmdline_get("osrelease", buf, sizeof(buf)))
		return;
	if (buf[0] == '\0' || strlen(buf) > UTS_LEN) {
		kprintf("tick386: osrelease= must be 1 to %d characters: kept %s\n", UTS_LEN,
			uts.release);
		return;
	}
	memset(uts.release, 0, sizeof(uts.release));
	strcpy(uts.release, buf);
	kprintf("tick386: uname reports release %s (osrelease=)\n", uts.release);
}

void utsname_get(struct new_utsname *out)
{
	u32 flags = irq_save();

	*out = uts;
	irq_restore(flags);
}

void utsname_set(enum utsname_field f, const char *buf, size_t len)
{
	char *field = f == UTSNAME_NODENAME ? uts.nodename : uts.domainname;
	u32 flags = irq_save();

	memcpy(field, buf, len);
	memset(field + len, 0, UTS_LEN + 1 - len);
	irq_restore(flags);
}

long sys_newuname(struct new_utsname __user *name)
{
	struct new_utsname tmp;

	utsname_get(&tmp);
	return copy_to_user(name, &tmp, sizeof(tmp)) ? -EFAULT : 0;
}

/* 109: the first five fields, whole. */
long sys_uname(struct old_utsname __user *name)
{
	struct new_utsname tmp;

	utsname_get(&tmp);
	return copy_to_user(name, &tmp, sizeof(struct old_utsname)) ? -EFAULT : 0;
}

/* 59: eight characters of each field and a NUL (Linux's sys_olduname). */
long sys_olduname(struct oldold_utsname __user *name)
{
	struct new_utsname tmp;
	struct oldold_utsname old;

	utsname_get(&tmp);
	memset(&old, 0, sizeof(old));
	memcpy(old.sysname, tmp.sysname, OLD_UTS_LEN);
	memcpy(old.nodename, tmp.nodename, OLD_UTS_LEN);
	memcpy(old.release, tmp.release, OLD_UTS_LEN);
	memcpy(old.version, tmp.version, OLD_UTS_LEN);
	memcpy(old.machine, tmp.machine, OLD_UTS_LEN);
	return copy_to_user(name, &old, sizeof(old)) ? -EFAULT : 0;
}

/*
 * Linux's order: the privilege (CAP_SYS_ADMIN: euid 0, else EPERM), then
 * the length, then the copy; exactly len bytes are taken,
 * a NUL among them included, and the rest of the field is cleared.
 */
static long set_field(enum utsname_field f, const char __user *name, int len)
{
	char tmp[UTS_LEN];

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (len < 0 || len > UTS_LEN)
		return -EINVAL;
	if (copy_from_user(tmp, name, (size_t)len))
		return -EFAULT;
	utsname_set(f, tmp, (size_t)len);
	return 0;
}

long sys_sethostname(const char __user *name, int len)
{
	return set_field(UTSNAME_NODENAME, name, len);
}

long sys_setdomainname(const char __user *name, int len)
{
	return set_field(UTSNAME_DOMAINNAME, name, len);
}
