/*
 * The console's line discipline (Linux's N_TTY, drivers/tty/n_tty.c, cut
 * to one terminal): input editing and echo, the signal characters, VMIN and
 * VTIME, output processing, and job control's foreground group.
 *
 * Input sits in one ring of TTY_BUF_SIZE bytes, with three free-running
 * counters (the fill is a difference, so they may wrap):
 *
 *     tail <= committed <= head
 *     [tail, committed)   what read may take
 *     [committed, head)   the line being edited (canonical mode; empty in raw)
 *
 * Invariants: head - tail <= TTY_BUF_SIZE; in raw mode committed == head;
 * in canonical mode every byte of [tail, committed) belongs to a line that
 * ends with a byte marked EOL ('\n', VEOL, VEOL2: read returns it) or EOF
 * (VEOF: read stops before it and drops it, so ^D alone reads 0).  All of
 * it is touched with interrupts off: the receivers are IRQ handlers.
 *
 * Signals: ^C, ^\ and ^Z come from an interrupt, and signal_send allocates
 * (not allowed in an IRQ handler), so receive queues (signal, group) and a
 * kernel thread, "tty", sends them with process_kill_group: to the group
 * by its number (group 1 is init's, not "every process" as kill(-1) is).
 */
#include "kernel/tty.h"
#include "fs/file.h"
#include "arch/i386/cpu.h"
#include "kernel/console.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include "kernel/time/clock.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/signal.h>

#define RING_MASK (TTY_BUF_SIZE - 1)
_Static_assert((TTY_BUF_SIZE & RING_MASK) == 0, "TTY_BUF_SIZE is a power of two");

enum byte_kind { KIND_CHAR, KIND_EOL, KIND_EOF };

#define KILLQ_SIZE 8
#define NS_PER_DECISECOND 100000000ull

/* Static: a reader asleep on `readers` needs no reference (and the console's
 * files are static too); a kill ends its sleep (-EINTR, -ERESTARTSYS). */
static struct {
	struct termios termios;
	char buf[TTY_BUF_SIZE];
	u8 kind[TTY_BUF_SIZE];
	u32 tail, committed, head;
	int pgrp, sid; /* foreground group, and the session the console is the terminal of */
	struct wait_queue readers;
	/* ^C/^\/^Z not yet sent: the tty thread's queue. */
	struct {
		int signo, pgrp;
	} killq[KILLQ_SIZE];
	u32 killq_head, killq_tail;
	struct wait_queue killer;
} tty;

/* Linux's tty_std_termios: ICRNL|IXON, OPOST|ONLCR, B38400 CS8 CREAD HUPCL,
 * ISIG|ICANON|ECHO|ECHOE|ECHOK|ECHOCTL|ECHOKE|IEXTEN, INIT_C_CC. */
static const struct termios std_termios = {
	.c_iflag = ICRNL | IXON,
	.c_oflag = OPOST | ONLCR,
	.c_cflag = B38400 | CS8 | CREAD | HUPCL,
	.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN,
	.c_cc = {[VINTR] = 003, [VQUIT] = 034, [VERASE] = 0177, [VKILL] = 025, [VEOF] = 004,
		 [VTIME] = 0, [VMIN] = 1, [VSTART] = 021, [VSTOP] = 023, [VSUSP] = 032,
		 [VREPRINT] = 022, [VDISCARD] = 017, [VWERASE] = 027, [VLNEXT] = 026},
};

/* --- output ------------------------------------------------------------------ */

/* OPOST with ONLCR: "\n" goes out as "\r\n". */
void tty_write(const char *buf, size_t n)
{
	size_t start = 0;

	if (!(tty.termios.c_oflag & OPOST) || !(tty.termios.c_oflag & ONLCR)) {
		console_write_raw(buf, n);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (buf[i] != '\n')
			continue;
		console_write_raw(buf + start, i - start);
		console_write_raw("\r\n", 2);
		start = i + 1;
	}
	console_write_raw(buf + start, n - start);
}

static bool is_ctl(u8 c)
{
	return (c < 32 && c != '\t' && c != '\n') || c == 0177;
}

