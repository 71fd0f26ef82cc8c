/* msgrcv: ipc(MSGRCV), version 0: ptr is {msgp, msgtyp}. */
#include <sys/msg.h>
#include "sysv_ipc.h"

ssize_t msgrcv(int msqid, void *msgp, size_t msgsz, long msgtyp, int msgflg)
{
	long kludge[2] = {(long)msgp, msgtyp};

	return (ssize_t)sys_ret(sysv_ipc(IPCOP_MSGRCV, msqid, (long)msgsz, msgflg, kludge, 0));
}
