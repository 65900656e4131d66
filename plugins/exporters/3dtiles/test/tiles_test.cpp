// SPDX-License-Identifier: MIT
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numbers>
#include <set>
#include <span>
#include <sstream>

#include "export_workspace.hpp"
#include "glb_reader.hpp"
#include "mesh_checks.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"
#include "world_fixture.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

const Exporter& exporter() { return shippedExporter("3dtiles"); }

std::string errorOf(const ExportValues& values) { return optionError(exporter(), values); }

boost::json::value jsonOf(const fs::path& path) { return boost::json::parse(readText(path)); }

double number(const boost::json::value& value) { return value.to_number<double>(); }

// An axis-aligned box in the tileset's frame (x east, y north, z up).
struct Box {
  std::array<double, 3> min{}, max{};

  bool holds(const std::array<double, 3>& p, double slack = 1e-6) const {
    for (std::size_t k = 0; k < 3; ++k) {
      if (p[k] < min[k] - slack || p[k] > max[k] + slack) return false;
    }
    return true;
  }
};

Box boxOf(const boost::json::value& tile) {
  const auto& v = tile.at("boundingVolume").at("box").as_array();
  BOOST_TEST_REQUIRE(v.size() == 12U);
  Box box;
  for (std::size_t k = 0; k < 3; ++k) {
    // Our boxes are axis-aligned: half-axis k has only its own component.
    for (std::size_t j = 0; j < 3; ++j) {
      if (j != k) BOOST_TEST_REQUIRE(number(v[3 + 3 * k + j]) == 0.0);
    }
    const double half = number(v[3 + 4 * k]);
    BOOST_TEST_REQUIRE(half >= 0.0);
    box.min[k] = number(v[k]) - half;
    box.max[k] = number(v[k]) + half;
  }
  return box;
}

std::int64_t key(double x, double z) { return std::llround(x) * 1000003 + std::llround(z); }

// A tile whose content is within this of every sample under it ends its
// branch (README: half a step of the stored heights).
constexpr double kBranchEndM = 1.0 / 128;
// How far a stored height may be from its sample's: half a step of 1/64 m
// (vertex_coding.hpp), and float32's rounding of heights of a few hundred metres.
constexpr double kHeightSlackM = 1.0 / 128 + 1e-4;
// How far a vertex may be from its sample's place: exactly there, but for
// the rounding of the node's rotation (in doubles) and of float32 positions.
constexpr double kPlaceSlackM = 1e-6;
// How far a stored normal may turn from the full grid's: the octahedral
// filter's 8-bit x and y, then its output's 8-bit components.
const double kNormalCosine = std::cos(1.5 * std::numbers::pi / 180);

// Walks a tileset of a world exported with spacing 1 (world metres are
// sample indices), into its external tilesets, and checks every tile:
// content inside its box, children inside their parent's, errors strictly
// falling toward the leaves, every surface vertex a sample with its height
// and its full-grid normal, every primitive textured; leaves (the tiles of
// the last level) exactly the package's samples and triangles, and above
// them no grid point farther from the surface than the tile's
// geometricError (the error the tile measured, when it says one); a tile
// above the leaves without children within kBranchEnd of every sample under it.
class TreeWalk {
 public:
  TreeWalk(const World& world, fs::path dir, int leafLevel)
      : world_(world), dir_(std::move(dir)), leafLevel_(leafLevel) {
    for (std::size_t p = 0; p < world.patches.size(); ++p) {
      const auto& rows = heights_.emplace_back(patchHeights(world, p));
      const Patch& patch = world.patches[p];
      for (std::size_t z = 0; z < rows.size(); ++z) {
        for (std::size_t x = 0; x < rows[z].size(); ++x) {
          samples_.emplace(key(patch.originX + static_cast<double>(x), patch.originZ + static_cast<double>(z)),
                           rows[z][x]);
        }
        cells_ += 2 * (rows[z].size() - 1) * (z > 0 ? 1 : 0);
      }
    }
  }

  // `tile` of the file in `base` (relative to the export), at quadtree
  // level `level` (-1 for the root of everything).
  void walk(const boost::json::value& tile, const Box& parent, double parentError, int level,
            const fs::path& base = {}) {
    const Box box = boxOf(tile);
    for (const auto& corner : {box.min, box.max})
      BOOST_TEST_REQUIRE(parent.holds(corner), "a box outside its parent's");
    const double error = number(tile.at("geometricError"));
    BOOST_TEST_REQUIRE(error < parentError, "an error not below its parent's at level " << level);
    const auto& object = tile.as_object();
    if (object.contains("content")) {
      const fs::path uri = base / std::string(tile.at("content").at("uri").as_string());
      if (uri.extension() == ".json") {
        // An external tileset: its root is this tile, which its parent names.
        BOOST_TEST_REQUIRE(!object.contains("children"), uri << " is named by a tile with children");
        const auto external = jsonOf(dir_ / uri);
        BOOST_TEST(external.at("asset").at("version").as_string() == "1.1");
        const auto& root = external.at("root");
        BOOST_TEST(root.at("refine").as_string() == "REPLACE");
        BOOST_TEST(number(root.at("geometricError")) == error, uri);
        const Box inner = boxOf(root);
        BOOST_TEST((inner.min == box.min && inner.max == box.max), uri << " has another box than the tile naming it");
        ++externalFiles_;
        walk(root, parent, parentError, level, uri.parent_path());
        return;
      }
      content(tile, uri, box, error, level);
    }
    if (object.contains("children")) {
      for (const auto& child : object.at("children").as_array()) walk(child, box, error, level + 1, base);
    }
  }