/* Echo one input byte: control characters as ^X under ECHOCTL. */
static void echo(u8 c)
{
	if (is_ctl(c) && (tty.termios.c_lflag & ECHOCTL)) {
		char two[2] = {'^', (char)(c ^ 0100)};
		tty_write(two, 2);
	} else {
		char one = (char)c;
		tty_write(&one, 1);
	}
}

/* --- input ------------------------------------------------------------------- */

static bool cc_is(u8 c, int index)
{
	return tty.termios.c_cc[index] != _POSIX_VDISABLE && c == tty.termios.c_cc[index];
}

static void wake_readers(void)
{
	wait_wake_all(&tty.readers);
	file_poll_wake(); /* poll and select on the console (fs/select.c) */
}

bool tty_input_ready(void)
{
	return tty.committed != tty.tail;
}

static bool put(u8 c, enum byte_kind kind)
{
	if (tty.head - tty.tail == TTY_BUF_SIZE)
		return false;
	tty.buf[tty.head & RING_MASK] = (char)c;
	tty.kind[tty.head & RING_MASK] = (u8)kind;
	tty.head++;
	return true;
}

/* Take back the last byte of the line being edited, on the screen too. */
static void erase_one(void)
{
	u8 c = (u8)tty.buf[--tty.head & RING_MASK];
	unsigned cells = is_ctl(c) && (tty.termios.c_lflag & ECHOCTL) ? 2 : 1;

	if (!(tty.termios.c_lflag & ECHO) || !(tty.termios.c_lflag & ECHOE))
		return;
	while (cells--)
		tty_write("\b \b", 3);
}

static void queue_signal(int signo)
{
	if (tty.killq_head - tty.killq_tail == KILLQ_SIZE)
		return; /* the thread is KILLQ_SIZE keystrokes behind: drop */
	tty.killq[tty.killq_head % KILLQ_SIZE].signo = signo;
	tty.killq[tty.killq_head % KILLQ_SIZE].pgrp = tty.pgrp;
	tty.killq_head++;
	wait_wake_all(&tty.killer);
}

static void receive(u8 c)
{
	const struct termios *tio = &tty.termios;

	if (tio->c_iflag & ISTRIP)
		c &= 0x7f;
	if (c == '\r') {
		if (tio->c_iflag & IGNCR)
			return;
		if (tio->c_iflag & ICRNL)
			c = '\n';
	} else if (c == '\n' && (tio->c_iflag & INLCR)) {
		c = '\r';
	}
	if (tio->c_lflag & ISIG) {
		int signo = cc_is(c, VINTR) ? SIGINT : cc_is(c, VQUIT) ? SIGQUIT
				: cc_is(c, VSUSP) ? SIGTSTP : 0;
		if (signo) {
			if (!(tio->c_lflag & NOFLSH))
				tty.tail = tty.committed = tty.head;
			if (tio->c_lflag & ECHO)
				echo(c);
			queue_signal(signo);
			return;
		}
	}
	if (!(tio->c_lflag & ICANON)) {
		if (put(c, KIND_CHAR)) {
			tty.committed = tty.head;
			if (tio->c_lflag & ECHO)
				echo(c);
			wake_readers();
		}
		return;
	}
	/* Canonical: backspace (^H) erases too, as most users expect of it. */
	if (cc_is(c, VERASE) || c == '\b') {
		if (tty.head != tty.committed)
			erase_one();
		return;
	}
	if (cc_is(c, VKILL)) {
		while (tty.head != tty.committed)
			erase_one();
		return;
	}
	if (cc_is(c, VEOF) || c == '\n' || cc_is(c, VEOL) || cc_is(c, VEOL2)) {
		/* A line ends: room is kept for its terminator (see below). */
		if (!put(c, cc_is(c, VEOF) ? KIND_EOF : KIND_EOL))
			return;
		if (!cc_is(c, VEOF) && ((tio->c_lflag & ECHO) || (c == '\n' && (tio->c_lflag & ECHONL))))
			echo(c);
		tty.committed = tty.head;
		wake_readers();
		return;
	}
	/* The last free byte is kept for the line's end. */
	if (tty.head - tty.tail >= TTY_BUF_SIZE - 1)
		return;
	put(c, KIND_CHAR);
	if (tio->c_lflag & ECHO)
		echo(c);
}

