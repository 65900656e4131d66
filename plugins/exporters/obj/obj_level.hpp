// SPDX-License-Identifier: MIT
// A patch of the OBJ at a maximum vertical error (lod_error above 0): the
// kernel's TerrainMesher over chunks of the selected rectangle, each chunk's
// vertices, UVs and faces, skirts included, written as it is meshed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <isla/io/byte_writer.hpp>
#include <isla/world/world.hpp>

#include "mesh_options.hpp"

namespace isla_obj {

inline constexpr std::int32_t kLevelChunkCells = 256;

// Counts the vertices written so far (one UV each) across patches.
class LevelWriter {
 public:
  LevelWriter(isla::ByteSink& out, const isla::World& world, double maxErrorM)
      : out_(out), world_(world), maxErrorM_(maxErrorM) {}

  // `chunkRowWritten` after each band of chunks.
  void patch(std::size_t index, const Selection& selection, const std::function<void()>& chunkRowWritten);

 private:
  isla::ByteSink& out_;
  const isla::World& world_;
  double maxErrorM_;
  std::uint64_t vertices_ = 0;
};

}  // namespace isla_obj
