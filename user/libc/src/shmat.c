/* shmat: ipc(SHMAT), version 0: the kernel stores the address at third
 * ((void *)-1 on failure). */
#include <sys/shm.h>
#include "sysv_ipc.h"

void *shmat(int shmid, const void *shmaddr, int shmflg)
{
	unsigned long addr;
	long ret = sysv_ipc(IPCOP_SHMAT, shmid, shmflg, (long)&addr, shmaddr, 0);

	if (sys_ret(ret) < 0)
		return (void *)-1;
	return (void *)addr;
}
