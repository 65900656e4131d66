// SPDX-License-Identifier: MIT
// The engine presets this plugin registers: `unity` (RAW 16-bit tiles of
// 2^n + 1) and `unreal` (16-bit PNG at a recommended landscape size), both
// tiled and padded by engine_tiles over one height range, the world's, so
// that neighbouring tiles meet.
#pragma once

#include <memory>

#include <isla/plugin/exporter.hpp>

namespace isla_png {

std::unique_ptr<isla::Exporter> makeUnityExporter();
std::unique_ptr<isla::Exporter> makeUnrealExporter();

}  // namespace isla_png
