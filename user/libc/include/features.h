/* <features.h>: feature-test macros change nothing in this libc, except that
 * the GNU extensions a program may well define for itself are declared only
 * under _GNU_SOURCE, as glibc does: clock_adjtime (<sys/timex.h>), and
 * strerror_r is then the GNU one, returning the text (<string.h>). */
#ifndef _FEATURES_H
#define _FEATURES_H
#endif
