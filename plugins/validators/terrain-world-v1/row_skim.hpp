// SPDX-License-Identifier: MIT
// The streamed array of a document checked at CheckDepth::JustWritten:
// scanned as text (rows, the numbers in each, bytes that can belong to a
// number) at memchr speed, converting only the numbers its sink asks for.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "json_document.hpp"

namespace isla::terrain_world {

struct SkimEnd {
  std::uint64_t offset = 0;  // just past the array's ']'
  bool complete = false;     // false: the sink was told why, or the file ended first
  bool truncated = false;    // the file ended inside the array
};

// Scans from `begin`, the offset of the array's '[' in `file`.
SkimEnd skimRows(std::FILE* file, std::uint64_t begin, RowSink& sink, const std::string& key);

}  // namespace isla::terrain_world
