/*
 * init: the programs given as multiboot modules.  The kmain thread starts
 * them and then reaps them; init's end ends the machine.
 */
#include "fs/fs.h"
#include "arch/i386/cpu.h"
#include "kernel/bootinfo.h"
#include "mm/pmm.h"
#include "mm/slab_debug.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/time/posix_timers.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/trace.h"
#include <abi/signal.h>
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include <abi/errno.h>

static void report_end(const char *who, int status)
{
	if (TASK_WIFSIGNALED(status))
		kprintf("tick386: %s killed signal=%d\n", who, TASK_WTERMSIG(status));
	else
		kprintf("tick386: %s exited status=%d\n", who, TASK_WEXITSTATUS(status));
}

/*
 * After init: every user task still there is killed and freed, so that the
 * free-page count says whether the programs gave back all they took.  A task
 * that does not die within a second is reported and left.
 */
static void reap_the_rest(void)
{
	u64 deadline = clock_monotonic_ns() + 1000000000ull;

	for (;;) {
		struct task *zombie = NULL;
		unsigned alive = 0;
		u32 flags = irq_save();

		for (struct task *t = task_first(); t; t = t->all_next) {
			if (t->pid == 0) /* kmain, idle */
				continue;
			if (t->state == TASK_ZOMBIE) {
				/* a leader waits for the threads of its process */
				if (t->leader != t || t->nr_threads == 0)
					zombie = t;
			} else if (t->user) {
				alive++;
				task_kill(t, SIGKILL);
			}
		}
		if (!zombie && alive && clock_monotonic_ns() < deadline)
			sched_sleep(KTIMER_MONOTONIC, clock_monotonic_ns() + 1000000);
		irq_restore(flags);
		if (zombie) {
			task_free(zombie);
		} else if (!alive) {
			return;
		} else if (clock_monotonic_ns() >= deadline) {
			kprintf("tick386: %u task(s) did not end after init\n", alive);
			return;
		}
	}
}

/*
 * Start every module but the initramfs as a user task: the first is init (pid 1), the others
 * (pids 2, 3...) beside it, all running at once, each the leader of a
 * session of its own.  All are children of the kmain thread (ppid 0), which
 * reaps them and every task left to it (orphans of init, children whose
 * parent ignores SIGCHLD).  When init ends, kmain kills what is left, frees
 * it, says how init ended in one line and stops the machine.
 */
void task_run_init(void)
{
	static char lines[BOOT_MODULES_MAX][sizeof(boot_info.modules[0].cmdline)];
	slab_debug_drain(); /* slub_debug: quarantined objects hold pages */
	u32 free_before = pmm_free_count();
	struct task *init = NULL;

	for (unsigned i = 0; i < boot_info.module_count; i++) {
		const struct boot_module *m = &boot_info.modules[i];
		char *argv[32];
		int argc, err = 0;
		struct task *t;

		if (fs_module_is_initramfs(m))
			continue; /* the file tree (fs/initramfs.c), not a program */
		strncpy(lines[i], m->cmdline, sizeof(lines[i]) - 1);
		argc = task_split_args(lines[i], argv, 32);
		if (argc == 0) {
			argv[0] = "init";
			argc = 1;
		}
		t = task_create_user(PHYS_TO_VIRT(m->phys_start), m->phys_end - m->phys_start, argc,
				     argv, 0, &err);
		if (!t) {
			kprintf("tick386: module %u (%s) not started: error %d%s\n", i, argv[0],
				err,
				err == -ENOEXEC ? " (not a valid i386 static ELF executable)" : "");
			if (!init) {
				kprintf("tick386: no init program; halting\n");
				machine_halt(QEMU_EXIT_FAILURE);
			}
			continue;
		}
		if (!init)
			init = t;
	}
	if (!init) {
		kprintf("tick386: no init program; halting\n");
		machine_halt(QEMU_EXIT_SUCCESS);
	}
	for (;;) {
		struct task *z = task_wait_zombie();
		int status = z->exit_status;
		char who[48];

		if (z == init) {
			task_free(z);
			reap_the_rest();
			slab_debug_drain(); /* and checks every object freed last */
			kprintf("tick386: free pages before init=%u after=%u\n", free_before,
				pmm_free_count());
			posix_timers_report();
			trace_dump_if_asked();
			report_end("init", status);
			machine_halt(QEMU_EXIT_SUCCESS);
		}
		bool thread = z->leader != z; /* a thread's end is no process's */

		snprintf(who, sizeof(who), "pid %d (%s)", z->pid, z->name);
		task_free(z);
		if (!thread)
			report_end(who, status);
	}
}
