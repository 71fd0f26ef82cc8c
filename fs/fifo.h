/* FIFOs of tmpfs: a pipe (fs/pipe.c) met by its name. */
#ifndef TICK386_FS_FIFO_H
#define TICK386_FS_FIFO_H

struct fs_node;

/* open(2) of FIFO node n, whose reference it takes: the fd or -errno. */
long fifo_open(struct fs_node *n, int flags);

#endif
