// SPDX-License-Identifier: MIT
// Builds the World from a checked layout and its loaded sources: lattice,
// canonical edges, scenery, water regions and every report figure. Each
// patch is visited on its own (in parallel, bounded memory), from its source
// or from the source borders around it.
#pragma once

#include <memory>
#include <vector>

#include "isla/model/enum_table.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/base/progress.hpp"
#include "isla/world/layout.hpp"
#include "isla/world/world.hpp"

namespace isla {

struct LoadedSource {
  std::shared_ptr<const Blueprint> blueprint;  // a valid blueprint
  std::string sha256;                      // of its file's bytes
  std::shared_ptr<const SourceBundle> bundle;  // when the file is a viewer bundle
};

// `sources[i]` belongs to `layout.sources[i]`; all share one MapSize.
// Warnings (steep patches, empty water bodies) go to World::warnings.
World buildWorld(const Layout& layout, std::vector<LoadedSource> sources, const EnumTable& enums,
                 unsigned threads, Progress& progress);

}  // namespace isla
