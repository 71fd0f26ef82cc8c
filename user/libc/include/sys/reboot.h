/*
 * <sys/reboot.h>: reboot(2), for a program that runs as the init of a Linux
 * kernel (tools/runprog-linux boots one with the program as /init): init
 * must not exit, so it ends the machine with reboot(RB_POWER_OFF).  tick386
 * has no such call (ENOSYS): its init simply exits.
 */
#ifndef _SYS_REBOOT_H
#define _SYS_REBOOT_H

/* glibc's values: the cmd word of Linux's reboot call. */
#define RB_AUTOBOOT     0x01234567
#define RB_HALT_SYSTEM  0xcdef0123
#define RB_POWER_OFF    0x4321fedc
#define RB_ENABLE_CAD   0x89abcdef
#define RB_DISABLE_CAD  0

int reboot(int howto);

#endif
