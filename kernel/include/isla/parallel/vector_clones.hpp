// SPDX-License-Identifier: MIT
// Marks a hot pixel loop to be built twice, for the x86-64 baseline and for
// AVX2, with the loader picking the one the CPU runs. Write the loop so that
// the result cannot depend on the lanes (integer counts, min/max, or explicit
// vector types for float sums), and both clones agree bit for bit. The
// build option ISLA_VECTOR_CLONES=OFF builds the baseline alone.
#pragma once

#if defined(__x86_64__) && !defined(ISLA_NO_VECTOR_CLONES)
#define ISLA_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define ISLA_VECTOR_CLONES
#endif
