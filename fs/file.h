/*
 * Open files and the per-task table of file descriptors.
 *
 * A struct file is one open of a node: its access mode and offset.  dup
 * and dup2 make a second descriptor for the same file (shared offset).  The
 * console's two files (fd 0 reading, fds 1 and 2 writing) are static and
 * never freed: every task starts with them (fs_task_init).
 *
 * Lifetime (Linux's struct file and fdget/fput).  A file counts its
 * references (refs); the last file_put frees it.  Who holds one:
 *   - every descriptor slot holding it, in any process's table (fork
 *     shares the files): dropped by close, dup2 over it, exec's
 *     close-on-exec, exit;
 *   - every system call using it, from fd_get to its file_put: a call that
 *     sleeps (a read of a timerfd, of the console) keeps the file and what
 *     it owns (the timerfd, its wait queue) alive while another thread
 *     closes the descriptor.  close drops the descriptor, never the file
 *     under a reader: the reader sleeps on and returns as on Linux;
 *   - every poll and select sleeper, for each file its set named when the
 *     call began (fs/select.c), until the call returns.
 * fd_get is the one way from a descriptor to a file: no code holds a
 * struct file it has no reference on.  Invariant: refs of a non-static
 * file = slots holding it + calls holding it.
 *
 * Locking: the table and refs are changed by system calls only, never in
 * an interrupt, and the kernel is not preemptible on one CPU, so neither
 * needs a lock; with several CPUs the table would take a lock (Linux's
 * files_struct.file_lock) and refs would be atomic.  The table lives in
 * the process (the leader's struct task, shared by its threads); fork
 * copies it.
 */
#ifndef TICK386_FS_FILE_H
#define TICK386_FS_FILE_H

#include "lib/types.h"
#include "mm/uaccess.h"

#define FD_MAX 64 /* descriptors per task: 0 .. FD_MAX - 1 */

struct file;
struct fs_node;

struct file_ops {
	long (*read)(struct file *f, void __user *buf, size_t n);
	long (*write)(struct file *f, const void __user *buf, size_t n);
	/* ioctl(2); NULL: -ENOTTY, as for every file that is not a terminal. */
	long (*ioctl)(struct file *f, u32 cmd, u32 arg);
	/* What is ready now (POLLIN, POLLOUT, ... of <abi/poll.h>), called
	 * with interrupts off, never sleeping (fs/select.c).  NULL: always
	 * readable and writable.  Whatever makes a file ready later calls
	 * file_poll_wake. */
	u32 (*poll)(struct file *f);
	/* Each close of a descriptor of f (close, dup2 over it, exec's
	 * close-on-exec, exit), by the closing process, before the
	 * descriptor's reference goes (Linux's flush).  NULL: nothing. */
	void (*flush)(struct file *f);
	/* lseek moves the offset as on a regular file of size f->size (a
	 * queue's descriptor, Linux's default_llseek); false: -ESPIPE. */
	bool seekable;
	/* The last close (file_put): free what the file owns; file_put then
	 * frees the struct file itself.  NULL: nothing to free. */
	void (*release)(struct file *f);
	/* lseek's own answer, whence already checked (at most SEEK_HOLE): the
	 * new offset or -errno (a device: fs/chrdev.c).  NULL: seekable. */
	s64 (*llseek)(struct file *f, s64 offset, int whence);
	/* pread64 and pwrite64 call read and write, the offset unused (a
	 * device with no offset of its own: /dev/zero); false: -ESPIPE. */
	bool positional;
	/* mmap gives anonymous memory, private or shared, as a mapping
	 * without a file (/dev/zero: Linux's mmap_zero); false: the file is
	 * mapped if it is tmpfs's, else -ENODEV. */
	bool mmap_anon;
	/* poll answers for the calling task (a signalfd: the caller's pending
	 * signals), so a wake seen from another task says nothing: an
	 * edge-triggered epoll item takes each wake as an edge and asks
	 * again in the waiter (fs/eventpoll.c). */
	bool poll_per_task;
	/* Every change of what poll says is announced by a keyed wake
	 * (eventpoll_wake_queue, fs/select.h: a pipe's), which epoll items
	 * take as Linux's ep_poll_callback does; eventpoll_wake's look for a
	 * rising bit leaves such files alone. */
	bool poll_keyed;
};