  // Every sample of every patch was a vertex of a leaf, with its height, or
  // under a tile that ends its branch.
  void checkLeavesCoverEverySample() const {
    std::set<std::int64_t> covered = leafSamples_;
    covered.insert(endedSamples_.begin(), endedSamples_.end());
    BOOST_TEST(covered.size() == samples_.size());
    if (endedTiles_ == 0) BOOST_TEST(leafTriangles_ == cells_);
  }
  const std::set<int>& levels() const { return levels_; }
  std::size_t interiorTiles() const { return interior_; }
  std::size_t endedTiles() const { return endedTiles_; }
  std::size_t leafTiles() const { return leafTiles_; }
  std::size_t externalFiles() const { return externalFiles_; }

 private:
  void content(const boost::json::value& tile, const fs::path& uri, const Box& box, double error, int level) {
    const GlbFile glb = readGlb(dir_ / uri);
    const bool terrain = uri.string().starts_with("tiles/");
    const auto& object = tile.as_object();
    const bool childless = !object.contains("children") || object.at("children").as_array().empty();
    const bool leaf = terrain && level == leafLevel_;
    const bool ended = terrain && childless && !leaf;
    if (terrain) levels_.insert(level);
    if (terrain && childless) BOOST_TEST_REQUIRE(error == 0.0, uri << " has no children and an error");
    double measured = error;
    if (object.contains("extras")) measured = number(tile.at("extras").at("measured_error_m"));
    if (ended) BOOST_TEST(measured <= kBranchEndM, uri << " ends its branch " << measured << " m off");
    if (terrain) checkTexcoordsArePositions(uri, glb);
    double worst = 0;
    for (const GlbNode& node : glb.nodes) {
      for (const GlbPrimitive& primitive : node.primitives) {
        std::vector<std::array<double, 3>> world;  // X east, Y up, Z south
        for (const auto& p : primitive.positions) {
          std::array<double, 3> w{node.translation[0] + p[0], node.translation[1] + p[1], node.translation[2] + p[2]};
          if (!box.holds({w[0], -w[2], w[1]})) BOOST_FAIL(uri << " has a vertex outside its box");
          if (terrain) {
            // The node's quarter turn, in doubles as a viewer makes it, leaves ~1e-14 m beside the sample's place.
            for (const std::size_t k : {std::size_t{0}, std::size_t{2}}) {
              if (std::abs(w[k] - std::round(w[k])) > kPlaceSlackM) {
                BOOST_FAIL(uri << " has a vertex that is not at a sample at " << w[0] << "," << w[2]);
              }
              w[k] = std::round(w[k]);
            }
          }
          world.push_back(w);
        }
        if (!terrain) continue;
        BOOST_TEST(primitive.mode == 4, uri << ": indexed triangle lists only");
        const std::size_t p = patchIndex(world_, std::string(node.extras.at("patch").as_string()));
        checkTexture(uri, glb, primitive, p, world);
        const bool skirt = primitive.extras.is_object();
        const std::vector<std::uint32_t>& triangles = primitive.indices;
        // The vertices: a sample of the node's patch, its height and its full-grid normal (a skirt's
        // lower ones hang below their sample, straight down).
        for (const std::uint32_t index : std::set<std::uint32_t>(triangles.begin(), triangles.end())) {
          const auto& w = world.at(index);
          const auto found = samples_.find(key(w[0], w[2]));
          if (found == samples_.end()) {
            BOOST_FAIL(uri << " has a vertex that is not at a sample at " << w[0] << "," << w[2]);
          }
          if (skirt && w[1] < found->second - kHeightSlackM) continue;
          if (std::abs(w[1] - found->second) > kHeightSlackM) {
            BOOST_FAIL(uri << " has a vertex " << w[1] - found->second << " m off its sample at " << w[0] << ","
                           << w[2]);
          }
          checkNormal(uri, primitive.normals.at(index), expectedNormal(p, w), w);
          if (leaf && !skirt) leafSamples_.insert(found->first);
        }
        if (skirt) continue;
        for (std::size_t t = 0; t < triangles.size(); t += 3) {
          const auto &a = world.at(triangles[t]), &b = world.at(triangles[t + 1]), &c = world.at(triangles[t + 2]);
          const SampleTriangle corners{{a[0], b[0], c[0]}, {a[1], b[1], c[1]}, {a[2], b[2], c[2]}};
          if (corners.turn() >= 0) BOOST_FAIL(uri << " has a triangle facing down at " << a[0] << "," << a[2]);
        }
        if (leaf) {
          leafTriangles_ += triangles.size() / 3;
          checkContractTriangles(uri, world, triangles);
        } else {
          worst = std::max(worst, verticalError(world, triangles, ended ? &endedSamples_ : nullptr));
        }
      }
    }
    if (!terrain) return;
    if (leaf) {
      ++leafTiles_;
    } else {
      ++interior_;
      endedTiles_ += ended ? 1 : 0;
      // The mesher measures its surface before the heights are stored to 1/64 m.
      BOOST_TEST(worst <= std::max(error, measured) + kHeightSlackM, uri << ": " << worst << " m off, geometricError " << error);
      BOOST_TEST(std::abs(worst - measured) <= kHeightSlackM, uri << ": " << worst << " m off, measured " << measured);
    }
  }

