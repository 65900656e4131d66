// SPDX-License-Identifier: MIT
// A decoded blueprint: its format, MapSize and sections in file order.
// Exporters and validators read layers by tag, whatever plugin decoded them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "isla/model/section.hpp"

namespace isla {

enum class SourceFormat : std::uint8_t { V2, LegacyV1 };

std::string_view sourceFormatName(SourceFormat format);

struct Blueprint {
  std::string source;  // the file name as given
  SourceFormat format = SourceFormat::V2;
  std::int32_t mapSize = 0;  // 0 until PRMS declared a valid one
  std::vector<Section> sections;

  const Section* find(FourCC tag) const;
  // The decoded content of `tag` when present and of type T.
  template <class T>
  const T* get(FourCC tag) const {
    const Section* section = find(tag);
    return section ? section->as<T>() : nullptr;
  }
};

}  // namespace isla