struct file {
	const struct file_ops *ops; /* NULL: a node of the tree */
	struct fs_node *node;
	u32 flags;	/* the open flags (O_ACCMODE part decides read/write) */
	u32 refs;	/* descriptors + calls holding it (above); 0 for a static file */
	bool is_static; /* the console's: never counted, never freed */
	u64 pos;	/* byte offset, or a directory's entry index */
	/* A regular file's bytes: the archive's, or the text a generated node
	 * made at open (text, freed with the file); size is what read sees. */
	const u8 *data;
	u32 size;
	char *text;
	void *private_data; /* what an ops file is (a timerfd's timer) */
	int owner;	    /* fcntl F_SETOWN: a pid, or minus a group; 0 none */
	/* The epoll items watching this file (fs/eventpoll.c), NULL for none:
	 * not references; the last file_put takes each off its epoll
	 * (eventpoll_release) before the file goes, as Linux's __fput. */
	struct epitem *epoll_items;
	/* /proc/mounts: the mount events this open file has seen reported,
	 * the count at open to begin with (Linux's mounts_open_common), so
	 * that a mount between the open and the first poll is reported. */
	u32 seen_events;
};

/*
 * What a process has of the file system: its descriptors, and (Linux's
 * fs_struct) its working directory and umask, shared by its threads
 * (they reach the leader's), copied by fork.  cwd is a reference owned by
 * the table (NULL: the root), dropped at exit and by chdir.
 */
struct fd_table {
	struct file *fd[FD_MAX];
	u8 cloexec[FD_MAX]; /* FD_CLOEXEC, per descriptor: kept for exec */
	struct fs_node *cwd;
	u32 umask;
};

/* A new task's table: the console on 0, 1 and 2.  Allocates nothing. */
void fs_task_init(struct fd_table *t);
/* fork: the child's table holds the parent's files (one reference more
 * each) with the same close-on-exec flags.  Allocates nothing. */
void fs_task_fork(struct fd_table *child, const struct fd_table *parent);
/* execve: close the close-on-exec descriptors. */
void fs_task_exec(struct fd_table *t);
/* Close every descriptor (the task is exiting). */
void fs_task_exit(struct fd_table *t);

/*
 * The current process's open file at fd, with a reference the caller gives
 * back with file_put (Linux's fdget); NULL for a bad or closed fd.
 */
struct file *fd_get(int fd);
/* fs/flock.c: drop f's flock(2) lock (the last file_put of f). */
void flock_release(struct file *f);
/* One more reference on f (a descriptor or a call that keeps it). */
struct file *file_get(struct file *f);
/* Whether the current process has a free descriptor now (a call that
 * must say -EMFILE before its other checks, as Linux's that reserve one
 * first: mq_open). */
bool fd_available(void);
/* Put f at the lowest free descriptor >= 0: the fd, or -EMFILE. */
int fd_install(struct file *f, bool cloexec);
/* Whether fd_install would find a slot now. */
bool fd_table_has_room(void);
/* The same, at the lowest free descriptor >= from (fcntl F_DUPFD). */
int fd_install_from(struct file *f, int from, bool cloexec);
/* The first descriptor number not given out: RLIMIT_NOFILE, at most FD_MAX. */
int fd_limit(void);
/* Empty slot fd of a call that just filled it (fd_install) and fails
 * afterwards: the caller still holds the file's reference. */
void fd_uninstall(int fd);
/* A descriptor of f is being closed by the current process: its flush op. */
void file_flush(struct file *f);
/* Drop one reference (a descriptor's or a call's); the last frees a
 * non-static file (its release op, then its node back). */
void file_put(struct file *f);

/* What f has ready (its poll op, or readable and writable). */
u32 file_poll(struct file *f);
/* Some file may have become ready: pollers in poll/select look again
 * (fs/select.c).  IRQ-safe. */
void file_poll_wake(void);

/* fs/eventpoll.c: take every epoll item watching f off its epoll (f's
 * last reference is going). */
void eventpoll_release(struct file *f);

extern struct file console_in, console_out;

#endif
