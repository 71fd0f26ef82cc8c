/* <ucontext.h>: the context an SA_SIGINFO handler receives (see <signal.h>). */
#ifndef _UCONTEXT_H
#define _UCONTEXT_H

#include <signal.h>

#endif
