// SPDX-License-Identifier: MIT
#include "isla/diff/section_table.hpp"

#include <algorithm>
#include <cstring>

#include "bands.hpp"
#include "isla/io/byte_writer.hpp"
#include "isla/plugin/section_codec.hpp"

namespace isla::diff {

std::string_view sectionChangeName(SectionChange change) {
  switch (change) {
    case SectionChange::Identical: return "identical";
    case SectionChange::WithinTolerance: return "within-tolerance";
    case SectionChange::Changed: return "changed";
    case SectionChange::OnlyInA: return "only-in-a";
    case SectionChange::OnlyInB: return "only-in-b";
  }
  return "?";
}

namespace {

// A section's payload: a view of the mapping for grids and opaque bytes,
// re-encoded (byte-identical by the codec contract) for the small records.
struct Payload {
  std::span<const std::byte> bytes;
  std::vector<std::byte> encoded;
};

Payload payloadOf(const Section& section) {
  Payload payload;
  if (const auto* raster = std::get_if<Raster>(&section.content)) {
    payload.bytes = raster->bytes();
  } else if (const auto* opaque = std::get_if<OpaqueBytes>(&section.content)) {
    payload.bytes = opaque->bytes;
  } else {
    ByteWriter writer;
    section.codec->encode(section.content, writer, EncodeContext{});
    payload.encoded = writer.flatten();
    payload.bytes = payload.encoded;
  }
  return payload;
}

bool sameBytes(std::span<const std::byte> a, std::span<const std::byte> b, unsigned threads) {
  if (a.size() != b.size()) return false;
  if (a.empty()) return true;  // memcmp must not see an empty span's null data
  const auto partials = detail::scanBands<char>(a.size(), threads, [&](std::uint64_t begin, std::uint64_t end, char& same) {
    same = std::memcmp(a.data() + begin, b.data() + begin, end - begin) == 0;
  });
  return std::all_of(partials.begin(), partials.end(), [](char same) { return same != 0; });
}

SectionRow compare(const Section& a, const Section& b, unsigned threads) {
  const Payload left = payloadOf(a);
  const Payload right = payloadOf(b);
  SectionRow row{a.tag, SectionChange::Identical, left.bytes.size(), right.bytes.size(),
                 a.status == SectionStatus::Decoded && b.status == SectionStatus::Decoded};
  if (!sameBytes(left.bytes, right.bytes, threads)) row.change = SectionChange::Changed;
  return row;
}

}  // namespace

std::vector<SectionRow> compareSections(const Blueprint& a, const Blueprint& b, unsigned threads) {
  std::vector<SectionRow> rows;
  for (const auto& section : a.sections) {
    if (const Section* other = b.find(section.tag)) {
      rows.push_back(compare(section, *other, threads));
    } else {
      rows.push_back({section.tag, SectionChange::OnlyInA, payloadOf(section).bytes.size(), 0,
                      section.status == SectionStatus::Decoded});
    }
  }
  for (const auto& section : b.sections) {
    if (!a.find(section.tag)) {
      rows.push_back({section.tag, SectionChange::OnlyInB, 0, payloadOf(section).bytes.size(),
                      section.status == SectionStatus::Decoded});
    }
  }
  return rows;
}

}  // namespace isla::diff