void tty_receive(char c)
{
	u32 flags = irq_save();

	receive((u8)c);
	irq_restore(flags);
}

/* --- job control ------------------------------------------------------------- */

/*
 * A process of the console's session outside its foreground group touches
 * the terminal: Linux's tty_check_change.  signo is SIGTTIN (read) or
 * SIGTTOU (changing the settings).  0: go on; -EIO: a read with SIGTTIN
 * ignored or blocked; -ERESTARTSYS: the group was sent signo (and stops).
 * tick386 has no controlling terminal per process: the console is the
 * terminal of the session that set its foreground group last (init's at
 * boot).  Orphaned groups are not told apart.
 */
static long check_background(int signo)
{
	struct task *me = task_current();

	if (!me->user || me->sid != tty.sid || tty.pgrp <= 0 || me->pgid == tty.pgrp)
		return 0;
	if (signal_is_ignored(me, signo) || (me->signal.blocked & ABI_SIGMASK(signo)))
		return signo == SIGTTIN ? -EIO : 0;
	process_kill_group(me->pgid, signo, NULL);
	return -ERESTARTSYS;
}

static int tty_thread(void *arg)
{
	(void)arg;
	for (;;) {
		int pgrp, signo;
		u32 flags = irq_save();

		while (!(signo = tty_take_signal(&pgrp)))
			wait_sleep(&tty.killer, KTIMER_MONOTONIC, KTIME_MAX);
		irq_restore(flags);
		process_kill_group(pgrp, signo, NULL);
	}
	return 0;
}

int tty_take_signal(int *pgrp)
{
	u32 flags = irq_save();
	int signo = 0;

	if (tty.killq_tail != tty.killq_head) {
		signo = tty.killq[tty.killq_tail % KILLQ_SIZE].signo;
		*pgrp = tty.killq[tty.killq_tail % KILLQ_SIZE].pgrp;
		tty.killq_tail++;
	}
	irq_restore(flags);
	return signo;
}

/* --- reading ----------------------------------------------------------------- */

/* Take a line (or what fits of it) from [tail, committed). */
static size_t take_line(char *out, size_t n)
{
	size_t got = 0;

	while (got < n && tty.tail != tty.committed) {
		u32 i = tty.tail++ & RING_MASK;

		if (tty.kind[i] == KIND_EOF)
			break;
		out[got++] = tty.buf[i];
		if (tty.kind[i] == KIND_EOL)
			break;
	}
	return got;
}

static size_t take_raw(char *out, size_t n)
{
	size_t got = 0;

	while (got < n && tty.tail != tty.committed)
		out[got++] = tty.buf[tty.tail++ & RING_MASK];
	return got;
}

/*
 * Raw mode (POSIX's four cases): MIN 0 TIME 0 returns at once; MIN > 0
 * TIME 0 waits for MIN bytes (or n); MIN 0 TIME > 0 waits TIME tenths of
 * a second for the first byte; MIN > 0 TIME > 0 waits for the first byte,
 * then until MIN or until TIME passes with no new byte.
 */
static long read_raw(char *buf, size_t n)
{
	u32 vmin = tty.termios.c_cc[VMIN], vtime = tty.termios.c_cc[VTIME];
	u32 need = vmin < n ? vmin : (u32)n;
	u64 timeout = (u64)vtime * NS_PER_DECISECOND;
	u64 deadline = vmin == 0 && vtime ? clock_monotonic_ns() + timeout : KTIME_MAX;
	u32 seen = 0;

	for (;;) {
		u32 avail = tty.committed - tty.tail;

		if (vmin == 0 ? (avail > 0 || vtime == 0) : avail >= need)
			break;
		if (vmin && vtime && avail > seen) { /* the inter-byte timer restarts */
			seen = avail;
			deadline = clock_monotonic_ns() + timeout;
		}
		int rc = wait_sleep(&tty.readers, KTIMER_MONOTONIC, deadline);
		if (rc == -EINTR)
			return -ERESTARTSYS;
		if (rc == -ETIMEDOUT)
			break;
	}
	return (long)take_raw(buf, n);
}

