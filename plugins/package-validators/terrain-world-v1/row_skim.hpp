// SPDX-License-Identifier: MIT
// The streamed array of a document read with Skim::Sampled or Skim::Plain,
// walked as text through a window of the file (however large it is, only
// a window is resident): its structure byte by byte (between rows), each
// row found with memchr and then either scanned (row_scan.hpp) and sampled,
// or parsed whole as plain numbers (plain_number.hpp).
#pragma once

#include <cstddef>
#include <string>

#include <isla/mapping/file_window.hpp>

#include "json_document.hpp"

namespace isla::terrain_world {

struct SkimEnd {
  std::size_t offset = 0;  // just past the array's ']'
  bool complete = false;   // false: the sink was told why (Sampled), or the text ended first
  bool truncated = false;  // the text ended inside the array
};

// Scans `document` from `begin`, the offset of the array's '['.
SkimEnd skimRows(FileWindow& document, std::size_t begin, RowSink& sink, const std::string& key, Skim skim);

}  // namespace isla::terrain_world
