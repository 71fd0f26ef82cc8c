/* shmdt: ipc(SHMDT). */
#include <sys/shm.h>
#include "sysv_ipc.h"

int shmdt(const void *shmaddr)
{
	return (int)sys_ret(sysv_ipc(IPCOP_SHMDT, 0, 0, 0, shmaddr, 0));
}
