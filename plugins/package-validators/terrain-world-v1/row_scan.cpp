// SPDX-License-Identifier: MIT
// Both scans go a block at a time with byte-wide counters (a block is short
// enough that they cannot overflow) and no branch on the bytes, so that the
// compiler turns each block into vector compares.
#include "row_scan.hpp"

#include <cstring>

#include <isla/parallel/vector_clones.hpp>

namespace isla::terrain_world {

namespace {

constexpr std::size_t kBlock = 127;  // at most 127 commas: a signed byte counter holds them

bool isNumberByte(unsigned char c) {
  return (static_cast<unsigned char>(c - '+') <= '9' - '+' && c != '/') || (c | 0x20U) == 'e';
}

}  // namespace

// Sixteen bytes a vector, compared lane by lane: written out, because the
// compiler folds the scalar blank test into a 64-bit bit test it does not vectorise.
// Signed, so that a comparison's lanes (0 or -1) are of the same type.
using Bytes = signed char __attribute__((vector_size(16)));
constexpr std::size_t kWidth = sizeof(Bytes);

ISLA_VECTOR_CLONES
RowBytes classifyRow(const char* text, std::size_t size) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text);
  std::size_t commas = 0;
  Bytes bad = {};
  std::size_t at = 0;
  // bytes[at + kWidth] is at most the row's ']': the shifted load stays in bounds.
  while (size - at >= kWidth) {
    Bytes blockCommas = {};  // each lane counts at most kBlock
    for (std::size_t i = 0; i < kBlock && size - at >= kWidth; ++i, at += kWidth) {
      Bytes c, next;
      std::memcpy(&c, bytes + at, kWidth);
      std::memcpy(&next, bytes + at + 1, kWidth);
      const Bytes number = ((c >= '+') & (c <= '9') & (c != '/')) | ((c | 0x20) == 'e');
      const Bytes blank = (c == ' ') | (c == '\n') | (c == '\r') | (c == '\t');
      const Bytes comma = c == ',';
      blockCommas -= comma;  // a true lane is -1
      bad |= ~(number | blank) | (comma & (next == ','));
    }
    for (std::size_t lane = 0; lane < kWidth; ++lane) commas += static_cast<std::size_t>(blockCommas[lane]);
  }
  bool clean = true;
  for (std::size_t lane = 0; lane < kWidth; ++lane) clean &= bad[lane] == 0;
  for (; at < size; ++at) {
    const unsigned char c = bytes[at];
    commas += c == ',';
    clean &= (isNumberByte(c) || isBlank(text[at])) && !(c == ',' && bytes[at + 1] == ',');
  }
  return {commas, clean};
}

ISLA_VECTOR_CLONES
const char* afterCommas(const char* text, const char* end, std::size_t n) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text);
  std::size_t at = 0;
  const auto size = static_cast<std::size_t>(end - text);
  // Whole blocks that hold fewer than the commas still wanted are skipped.
  while (size - at >= kBlock) {
    unsigned char blockCommas = 0;
    for (std::size_t i = at; i < at + kBlock; ++i) {
      const bool comma = bytes[i] == ',';
      blockCommas += comma;
    }
    if (blockCommas >= n) break;
    n -= blockCommas;
    at += kBlock;
  }
  for (; at < size; ++at) {
    if (bytes[at] == ',' && --n == 0) return text + at + 1;
  }
  return nullptr;
}

}  // namespace isla::terrain_world
