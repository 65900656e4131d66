// SPDX-License-Identifier: MIT
// The colour of each biome of the enum table, by name, so that a table with
// biomes added or reordered still gets the right colours; a name this table
// does not know is magenta, to stand out.
#pragma once

#include <vector>

#include <isla/model/enum_table.hpp>

#include "png_encoder.hpp"

namespace isla_png {

// One entry a Biome member, in ordinal order (at most 256).
std::vector<Rgb> biomePalette(const isla::EnumTable& enums);

}  // namespace isla_png
