// SPDX-License-Identifier: MIT
// A binary glTF (.glb) file: the 12-byte header, the JSON chunk padded with
// spaces and the BIN chunk padded with zeros to 4 bytes, as glTF 2.0 says.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <isla/publish/file_writer.hpp>

namespace isla_3dtiles {

// A .glb's JSON text as the blocks it was written in
// (GltfDocument::writeText), never joined into one string.
class GlbJson final : public isla::ByteSink {
 public:
  void write(std::span<const std::byte> bytes) override;
  std::uint64_t size() const { return size_; }
  const std::vector<std::vector<std::byte>>& blocks() const { return blocks_; }

 private:
  std::vector<std::vector<std::byte>> blocks_;
  std::uint64_t size_ = 0;
};

// `bin`: the BIN chunk's bytes, in pieces written one after the other.
// Returns the file's SHA-256 when `digest` asks for it, else "".
std::string writeGlb(const std::filesystem::path& path, const GlbJson& json,
                     std::span<const std::span<const std::byte>> bin,
                     isla::FileWriter::Digest digest = isla::FileWriter::Digest::None);

}  // namespace isla_3dtiles
