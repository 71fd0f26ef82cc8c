/* semop: ipc(SEMOP). */
#include <sys/sem.h>
#include "sysv_ipc.h"

int semop(int semid, struct sembuf *sops, size_t nsops)
{
	return (int)sys_ret(sysv_ipc(IPCOP_SEMOP, semid, (long)nsops, 0, sops, 0));
}