  // Colour everywhere: a material whose base colour is its patch's image,
  // its texture coordinates the positions' first two (metres east and
  // north of the patch's corner, read from the positions' own view), which
  // the texture transform puts on the sample's texel centre.
  void checkTexture(const fs::path& uri, const GlbFile& glb, const GlbPrimitive& primitive, std::size_t p,
                    const std::vector<std::array<double, 3>>& world) {
    BOOST_TEST_REQUIRE(primitive.material.has_value(), uri << " has a primitive without a material");
    const auto& colour = glb.json.at("materials").at(*primitive.material).at("pbrMetallicRoughness").as_object();
    BOOST_TEST_REQUIRE(colour.contains("baseColorTexture"), uri << " has a primitive without a texture");
    const auto& texture = colour.at("baseColorTexture");
    const auto& image = glb.json.at("images").at(
        glb.json.at("textures").at(texture.at("index").to_number<std::size_t>()).at("source").to_number<std::size_t>());
    const Patch& patch = world_.patches[p];
    const std::string expected = patch.source ? "../biome/" + world_.sources[*patch.source].id + ".png"
                                              : "../transition/" + patch.id + ".png";
    BOOST_TEST(image.at("uri").as_string() == expected, uri);
    const auto& transform = texture.at("extensions").at("KHR_texture_transform").as_object();
    BOOST_TEST(!transform.contains("rotation"));
    const std::array<double, 2> offset{number(transform.at("offset").at(0)), number(transform.at("offset").at(1))};
    const std::array<double, 2> scale{number(transform.at("scale").at(0)), number(transform.at("scale").at(1))};
    for (std::size_t v = 0; v < world.size(); ++v) {
      const auto& uv = primitive.texcoords.at(v);
      // Spacing 1: the sample's indices are its metres from the patch's corner.
      const double u = offset[0] + scale[0] * uv[0], w = offset[1] + scale[1] * uv[1];
      const double wantedU = (world[v][0] - patch.originX + 0.5) / patch.pointsX;
      const double wantedV = (world[v][2] - patch.originZ + 0.5) / patch.pointsZ;
      if (std::abs(u - wantedU) > 1e-9 || std::abs(w - wantedV) > 1e-9) {
        BOOST_FAIL(uri << " has texture coordinates " << u << "," << w << " at " << world[v][0] << ","
                       << world[v][2] << ", not its texel's centre " << wantedU << "," << wantedV);
      }
    }
  }

  // Every primitive's TEXCOORD_0 reads its POSITION's first two components, in the same view.
  static void checkTexcoordsArePositions(const fs::path& uri, const GlbFile& glb) {
    const auto& accessors = glb.json.at("accessors");
    for (const auto& mesh : glb.json.at("meshes").as_array()) {
      for (const auto& primitive : mesh.at("primitives").as_array()) {
        const auto& attributes = primitive.at("attributes");
        const auto& position = accessors.at(attributes.at("POSITION").to_number<std::size_t>()).as_object();
        const auto& texcoord = accessors.at(attributes.at("TEXCOORD_0").to_number<std::size_t>()).as_object();
        const auto offset = [](const boost::json::object& a) {
          return a.contains("byteOffset") ? a.at("byteOffset").to_number<std::size_t>() : 0;
        };
        BOOST_TEST((texcoord.at("bufferView") == position.at("bufferView") && offset(texcoord) == offset(position) &&
                    texcoord.at("componentType") == position.at("componentType") &&
                    texcoord.at("type") == "VEC2" && texcoord.at("count") == position.at("count")),
                   uri << ": TEXCOORD_0 does not read its POSITION's view");
      }
    }
  }

  static void checkNormal(const fs::path& uri, const std::array<float, 3>& stored, const std::array<float, 3>& wanted,
                          const std::array<double, 3>& at) {
    const double length = std::hypot(stored[0], stored[1], stored[2]);
    const double cosine = (stored[0] * wanted[0] + stored[1] * wanted[1] + stored[2] * wanted[2]) / length;
    if (cosine < kNormalCosine) BOOST_FAIL(uri << " normal at " << at[0] << "," << at[2] << " turned " << std::acos(cosine) * 180 / std::numbers::pi << " degrees");
  }

  // The canonical normal on a shared edge, else the surface's from the full grid.
  std::array<float, 3> expectedNormal(std::size_t p, const std::array<double, 3>& w) const {
    const Patch& patch = world_.patches[p];
    const std::int32_t x = sampleIndex(w[0], patch.originX, 1), z = sampleIndex(w[2], patch.originZ, 1);
    const auto row = [&](std::int32_t r) {
      return std::span<const float>(heights_[p].at(static_cast<std::size_t>(r)));
    };
    const Normal n =
        vertexNormal(world_, patch, x, z, {row(std::max(z - 1, 0)), row(z), row(std::min(z + 1, patch.pointsZ - 1))});
    return {static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)};
  }

  // {NW, SE, NE} or {NW, SW, SE} of one cell: the contract's split.
  static void checkContractTriangles(const fs::path& uri, const std::vector<std::array<double, 3>>& world,
                                     const std::vector<std::uint32_t>& indices) {
    for (std::size_t t = 0; t < indices.size(); t += 3) {
      // From its north-west corner.
      std::array<std::array<double, 3>, 3> corners{world.at(indices[t]), world.at(indices[t + 1]),
                                                   world.at(indices[t + 2])};
      std::rotate(corners.begin(), std::min_element(corners.begin(), corners.end(), [](const auto& p, const auto& q) {
                    return p[0] + p[2] < q[0] + q[2];
                  }), corners.end());
      const auto& [a, b, c] = corners;
      const bool upper = b[0] == a[0] + 1 && b[2] == a[2] + 1 && c[0] == a[0] + 1 && c[2] == a[2];
      const bool lower = b[0] == a[0] && b[2] == a[2] + 1 && c[0] == a[0] + 1 && c[2] == a[2] + 1;
      if (!upper && !lower) BOOST_FAIL(uri << " has a triangle that is not the contract's at " << a[0] << "," << a[2]);
    }
  }

  // The largest vertical distance between the surface and a sample under
  // it; each such sample goes into `under`, when given.
  double verticalError(const std::vector<std::array<double, 3>>& world, const std::vector<std::uint32_t>& indices,
                       std::set<std::int64_t>* under) const {
    double worst = 0;
    for (std::size_t t = 0; t < indices.size(); t += 3) {
      const auto &a = world.at(indices[t]), &b = world.at(indices[t + 1]), &c = world.at(indices[t + 2]);
      forEachSampleUnder({{a[0], b[0], c[0]}, {a[1], b[1], c[1]}, {a[2], b[2], c[2]}},
                         [&](std::int32_t x, std::int32_t z, double height) {
                           const float sample = samples_.at(key(x, z));
                           worst = std::max(worst, std::abs(height - sample));
                           if (under) under->insert(key(x, z));
                         });
    }
    return worst;
  }

  const World& world_;
  fs::path dir_;
  int leafLevel_;
  std::vector<std::vector<std::vector<float>>> heights_;  // by patch, its rows
  std::map<std::int64_t, float> samples_;
  std::set<std::int64_t> leafSamples_, endedSamples_;
  std::size_t cells_ = 0, leafTriangles_ = 0, interior_ = 0, endedTiles_ = 0, leafTiles_ = 0, externalFiles_ = 0;
  std::set<int> levels_;
};

