/* msgctl: ipc(MSGCTL), cmd | IPC_64. */
#include <sys/msg.h>
#include "sysv_ipc.h"

int msgctl(int msqid, int cmd, struct msqid_ds *buf)
{
	return (int)sys_ret(sysv_ipc(IPCOP_MSGCTL, msqid, cmd | IPCOP_IPC_64, 0, buf, 0));
}
