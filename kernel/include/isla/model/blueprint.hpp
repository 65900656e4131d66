// SPDX-License-Identifier: MIT
// A decoded blueprint: its format, MapSize, sections in file order, and the
// roles its sections fill. The World reads roles; tools that show a file
// (inspect, convert, validators of one section) read sections by tag.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "isla/model/roles.hpp"
#include "isla/model/section.hpp"

namespace isla {

enum class SourceFormat : std::uint8_t { V2, LegacyV1 };

std::string_view sourceFormatName(SourceFormat format);

// A role filled by one section.
struct FilledRole {
  FourCC tag;  // the section that filled it
  RoleContent content;
};

struct Blueprint {
  std::string source;  // the file name as given
  SourceFormat format = SourceFormat::V2;
  std::int32_t mapSize = 0;  // 0 until PRMS declared a valid one
  std::vector<Section> sections;
  std::vector<FilledRole> roles;  // in section order; one a role but the road tiers

  const Section* find(FourCC tag) const;
  // The decoded content of `tag` when present and of type T.
  template <class T>
  const T* get(FourCC tag) const {
    const Section* section = find(tag);
    return section ? section->as<T>() : nullptr;
  }

  // The first section's content for role T, or null when no section fills it.
  template <class T>
  const T* role() const {
    for (const FilledRole& filled : roles) {
      if (const T* content = std::get_if<T>(&filled.content)) return content;
    }
    return nullptr;
  }
  // The section that filled `role` first, when one did.
  const FilledRole* filled(Role role) const;
};

// The road tier of class `road`, or null when no section fills it.
const RoadTier* roadTier(const Blueprint& blueprint, RoadClass road);

}  // namespace isla