std::vector<fs::path> glbFiles(const fs::path& directory) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.path().extension() == ".glb") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

boost::test_tools::assertion_result validatorOrCi(boost::unit_test::test_unit_id) {
  return gltfValidatorOrCi(ISLA_3DTILES_NODE_MODULES);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(tiles3d)

BOOST_AUTO_TEST_CASE(registers_with_its_options_and_no_package_validator) {
  BOOST_TEST(exporter().name() == "3dtiles");
  BOOST_TEST(exporter().packageValidator().empty());
  std::vector<std::string> names;
  for (const auto& spec : exporter().options()) names.push_back(spec.name);
  BOOST_TEST((names == std::vector<std::string>{"tile", "error", "origin", "compress"}));
}

BOOST_AUTO_TEST_CASE(bad_options_say_what_they_take) {
  const std::string tiles = "one of 16, 32, 64, 128, 256, 512, 1024, 2048, 4096";
  BOOST_TEST(errorOf({{"tile", "100"}}) == "3dtiles: option 'tile' takes " + tiles + ", not '100'");
  BOOST_TEST(errorOf({{"tile", "8192"}}) == "3dtiles: option 'tile' takes " + tiles + ", not '8192'");
  BOOST_TEST(errorOf({{"error", "0"}}) == "3dtiles: option 'error' takes a number of at least 0.001, not '0'");
  BOOST_TEST(errorOf({{"error", "nan"}}) == "3dtiles: option 'error' takes a number of at least 0.001, not 'nan'");
  BOOST_TEST(errorOf({{"origin", "91,0,0"}}) ==
             "option 'origin' takes a latitude in [-90, 90] and a longitude in [-180, 180]");
  BOOST_TEST(errorOf({{"origin", "1,2"}}) == "3dtiles: option 'origin' takes 3 numbers joined by ',', not '1,2'");
  BOOST_TEST(errorOf({{"origin", "1,2,3,4"}}) == "3dtiles: option 'origin' takes 3 numbers joined by ',', not '1,2,3,4'");
  BOOST_TEST(errorOf({{"compress", "zip"}}) == "3dtiles: option 'compress' takes one of meshopt, none, not 'zip'");
  BOOST_TEST(errorOf({{"tile", "64"}, {"error", "0.25"}, {"origin", "-33.9,151.2,20"}, {"compress", "none"}}) ==
             "no error");
}

BOOST_AUTO_TEST_CASE(the_tree_holds_its_content_errors_fall_and_leaves_are_the_package) {
  // Two rows of three: strips, corners, and a world wider than deep (781 x 518 cells: a root of 1024, leaves of 64).
  const World world = buildTestWorld({.rows = 2, .cols = 3, .mapSize = 256});
  for (const std::string compress : {"meshopt", "none"}) {
    BOOST_TEST_CONTEXT("compress=" << compress) {
      const TempDir stage;
      exportWorld(exporter(), world, stage.path(), {{"tile", "64"}, {"error", "0.25"}, {"compress", compress}}, 2);
      const auto tileset = jsonOf(stage / "tileset.json");
      BOOST_TEST(tileset.at("asset").at("version").as_string() == "1.1");
      const auto& root = tileset.at("root");
      BOOST_TEST(root.at("refine").as_string() == "ADD");
      BOOST_TEST(!root.as_object().contains("transform"));
      const auto& terrain = root.at("children").at(0);
      BOOST_TEST(terrain.at("refine").as_string() == "REPLACE");
      TreeWalk walk(world, stage.path(), 4);
      const Box everything{{-1e30, -1e30, -1e30}, {1e30, 1e30, 1e30}};
      walk.walk(root, everything, number(tileset.at("geometricError")) * 2, -1);
      walk.checkLeavesCoverEverySample();
      BOOST_TEST(walk.levels().size() == 5U);
      BOOST_TEST(walk.interiorTiles() > 4U);
      BOOST_TEST(walk.endedTiles() == 0U);
      // Four levels in a file: the root's holds level 0, and names a file for each of the four tiles of level 1.
      BOOST_TEST(walk.externalFiles() == 4U);
    }
  }
}

// Every .glb under tiles/ of an export, by its name.
std::set<std::string> tileFiles(const fs::path& stage) {
  std::set<std::string> out;
  for (const auto& entry : fs::directory_iterator(stage / "tiles")) {
    if (entry.path().extension() == ".glb") out.insert(entry.path().filename().string());
  }
  return out;
}

// Every terrain tile's .glb that a tileset and its external files name.
void namedTiles(const fs::path& dir, const boost::json::value& tile, std::set<std::string>& out, std::size_t& entries) {
  ++entries;
  const auto& object = tile.as_object();
  if (object.contains("content")) {
    const fs::path uri(std::string(tile.at("content").at("uri").as_string()));
    if (uri.extension() == ".json") {
      std::size_t inner = 0;
      namedTiles((dir / uri).parent_path(), jsonOf(dir / uri).at("root"), out, inner);
      // At most four levels in a file: 1 + 4 + 16 + 64 tiles and the files the last names.
      BOOST_TEST(inner <= 85U + 256U, uri);
    } else if (uri.parent_path() == "tiles" || (dir.filename() == "tiles" && uri.parent_path().empty())) {
      BOOST_TEST(out.insert(uri.filename().string()).second, uri << " is named twice");
    }
  }
  if (object.contains("children")) {
    for (const auto& child : object.at("children").as_array()) namedTiles(dir, child, out, entries);
  }
}

BOOST_AUTO_TEST_CASE(every_fourth_level_up_from_the_leaves_starts_a_tileset_file) {
  // 518 x 255 cells in leaves of 16: a root of 1024 cells, leaves at level 6; files start at level 3.
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportWorld(exporter(), world, stage.path(), {{"tile", "16"}}, 2);
  const auto tileset = jsonOf(stage / "tileset.json");
  std::set<std::string> named;
  std::size_t rootEntries = 0;
  namedTiles(stage.path(), tileset.at("root"), named, rootEntries);
  // The root's file: its own tile, water, scenery, levels 0 to 2 and the level-3 tiles that start files.
  BOOST_TEST(rootEntries <= 3U + 1U + 4U + 16U + 64U);
  BOOST_TEST(fs::exists(stage / "tiles" / "3_0_0.json"));
  BOOST_TEST(!fs::exists(stage / "tiles" / "2_0_0.json"));
  BOOST_TEST((named == tileFiles(stage.path())), "every tile on disk is named once, and no other");
  TreeWalk walk(world, stage.path(), 6);
  walk.walk(tileset.at("root"), {{-1e30, -1e30, -1e30}, {1e30, 1e30, 1e30}}, number(tileset.at("geometricError")) * 2,
            -1);
  walk.checkLeavesCoverEverySample();
  BOOST_TEST(walk.levels().size() == 7U);
  BOOST_TEST(walk.externalFiles() > 8U);
}

BOOST_AUTO_TEST_CASE(a_branch_within_half_a_height_step_of_its_coarse_mesh_ends_there) {
  // A plane, but for a hill in the north-west source: the tiles over the plane alone end their branches.
  const auto hill = [](SampleBlueprint& sample, const LayoutSource& source) {
    if (source.id != "s00") return;
    const auto n = static_cast<std::size_t>(sample.mapSize);
    for (std::size_t x = 40; x < 90; ++x) {
      for (std::size_t z = 40; z < 90; ++z) {
        const double r2 = (std::pow(static_cast<double>(x) - 64.5, 2) + std::pow(static_cast<double>(z) - 64.5, 2)) / 100;
        sample.heights[x * n + z] += static_cast<float>(20 * std::exp(-r2) / 251);
      }
    }
  };
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256, .plane = true, .edit = hill});
  for (const std::string compress : {"meshopt", "none"}) {
    BOOST_TEST_CONTEXT("compress=" << compress) {
      const TempDir stage;
      exportWorld(exporter(), world, stage.path(), {{"tile", "32"}, {"compress", compress}}, 2);
      const auto tileset = jsonOf(stage / "tileset.json");
      TreeWalk walk(world, stage.path(), 5);
      walk.walk(tileset.at("root"), {{-1e30, -1e30, -1e30}, {1e30, 1e30, 1e30}},
                number(tileset.at("geometricError")) * 2, -1);
      walk.checkLeavesCoverEverySample();
      // The root's three quarters without the hill, and more around it.
      BOOST_TEST(walk.endedTiles() >= 3U);
      // Leaves only near the hill (its samples 40 to 89 make cells 39 to 89 bend): the 16 of the four
      // tiles of 64 cells it touches, whose content bends.
      BOOST_TEST(walk.leafTiles() == 16U);
      std::set<std::string> named;
      std::size_t entries = 0;
      namedTiles(stage.path(), tileset.at("root"), named, entries);
      BOOST_TEST((named == tileFiles(stage.path())), "the tiles of ended branches are not on disk");
    }
  }
}

