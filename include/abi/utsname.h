/*
 * The layouts of uname(2) on Linux i386, shared with user/libc.
 *   122 uname       struct new_utsname: six fields of 65 bytes (64 + NUL)
 *   109 olduname    struct old_utsname: the first five of them
 *    59 oldolduname struct oldold_utsname: five fields of 9 bytes, each the
 *                   first 8 characters of the new one and a NUL
 * sethostname (74) and setdomainname (121) take at most 64 bytes.
 */
#ifndef TICK386_ABI_UTSNAME_H
#define TICK386_ABI_UTSNAME_H

#define UTS_LEN 64
#define OLD_UTS_LEN 8

struct new_utsname {
	char sysname[UTS_LEN + 1];
	char nodename[UTS_LEN + 1];
	char release[UTS_LEN + 1];
	char version[UTS_LEN + 1];
	char machine[UTS_LEN + 1];
	char domainname[UTS_LEN + 1];
};

struct old_utsname {
	char sysname[UTS_LEN + 1];
	char nodename[UTS_LEN + 1];
	char release[UTS_LEN + 1];
	char version[UTS_LEN + 1];
	char machine[UTS_LEN + 1];
};

struct oldold_utsname {
	char sysname[OLD_UTS_LEN + 1];
	char nodename[OLD_UTS_LEN + 1];
	char release[OLD_UTS_LEN + 1];
	char version[OLD_UTS_LEN + 1];
	char machine[OLD_UTS_LEN + 1];
};

#endif
