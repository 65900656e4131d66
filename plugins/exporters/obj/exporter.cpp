// SPDX-License-Identifier: MIT
// obj: the compiled World's terrain as one Wavefront OBJ mesh and its MTL.
#include <isla/plugin/plugin_api.hpp>
#include <isla/publish/file_writer.hpp>

#include "biome_image.hpp"
#include "obj_writer.hpp"

namespace {

namespace fs = std::filesystem;

class ObjExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "obj"; }
  std::string description() const override {
    return "Wavefront OBJ: terrain.obj (one group a patch, the contract's NW-SE triangles), terrain.mtl and the "
           "biome images it maps";
  }
  std::vector<isla::OptionSpec> options() const override { return isla_obj::meshOptionSpecs(); }
  void checkOptions(const isla::OptionValues& values) const override { isla_obj::checkWindow(values); }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    const isla_obj::MeshOptions options = isla_obj::readMeshOptions(input.options);
    isla::FileWriter obj = isla::FileWriter::create(stage / isla_obj::kObjFile);
    isla_obj::writeObj(obj, input.world, options, input.progress);
    obj.close();
    isla::FileWriter mtl = isla::FileWriter::create(stage / isla_obj::kMtlFile);
    isla_obj::writeMtl(mtl, input.world);
    mtl.close();
    isla_png::writeBiomeImages(stage, input.world, input.enums);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "Wavefront OBJ: the compiled world's terrain as a mesh",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<ObjExporter>()); });