BOOST_AUTO_TEST_CASE(strips_and_corners_are_coloured_by_blending_their_sources_biome_colours) {
  // One biome a source: Grassland, Desert / Snow, Rock (the enum table's ordinals 3, 7, 11, 9).
  const auto oneBiome = [](SampleBlueprint& sample, const LayoutSource& source) {
    const std::map<std::string, std::uint8_t> biome{{"s00", 3}, {"s01", 7}, {"s10", 11}, {"s11", 9}};
    std::fill(sample.biomes.begin(), sample.biomes.end(), biome.at(source.id));
  };
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256, .edit = oneBiome});
  const TempDir stage;
  exportWorld(exporter(), world, stage.path(), {{"tile", "1024"}});
  // The colours as Pillow reads the sources' biome images: their palettes.
  const auto colour = [&](const std::string& source) {
    const Decoded image = decode(stage / "biome" / (source + ".png"));
    const auto index = static_cast<std::size_t>(image.at(0, 0));
    std::array<double, 3> rgb{};
    for (std::size_t k = 0; k < 3; ++k) rgb[k] = image.palette.as_array().at(3 * index + k).to_number<double>();
    return rgb;
  };
  const auto grass = colour("s00"), desert = colour("s01"), snow = colour("s10"), rock = colour("s11");
  const int gap = world.settings.gapCells;
  const auto smoothstep = [&](int i) {
    const double t = static_cast<double>(i) / gap;
    return t * t * (3 - 2 * t);
  };
  const auto blend = [&](const std::array<double, 3>& a, const std::array<double, 3>& b, int i, std::size_t k) {
    return (1 - smoothstep(i)) * a[k] + smoothstep(i) * b[k];
  };
  // The vertical strip between s00 and s01: along each row, grass to desert.
  const Decoded strip = decode(stage / "transition" / "p-0-1.png");
  BOOST_TEST(strip.mode == "RGB");
  BOOST_TEST_REQUIRE(strip.width == gap + 1);
  BOOST_TEST_REQUIRE(strip.height == 256);
  for (int z : {0, 100, 255}) {
    for (int i = 0; i <= gap; ++i) {
      for (std::size_t k = 0; k < 3; ++k) {
        BOOST_TEST(std::abs(strip.at(i, z, static_cast<std::int64_t>(k)) - blend(grass, desert, i, k)) <= 0.5,
                   "texel " << i << "," << z << " band " << k);
      }
    }
  }
  // The corner: the Coons patch of the four strips' ends, which its border is.
  const Decoded corner = decode(stage / "transition" / "p-1-1.png");
  const Decoded west = decode(stage / "transition" / "p-1-0.png"), south = decode(stage / "transition" / "p-2-1.png");
  BOOST_TEST_REQUIRE(corner.width == gap + 1);
  BOOST_TEST_REQUIRE(corner.height == gap + 1);
  for (int j = 0; j <= gap; ++j) {
    for (int i = 0; i <= gap; ++i) {
      const double u = static_cast<double>(i) / gap, v = static_cast<double>(j) / gap;
      for (std::size_t k = 0; k < 3; ++k) {
        const auto band = static_cast<std::int64_t>(k);
        const double n = blend(grass, desert, i, k), s = blend(snow, rock, i, k);
        const double w = blend(grass, snow, j, k), e = blend(desert, rock, j, k);
        const double bilinear =
            (1 - u) * (1 - v) * grass[k] + u * (1 - v) * desert[k] + (1 - u) * v * snow[k] + u * v * rock[k];
        const double coons = (1 - v) * n + v * s + (1 - u) * w + u * e - bilinear;
        BOOST_TEST(std::abs(corner.at(i, j, band) - std::clamp(coons, 0.0, 255.0)) <= 0.5, i << "," << j << " " << k);
      }
      if (j == 0) BOOST_TEST(corner.at(i, 0) == strip.at(i, 255), "the corner's north row is the strip's last");
      if (i == 0) BOOST_TEST(corner.at(0, j) == west.at(static_cast<std::int64_t>(west.width) - 1, j));
      if (j == gap) BOOST_TEST(corner.at(i, gap) == south.at(i, 0));
    }
  }
}

