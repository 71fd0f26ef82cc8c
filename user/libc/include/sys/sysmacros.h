/*
 * <sys/sysmacros.h>: major, minor, makedev in glibc's encoding of a 64-bit
 * device number: the major's low 12 bits at bit 8, its high 20 at bit 32;
 * the minor's low 8 bits at bit 0, its next 12 at bit 20, its high 12 at
 * bit 44.  Its low 32 bits are Linux's own (new_encode_dev), which is what
 * this libc's 32-bit dev_t keeps.
 */
#ifndef _SYS_SYSMACROS_H
#define _SYS_SYSMACROS_H

unsigned int gnu_dev_major(unsigned long long dev);
unsigned int gnu_dev_minor(unsigned long long dev);
unsigned long long gnu_dev_makedev(unsigned int major, unsigned int minor);

#define major(dev) gnu_dev_major(dev)
#define minor(dev) gnu_dev_minor(dev)
#define makedev(maj, min) gnu_dev_makedev(maj, min)

#endif
