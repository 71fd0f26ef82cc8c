/*
 * <math.h>: the few functions programs that measure time tend to use
 * (fabs, floor, ceil, trunc, round, sqrt, fmod, ...) and the classification
 * macros.  There is no separate libm: -lm is accepted and ignored by ucc.
 */
#ifndef _MATH_H
#define _MATH_H

#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#define M_LN2 0.69314718055994530942
#define M_SQRT2 1.41421356237309504880

#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4

double fabs(double x);
float fabsf(float x);
double floor(double x);
double ceil(double x);
double trunc(double x);
double round(double x);
long lround(double x);
long long llround(double x);
double rint(double x);
long lrint(double x);
long long llrint(double x);
double nearbyint(double x);
double sqrt(double x);
float sqrtf(float x);
double fmod(double x, double y);
double modf(double x, double *ip);
double ldexp(double x, int e);
double frexp(double x, int *e);
double fmin(double a, double b);
double fmax(double a, double b);
double copysign(double x, double y);
double hypot(double x, double y);
double pow(double x, double y);

#endif
