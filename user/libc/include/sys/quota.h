/*
 * <sys/quota.h>: quotactl(2) (Linux i386's 131) and the Linux quota
 * interface's constants and structures.  tick386 has no disk quotas: the
 * call is ENOSYS, as on Linux built without CONFIG_QUOTACTL.
 */
#ifndef _SYS_QUOTA_H
#define _SYS_QUOTA_H

#include <stdint.h>
#include <sys/types.h>

#define MAXQUOTAS 3
#define USRQUOTA  0
#define GRPQUOTA  1
#define PRJQUOTA  2

#define INITQFNAMES { "user", "group", "project", "undefined" }

#define SUBCMDMASK  0x00ff
#define SUBCMDSHIFT 8
#define QCMD(cmd, type) (((cmd) << SUBCMDSHIFT) | ((type) & SUBCMDMASK))

#define Q_SYNC     0x800001
#define Q_QUOTAON  0x800002
#define Q_QUOTAOFF 0x800003
#define Q_GETFMT   0x800004
#define Q_GETINFO  0x800005
#define Q_SETINFO  0x800006
#define Q_GETQUOTA 0x800007
#define Q_SETQUOTA 0x800008
#define Q_GETNEXTQUOTA 0x800009

/* Quota formats (Q_QUOTAON, Q_GETFMT) */
#define QFMT_VFS_OLD 1
#define QFMT_VFS_V0  2
#define QFMT_OCFS2   3
#define QFMT_VFS_V1  4

#define QIF_BLIMITS 1
#define QIF_SPACE   2
#define QIF_ILIMITS 4
#define QIF_INODES  8
#define QIF_BTIME   16
#define QIF_ITIME   32
#define QIF_LIMITS  (QIF_BLIMITS | QIF_ILIMITS)
#define QIF_USAGE   (QIF_SPACE | QIF_INODES)
#define QIF_TIMES   (QIF_BTIME | QIF_ITIME)
#define QIF_ALL     (QIF_LIMITS | QIF_USAGE | QIF_TIMES)

#define IIF_BGRACE 1
#define IIF_IGRACE 2
#define IIF_FLAGS  4
#define IIF_ALL    (IIF_BGRACE | IIF_IGRACE | IIF_FLAGS)

#define QIF_DQBLKSIZE_BITS 10
#define QIF_DQBLKSIZE (1 << QIF_DQBLKSIZE_BITS)

#define dbtob(num) ((num) << 10)
#define btodb(num) ((num) >> 10)
#define fs_to_dq_blocks(num, blksize) (((num) * (blksize)) / QIF_DQBLKSIZE)

#define MAX_IQ_TIME  604800 /* (7*24*60*60) 1 week */
#define MAX_DQ_TIME  604800

/* Q_GETQUOTA / Q_SETQUOTA (72 bytes on i386: 64-bit fields aligned to 4) */
struct dqblk {
	uint64_t dqb_bhardlimit;
	uint64_t dqb_bsoftlimit;
	uint64_t dqb_curspace;
	uint64_t dqb_ihardlimit;
	uint64_t dqb_isoftlimit;
	uint64_t dqb_curinodes;
	uint64_t dqb_btime;
	uint64_t dqb_itime;
	uint32_t dqb_valid;
};

/* Q_GETNEXTQUOTA */
struct if_nextdqblk {
	uint64_t dqb_bhardlimit;
	uint64_t dqb_bsoftlimit;
	uint64_t dqb_curspace;
	uint64_t dqb_ihardlimit;
	uint64_t dqb_isoftlimit;
	uint64_t dqb_curinodes;
	uint64_t dqb_btime;
	uint64_t dqb_itime;
	uint32_t dqb_valid;
	uint32_t dqb_id;
};

/* Q_GETINFO / Q_SETINFO */
struct dqinfo {
	uint64_t dqi_bgrace;
	uint64_t dqi_igrace;
	uint32_t dqi_flags;
	uint32_t dqi_valid;
};

int quotactl(int cmd, const char *special, int id, char *addr);

#endif
