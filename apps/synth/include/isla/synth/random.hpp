// SPDX-License-Identifier: MIT
// Seeded randomness that is the same with every standard library: PCG32 for
// sequences and integer hashes for noise lattices; no std:: distributions.
#pragma once

#include <cstdint>

namespace isla::synth {

// O'Neill's PCG32 (XSH RR): 64-bit state, 32-bit output, selectable stream.
class Pcg32 {
 public:
  Pcg32(std::uint64_t seed, std::uint64_t stream);

  std::uint32_t next();
  // Uniform in [0, 1), 32 bits of resolution.
  double uniform();
  double uniform(double low, double high);
  // Uniform in [0, bound), unbiased (Lemire's multiply and reject).
  std::uint32_t below(std::uint32_t bound);

 private:
  std::uint64_t state_ = 0;
  std::uint64_t increment_;
};

// A well-mixed 32-bit integer hash (lowbias32).
constexpr std::uint32_t mix32(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// The key of one noise lattice: the world seed plus a field's offset, the
// way the spec's records describe their fields ("seeded seed + offset").
constexpr std::uint32_t fieldKey(std::int32_t worldSeed, std::int32_t offset) {
  return mix32(static_cast<std::uint32_t>(worldSeed) + static_cast<std::uint32_t>(offset) * 0x9e3779b9U);
}

// The stages that draw random sequences; each has its own PCG32 stream, so
// that adding draws to one stage never changes another.
enum class Stage : std::uint64_t { ImpactSite = 1, LakeSites, TownSites, ErosionDroplets };

Pcg32 stageRandom(std::int32_t worldSeed, Stage stage);

}  // namespace isla::synth
