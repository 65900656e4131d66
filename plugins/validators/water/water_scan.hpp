// SPDX-License-Identifier: MIT
// One pass over WBID that finds both the census of every id and its
// 4-connected pieces: runs along Y (the contiguous axis) are joined across
// neighbouring columns with union-find. The columns are split into chunks
// scanned in parallel and joined at the seams, and every result is a sum or
// a minimum, so it is the same for any number of chunks. Memory is a table
// of the ids that occur and O(MapSize) nodes a chunk, never a label a pixel.
#pragma once

#include <isla/base/id_table.hpp>
#include <isla/model/raster.hpp>

#include <cstdint>

#include "body_census.hpp"

namespace isla_water {

// The 4-connected pieces of one id.
struct Pieces {
  std::uint64_t firstMin = kNoPixel;   // the first pixel of the piece holding the id's first pixel
  std::uint64_t firstSize = 0;         // that piece's pixel count
  std::uint64_t secondMin = kNoPixel;  // the first pixel of all the other pieces

  void add(std::uint64_t min, std::uint64_t size);
  void merge(const Pieces& other);
  bool split() const { return secondMin != kNoPixel; }
};

struct WaterScan {
  BodyCensus census;
  isla::IdTable<Pieces> pieces;  // of the ids that occur
  // Ocean pixels in pieces that do not touch the map border, and the first.
  std::uint64_t enclosedOcean = 0;
  std::uint64_t firstEnclosedOcean = kNoPixel;
};

inline constexpr std::uint16_t kOceanId = 1;

// Scans in `chunks` column chunks (at least 1) on as many threads.
WaterScan scanWater(const isla::Raster& ids, std::size_t chunks);

}  // namespace isla_water
