/* <sys/types.h>: the POSIX scalar types, as the kernel ABI sizes them, and
 * the thread library's opaque types (as glibc's does); the BSD and System V
 * short names only under __USE_MISC (<features.h>), as glibc. */
#ifndef _SYS_TYPES_H
#define _SYS_TYPES_H

#include <features.h>
#include <abi/types.h>
#include <stdint.h>
#include <bits/pthreadtypes.h>

typedef long blksize_t;
typedef long blkcnt_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned int nlink_t;
typedef int key_t;
typedef unsigned int id_t; /* waitid's id: a pid or a group */
typedef long long off64_t;
typedef off64_t loff_t; /* Linux's name for a 64-bit offset (copy_file_range, splice) */

#ifdef __USE_MISC
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef long long quad_t;
typedef unsigned long long u_quad_t;
typedef char *caddr_t;
typedef int daddr_t;
typedef unsigned long ulong;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef uint8_t u_int8_t;
typedef uint16_t u_int16_t;
typedef uint32_t u_int32_t;
typedef uint64_t u_int64_t;
typedef int register_t;
#endif

#endif
