// SPDX-License-Identifier: MIT
// Texture coordinates of texel centres as core glTF 2.0 allows them without
// an extension: a normalized unsigned short (value / 65535), 4 bytes a
// vertex instead of float32's 8. Rounded to the nearest step, a coordinate
// is within 1/131070 of the centre (i + 0.5) / texels, inside its texel for
// any image under 65535 texels a side (a map is at most 32768 samples).
#pragma once

#include <cstdint>

namespace isla_gltf {

// round((texel + 0.5) / texels * 65535) in integers: exact, and cheaper than the floating-point call.
inline std::uint16_t texelCentreUv(std::int32_t texel, std::int32_t texels) {
  const std::int64_t twice = 2 * std::int64_t{texels};
  return static_cast<std::uint16_t>(((2 * std::int64_t{texel} + 1) * 65535 + texels) / twice);
}

}  // namespace isla_gltf
