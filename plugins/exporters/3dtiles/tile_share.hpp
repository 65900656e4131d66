// SPDX-License-Identifier: MIT
// A shard's share of a tile that spans shards: the parts of its patches as
// the .glb stores them (glb_tile.hpp), saved for the assembly, which merges
// every shard's share of the tile and writes it without encoding anything.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <isla/world/world.hpp>

#include "glb_tile.hpp"

namespace isla_3dtiles {

// A share as bytes, of which a shard keeps all its shares in one file
// (tiles_shards.cpp: a file a tile would cost a shard twice the files).
std::vector<std::byte> shareBytes(const GlbTile& share);
// A shard's file of shares, open for the assembly's reads: one open a
// shard, not one a share.
class ShareFile {
 public:
  explicit ShareFile(std::filesystem::path path);
  ShareFile(ShareFile&& other) noexcept;
  ShareFile& operator=(ShareFile&&) = delete;
  ~ShareFile();

  const std::filesystem::path& path() const { return path_; }
  std::uint64_t size() const { return size_; }
  // Bytes [offset, offset + length), in one pread (safe from any thread),
  // into memory that is not zeroed first (the first touch of a page is dear).
  std::shared_ptr<std::byte[]> read(std::uint64_t offset, std::uint64_t length) const;

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// The share at bytes [offset, offset + length) of `file`. Throws
// std::runtime_error naming the file when they are not a share of this world's tiles.
GlbTile loadShare(const isla::World& world, const ShareFile& file, std::uint64_t offset, std::uint64_t length);
// The whole tile from every shard's share of it: the parts in the order of
// `patches`, the one in which the whole export adds them.
GlbTile mergeShares(std::vector<GlbTile> shares, const std::vector<std::size_t>& patches);

}  // namespace isla_3dtiles
