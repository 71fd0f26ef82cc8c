/*
 * The TSC read of the vDSO's assembly.  tests/vdso/asm_check.c assembles
 * the same files with VDSO_TEST_TSC, where the "TSC" is a variable the test
 * sets, to compare their arithmetic with lib/vclock.h's exactly.
 */
#ifdef VDSO_TEST_TSC
#define RDTSC movl vdso_test_tsc, %eax; movl vdso_test_tsc + 4, %edx
#else
#define RDTSC rdtsc
#endif
