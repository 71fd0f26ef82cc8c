/*
 * Character devices by number (Linux's chrdev_open): what an open of an
 * S_IFCHR node becomes, in the tree's /dev or made by mknod in tmpfs.
 */
#ifndef TICK386_FS_CHRDEV_H
#define TICK386_FS_CHRDEV_H

#include "lib/types.h"

struct file;
struct fs_node;

/* A device number's parts, in mknod's encoding (Linux's new_decode_dev:
 * the major's 12 bits at bit 8, the minor's low 8 at bit 0 and its next
 * 12 at bit 20), and the number of major, minor. */
#define CHRDEV_MAJOR(dev) (((dev) >> 8) & 0xfffu)
#define CHRDEV_MINOR(dev) (((dev) & 0xffu) | (((dev) >> 12) & 0xfff00u))
#define CHRDEV_MKDEV(ma, mi) ((ma) << 8 | ((mi) & 0xffu) | ((mi) & 0xfff00u) << 12)

/* Open device node n as f: its ops; 0, or -ENXIO for a number no driver
 * here has (Linux's answer for an unregistered major, and memory_open's
 * for a minor of major 1 it does not know). */
int chrdev_open(struct file *f, const struct fs_node *n);

/* The devices' nodes in the tree's /dev, made if missing (fs_init). */
void chrdev_init(void);

#endif
