// SPDX-License-Identifier: MIT
#include "biome_palette.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

namespace isla_png {

namespace {

constexpr Rgb kUnknown{255, 0, 255};

constexpr std::pair<std::string_view, Rgb> kColours[] = {
    {"Ocean", {28, 72, 140}},     {"Lake", {52, 120, 190}},    {"Beach", {230, 215, 160}},
    {"Grassland", {124, 176, 76}}, {"Forest", {46, 110, 50}},   {"Jungle", {24, 130, 70}},
    {"Swamp", {90, 110, 70}},      {"Desert", {222, 196, 120}}, {"Dirt", {140, 110, 80}},
    {"Rock", {128, 128, 128}},     {"Mountain", {150, 140, 130}}, {"Snow", {245, 245, 250}},
    {"Crater", {90, 70, 60}},      {"Wasteland", {160, 140, 110}},
};

}  // namespace

std::vector<Rgb> biomePalette(const isla::EnumTable& enums) {
  std::vector<Rgb> palette;
  for (const std::string& name : enums.members("Biome")) {
    if (palette.size() == 256) break;  // BIOM is u8: no pixel can hold a later ordinal
    const auto* known = std::find_if(std::begin(kColours), std::end(kColours),
                                     [&](const auto& entry) { return entry.first == name; });
    palette.push_back(known == std::end(kColours) ? kUnknown : known->second);
  }
  return palette;
}

}  // namespace isla_png
