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

std::size_t padded(std::size_t length) { return (length + 3) / 4 * 4; }

void writeWords(isla::FileWriter& file, std::array<std::uint32_t, 2> words) {
  file.write(std::as_bytes(std::span(words)));
}

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
  isla::FileWriter file = isla::FileWriter::create(path, digest);
  const std::array<std::uint32_t, 3> header{kMagic, 2, static_cast<std::uint32_t>(total)};
  file.write(std::as_bytes(std::span(header)));
  writeWords(file, {static_cast<std::uint32_t>(jsonLength), kJsonChunk});
  for (const std::vector<std::byte>& block : json.blocks()) file.write(block);
  file.write(std::string(jsonLength - json.size(), ' '));
  if (binSize != 0) {
    writeWords(file, {static_cast<std::uint32_t>(binLength), kBinChunk});
    for (const auto& piece : bin) file.write(piece);
    file.write(std::string(binLength - binSize, '\0'));
  }
  return file.close();
}

}  // namespace isla_3dtiles
