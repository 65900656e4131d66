// SPDX-License-Identifier: MIT
#include "glb_file.hpp"

#include <isla/publish/file_writer.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <string>

namespace isla_3dtiles {

namespace {

static_assert(std::endian::native == std::endian::little, "glb is little-endian");

constexpr std::uint32_t kMagic = 0x46546C67;      // "glTF"
constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
constexpr std::uint32_t kBinChunk = 0x004E4942;   // "BIN\0"
constexpr char kJsonPadding[4] = {' ', ' ', ' ', ' '};
constexpr std::byte kBinPadding[4] = {};

std::size_t padded(std::size_t length) { return (length + 3) / 4 * 4; }

}  // namespace

void GlbJson::write(std::span<const std::byte> bytes) {
  blocks_.emplace_back(bytes.begin(), bytes.end());
  size_ += bytes.size();
}

std::string writeGlb(const std::filesystem::path& path, const GlbJson& json,
                     std::span<const std::span<const std::byte>> bin, isla::FileWriter::Digest digest) {
  std::size_t binSize = 0;
  for (const auto& piece : bin) binSize += piece.size();
  const std::size_t jsonLength = padded(json.size()), binLength = padded(binSize);
  const std::size_t total = 12 + 8 + jsonLength + (binSize == 0 ? 0 : 8 + binLength);
  const std::array<std::uint32_t, 5> head{kMagic, 2, static_cast<std::uint32_t>(total),
                                          static_cast<std::uint32_t>(jsonLength), kJsonChunk};
  const std::array<std::uint32_t, 2> binHead{static_cast<std::uint32_t>(binLength), kBinChunk};
  // The whole file in one gathered write: its blocks are not copied again.
  std::vector<std::span<const std::byte>> pieces{std::as_bytes(std::span(head))};
  for (const std::vector<std::byte>& block : json.blocks()) pieces.emplace_back(block);
  pieces.push_back(std::as_bytes(std::span(kJsonPadding, jsonLength - json.size())));
  if (binSize != 0) {
    pieces.push_back(std::as_bytes(std::span(binHead)));
    pieces.insert(pieces.end(), bin.begin(), bin.end());
    pieces.emplace_back(kBinPadding, binLength - binSize);
  }
  isla::FileWriter file = isla::FileWriter::create(path, digest);
  file.writeGathered(pieces);
  return file.close();
}

}  // namespace isla_3dtiles
