// SPDX-License-Identifier: MIT
// A shard's terrain document checked against the format's rules as it is
// written (docs/decisions.md, Sharded compile), since no package validator
// reads a shard: each row's text is point_count_x numbers; its first and
// last numbers, and every number of the first and last rows, read back as
// the float32 written and as the shared edge's canonical height there
// (the neighbour's document holds the same); the rows are point_count_z;
// the lowest and highest heights written are the report's figures; and the
// header, read back from the file, is the schema's terrain and names the
// patch's id, spacing, origin and counts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <span>
#include <string_view>

#include <isla/document/json_schema.hpp>
#include <isla/world/world.hpp>

namespace isla_world_export {

class TerrainCheck {
 public:
  TerrainCheck(const isla::World& world, std::size_t patch, const isla::JsonSchema& schema);

  // Row z as formatted, with the values it was formatted from; rows may
  // come on several threads at once. Throws std::runtime_error for a
  // broken row.
  void row(std::int32_t z, std::span<const float> values, std::string_view text);
  // The document `file`, written whole: its header, the row count and the
  // figures. Throws std::runtime_error naming the file and the rule.
  void finish(const std::filesystem::path& file);

 private:
  [[noreturn]] void fail(const std::string& what) const;
  void compareEdge(isla::Side side, std::size_t at, float written, std::int32_t z, std::size_t x) const;

  const isla::World& world_;
  std::size_t patch_;
  const isla::JsonSchema& schema_;
  std::mutex mutex_;
  std::int32_t rows_ = 0;
  float min_ = 0, max_ = 0;
};

}  // namespace isla_world_export
