/* <assert.h>: may be included several times, with or without NDEBUG. */
#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
__attribute__((noreturn)) void __assert_fail(const char *expr, const char *file,
					     unsigned int line, const char *func);
#define assert(expr) ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && \
	__STDC_VERSION__ < 202311L
#undef static_assert
#define static_assert _Static_assert
#endif
