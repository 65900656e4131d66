// SPDX-License-Identifier: MIT
// One section of a blueprint as the reader found it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "isla/base/fourcc.hpp"
#include "isla/model/polylines.hpp"
#include "isla/model/raster.hpp"
#include "isla/model/record.hpp"

namespace isla {

class SectionCodec;

// Payload bytes kept as they are: unknown tags, skipped versions.
struct OpaqueBytes {
  std::span<const std::byte> bytes;
  std::shared_ptr<const void> owner;
};

using SectionContent = std::variant<OpaqueBytes, Record, Table, PolylineSet, Raster>;

enum class SectionStatus : std::uint8_t {
  Decoded,  // content holds the codec's model
  Skipped,  // kept as opaque bytes: no codec, or a version the codec skips
  Failed,   // the codec rejected it; content holds the raw bytes
};

std::string_view sectionStatusName(SectionStatus status);

struct Section {
  FourCC tag;
  std::optional<std::uint64_t> offset;  // of the section header in the source file
  std::uint64_t payloadLength = 0;
  SectionStatus status = SectionStatus::Decoded;
  std::string note;  // why it was skipped or failed
  std::shared_ptr<const SectionCodec> codec;  // null when no plugin registers the tag
  SectionContent content;

  template <class T>
  const T* as() const {
    return status == SectionStatus::Decoded ? std::get_if<T>(&content) : nullptr;
  }
};

}  // namespace isla
