// SPDX-License-Identifier: MIT
#include "isla/model/blueprint.hpp"

namespace isla {

std::string_view sectionStatusName(SectionStatus status) {
  switch (status) {
    case SectionStatus::Decoded: return "decoded";
    case SectionStatus::Skipped: return "skipped";
    case SectionStatus::Failed: return "failed";
  }
  return "?";
}

std::string_view sourceFormatName(SourceFormat format) {
  return format == SourceFormat::V2 ? "v2" : "v1 (legacy)";
}

const Section* Blueprint::find(FourCC tag) const {
  for (const auto& section : sections) {
    if (section.tag == tag) return &section;
  }
  return nullptr;
}

const FilledRole* Blueprint::filled(Role role) const {
  for (const auto& entry : roles) {
    if (roleOf(entry.content) == role) return &entry;
  }
  return nullptr;
}

const RoadTier* roadTier(const Blueprint& blueprint, RoadClass road) {
  for (const auto& entry : blueprint.roles) {
    const auto* tier = std::get_if<RoadTier>(&entry.content);
    if (tier && tier->road == road) return tier;
  }
  return nullptr;
}

}  // namespace isla
