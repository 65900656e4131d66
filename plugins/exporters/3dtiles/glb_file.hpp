// SPDX-License-Identifier: MIT
// A binary glTF (.glb) file: the 12-byte header, the JSON chunk padded with
// spaces and the BIN chunk padded with zeros to 4 bytes, as glTF 2.0 says.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string_view>

namespace isla_3dtiles {

// `bin`: the BIN chunk's bytes, in pieces written one after the other.
void writeGlb(const std::filesystem::path& path, std::string_view json, std::span<const std::span<const std::byte>> bin);

}  // namespace isla_3dtiles
