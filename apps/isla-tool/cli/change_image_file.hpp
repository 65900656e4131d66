// SPDX-License-Identifier: MIT
// diff --image: the kernel's change image encoded as a PNG (the png
// exporters' parallel encoder, whose bytes no thread count changes) with
// its legend in a JSON sidecar beside it.
#pragma once

#include <filesystem>

#include <isla/diff/change_image.hpp>

namespace isla::cli {

// OUT.png's sidecar: OUT.json.
std::filesystem::path changeImageSidecar(const std::filesystem::path& png);

// Both files appear whole or not at all; neither may exist. `threads` 0:
// every core. Throws IoError.
void writeChangeImage(const diff::ChangeImage& image, const std::filesystem::path& png, unsigned threads);

}  // namespace isla::cli
