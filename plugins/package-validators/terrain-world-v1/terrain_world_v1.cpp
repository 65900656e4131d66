// SPDX-License-Identifier: MIT
// terrain-world-v1: the package validator of the Terrain World v1 format,
// behind `isla-tool validate DIR` and the compile job's stage check.
#include <isla/plugin/plugin_api.hpp>

#include <fstream>

#include "json_document.hpp"
#include "package_check.hpp"
#include "source_hashes.hpp"

namespace {

constexpr const char* kDescriptor = "world.json";
constexpr const char* kWorldFormat = "terrain-world.world";
// Recognising only reads a descriptor this small.
constexpr std::uintmax_t kMaxDescriptorBytes = std::uintmax_t{1} << 26;

class TerrainWorldValidator final : public isla::PackageValidator {
 public:
  std::string name() const override { return "terrain-world-v1"; }
  std::string description() const override {
    return "a Terrain World v1 package: schemas, hashes, paths, lattice, boundaries, terrain, report and scenery; "
           "with --sources LAYOUT, the sources' hashes";
  }

  bool recognises(const std::filesystem::path& path) const override {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) return std::filesystem::is_regular_file(path / kDescriptor, error);
    if (path.extension() != ".json" || !std::filesystem::is_regular_file(path, error)) return false;
    isla::Diagnostics ignored;
    isla::terrain_world::Report report(ignored);
    const auto document =
        isla::terrain_world::readDocument(path, path.filename().string(), report, {.maxBytes = kMaxDescriptorBytes});
    if (!document || !document->is_object()) return false;
    const auto* format = document->get_object().if_contains("format");
    return format && format->is_string() && format->get_string() == kWorldFormat;
  }

  isla::PackageSummary check(const std::filesystem::path& path, isla::Diagnostics& out,
                             isla::CheckDepth depth, unsigned threads) const override {
    return isla::terrain_world::checkPackage(descriptorOf(path), out, depth, threads);
  }

  bool checkSources(const std::filesystem::path& path, const std::filesystem::path& layout,
                    isla::Diagnostics& out) const override {
    isla::terrain_world::checkSourceHashes(descriptorOf(path), layout, out);
    return true;
  }

 private:
  static std::filesystem::path descriptorOf(const std::filesystem::path& path) {
    std::error_code error;
    return std::filesystem::is_directory(path, error) ? path / kDescriptor : path;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "Terrain World v1 packages: every rule of the format", [](isla::PluginRegistrar& registrar) {
  registrar.addPackageValidator(std::make_unique<TerrainWorldValidator>());
});
