// SPDX-License-Identifier: MIT
// Builds the World from a checked layout and its loaded sources: lattice,
// canonical edges, scenery, water regions and every report figure. Each
// patch is visited on its own (in parallel, bounded memory), from its source
// or from the source borders around it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isla/model/enum_table.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/base/progress.hpp"
#include "isla/world/layout.hpp"
#include "isla/world/world.hpp"

namespace isla {

struct LoadedSource {
  std::shared_ptr<const Blueprint> blueprint;  // a valid blueprint; null: not read (a shard's, not needed)
  std::string sha256;                      // of its file's bytes
  std::shared_ptr<const SourceBundle> bundle;  // when the file is a viewer bundle
  // Read by a shard for its borders alone (the strips and corners of its
  // patches are made from them): neither validated nor hashed by it, and
  // its scenery and water are left to the shard that owns its patch.
  bool bordersOnly = false;
};

// The parts of a world made from one source's samples alone beside its
// patch (its border lines, its water bodies' boxes), which a caller may
// keep between builds (the patch cache) as text, so that an unchanged
// source's samples are not read for them again.
enum class SourcePart : std::uint8_t { Borders, WaterBodyBoxes };
inline constexpr std::array<SourcePart, 2> kSourceParts{SourcePart::Borders, SourcePart::WaterBodyBoxes};
std::string_view sourcePartName(SourcePart part);  // "borders", "water boxes"

// The key of a part of the source whose bytes have `sourceSha256`: the
// part's name and text version, the SHA-256 and the settings the part
// depends on; a caller adds what decoded the source (the tool, its
// section plugins).
std::string sourcePartKey(SourcePart part, const std::string& sourceSha256, const WorldSettings& settings);

// The texts of one source's parts, by SourcePart.
using SourcePartTexts = std::array<std::optional<std::string>, kSourceParts.size()>;

// A World built in two steps, so that its caller can work out from the
// sources placed (their border lines make the keys of strips and corners)
// what it knows already before any figure is computed: a shard computes
// only its own patches' figures, a compile through the patch cache takes
// those its entries hold. Everything it knows is handed down as data.
//
// `sources[i]` belongs to `layout.sources[i]`; all share one MapSize. A
// source not read (a shard reads only what its patches need) has no
// borders, scenery or water, the edges whose heights come from it stay
// empty, and no patch whose rows it makes may have its figures computed.
// Warnings (steep patches, empty water bodies) go to World::warnings.
class WorldBuild {
 public:
  // Step one: the sources on the lattice, their border lines and the
  // shared edges. `knownParts` (by source; empty: none) gives parts kept
  // from an earlier build: a text that reads back as a part of a source of
  // this MapSize is taken, anything else is made from the samples again.
  WorldBuild(const Layout& layout, std::vector<LoadedSource> sources, unsigned threads, Progress& progress,
             std::vector<SourcePartTexts> knownParts = {});

  // What step one made: the World without figures, scenery or water.
  const World& placed() const { return world_; }

  // Step two, once: every patch's figures but those `knownFigures` gives
  // (by patch; empty: none), the slope warnings, and the scenery and water
  // of each source read whole. The assembly of shards takes every figure
  // from the shards' records instead (worldFrame).
  World finish(const EnumTable& enums, const std::vector<std::optional<PatchStats>>& knownFigures = {});

  // When parts were handed down: the texts of those made from the samples
  // instead (by source), for the caller to keep. After finish.
  const std::vector<SourcePartTexts>& madeParts() const { return made_; }

 private:
  World world_;
  std::vector<bool> bordersOnly_;
  std::vector<SourcePartTexts> known_, made_;
  unsigned threads_;
  Progress& progress_;
};

// Both steps, nothing known.
World buildWorld(const Layout& layout, std::vector<LoadedSource> sources, const EnumTable& enums,
                 unsigned threads, Progress& progress);

// The world's frame without its sources: the lattice and the shared edges'
// ids, members, owners and origins (no heights, normals, figures, scenery
// or water), as buildWorld lays them out for sources of `mapSize`; the
// assembly of shards fills in the rest from the shards' records.
World worldFrame(const Layout& layout, std::int32_t mapSize);

// A `slope.steep` warning for each patch whose World::stats are above the
// threshold, in patch order (buildWorld adds them before the water's).
void addSlopeWarnings(World& world);

}  // namespace isla
