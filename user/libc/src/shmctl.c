/* shmctl: ipc(SHMCTL), cmd | IPC_64 (the shmid64_ds layout). */
#include <sys/shm.h>
#include "sysv_ipc.h"

int shmctl(int shmid, int cmd, struct shmid_ds *buf)
{
	return (int)sys_ret(sysv_ipc(IPCOP_SHMCTL, shmid, cmd | IPCOP_IPC_64, 0, buf, 0));
}
