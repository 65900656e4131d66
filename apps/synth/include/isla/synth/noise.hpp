// SPDX-License-Identifier: MIT
// Smooth pseudo-random fields: 2-D gradient noise on a hashed integer lattice
// and fractal sums of it. Pure functions of (key, position), so any pixel can
// be evaluated alone, in any order, on any thread.
#pragma once

#include <cstdint>
#include <vector>

#include "isla/synth/random.hpp"

namespace isla::synth {

// Gradient (Perlin-style) noise: zero on lattice points, about [-1, 1].
class GradientNoise {
 public:
  explicit GradientNoise(std::uint32_t key) : key_(key) {}

  float at(double x, double y) const {
    const std::int32_t cellX = floorToInt(x);
    const std::int32_t cellY = floorToInt(y);
    const auto fx = static_cast<float>(x - cellX);
    const auto fy = static_cast<float>(y - cellY);
    const auto hashX = static_cast<std::uint32_t>(cellX);
    const auto hashY = static_cast<std::uint32_t>(cellY);
    const float n00 = corner(hashX, hashY, fx, fy);
    const float n10 = corner(hashX + 1, hashY, fx - 1, fy);
    const float n01 = corner(hashX, hashY + 1, fx, fy - 1);
    const float n11 = corner(hashX + 1, hashY + 1, fx - 1, fy - 1);
    const float u = fade(fx);
    const float v = fade(fy);
    const float south = n00 + u * (n10 - n00);
    const float north = n01 + u * (n11 - n01);
    return kScale * (south + v * (north - south));
  }

 private:
  // Unit gradients make the extremes about +-sqrt(2)/2; scale them to about
  // +-1. Sixteen directions, none on an axis, keep lattice-aligned creases
  // out of the ridged fields.
  static constexpr float kScale = 1.41421356f;
  static constexpr float kGradientX[16] = {0.98078528f,  0.83146961f,  0.55557023f,  0.19509032f,
                                           -0.19509032f, -0.55557023f, -0.83146961f, -0.98078528f,
                                           -0.98078528f, -0.83146961f, -0.55557023f, -0.19509032f,
                                           0.19509032f,  0.55557023f,  0.83146961f,  0.98078528f};
  static constexpr float kGradientY[16] = {0.19509032f,  0.55557023f,  0.83146961f,  0.98078528f,
                                           0.98078528f,  0.83146961f,  0.55557023f,  0.19509032f,
                                           -0.19509032f, -0.55557023f, -0.83146961f, -0.98078528f,
                                           -0.98078528f, -0.83146961f, -0.55557023f, -0.19509032f};

  // std::floor is a library call on baseline x86-64; this is two instructions.
  static std::int32_t floorToInt(double value) {
    const auto truncated = static_cast<std::int32_t>(value);
    return truncated - (value < truncated ? 1 : 0);
  }
  static float fade(float t) { return t * t * t * (t * (t * 6 - 15) + 10); }

  float corner(std::uint32_t cellX, std::uint32_t cellY, float dx, float dy) const {
    const std::uint32_t hash = mix32((cellX * 0x8da6b343U) ^ (cellY * 0xd8163841U) ^ key_);
    const std::uint32_t direction = hash >> 28U;
    return kGradientX[direction] * dx + kGradientY[direction] * dy;
  }

  std::uint32_t key_;
};

// A fractal sum of gradient-noise octaves: each octave doubles the frequency
// and scales the amplitude by `gain`, on its own lattice key and offset so
// that the lattices of different octaves never line up.
class Fractal {
 public:
  // `frequency` is in cycles per map width; positions are in map widths.
  Fractal(std::uint32_t key, int octaves, double frequency, float gain = 0.5f);

  // Fractional Brownian motion, about [-1, 1].
  float fbm(double u, double v) const;
  // Ridged noise, [0, 1]: sharp crests where the noise crosses zero.
  float ridged(double u, double v) const;

  // The octaves of frequency within [lowest, highest), scaled as in the
  // whole: the bands of a split sum to the whole, so that coarse octaves
  // can be sampled on a lattice and only fine ones evaluated per pixel.
  Fractal band(double lowest, double highest) const;

 private:
  // Each octave is also turned by its own angle, so that no two share the
  // lattice's axes.
  struct Octave {
    GradientNoise noise;
    double frequency;
    float amplitude;
    double cosine;
    double sine;
    double shiftX;
    double shiftY;

    float at(double u, double v) const {
      return noise.at((u * cosine - v * sine) * frequency + shiftX,
                      (u * sine + v * cosine) * frequency + shiftY);
    }
  };
  Fractal() = default;

  std::vector<Octave> octaves_;
  float normaliser_ = 0;
};

// Octaves for detail down to `finestPixels` per cycle at this MapSize, from a
// base frequency, within [1, maximum].
int octavesFor(std::int32_t mapSize, double frequency, double finestPixels, int maximum);

}  // namespace isla::synth
