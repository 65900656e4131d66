// SPDX-License-Identifier: MIT
#include "blueprint_builder.hpp"

#include <boost/endian/conversion.hpp>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace isla::test {

BlueprintBuilder& BlueprintBuilder::add(FourCC tag, std::vector<std::byte> payload) {
  sections_.push_back({tag, std::move(payload)});
  return *this;
}

BlueprintBuilder& BlueprintBuilder::insert(std::size_t index, FourCC tag, std::vector<std::byte> payload) {
  sections_.insert(sections_.begin() + static_cast<std::ptrdiff_t>(index), RawSection{tag, std::move(payload)});
  return *this;
}

BlueprintBuilder& BlueprintBuilder::remove(FourCC tag) {
  std::erase_if(sections_, [&](const RawSection& s) { return s.tag == tag; });
  return *this;
}

std::vector<std::byte>& BlueprintBuilder::payload(FourCC tag) {
  for (auto& section : sections_) {
    if (section.tag == tag) return section.payload;
  }
  throw std::out_of_range("no section " + tag.text());
}

BlueprintBuilder& BlueprintBuilder::replace(FourCC tag, std::vector<std::byte> bytes) {
  payload(tag) = std::move(bytes);
  return *this;
}

std::vector<EncodedSection> BlueprintBuilder::encoded() const {
  std::vector<EncodedSection> out;
  for (const auto& section : sections_) {
    EncodedSection encoded{section.tag, {}};
    encoded.payload.bytes(section.payload);
    out.push_back(std::move(encoded));
  }
  return out;
}

std::vector<std::byte> BlueprintBuilder::v2() const {
  MemorySink sink;
  writeV2(encoded(), sink);
  return std::move(sink.bytes());
}

std::vector<std::byte> BlueprintBuilder::v1() const {
  MemorySink sink;
  writeV1(encoded(), sink);
  return std::move(sink.bytes());
}

std::uint64_t BlueprintBuilder::offsetOf(FourCC tag) const {
  std::uint64_t offset = 8;
  for (const auto& section : sections_) {
    if (section.tag == tag) return offset;
    offset += 12 + section.payload.size();
  }
  throw std::out_of_range("no section " + tag.text());
}

namespace {
template <class T>
void patch(std::vector<std::byte>& bytes, std::uint64_t offset, T value) {
  if (offset + sizeof(T) > bytes.size()) throw std::out_of_range("patch past the end");
  value = boost::endian::native_to_little(value);
  std::memcpy(bytes.data() + offset, &value, sizeof value);
}
}  // namespace

void patchU8(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint8_t value) { patch(bytes, offset, value); }
void patchU16(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint16_t value) { patch(bytes, offset, value); }
void patchU32(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint32_t value) { patch(bytes, offset, value); }
void patchI32(std::vector<std::byte>& bytes, std::uint64_t offset, std::int32_t value) { patch(bytes, offset, value); }
void patchU64(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint64_t value) { patch(bytes, offset, value); }
void patchF32(std::vector<std::byte>& bytes, std::uint64_t offset, float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, 4);
  patch(bytes, offset, bits);
}

std::vector<std::byte> toBytes(std::string_view text) {
  const auto raw = std::as_bytes(std::span(text.data(), text.size()));
  return {raw.begin(), raw.end()};
}

}  // namespace isla::test
