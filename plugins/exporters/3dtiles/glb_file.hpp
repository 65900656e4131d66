// SPDX-License-Identifier: MIT
// A binary glTF (.glb) file: the 12-byte header, the JSON chunk padded with
// spaces and the BIN chunk padded with zeros to 4 bytes, as glTF 2.0 says.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include <isla/publish/file_writer.hpp>

namespace isla_3dtiles {

// `bin`: the BIN chunk's bytes, in pieces written one after the other.
// Returns the file's SHA-256 when `digest` asks for it, else "".
std::string writeGlb(const std::filesystem::path& path, std::string_view json,
                     std::span<const std::span<const std::byte>> bin,
                     isla::FileWriter::Digest digest = isla::FileWriter::Digest::None);

}  // namespace isla_3dtiles
