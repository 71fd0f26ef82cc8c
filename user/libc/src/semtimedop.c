/* semtimedop: ipc(SEMTIMEDOP), the timeout in fifth. */
#include <sys/sem.h>
#include "sysv_ipc.h"

int semtimedop(int semid, struct sembuf *sops, size_t nsops, const struct timespec *timeout)
{
	return (int)sys_ret(
		sysv_ipc(IPCOP_SEMTIMEDOP, semid, (long)nsops, 0, sops, (long)timeout));
}
