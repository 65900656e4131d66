// SPDX-License-Identifier: MIT
// The two byte scans of a skimmed row, written to vectorise: one that
// classifies every byte, one that skips to a column by counting commas.
#pragma once

#include <cstddef>

namespace isla::terrain_world {

// JSON's whitespace.
inline bool isBlank(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

struct RowBytes {
  std::size_t commas = 0;
  bool clean = true;  // only bytes of numbers (digits, sign, point, exponent), commas and blanks; no ",,"
};

// The row's text [text, text + size); text[size] must be readable (the row's ']').
RowBytes classifyRow(const char* text, std::size_t size);

// Just past the n-th comma (n >= 1) from `text`, or nullptr when [text, end) holds fewer.
const char* afterCommas(const char* text, const char* end, std::size_t n);

}  // namespace isla::terrain_world
