// SPDX-License-Identifier: MIT
// The full-resolution heights of a Terrain World package in the compact
// form the viewer page reads for `isla.heightAt`: one `<patch-id>.f32` a
// patch, its heights_m row by row (z, then x) as little-endian float32 —
// exactly the package's values, a quarter of their JSON's size or less.
#pragma once

#include <filesystem>

namespace isla::view {

// Reads `package`'s world.json and every terrain document it names, writes
// the .f32 files into `out` (an existing directory). Throws
// std::runtime_error naming the file and the JSON pointer of anything the
// package does not hold as the contract says, IoError for the filesystem.
void writeHeightSamples(const std::filesystem::path& package, const std::filesystem::path& out);

}  // namespace isla::view
