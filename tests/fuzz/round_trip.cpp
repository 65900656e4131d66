// SPDX-License-Identifier: MIT
#include "round_trip.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "finding.hpp"

namespace isla::fuzz {

namespace {

bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

bool sameValue(const FieldValue& a, const FieldValue& b) {
  if (a.index() != b.index()) return false;
  if (const auto* f = std::get_if<float>(&a)) return sameBits(*f, std::get<float>(b));
  return a == b;
}

bool sameLayout(const RecordLayout& a, const RecordLayout& b) {
  return std::ranges::equal(a.fields(), b.fields(), [](const FieldSpec& x, const FieldSpec& y) {
    return x.name == y.name && x.type == y.type;
  });
}

bool sameRecord(const Record& a, const Record& b) {
  return sameLayout(a.layout(), b.layout()) && std::ranges::equal(a.values(), b.values(), sameValue);
}

bool samePolylines(const PolylineSet& a, const PolylineSet& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t p = 0; p < a.size(); ++p) {
    const bool same = std::ranges::equal(a.path(p), b.path(p), [](const Point2f& x, const Point2f& y) {
      return sameBits(x.x, y.x) && sameBits(x.y, y.y);
    });
    if (!same) return false;
  }
  return true;
}

bool hasString(const SectionContent& content) {
  const RecordLayout* layout = nullptr;
  if (const auto* record = std::get_if<Record>(&content)) layout = &record->layout();
  if (const auto* table = std::get_if<Table>(&content)) layout = table->layout.get();
  return layout && std::ranges::any_of(layout->fields(),
                                       [](const FieldSpec& field) { return field.type == FieldType::Str; });
}

}  // namespace

bool sameContent(const SectionContent& a, const SectionContent& b) {
  if (a.index() != b.index()) return false;
  if (const auto* x = std::get_if<OpaqueBytes>(&a)) {
    return std::ranges::equal(x->bytes, std::get<OpaqueBytes>(b).bytes);
  }
  if (const auto* x = std::get_if<Raster>(&a)) {
    const auto& y = std::get<Raster>(b);
    return x->type() == y.type() && x->mapSize() == y.mapSize() && std::ranges::equal(x->bytes(), y.bytes());
  }
  if (const auto* x = std::get_if<PolylineSet>(&a)) return samePolylines(*x, std::get<PolylineSet>(b));
  if (const auto* x = std::get_if<Record>(&a)) return sameRecord(*x, std::get<Record>(b));
  const auto& x = std::get<Table>(a);
  const auto& y = std::get<Table>(b);
  return sameLayout(*x.layout, *y.layout) && std::ranges::equal(x.rows, y.rows, sameRecord);
}

void requireSameEncoding(std::string_view what, std::span<const std::byte> original,
                         std::span<const std::byte> reencoded, const SectionContent& decoded,
                         const SectionContent& redecoded) {
  const std::string name(what);
  if (!sameContent(decoded, redecoded)) finding(name + ": the re-encoded payload decodes to a different model");
  if (std::ranges::equal(original, reencoded)) return;
  if (!hasString(decoded) || reencoded.size() >= original.size()) {
    finding(name + ": re-encoding changed the payload (" + std::to_string(original.size()) + " -> " +
            std::to_string(reencoded.size()) + " bytes)");
  }
}

}  // namespace isla::fuzz
