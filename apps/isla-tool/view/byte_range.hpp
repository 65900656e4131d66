// SPDX-License-Identifier: MIT
// A request's Range header (RFC 9110, 14.2) against a file's size: one
// range of bytes is served as 206, a range past the end as 416, and
// anything else (several ranges, another unit, a malformed header) as the
// whole file, as the RFC lets a server do.
#pragma once

#include <cstdint>
#include <string_view>

namespace isla::view {

struct ByteRange {
  enum class Kind { Whole, Part, Unsatisfiable };
  Kind kind = Kind::Whole;
  std::uint64_t first = 0;  // Part: the first byte and the count
  std::uint64_t count = 0;
};

ByteRange parseByteRange(std::string_view header, std::uint64_t size);

}  // namespace isla::view
