// SPDX-License-Identifier: MIT
// How a tile's vertices are stored, in the forms EXT_meshopt_compression's
// filters take (docs/decisions.md, Compressed 3D Tiles):
//   - in the tileset's own frame, east, north, up, which the node's rotation
//     turns into glTF's (x east, y up, z south): a position's first two
//     coordinates are then its place on the map, which a TEXCOORD_0 accessor
//     over the positions' view reads as texture coordinates (no stream of
//     their own), and an upward normal is the octahedral filter's centre;
//   - positions as its exponential filter's words, a signed 24-bit mantissa
//     and an 8-bit exponent each, decoded to float32 2^e * m: east and north
//     with an exponent that keeps every sample's place exact (the spacing's
//     own power of two) and up in steps of 1/64 m, so that a vertex is within
//     1/128 m of its sample's height, whatever the magnitude of either;
//   - normals as its octahedral filter's four signed bytes.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <span>
#include <vector>

namespace isla_3dtiles {

// The rotation of a tile's nodes (a glTF quaternion: x, y, z, w), from the
// vertices' east, north, up to glTF's x east, y up, z south: a quarter turn
// about x, the inverse of the one 3D Tiles gives glTF's y-up content.
inline constexpr std::array<double, 4> kNodeRotation{-std::numbers::sqrt2 / 2, 0, 0, std::numbers::sqrt2 / 2};

// The exponent of heights' steps: 1/64 m.
inline constexpr int kHeightExponent = -6;

// The values of one axis as the exponential filter's words at one
// exponent e: m * 2^e, m within 24 bits. Multiplications by powers of two,
// exact, made once (ldexp at every vertex was a tenth of an export's CPU).
class ExponentialAxis {
 public:
  explicit ExponentialAxis(int exponent);
  // The mantissa nearest `value` (ties away from zero).
  std::int32_t mantissa(double value) const { return static_cast<std::int32_t>(std::lround(value * toMantissa_)); }
  // Its word, and its value as the filter decodes it (exactly, in float32).
  std::uint32_t word(std::int32_t mantissa) const {
    return exponentBits_ | (static_cast<std::uint32_t>(mantissa) & 0xffffffU);
  }
  float value(std::int32_t mantissa) const { return static_cast<float>(mantissa) * step_; }

 private:
  std::uint32_t exponentBits_;
  double toMantissa_;
  float step_;
};

// The exponent for east and north of a world at `spacingM` whose patches hold at
// most `maxIndex` + 1 samples a side: the largest power of two the spacing
// is a whole multiple of (at most 2^-16 of the spacing for one that is not
// a binary fraction), raised until every index's mantissa fits 24 bits.
int planarExponent(double spacingM, std::int32_t maxIndex);

// The exponent for heights in [lowestM, highestM]: kHeightExponent, raised
// until their mantissas fit 24 bits (only for heights beyond 131 km).
int heightExponent(double lowestM, double highestM);

// Unit normals of the World (x east, y up, z south) as the octahedral
// filter's input in the vertices' frame (east, north, up): east and north
// at 8 bits, then 1.0 (127) and 0, four bytes a normal, appended to `out`.
void appendOctahedral(std::span<const std::array<float, 3>> normals, std::vector<std::array<std::int8_t, 4>>& out);

}  // namespace isla_3dtiles
