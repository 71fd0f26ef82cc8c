/* <sys/fsuid.h>: the file-system ids (Linux): each returns the old id. */
#ifndef _SYS_FSUID_H
#define _SYS_FSUID_H

#include <sys/types.h>

int setfsuid(uid_t fsuid);
int setfsgid(gid_t fsgid);

#endif
