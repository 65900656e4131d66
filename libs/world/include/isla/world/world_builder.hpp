// SPDX-License-Identifier: MIT
// Builds the World from a checked layout and its loaded sources: lattice,
// canonical edges, scenery, water regions and every report figure. Each
// patch is visited on its own (in parallel, bounded memory), from its source
// or from the source borders around it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
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

// `sources[i]` belongs to `layout.sources[i]`; all share one MapSize. A
// source not read (a shard reads only what its patches need) has no
// borders, scenery or water, the edges whose heights come from it stay
// empty, and no patch whose rows it makes may have its figures computed.
// Warnings (steep patches, empty water bodies) go to World::warnings.
// The patches for which `knownFigures` gives a value take it instead of
// having their figures computed: a shard computes only its own, the
// assembly of shards takes every one from their records.
using KnownFigures = std::function<std::optional<PatchStats>(const World& world, std::size_t patch)>;

// Text a caller keeps between compiles (the patch cache) by key: the parts
// of a world made from one source's samples alone beside its patch (its
// border lines, its water bodies' boxes) are taken from it for a source
// whose SHA-256 is known, so that an unchanged source's samples are not
// read for them. A key names the part, its text's version, the source's
// SHA-256 and the settings the part depends on; the caller adds what
// decoded the source (the tool, its section plugins). recall gives none
// when it has none; a text that does not read back is made again.
struct SourcePartMemo {
  std::function<std::optional<std::string>(std::size_t source, const std::string& part, const std::string& key)>
      recall;
  std::function<void(const std::string& key, const std::string& text)> remember;
};

World buildWorld(const Layout& layout, std::vector<LoadedSource> sources, const EnumTable& enums,
                 unsigned threads, Progress& progress, const KnownFigures& knownFigures = {},
                 const SourcePartMemo& memo = {});

// The world's frame without its sources: the lattice and the shared edges'
// ids, members, owners and origins (no heights, normals, figures, scenery
// or water), as buildWorld lays them out for sources of `mapSize`; the
// assembly of shards fills in the rest from the shards' records.
World worldFrame(const Layout& layout, std::int32_t mapSize);

// A `slope.steep` warning for each patch whose World::stats are above the
// threshold, in patch order (buildWorld adds them before the water's).
void addSlopeWarnings(World& world);

}  // namespace isla
