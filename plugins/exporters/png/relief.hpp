// SPDX-License-Identifier: MIT
// relief.png: a shaded-relief preview of the whole world for a person to
// look at, 8-bit RGB, north up: a hillshade of the world's heights (light
// from the north-west, 45 degrees up) times the biome colours, water tinted
// by its depth below the body's level, roads and towns drawn over it.
#pragma once

#include <filesystem>
#include <functional>

#include <isla/model/enum_table.hpp>
#include <isla/world/world.hpp>

namespace isla_png {

void writeRelief(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums,
                 int compression, const std::function<void()>& rowWritten);

}  // namespace isla_png
