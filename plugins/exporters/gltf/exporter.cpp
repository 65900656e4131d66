// SPDX-License-Identifier: MIT
// gltf: the compiled World's terrain as glTF 2.0 chunks with levels of
// detail, and the scene that places them with the water, towns and roads.
#include <isla/plugin/plugin_api.hpp>

#include "gltf_options.hpp"
#include "gltf_writer.hpp"

namespace {

class GltfExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "gltf"; }
  std::string description() const override {
    return "glTF 2.0: chunks of the terrain (the contract's NW-SE triangles at LOD 0, then levels within a maximum "
           "vertical error, with skirts), world.gltf placing their LOD 0 with water, towns and roads, world-lod.gltf "
           "the same with the levels (MSFT_lod), and the biome textures";
  }
  std::vector<isla::OptionSpec> options() const override { return isla_gltf::gltfOptionSpecs(); }
  void checkOptions(const isla::OptionValues& values) const override { isla_gltf::checkLodErrors(values); }

  void write(const isla::ExportInput& input, const std::filesystem::path& stage, isla::Diagnostics&) const override {
    isla_gltf::writeGltf(input, isla_gltf::readGltfOptions(input.options), stage);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "glTF 2.0: the compiled world's terrain in chunks with levels of detail, and its scene",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<GltfExporter>()); });
