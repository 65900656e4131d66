// SPDX-License-Identifier: MIT
// 3dtiles: the compiled World as an OGC 3D Tiles 1.1 tileset, a quadtree of
// binary glTF terrain tiles with the water and the scenery beside it.
#include <isla/plugin/shard_exporter.hpp>
#include <isla/plugin/plugin_api.hpp>

#include "tiles_options.hpp"
#include "tiles_shards.hpp"
#include "tiles_writer.hpp"

namespace {

class TilesExporter final : public isla::ShardExporter {
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

  // A shard writes the tiles over its patches alone; the assembly the tiles
  // that span shards, from their shares, and the rest (tiles_shards.hpp).
  // A shard's tiles and notes are hashed as written, for its record.
  std::map<std::string, std::string> writePatches(const isla::ExportInput& input,
                                                  const std::vector<std::size_t>& patches,
                                                  const std::filesystem::path& stage,
                                                  const std::filesystem::path& notes,
                                                  isla::Diagnostics&) const override {
    return isla_3dtiles::writeShardTiles(input, isla_3dtiles::readTilesOptions(input.options), patches, stage, notes);
  }
  void writeShared(const isla::ExportInput& input, const std::map<std::string, std::string>&,
                   const std::vector<std::filesystem::path>& notes, const std::filesystem::path& stage,
                   isla::Diagnostics&) const override {
    isla_3dtiles::assembleTiles(input, isla_3dtiles::readTilesOptions(input.options), notes, stage);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "3D Tiles 1.1: the compiled world as a streamed tileset of glTF terrain, water and scenery",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<TilesExporter>()); });
