// SPDX-License-Identifier: MIT
// A 3D Tiles export checked against the World it was made from (issue 37's
// target), for bench/tiles, not a test: every vertex of every terrain
// tile's surface, at every level (the skirts' hanging vertices aside),
// decoded as a client decodes it (meshoptimizer, for EXT_meshopt_compression),
// stands on a sample of its patch and is within 1 cm of its height. The World
// is built as `isla-tool export FILE.dat` builds it.
//   bench_tiles_heights --enums ENUMS.json FILE.dat TILESET_DIR
// Prints "<vertices> vertices of <tiles> tiles, at most <d> m from their samples"
// and exits 1 when a vertex is off its sample or more than 1 cm from its height.
#include <boost/json/parse.hpp>

#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <isla/kernel.hpp>
#include <isla/plugin/builtin_plugins.hpp>

#include "blueprint_world.hpp"
#include "glb_reader.hpp"

namespace {

namespace fs = std::filesystem;

constexpr double kToleranceM = 0.01;

boost::json::value jsonOf(const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return boost::json::parse(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
}

// The terrain tiles' .glb files a tileset and its external tilesets name.
void terrainTiles(const fs::path& dir, const boost::json::value& tile, std::vector<fs::path>& out) {
  const auto& object = tile.as_object();
  if (object.contains("content")) {
    const fs::path uri = dir / std::string(tile.at("content").at("uri").as_string());
    if (uri.extension() == ".json") terrainTiles(uri.parent_path(), jsonOf(uri).at("root"), out);
    else if (uri.parent_path().filename() == "tiles") out.push_back(uri);
  }
  if (object.contains("children")) {
    for (const auto& child : object.at("children").as_array()) terrainTiles(dir, child, out);
  }
}

class Checker {
 public:
  explicit Checker(const isla::World& world) : world_(world) {
    for (std::size_t p = 0; p < world.patches.size(); ++p) {
      isla::PatchRows rows = world.heights(p);
      std::vector<float>& heights = heights_[world.patches[p].id];
      for (std::int32_t z = 0; z < rows.pointsZ(); ++z) {
        const auto row = rows.row(z);
        heights.insert(heights.end(), row.begin(), row.end());
      }
    }
  }

  // False when a vertex is not on a sample.
  bool check(const fs::path& file) {
    const isla::test::GlbFile glb = isla::test::readGlb(file);
    ++tiles_;
    const double spacing = world_.settings.spacingM;
    for (const isla::test::GlbNode& node : glb.nodes) {
      const std::string id(node.extras.at("patch").as_string());
      const isla::Patch& patch = *std::find_if(world_.patches.begin(), world_.patches.end(),
                                               [&](const isla::Patch& p) { return p.id == id; });
      const std::vector<float>& heights = heights_.at(id);
      for (const isla::test::GlbPrimitive& primitive : node.primitives) {
        if (primitive.extras.is_object()) continue;  // a skirt
        for (const auto& p : primitive.positions) {
          const double fx = (node.translation[0] + p[0] - patch.originX) / spacing;
          const double fz = (node.translation[2] + p[2] - patch.originZ) / spacing;
          const double x = std::round(fx), z = std::round(fz);
          if (std::abs(fx - x) > 1e-6 || std::abs(fz - z) > 1e-6 || x < 0 || z < 0 || x >= patch.pointsX ||
              z >= patch.pointsZ) {
            std::cerr << file.string() << ": a vertex at " << fx << ", " << fz << " is not on a sample of " << id
                      << "\n";
            return false;
          }
          const float sample = heights[static_cast<std::size_t>(z) * static_cast<std::size_t>(patch.pointsX) +
                                       static_cast<std::size_t>(x)];
          worst_ = std::max(worst_, std::abs(node.translation[1] + p[1] - sample));
          ++vertices_;
        }
      }
    }
    return true;
  }

  double worst() const { return worst_; }
  std::uint64_t vertices() const { return vertices_; }
  std::uint64_t tiles() const { return tiles_; }

 private:
  const isla::World& world_;
  std::map<std::string, std::vector<float>> heights_;  // by patch, row by row
  double worst_ = 0;
  std::uint64_t vertices_ = 0, tiles_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 || std::string(argv[1]) != "--enums") {
    std::cerr << "usage: bench_tiles_heights --enums ENUMS.json FILE.dat TILESET_DIR\n";
    return 2;
  }
  isla::Kernel kernel(isla::EnumTable::load(argv[2]));
  isla::addBuiltinPlugins(kernel.plugins());
  const isla::World world = isla::bench::blueprintWorld(kernel, argv[3]);
  const fs::path tileset = argv[4];
  std::vector<fs::path> files;
  terrainTiles(tileset, jsonOf(tileset / "tileset.json").at("root"), files);
  Checker checker(world);
  for (const fs::path& file : files) {
    if (!checker.check(file)) return 1;
  }
  std::cout << checker.vertices() << " vertices of " << checker.tiles() << " tiles, at most " << checker.worst()
            << " m from their samples\n";
  return checker.worst() <= kToleranceM ? 0 : 1;
}
