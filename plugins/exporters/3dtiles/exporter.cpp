// SPDX-License-Identifier: MIT
// 3dtiles: the compiled World as an OGC 3D Tiles 1.1 tileset, a quadtree of
// binary glTF terrain tiles with the water and the scenery beside it.
#include <isla/plugin/plugin_api.hpp>

#include "tiles_options.hpp"
#include "tiles_writer.hpp"

namespace {

class TilesExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "3dtiles"; }
  std::string description() const override {
    return "3D Tiles 1.1: tileset.json, a quadtree of .glb terrain tiles (the contract's triangles at the leaves, "
           "the kernel's mesher above them, skirts), water.glb and scenery.glb";
  }
  std::vector<isla::OptionSpec> options() const override { return isla_3dtiles::tilesOptionSpecs(); }
  void checkOptions(const isla::OptionValues& values) const override { isla_3dtiles::checkOrigin(values); }

  void write(const isla::ExportInput& input, const std::filesystem::path& stage, isla::Diagnostics&) const override {
    isla_3dtiles::writeTiles(input, isla_3dtiles::readTilesOptions(input.options), stage);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "3D Tiles 1.1: the compiled world as a streamed tileset of glTF terrain, water and scenery",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<TilesExporter>()); });
