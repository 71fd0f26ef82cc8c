/* msgget: ipc(MSGGET). */
#include <sys/msg.h>
#include "sysv_ipc.h"

int msgget(key_t key, int msgflg)
{
	return (int)sys_ret(sysv_ipc(IPCOP_MSGGET, key, msgflg, 0, 0, 0));
}
