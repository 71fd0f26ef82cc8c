/* semget: ipc(SEMGET). */
#include <sys/sem.h>
#include "sysv_ipc.h"

int semget(key_t key, int nsems, int semflg)
{
	return (int)sys_ret(sysv_ipc(IPCOP_SEMGET, key, nsems, semflg, 0, 0));
}