BOOST_AUTO_TEST_CASE(water_and_scenery_carry_the_worlds_ids) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportWorld(exporter(), world, stage.path(), {{"tile", "1024"}});
  std::size_t regions = 0;
  for (const WaterRegion& region : world.waterRegions)
    regions += region.maxX > region.minX && region.maxZ > region.minZ;
  BOOST_TEST_REQUIRE(regions > 0U);
  const GlbFile water = readGlb(stage / "water.glb");
  BOOST_TEST_REQUIRE(water.nodes.size() == regions);
  std::size_t r = 0;
  for (const WaterRegion& region : world.waterRegions) {
    if (!(region.maxX > region.minX && region.maxZ > region.minZ)) continue;
    const GlbNode& node = water.nodes[r++];
    BOOST_TEST(node.extras.at("id").as_string() == region.id);
    BOOST_TEST(number(node.extras.at("level_m")) == region.levelM);
    std::set<std::array<double, 3>> corners, footprint;
    for (const auto& p : node.primitives.at(0).positions) {
      corners.insert({node.translation[0] + p[0], node.translation[1] + p[1], node.translation[2] + p[2]});
    }
    for (const double x : {region.minX, region.maxX}) {
      for (const double z : {region.minZ, region.maxZ}) footprint.insert({x, region.levelM, z});
    }
    BOOST_TEST((corners == footprint));
  }
  std::set<std::string> ids, seen;
  for (const Scenery& scenery : world.scenery) {
    for (const auto& town : scenery.entities) ids.insert(town.id);
    for (const auto& road : scenery.roads) ids.insert(road.id);
  }
  BOOST_TEST_REQUIRE(!ids.empty());
  const GlbFile scenery = readGlb(stage / "scenery.glb");
  for (const GlbNode& node : scenery.nodes) seen.insert(std::string(node.extras.at("id").as_string()));
  BOOST_TEST((seen == ids));
  const auto tileset = jsonOf(stage / "tileset.json");
  std::set<std::string> uris;
  for (const auto& child : tileset.at("root").at("children").as_array()) {
    if (child.as_object().contains("content")) uris.insert(std::string(child.at("content").at("uri").as_string()));
  }
  BOOST_TEST(uris.count("water.glb") == 1U);
  BOOST_TEST(uris.count("scenery.glb") == 1U);
}

// Row `row` of a string property of an EXT_structural_metadata table:
// its bytes between two of its UINT32 string offsets (the spec's default).
std::string stringProperty(const GlbFile& glb, const boost::json::value& column, std::size_t row) {
  const std::vector<std::byte> values = glb.view(column.at("values").to_number<std::size_t>());
  const std::vector<std::byte> offsets = glb.view(column.at("stringOffsets").to_number<std::size_t>());
  BOOST_TEST_REQUIRE(offsets.size() >= 4 * (row + 2));
  std::uint32_t bounds[2];
  std::memcpy(bounds, offsets.data() + 4 * row, sizeof bounds);
  BOOST_TEST_REQUIRE(bounds[0] <= bounds[1]);
  BOOST_TEST_REQUIRE(bounds[1] <= values.size());
  return {reinterpret_cast<const char*>(values.data()) + bounds[0], bounds[1] - bounds[0]};
}