long tty_read(char *buf, size_t n)
{
	long rc = check_background(SIGTTIN);
	u32 flags;

	if (rc)
		return rc;
	flags = irq_save();
	if (!(tty.termios.c_lflag & ICANON)) {
		rc = read_raw(buf, n);
	} else {
		while (tty.tail == tty.committed) {
			if (wait_sleep(&tty.readers, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR) {
				irq_restore(flags);
				return -ERESTARTSYS;
			}
		}
		rc = (long)take_line(buf, n);
	}
	irq_restore(flags);
	return rc;
}

/* --- settings ---------------------------------------------------------------- */

void tty_flush_input(void)
{
	u32 flags = irq_save();

	tty.tail = tty.committed = tty.head;
	irq_restore(flags);
}

void tty_get_termios(struct termios *out)
{
	u32 flags = irq_save();

	*out = tty.termios;
	irq_restore(flags);
}

/* Leaving canonical mode makes the line being edited readable (Linux). */
void tty_set_termios(const struct termios *in)
{
	u32 flags = irq_save();

	tty.termios = *in;
	if (!(in->c_lflag & ICANON))
		tty.committed = tty.head;
	wake_readers(); /* their conditions changed */
	irq_restore(flags);
}

int tty_foreground(void)
{
	return tty.pgrp;
}

void tty_set_foreground(int pgrp, int sid)
{
	u32 flags = irq_save();

	tty.pgrp = pgrp;
	tty.sid = sid;
	irq_restore(flags);
}

/* Whether some live process leads or belongs to group pgrp: its session, or -1. */
static int group_session(int pgrp)
{
	int sid = -1;
	u32 flags = irq_save();

	for (struct task *t = task_first(); t; t = t->all_next)
		if (t->user && t->state != TASK_ZOMBIE && t->pgid == pgrp)
			sid = t->sid;
	irq_restore(flags);
	return sid;
}

static long set_pgrp(u32 arg)
{
	int pgrp, sid;
	long rc;

	if (copy_from_user(&pgrp, (const void __user *)arg, sizeof(pgrp)))
		return -EFAULT;
	if ((rc = check_background(SIGTTOU)))
		return rc;
	if (pgrp < 0)
		return -EINVAL;
	sid = group_session(pgrp);
	if (sid < 0)
		return -ESRCH;
	if (sid != task_current()->sid)
		return -EPERM;
	tty_set_foreground(pgrp, sid);
	return 0;
}

long tty_ioctl(u32 cmd, u32 arg)
{
	struct termios tio;
	struct winsize ws = {.ws_row = 25, .ws_col = 80}; /* the VGA screen's */
	int value;
	long rc;

	switch (cmd) {
	case TCGETS:
		tty_get_termios(&tio);
		return copy_to_user((void __user *)arg, &tio, sizeof(tio)) ? -EFAULT : 0;
	case TCSETS:
	case TCSETSW: /* output is written synchronously: nothing to drain */
	case TCSETSF:
		if (copy_from_user(&tio, (const void __user *)arg, sizeof(tio)))
			return -EFAULT;
		if ((rc = check_background(SIGTTOU)))
			return rc;
		if (cmd == TCSETSF)
			tty_flush_input();
		tty_set_termios(&tio);
		return 0;
	case TCFLSH:
		if (arg > TCIOFLUSH)
			return -EINVAL;
		if (arg != TCOFLUSH)
			tty_flush_input();
		return 0;
	case TIOCGPGRP:
		value = tty.pgrp;
		return copy_to_user((void __user *)arg, &value, sizeof(value)) ? -EFAULT : 0;
	case TIOCSPGRP:
		return set_pgrp(arg);
	case TIOCGWINSZ:
		return copy_to_user((void __user *)arg, &ws, sizeof(ws)) ? -EFAULT : 0;
	case FIONREAD: {
		u32 flags = irq_save();
		value = (int)(tty.committed - tty.tail);
		irq_restore(flags);
		return copy_to_user((void __user *)arg, &value, sizeof(value)) ? -EFAULT : 0;
	}
	default:
		return -ENOTTY;
	}
}

void tty_init(void)
{
	tty.termios = std_termios;
	tty.pgrp = tty.sid = 1; /* init's group and session: pid 1 leads both */
	if (!task_create_daemon("tty", tty_thread, NULL, SCHED_PRIO_MAX))
		kprintf("tty: no thread for ^C and ^Z: they send no signal\n");
}
