/*
 * The system's names, as uname(2) reports them: Linux's ABI, so Linux's
 * names (see kernel/utsname.c and docs/DESIGN.md, "What uname says").
 */
#ifndef TICK386_KERNEL_UTSNAME_H
#define TICK386_KERNEL_UTSNAME_H

#include "mm/uaccess.h"
#include <abi/types.h>
#include <abi/utsname.h>

/* The release Linux's ABI is claimed at, unless osrelease= says otherwise. */
#define UTSNAME_RELEASE "6.13.0-tick386"

/* osrelease= on the command line: after bootinfo_parse, before init runs. */
void utsname_init(void);

/* A consistent copy of every field. */
void utsname_get(struct new_utsname *out);

/* The fields sethostname, setdomainname and /proc/sys/kernel write. */
enum utsname_field { UTSNAME_NODENAME, UTSNAME_DOMAINNAME };
/* Sets one to the len bytes of buf (kernel memory), NUL-padded; len <= UTS_LEN. */
void utsname_set(enum utsname_field f, const char *buf, size_t len);

long sys_newuname(struct new_utsname __user *name);
long sys_uname(struct old_utsname __user *name);
long sys_olduname(struct oldold_utsname __user *name);
long sys_sethostname(const char __user *name, int len);
long sys_setdomainname(const char __user *name, int len);

#endif
