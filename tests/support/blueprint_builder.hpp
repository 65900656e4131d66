// SPDX-License-Identifier: MIT
// Builds blueprint files for tests: a list of (tag, payload) sections framed
// as v2 (or written as legacy v1 by the kernel), plus byte patches.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <isla/container/blueprint_writer.hpp>
#include <isla/base/fourcc.hpp>

namespace isla::test {

struct RawSection {
  FourCC tag;
  std::vector<std::byte> payload;
};

class BlueprintBuilder {
 public:
  BlueprintBuilder() = default;
  explicit BlueprintBuilder(std::vector<RawSection> sections) : sections_(std::move(sections)) {}

  BlueprintBuilder& add(FourCC tag, std::vector<std::byte> payload);
  BlueprintBuilder& insert(std::size_t index, FourCC tag, std::vector<std::byte> payload);
  BlueprintBuilder& remove(FourCC tag);
  BlueprintBuilder& replace(FourCC tag, std::vector<std::byte> payload);
  std::vector<std::byte>& payload(FourCC tag);

  std::span<const RawSection> sections() const { return sections_; }
  std::vector<EncodedSection> encoded() const;

  // 'ISLA', u32 2, then each section framed.
  std::vector<std::byte> v2() const;
  // The kernel's legacy v1 writer over the same payloads.
  std::vector<std::byte> v1() const;
  // The offset of `tag`'s section header in v2().
  std::uint64_t offsetOf(FourCC tag) const;

 private:
  std::vector<RawSection> sections_;
};

void patchU8(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint8_t value);
void patchU16(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint16_t value);
void patchU32(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint32_t value);
void patchI32(std::vector<std::byte>& bytes, std::uint64_t offset, std::int32_t value);
void patchU64(std::vector<std::byte>& bytes, std::uint64_t offset, std::uint64_t value);
void patchF32(std::vector<std::byte>& bytes, std::uint64_t offset, float value);

std::vector<std::byte> toBytes(std::string_view text);

}  // namespace isla::test
