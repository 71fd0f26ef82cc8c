/* shmget: ipc(SHMGET). */
#include <sys/shm.h>
#include "sysv_ipc.h"

int shmget(key_t key, size_t size, int shmflg)
{
	return (int)sys_ret(sysv_ipc(IPCOP_SHMGET, key, (long)size, shmflg, 0, 0));
}