BOOST_AUTO_TEST_CASE(towns_and_roads_are_features_with_their_ids_names_tiers_and_sources) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportWorld(exporter(), world, stage.path(), {{"tile", "1024"}});
  // What each id's feature must say: its class, then id, name (the id in its source), tier, source.
  std::map<std::string, std::array<std::string, 5>> wanted;
  for (std::size_t s = 0; s < world.scenery.size(); ++s) {
    const std::string& source = world.sources[s].id;
    for (const auto& town : world.scenery[s].entities) {
      wanted[town.id] = {"town", town.id, town.sourceEntityId, town.tier, source};
    }
    for (const auto& road : world.scenery[s].roads) wanted[road.id] = {"road", road.id, road.sourceEntityId, road.tier, source};
  }
  BOOST_TEST_REQUIRE(wanted.size() > 2U);
  const GlbFile scenery = readGlb(stage / "scenery.glb");
  std::set<std::string> used;
  for (const auto& name : scenery.json.at("extensionsUsed").as_array()) used.insert(std::string(name.as_string()));
  BOOST_TEST(used.count("EXT_mesh_features") == 1U);
  BOOST_TEST(used.count("EXT_structural_metadata") == 1U);
  const auto& metadata = scenery.json.at("extensions").at("EXT_structural_metadata");
  const auto& tables = metadata.at("propertyTables").as_array();
  std::set<std::pair<std::string, std::size_t>> rows;  // (class, row) of each feature found
  for (const GlbNode& node : scenery.nodes) {
    const std::string id(node.extras.at("id").as_string());
    const auto& expected = wanted.at(id);
    BOOST_TEST_REQUIRE(node.primitives.size() == 1U);
    const GlbPrimitive& primitive = node.primitives[0];
    const auto& feature = primitive.extensions.at("EXT_mesh_features").at("featureIds").at(0);
    BOOST_TEST(feature.at("featureCount").to_number<int>() == 1, id);
    BOOST_TEST(feature.at("attribute").to_number<int>() == 0, id);
    BOOST_TEST_REQUIRE(primitive.featureIds.size() == primitive.positions.size());
    const auto row = static_cast<std::size_t>(primitive.featureIds.front());
    BOOST_TEST(std::set<double>(primitive.featureIds.begin(), primitive.featureIds.end()).size() == 1U, id);
    const auto& table = tables.at(feature.at("propertyTable").to_number<std::size_t>());
    const std::string of(table.at("class").as_string());
    BOOST_TEST(of == expected[0], id);
    BOOST_TEST(row < table.at("count").to_number<std::size_t>(), id);
    BOOST_TEST(rows.insert({of, row}).second, id << " shares its row");
    const char* properties[] = {"id", "name", "tier", "source"};
    for (std::size_t k = 0; k < 4; ++k) {
      BOOST_TEST(metadata.at("schema").at("classes").at(of).at("properties").at(properties[k]).at("type").as_string() == "STRING");
      BOOST_TEST(stringProperty(scenery, table.at("properties").at(properties[k]), row) == expected[k + 1],
                 id << " " << properties[k]);
    }
  }
  BOOST_TEST(rows.size() == wanted.size());
}

BOOST_AUTO_TEST_CASE(an_origin_puts_the_root_in_the_east_north_up_frame_there) {
  const World world = buildTestWorld({.rows = 1, .cols = 1, .mapSize = 256});
  const auto transformAt = [&](const std::string& origin) {
    const TempDir stage;
    exportWorld(exporter(), world, stage.path(), {{"tile", "256"}, {"origin", origin}});
    const auto tileset = jsonOf(stage / "tileset.json");
    std::vector<double> out;
    for (const auto& v : tileset.at("root").at("transform").as_array()) out.push_back(number(v));
    return out;
  };
  // On the equator at 0 E: east is ECEF y, north z, up x, a semi-major axis out.
  const std::vector<double> equator = transformAt("0,0,0");
  const std::vector<double> expected{0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 6378137, 0, 0, 1};
  BOOST_TEST_REQUIRE(equator.size() == 16U);
  for (std::size_t k = 0; k < 16; ++k) BOOST_TEST(std::abs(equator[k] - expected[k]) < 1e-9, "element " << k);
  // At the north pole, 100 m up: the semi-minor axis and 100 m along z.
  const std::vector<double> pole = transformAt("90,0,100");
  BOOST_TEST(std::abs(pole[14] - (6356752.314245 + 100)) < 1e-3);
  BOOST_TEST(std::abs(pole[12]) < 1e-6);
}

BOOST_AUTO_TEST_CASE(the_same_bytes_on_one_thread_or_two) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir one, two;
  exportWorld(exporter(), world, one.path(), {{"tile", "64"}}, 1);
  exportWorld(exporter(), world, two.path(), {{"tile", "64"}}, 2);
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(one.path())) {
    if (!entry.is_regular_file()) continue;
    const fs::path relative = fs::relative(entry.path(), one.path());
    BOOST_TEST((readFile(entry.path()) == readFile(two / relative.string())), relative);
    ++files;
  }
  BOOST_TEST(files > 20U);
}

