// SPDX-License-Identifier: MIT
#include "blueprint_world.hpp"

#include <stdexcept>

#include <isla/mapping/blueprint_file.hpp>
#include <isla/world/world_builder.hpp>

namespace isla::bench {

World blueprintWorld(const Kernel& kernel, const std::filesystem::path& blueprint) {
  LoadResult loaded = readBlueprint(blueprint, kernel);
  if (!loaded.ok()) throw std::runtime_error(blueprint.string() + " did not load");
  Layout layout;
  layout.name = "bench";
  layout.rows = layout.cols = 1;
  layout.sources.push_back({"s", "s", blueprint.filename().string(), blueprint, 0, 0, "/sources/0"});
  NoProgress progress;
  return buildWorld(layout, {{loaded.blueprint, "", nullptr}}, kernel.enums(), 2, progress);
}

}  // namespace isla::bench
