/* msgsnd: ipc(MSGSND). */
#include <sys/msg.h>
#include "sysv_ipc.h"

int msgsnd(int msqid, const void *msgp, size_t msgsz, int msgflg)
{
	return (int)sys_ret(sysv_ipc(IPCOP_MSGSND, msqid, (long)msgsz, msgflg, msgp, 0));
}
