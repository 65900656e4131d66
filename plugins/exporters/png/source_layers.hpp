// SPDX-License-Identifier: MIT
// A source's own grids as images, pixel (x, y) at image column x, row y
// (= world z, north up): biome/<id>.png indexed colour whose index is the
// biome ordinal, wbid/<id>.png 16-bit water body ids, water/<id>.png an
// 8-bit mask (255 = water). A World read back from a package has biome
// classes from its height ramp (isla/world/package_world.hpp) and no water
// body ids.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>

#include <isla/model/enum_table.hpp>
#include <isla/world/world.hpp>

#include "png_options.hpp"

namespace isla_png {

// Whether a source has water body ids (WBID is optional; a package keeps
// none), so that there are wbid/ and water/ images to write.
bool anyWaterIds(const isla::World& world);

// The rows writeSourceLayers will write for `source`.
std::int64_t sourceLayerRows(const isla::World& world, std::size_t source, const PngOptions& options);

void writeSourceLayers(const std::filesystem::path& stage, const isla::World& world, std::size_t source,
                       const isla::EnumTable& enums, const PngOptions& options,
                       const std::function<void()>& rowWritten);

}  // namespace isla_png
