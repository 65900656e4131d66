// SPDX-License-Identifier: MIT
// png's weight images (`layers=...,weights`): the whole world's material
// layers, one 8-bit gray image a layer, weights/LAYER.png, streamed a world
// row at a time, and weights.json listing the layers in order with their files.
#pragma once

#include <filesystem>
#include <functional>

#include <isla/plugin/exporter.hpp>

namespace isla_png {

void writeWorldWeights(const std::filesystem::path& stage, const isla::ExportInput& input,
                       const std::function<void()>& rowWritten);

}  // namespace isla_png
