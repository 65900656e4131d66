// SPDX-License-Identifier: MIT
#include "isla/synth/random.hpp"

namespace isla::synth {

namespace {
constexpr std::uint64_t kMultiplier = 6364136223846793005ULL;
}

Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) : increment_((stream << 1U) | 1U) {
  next();
  state_ += seed;
  next();
}

std::uint32_t Pcg32::next() {
  const std::uint64_t old = state_;
  state_ = old * kMultiplier + increment_;
  const auto xorShifted = static_cast<std::uint32_t>(((old >> 18U) ^ old) >> 27U);
  const auto rotation = static_cast<std::uint32_t>(old >> 59U);
  return (xorShifted >> rotation) | (xorShifted << ((32U - rotation) & 31U));
}

double Pcg32::uniform() { return static_cast<double>(next()) * 0x1p-32; }

double Pcg32::uniform(double low, double high) { return low + (high - low) * uniform(); }

std::uint32_t Pcg32::below(std::uint32_t bound) {
  std::uint64_t product = std::uint64_t{next()} * bound;
  auto low = static_cast<std::uint32_t>(product);
  if (low < bound) {
    const std::uint32_t threshold = (0U - bound) % bound;
    while (low < threshold) {
      product = std::uint64_t{next()} * bound;
      low = static_cast<std::uint32_t>(product);
    }
  }
  return static_cast<std::uint32_t>(product >> 32U);
}

Pcg32 stageRandom(std::int32_t worldSeed, Stage stage) {
  return Pcg32(static_cast<std::uint64_t>(static_cast<std::uint32_t>(worldSeed)),
               static_cast<std::uint64_t>(stage));
}

}  // namespace isla::synth
