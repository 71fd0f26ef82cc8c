/* <features.h>: feature-test macros change nothing in this libc. */
#ifndef _FEATURES_H
#define _FEATURES_H
#endif
