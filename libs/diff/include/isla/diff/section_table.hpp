// SPDX-License-Identifier: MIT
// The diff's first table: every tag of either blueprint, compared as payload
// bytes whatever the tag (unknown ones included).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "isla/model/blueprint.hpp"

namespace isla::diff {

enum class SectionChange : std::uint8_t {
  Identical,        // the same payload bytes
  WithinTolerance,  // different bytes, every difference within --tolerance
  Changed,
  OnlyInA,
  OnlyInB,
};

std::string_view sectionChangeName(SectionChange change);  // "identical", "only-in-a", ...

struct SectionRow {
  FourCC tag;
  SectionChange change = SectionChange::Identical;
  std::uint64_t lengthA = 0;  // payload bytes; 0 when absent
  std::uint64_t lengthB = 0;
  bool decoded = false;  // a plugin decoded it (in both, when in both); else it is bytes only
};

// A's tags in file order, then those only B has in B's order. Grids are
// compared on `threads` threads.
std::vector<SectionRow> compareSections(const Blueprint& a, const Blueprint& b, unsigned threads);

}  // namespace isla::diff
