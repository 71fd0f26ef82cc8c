/*
 * <mntent.h>: the mount table's lines (fstab(5)'s format: six fields
 * separated by blanks, space, tab, newline and backslash written as \040,
 * \011, \012, \134).  MOUNTED is /proc/mounts: tick386 has no /etc/mtab.
 */
#ifndef _MNTENT_H
#define _MNTENT_H

#include <stdio.h>

#define MNTTAB   "/etc/fstab"
#define MOUNTED  "/proc/mounts"
#define _PATH_MNTTAB "/etc/fstab"
#define _PATH_MOUNTED "/proc/mounts"

#define MNTTYPE_IGNORE "ignore"
#define MNTTYPE_NFS    "nfs"
#define MNTTYPE_SWAP   "swap"

#define MNTOPT_DEFAULTS "defaults"
#define MNTOPT_RO       "ro"
#define MNTOPT_RW       "rw"
#define MNTOPT_SUID     "suid"
#define MNTOPT_NOSUID   "nosuid"
#define MNTOPT_NOAUTO   "noauto"

struct mntent {
	char *mnt_fsname;
	char *mnt_dir;
	char *mnt_type;
	char *mnt_opts;
	int mnt_freq;
	int mnt_passno;
};

FILE *setmntent(const char *file, const char *mode);
struct mntent *getmntent(FILE *stream);
struct mntent *getmntent_r(FILE *stream, struct mntent *result, char *buf, int buflen);
int addmntent(FILE *stream, const struct mntent *mnt);
int endmntent(FILE *stream);
char *hasmntopt(const struct mntent *mnt, const char *opt);

#endif
