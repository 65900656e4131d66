// SPDX-License-Identifier: MIT
// world.json as the rules read it (after it passed its schema), and the
// rules world.json alone decides: the source grid, the patch lattice and its
// geometry, neighbours and boundary references, ordering, water regions.
#pragma once

#include <boost/json/value.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "package_files.hpp"
#include "report.hpp"

namespace isla::terrain_world {

inline constexpr std::array<const char*, 4> kSideNames{"north", "east", "south", "west"};

struct SourceEntry {
  std::string id, ns, patchId;
  std::int64_t row = 0, col = 0, mapSize = 0;
  Reference scenery;
};

struct PatchEntry {
  std::string id, kind;
  std::int64_t latticeRow = 0, latticeCol = 0;
  std::optional<std::string> sourceId;
  double originX = 0, originZ = 0, minX = 0, minZ = 0, maxX = 0, maxZ = 0;
  std::int64_t pointsX = 0, pointsZ = 0;
  std::array<std::optional<std::string>, 4> neighbours, boundaries;  // by kSideNames
  Reference terrain;
};

struct WorldModel {
  std::string file;  // the descriptor's name in diagnostics ("world.json")
  std::string name;
  double spacing = 1, slopeWarningDeg = 35;
  std::int64_t gapCells = 0, latticeRows = 0, latticeCols = 0;
  std::vector<SourceEntry> sources;
  std::vector<PatchEntry> patches;
  std::size_t waterRegions = 0;
  Reference boundaries, report;
  bool latticeIntact = false;  // patches[i] is cell (i / cols, i % cols), ids and kinds right
};

// From a descriptor that passed its schema, named `file` in diagnostics.
WorldModel readWorld(const boost::json::value& world, const std::string& file);

// Every rule world.json decides alone; sets model.latticeIntact.
void checkWorld(WorldModel& model, const boost::json::value& world, Report& report);

// "p-<row>-<col>", "e-<row>-<col>-east".
std::string patchId(std::int64_t row, std::int64_t col);
std::string edgeId(std::int64_t row, std::int64_t col, const char* side);

// Within 1e-9 of the larger magnitude (absolute below 1).
bool close(double a, double b);
std::string numberText(double value);

}  // namespace isla::terrain_world
