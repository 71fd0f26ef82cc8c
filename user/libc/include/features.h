/* <features.h>: feature-test macros change little in this libc.  The GNU
 * extensions a program may well define for itself are declared only under
 * _GNU_SOURCE, as glibc does: clock_adjtime (<sys/timex.h>), and
 * strerror_r is then the GNU one, returning the text (<string.h>).
 *
 * __USE_MISC (glibc's name) is set as glibc sets it: by _GNU_SOURCE,
 * _DEFAULT_SOURCE (or the old _BSD_SOURCE, _SVID_SOURCE), or by default,
 * when the program asks for no standard (no -std=c99 or the like, no
 * _POSIX_C_SOURCE, _XOPEN_SOURCE, _ISOC99_SOURCE...).  It shows the BSD
 * and System V names (<sys/types.h>'s u_int, uint, ulong, loff_t...). */
#ifndef _FEATURES_H
#define _FEATURES_H

#if defined(_BSD_SOURCE) || defined(_SVID_SOURCE)
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#endif

#if !defined(_DEFAULT_SOURCE) && !defined(__STRICT_ANSI__) && !defined(_ISOC99_SOURCE) &&          \
    !defined(_ISOC11_SOURCE) && !defined(_POSIX_SOURCE) && !defined(_POSIX_C_SOURCE) &&            \
    !defined(_XOPEN_SOURCE)
#define _DEFAULT_SOURCE 1
#endif

#if defined(_GNU_SOURCE) || defined(_DEFAULT_SOURCE)
#undef __USE_MISC
#define __USE_MISC 1
#endif

#endif
