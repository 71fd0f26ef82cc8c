/* semctl: ipc(SEMCTL), cmd | IPC_64, ptr the address of the fourth
 * argument (a union semun, the program's) for the commands that take one,
 * as glibc reads it. */
#include <stdarg.h>
#include <sys/sem.h>
#include "sysv_ipc.h"

int semctl(int semid, int semnum, int cmd, ...)
{
	union {
		int val;
		void *ptr;
	} arg = {0};
	va_list ap;

	switch (cmd) {
	case SETVAL: case GETALL: case SETALL: case IPC_STAT: case IPC_SET:
	case IPC_INFO: case SEM_INFO: case SEM_STAT: case SEM_STAT_ANY:
		va_start(ap, cmd);
		arg.ptr = va_arg(ap, void *);
		va_end(ap);
		break;
	}
	return (int)sys_ret(sysv_ipc(IPCOP_SEMCTL, semid, semnum, cmd | IPCOP_IPC_64, &arg, 0));
}
