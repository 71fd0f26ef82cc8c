/*
 * The fuzzers' generator (tests/fuzz and tests/fuzz/race): xorshift64*,
 * seeded through splitmix64 from (seed, episode, salt) so that every
 * episode of every seed starts from a well-mixed state and a run can be
 * replayed from its seed alone.  Each program keeps one and exports
 * rnd()/chance() over it.
 */
#ifndef TICK386_FUZZ_RNG_H
#define TICK386_FUZZ_RNG_H

#include <stdint.h>

static inline uint64_t fuzz_rng_seed(uint64_t seed, uint64_t episode, uint64_t salt)
{
	uint64_t z = seed * 0x9e3779b97f4a7c15ULL + episode * 0xbf58476d1ce4e5b9ULL + salt;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31)) | 1;
}

/* Uniform in [0, n) (0 for n == 0), advancing *state. */
static inline uint32_t fuzz_rng_next(uint64_t *state, uint32_t n)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return n ? (uint32_t)((*state * 0x2545f4914f6cdd1dULL) >> 32) % n : 0;
}

#endif
