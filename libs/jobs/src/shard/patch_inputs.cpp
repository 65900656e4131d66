// SPDX-License-Identifier: MIT
#include "patch_inputs.hpp"

#include "isla/plugin/shard_exporter.hpp"
#include "isla/publish/sha256.hpp"
#include "shard_settings.hpp"

namespace isla {

std::vector<std::pair<std::size_t, Side>> facingBorders(const World& world, const Patch& patch) {
  std::vector<std::pair<std::size_t, Side>> borders;
  if (patch.kind == PatchKind::Source) return borders;
  for (std::int32_t dr = -1; dr <= 1; ++dr) {
    for (std::int32_t dc = -1; dc <= 1; ++dc) {
      const std::int32_t r = patch.latticeRow + dr, c = patch.latticeCol + dc;
      if (r < 0 || c < 0 || r >= world.latticeRows() || c >= world.latticeCols() || r % 2 != 0 || c % 2 != 0) continue;
      const auto source = static_cast<std::size_t>(r / 2 * world.cols + c / 2);
      if (dr != 0) borders.emplace_back(source, dr < 0 ? Side::South : Side::North);
      if (dc != 0) borders.emplace_back(source, dc < 0 ? Side::East : Side::West);
    }
  }
  return borders;
}

std::string borderDigest(const World& world, std::size_t source, Side side) {
  const World::BorderView line = world.sourceBorder(source, side);
  return lineDigest(line.heights, line.normals);
}

std::string enumTableId(const Kernel& kernel) {
  const std::filesystem::path enums = kernel.enums().origin();
  std::error_code error;
  return std::filesystem::is_regular_file(enums, error) ? sha256OfFile(enums) : enums.string();
}

PatchReach patchReach(const Exporter& exporter) {
  return patchExporter(exporter) ? PatchReach::OwnRows : PatchReach::Lattice;
}

std::string patchInputKey(const ShardRecord& who, const World& world, std::size_t index, PatchReach reach,
                          const std::string& enumTable) {
  const Patch& patch = world.patches[index];
  const auto sourceLine = [&](std::size_t source) {
    return "source " + world.sources[source].id + " " + world.sources[source].sha256;
  };
  std::vector<std::string> inputs{"enums " + enumTable};
  if (reach == PatchReach::Lattice) {
    inputs.push_back("lattice " + std::to_string(world.rows) + " " + std::to_string(world.cols));
  }
  if (patch.source) inputs.push_back(sourceLine(*patch.source));
  std::size_t facing = world.sources.size();  // a source faces a corner on two sides: named once
  for (const auto& [source, side] : facingBorders(world, patch)) {
    if (reach == PatchReach::OwnRows) {
      inputs.push_back("border " + world.sources[source].id + " " + std::string(sideName(side)) + " " +
                       borderDigest(world, source, side));
    } else if (source != facing) {
      inputs.push_back(sourceLine(facing = source));
    }
  }
  return inputKey(who, world.settings, patch.id, inputs);
}

}  // namespace isla
