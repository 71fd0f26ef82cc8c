/*
 * The line discipline (kernel/tty.c), fed bytes as the IRQ handlers feed
 * it and read as fd 0 is.  Echo is off in every case (it would write into
 * this KTAP stream); the serial-line tests (tools/console-test) see it.
 */
#include "arch/i386/cpu.h"
#include "kernel/ktest.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/tty.h"
#include "lib/string.h"
#include <abi/signal.h>

static struct termios saved;

/* Canonical (ICANON, ISIG), echo off, no input: the state of each case. */
static void quiet(void)
{
	struct termios tio;

	tty_get_termios(&saved);
	tio = saved;
	tio.c_lflag &= ~(ECHO | ECHONL);
	tio.c_lflag |= ICANON | ISIG;
	tty_set_termios(&tio);
	tty_flush_input();
}

static void restore(void)
{
	tty_flush_input();
	tty_set_termios(&saved);
}

static void type(const char *s)
{
	u32 flags = irq_save();
	while (*s)
		tty_receive(*s++);
	irq_restore(flags);
}

static void set_raw(u8 vmin, u8 vtime)
{
	struct termios tio;

	tty_get_termios(&tio);
	tio.c_lflag &= ~ICANON;
	tio.c_cc[VMIN] = vmin;
	tio.c_cc[VTIME] = vtime;
	tty_set_termios(&tio);
}

static char got[64];

static long read_str(size_t n)
{
	memset(got, 0, sizeof(got));
	return tty_read(got, n);
}

static void test_canonical_lines(struct ktest *t)
{
	quiet();
	type("one\ntwo\r"); /* ICRNL: the carriage return ends the line as "\n" */
	KEXPECT_EQ(t, read_str(sizeof(got)), 4);
	KEXPECT_EQ(t, strcmp(got, "one\n"), 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 4);
	KEXPECT_EQ(t, strcmp(got, "two\n"), 0);
	/* A short read takes part of the line; the next one the rest. */
	type("hello\n");
	KEXPECT_EQ(t, read_str(2), 2);
	KEXPECT_EQ(t, strcmp(got, "he"), 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 4);
	KEXPECT_EQ(t, strcmp(got, "llo\n"), 0);
	restore();
}

static int typist(void *arg)
{
	type(arg);
	return 0;
}

static void test_canonical_waits_for_the_line(struct ktest *t)
{
	quiet();
	type("abc"); /* not a line yet: read must wait for the typist's "\n" */
	struct task *typer = task_create_kernel("typist", typist, "d\n", SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, typer != NULL);
	KEXPECT_EQ(t, read_str(sizeof(got)), 5);
	KEXPECT_EQ(t, strcmp(got, "abcd\n"), 0);
	KEXPECT_EQ(t, typer->state, TASK_ZOMBIE);
	task_reap(typer);
	restore();
}

static void test_erase_and_kill(struct ktest *t)
{
	quiet();
	type("abx\177c\n"); /* DEL (VERASE) takes the x back */
	KEXPECT_EQ(t, read_str(sizeof(got)), 4);
	KEXPECT_EQ(t, strcmp(got, "abc\n"), 0);
	type("ab\b\bq\n"); /* backspace too */
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, strcmp(got, "q\n"), 0);
	type("junk\025ok\n"); /* ^U (VKILL) drops the line */
	KEXPECT_EQ(t, read_str(sizeof(got)), 3);
	KEXPECT_EQ(t, strcmp(got, "ok\n"), 0);
	/* Erase stops at the start of the line: a finished line stays. */
	type("a\n\177\177b\n");
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, strcmp(got, "a\n"), 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, strcmp(got, "b\n"), 0);
	restore();
}

static void test_eof(struct ktest *t)
{
	quiet();
	type("\004"); /* ^D alone: end of input, read returns 0 */
	KEXPECT_EQ(t, read_str(sizeof(got)), 0);
	type("ab\004\004"); /* ^D after text ends the line without a newline */
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, strcmp(got, "ab"), 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 0);
	restore();
}

static void test_signal_characters_to_the_group(struct ktest *t)
{
	int fg = tty_foreground(), pgrp = 0;

	quiet();
	tty_set_foreground(4242, task_current()->sid);
	/* Interrupts off: the tty thread cannot take them first. */
	u32 flags = irq_save();
	type("abc\003");
	KEXPECT_EQ(t, tty_take_signal(&pgrp), SIGINT);
	KEXPECT_EQ(t, pgrp, 4242);
	type("\032");
	KEXPECT_EQ(t, tty_take_signal(&pgrp), SIGTSTP);
	type("\034");
	KEXPECT_EQ(t, tty_take_signal(&pgrp), SIGQUIT);
	KEXPECT_EQ(t, tty_take_signal(&pgrp), 0);
	irq_restore(flags);
	/* ^C dropped the "abc" being typed. */
	type("\n");
	KEXPECT_EQ(t, read_str(sizeof(got)), 1);
	/* Without ISIG, ^C is a character like any other. */
	struct termios tio;
	tty_get_termios(&tio);
	tio.c_lflag &= ~ISIG;
	tty_set_termios(&tio);
	flags = irq_save();
	type("\003\n");
	KEXPECT_EQ(t, tty_take_signal(&pgrp), 0);
	irq_restore(flags);
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, got[0], 3);
	tty_set_foreground(fg, 1);
	restore();
}

static void test_raw_vmin_vtime(struct ktest *t)
{
	quiet();
	type("pq"); /* leaving canonical mode makes the unfinished line readable */
	set_raw(0, 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, strcmp(got, "pq"), 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 0); /* MIN 0 TIME 0: at once, nothing */
	set_raw(3, 0);
	type("xyzw");
	KEXPECT_EQ(t, read_str(3), 3); /* MIN 3: three bytes, the fourth stays */
	KEXPECT_EQ(t, strcmp(got, "xyz"), 0);
	set_raw(0, 0);
	KEXPECT_EQ(t, read_str(sizeof(got)), 1);
	/* MIN 2: one byte is not enough; the typist's second one is. */
	set_raw(2, 0);
	type("a");
	struct task *typer = task_create_kernel("typist", typist, "b", SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, typer != NULL);
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	KEXPECT_EQ(t, strcmp(got, "ab"), 0);
	task_reap(typer);
	/* MIN 0 TIME 2: nothing comes, read returns 0 after 200 ms. */
	set_raw(0, 2);
	u64 start = clock_monotonic_ns();
	KEXPECT_EQ(t, read_str(sizeof(got)), 0);
	KEXPECT_GE(t, clock_monotonic_ns() - start, 200000000ull);
	/* MIN 5 TIME 1: two bytes, then 100 ms of silence ends the read. */
	set_raw(5, 1);
	type("kl");
	KEXPECT_EQ(t, read_str(sizeof(got)), 2);
	restore();
}

KTEST_SUITE(tty, KTEST_CASE(test_canonical_lines), KTEST_CASE(test_canonical_waits_for_the_line),
	    KTEST_CASE(test_erase_and_kill), KTEST_CASE(test_eof),
	    KTEST_CASE(test_signal_characters_to_the_group), KTEST_CASE(test_raw_vmin_vtime));
