// SPDX-License-Identifier: MIT
#include "isla/synth/noise.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace isla::synth {

namespace {
constexpr double kGoldenAngle = 2.39996322972865332;  // radians
}  // namespace

Fractal::Fractal(std::uint32_t key, int octaves, double frequency, float gain) {
  float amplitude = 1;
  float total = 0;
  for (int octave = 0; octave < octaves; ++octave) {
    const std::uint32_t octaveKey = mix32(key + 0x632be5abU * static_cast<std::uint32_t>(octave + 1));
    // Offsets within a lattice period's worth of cells keep the coordinates small.
    const double shiftX = static_cast<double>(mix32(octaveKey ^ 0x1b873593U) >> 22U);
    const double shiftY = static_cast<double>(mix32(octaveKey ^ 0xcc9e2d51U) >> 22U);
    const double angle = kGoldenAngle * (octave + 1);
    octaves_.push_back(Octave{GradientNoise(octaveKey), frequency, amplitude, std::cos(angle),
                              std::sin(angle), shiftX, shiftY});
    total += amplitude;
    amplitude *= gain;
    frequency *= 2;
  }
  normaliser_ = total > 0 ? 1 / total : 0;
}

float Fractal::fbm(double u, double v) const {
  float sum = 0;
  for (const auto& octave : octaves_) {
    sum += octave.amplitude * octave.at(u, v);
  }
  return sum * normaliser_;
}

float Fractal::ridged(double u, double v) const {
  float sum = 0;
  for (const auto& octave : octaves_) {
    const float crest = 1 - std::abs(octave.at(u, v));
    sum += octave.amplitude * crest * crest;
  }
  return sum * normaliser_;
}

Fractal Fractal::band(double lowest, double highest) const {
  Fractal out;
  out.normaliser_ = normaliser_;
  std::copy_if(octaves_.begin(), octaves_.end(), std::back_inserter(out.octaves_), [&](const Octave& octave) {
    return octave.frequency >= lowest && octave.frequency < highest;
  });
  return out;
}

int octavesFor(std::int32_t mapSize, double frequency, double finestPixels, int maximum) {
  int octaves = 1;
  // The finest octave's wavelength in pixels: mapSize / (frequency * 2^(octaves-1)).
  while (octaves < maximum &&
         static_cast<double>(mapSize) / (frequency * static_cast<double>(1 << octaves)) >= finestPixels) {
    ++octaves;
  }
  return octaves;
}

}  // namespace isla::synth