BOOST_AUTO_TEST_CASE(terrain_tiles_require_ext_meshopt_compression_and_store_every_view_by_its_rules) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir compressed, plain;
  exportWorld(exporter(), world, compressed.path(), {{"tile", "64"}});
  exportWorld(exporter(), world, plain.path(), {{"tile", "64"}, {"compress", "none"}});
  std::uintmax_t compressedBytes = 0, plainBytes = 0;
  for (const std::string& name : tileFiles(compressed.path())) {
    const fs::path file = compressed / "tiles" / name;
    compressedBytes += fs::file_size(file);
    plainBytes += fs::file_size(plain / "tiles" / name);
    const GlbFile glb = readGlb(file);
    std::set<std::string> required;
    for (const auto& extension : glb.json.at("extensionsRequired").as_array()) required.insert(std::string(extension.as_string()));
    BOOST_TEST((required == std::set<std::string>{"EXT_meshopt_compression", "KHR_mesh_quantization", "KHR_texture_transform"}), name);
    const auto& buffers = glb.json.at("buffers").as_array();
    BOOST_TEST_REQUIRE(buffers.size() == 2U, name);
    BOOST_TEST(!buffers[1].as_object().contains("uri"), name);
    BOOST_TEST(buffers[1].at("extensions").at("EXT_meshopt_compression").at("fallback").as_bool(), name);
    for (const auto& view : glb.json.at("bufferViews").as_array()) {
      BOOST_TEST(number(view.at("buffer")) == 1.0, name);
      const auto& stored = view.at("extensions").at("EXT_meshopt_compression");
      const auto stride = stored.at("byteStride").to_number<std::size_t>();
      BOOST_TEST(number(view.at("byteLength")) == static_cast<double>(stride * stored.at("count").to_number<std::size_t>()));
      const auto first = glb.bin.at(stored.at("byteOffset").to_number<std::size_t>());
      const std::string mode(stored.at("mode").as_string());
      if (mode == "ATTRIBUTES") {
        BOOST_TEST(number(view.at("byteStride")) == static_cast<double>(stride));
        BOOST_TEST(static_cast<int>(first) == 0xa0, name << ": the attribute codec's version 0");
        const auto& object = stored.as_object();
        const std::string filter(object.contains("filter") ? object.at("filter").as_string() : "NONE");
        BOOST_TEST(stride == (filter == "EXPONENTIAL" ? 12U : 4U), name << " " << filter);
      } else {
        BOOST_TEST(mode == "TRIANGLES");
        BOOST_TEST(!view.as_object().contains("byteStride"), name);
        BOOST_TEST(static_cast<int>(first) == 0xe1, name << ": the triangle codec's version 1");
        BOOST_TEST((stride == 2U || stride == 4U));
        BOOST_TEST(stored.at("count").to_number<std::size_t>() % 3 == 0U);
      }
    }
  }
  // This world's heights are jagged (a ramp every 7 samples): 3.6 times; a generated island's, 6.
  BOOST_TEST(compressedBytes * 3 < plainBytes, compressedBytes << " bytes compressed, " << plainBytes << " plain");
}

BOOST_AUTO_TEST_CASE(the_khronos_validator_finds_no_error_in_any_glb, *boost::unit_test::precondition(validatorOrCi)) {
  BOOST_TEST_REQUIRE(gltfValidatorInstalled(ISLA_3DTILES_NODE_MODULES),
                     "node or the npm gltf-validator is missing: run scripts/install-deps");
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir stage, scratch;
  // The plain form: the validator does not decode EXT_meshopt_compression.
  exportWorld(exporter(), world, stage.path(), {{"tile", "128"}, {"compress", "none"}});
  const std::vector<fs::path> files = glbFiles(stage.path());
  const ValidatorRun run =
      runGltfValidator(ISLA_3DTILES_NODE_MODULES, ISLA_3DTILES_VALIDATE_SCRIPT, files, scratch.path());
  BOOST_TEST(run.status == 0, run.report);
  BOOST_TEST(run.clean == files.size(), run.report);
  BOOST_TEST(files.size() > 10U);
}

BOOST_AUTO_TEST_CASE(the_command_line_exports_a_tileset_and_a_bad_option_writes_nothing) {
  const TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample(256)).v2());
  const ToolRun bad = runTool({"export", (dir / "island.dat").string(), (dir / "bad").string(), "--quiet", "--exporter",
                               "3dtiles", "--option", "origin=91,0,0"});
  BOOST_TEST(bad.exitCode == 2);
  BOOST_TEST(bad.err.find("exporter '3dtiles' (plugin 3dtiles): option 'origin' takes a latitude in [-90, 90]") !=
                 std::string::npos,
             bad.err);
  BOOST_TEST(!fs::exists(dir / "bad"));
  const ToolRun good = runTool({"export", (dir / "island.dat").string(), (dir / "good").string(), "--quiet",
                                "--exporter", "3dtiles", "--option", "tile=64", "--option", "origin=43.5,16.4,0"});
  BOOST_TEST(good.exitCode == 0, good.err);
  const auto tileset = jsonOf(dir / "good" / "tileset.json");
  BOOST_TEST(tileset.at("root").as_object().contains("transform"));
  BOOST_TEST(fs::exists(dir / "good" / "tiles" / "0_0_0.glb"));
  BOOST_TEST(fs::exists(dir / "good" / "tiles" / "2_3_3.glb"));
  const ToolRun options = runTool({"plugins", "--options", "3dtiles"});
  BOOST_TEST(options.exitCode == 0, options.err);
  for (const char* name : {"tile (one of 16, 32, 64, 128, 256, 512, 1024, 2048, 4096; default '256')",
                           "error (a number of at least 0.001; default '0.5')",
                           "origin (3 numbers joined by ','; default none)"}) {
    BOOST_TEST(options.out.find(name) != std::string::npos, options.out);
  }
}

BOOST_AUTO_TEST_SUITE_END()
