// SPDX-License-Identifier: MIT
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "gltf_reader.hpp"
#include "mesh_checks.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"
#include "world_fixture.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

const Exporter& exporter() { return shippedExporter("gltf"); }

void exportGltf(const World& world, const fs::path& stage, const ExportValues& values = {}, unsigned threads = 1) {
  exportWorld(exporter(), world, stage, values, threads);
}

std::string errorOf(const ExportValues& values) { return optionError(exporter(), values); }

// Boost.JSON 1.81's parser may read a decimal one unit in the last place off
// the double it was printed from (it has no precise mode before 1.83).
bool sameNumber(double read, double written) {
  return std::abs(read - written) <= 1e-15 * std::max(1.0, std::abs(written));
}

// world.gltf instantiates LOD 0 alone; world-lod.gltf, written when there
// are several levels, adds the others as MSFT_lod alternatives.
constexpr const char* kScene = "world.gltf";
constexpr const char* kLodScene = "world-lod.gltf";

// A chunk of a scene: its patch and the nodes of its levels.
struct ChunkNodes {
  std::string name;
  std::size_t patch = 0;
  std::vector<std::size_t> levels;
};

std::vector<ChunkNodes> chunksOf(const World& world, const GltfFile& scene) {
  std::vector<ChunkNodes> out;
  for (const auto& child : scene.node(scene.nodeNamed("terrain")).at("children").as_array()) {
    const auto index = child.to_number<std::size_t>();
    const auto& node = scene.node(index);
    out.push_back({std::string(node.at("name").as_string()),
                   patchIndex(world, std::string(node.at("extras").at("patch").as_string())), scene.levels(index)});
  }
  return out;
}

std::array<float, 3> asFloats(const Normal& n) {
  return {static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)};
}

// Every shared edge's canonical normals by world (x, z).
std::map<std::pair<double, double>, Normal> canonicalNormals(const World& world) {
  std::map<std::pair<double, double>, Normal> out;
  for (const Edge& edge : world.edges) {
    for (std::size_t i = 0; i < edge.normals.size(); ++i) {
      const double along = static_cast<double>(i) * world.settings.spacingM;
      out.emplace(edge.axis == Axis::X ? std::pair(edge.originX + along, edge.originZ)
                                       : std::pair(edge.originX, edge.originZ + along),
                  edge.normals[i]);
    }
  }
  return out;
}

// One height and one normal at every (x, z) whichever chunk, patch or level
// shows it: no crack.
class SeamCheck {
 public:
  void add(const Vec3& position, const std::array<float, 3>& normal, const std::string& where) {
    const auto [it, fresh] = seen_.try_emplace({position[0], position[2]}, position[1], normal);
    if (!fresh && it->second != std::pair(position[1], normal)) {
      BOOST_FAIL("crack at " << position[0] << "," << position[2] << " in " << where);
    }
  }

 private:
  std::map<std::pair<double, double>, std::pair<double, std::array<float, 3>>> seen_;
};

// The Khronos validator runs under node: a test that needs it says what is
// missing and is skipped, visibly, except in CI (CI=true), where it fails.
bool validatorInstalled() {
  return findProgram("node") && fs::exists(fs::path(ISLA_GLTF_VALIDATOR_MODULES) / "gltf-validator" / "package.json");
}

boost::test_tools::assertion_result validatorOrCi(boost::unit_test::test_unit_id unit) {
  return availableOrCi(unit, validatorInstalled(),
                       "node or the npm gltf-validator in build-tools/node_modules is missing (scripts/install-deps "
                       "installs both)");
}

boost::test_tools::assertion_result assimpOrCi(boost::unit_test::test_unit_id unit) {
  return programOrCi(unit, "assimp", "assimp-utils");
}

boost::test_tools::assertion_result blenderOrCi(boost::unit_test::test_unit_id unit) {
  return programOrCi(unit, "blender", "blender");
}

// The nodes a scene instantiates: its roots and their descendants.
std::set<std::size_t> nodesInScene(const GltfFile& file) {
  std::set<std::size_t> seen;
  std::vector<std::size_t> stack;
  for (const auto& root : file.json().at("scenes").at(0).at("nodes").as_array()) stack.push_back(root.to_number<std::size_t>());
  while (!stack.empty()) {
    const std::size_t node = stack.back();
    stack.pop_back();
    if (!seen.insert(node).second) continue;
    if (const auto* children = file.node(node).if_contains("children")) {
      for (const auto& child : children->as_array()) stack.push_back(child.to_number<std::size_t>());
    }
  }
  return seen;
}

bool sameMesh(const ReadMesh& a, const ReadMesh& b) {
  return a.positions == b.positions && a.normals == b.normals && a.uvs == b.uvs && a.indices == b.indices;
}

// Blender's import of `file` (Debian's blender, headless, as a user's
// File > Import): each mesh object's name and vertex count.
std::map<std::string, std::size_t> blenderMeshes(const fs::path& file, const fs::path& scratch) {
  const fs::path report = scratch / "blender.json", log = scratch / "blender.log";
  const std::string command = "'" + findProgram("blender")->string() +
                              "' -b --factory-startup --python-exit-code 1 --python '" +
                              (fs::path(ISLA_GLTF_TEST_DIR) / "blender_import.py").string() + "' -- '" +
                              file.string() + "' '" + report.string() + "' > '" + log.string() + "' 2>&1";
  BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, readText(log));
  std::map<std::string, std::size_t> out;
  const boost::json::value imported = boost::json::parse(readText(report));
  for (const auto& mesh : imported.at("meshes").as_array()) {
    out.emplace(mesh.at("name").as_string(), mesh.at("vertices").to_number<std::size_t>());
  }
  return out;
}

// The scenes, then the chunks' files in name order.
std::vector<fs::path> gltfFiles(const fs::path& directory) {
  std::vector<fs::path> out{directory / kScene};
  if (fs::exists(directory / kLodScene)) out.push_back(directory / kLodScene);
  const auto scenes = static_cast<std::ptrdiff_t>(out.size());
  for (const auto& entry : fs::directory_iterator(directory / "chunks")) {
    if (entry.path().extension() == ".gltf") out.push_back(entry.path());
  }
  std::sort(out.begin() + scenes, out.end());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gltf)

BOOST_AUTO_TEST_CASE(registers_with_its_options_and_no_package_validator) {
  BOOST_TEST(exporter().name() == "gltf");
  BOOST_TEST(exporter().packageValidator().empty());
  std::vector<std::string> names;
  for (const auto& spec : exporter().options()) names.push_back(spec.name);
  BOOST_TEST((names == std::vector<std::string>{"chunk", "lod_error", "strips"}));
}

BOOST_AUTO_TEST_CASE(lod_0_is_exactly_the_contracts_triangles) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportGltf(world, stage.path(), {{"chunk", "100"}, {"lod_error", "0"}});
  const GltfFile scene(stage / kScene);
  const double s = world.settings.spacingM;
  std::vector<std::vector<std::vector<float>>> heights;
  for (std::size_t p = 0; p < world.patches.size(); ++p) heights.push_back(patchHeights(world, p));
  std::set<std::tuple<std::size_t, std::int32_t, std::int32_t, bool>> triangles;
  const auto canonicals = canonicalNormals(world);
  std::size_t onEdges = 0;
  SeamCheck seams;
  for (const ChunkNodes& chunk : chunksOf(world, scene)) {
    BOOST_TEST_REQUIRE(chunk.levels.size() == 1U);
    const Patch& patch = world.patches[chunk.patch];
    const auto& rows = heights[chunk.patch];
    const ReadMesh mesh = scene.surface(chunk.levels[0]);
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      const Vec3 p = mesh.positions[v];
      const auto x = sampleIndex(p[0], patch.originX, s), z = sampleIndex(p[2], patch.originZ, s);
      const auto zi = static_cast<std::size_t>(z);
      if (static_cast<float>(p[1]) != rows.at(zi).at(static_cast<std::size_t>(x))) {
        BOOST_FAIL(chunk.name << " height at " << x << "," << z);
      }
      // The canonical normal on a shared edge; elsewhere the surface's, as every mesh exporter has it.
      const auto around = [&](std::int32_t row) {
        return std::span<const float>(rows.at(static_cast<std::size_t>(row)));
      };
      const auto canonical = canonicals.find({p[0], p[2]});
      const Normal expected = canonical != canonicals.end()
                                  ? canonical->second
                                  : vertexNormal(world, patch, x, z,
                                                 {around(std::max(z - 1, 0)), around(z),
                                                  around(std::min(z + 1, patch.pointsZ - 1))});
      if (mesh.normals[v] != asFloats(expected)) BOOST_FAIL(chunk.name << " normal at " << x << "," << z);
      onEdges += canonical != canonicals.end() ? 1U : 0U;
      // Texel centres of the patch's image, north at the top (glTF's v runs down), to the nearest of the
      // normalized unsigned short's steps.
      constexpr double kHalfStep = 0.5 / 65535 + 1e-7;  // and float32's rounding of the decoded value
      if (std::abs(mesh.uvs[v][0] - (x + 0.5) / patch.pointsX) > kHalfStep ||
          std::abs(mesh.uvs[v][1] - (z + 0.5) / patch.pointsZ) > kHalfStep) {
        BOOST_FAIL(chunk.name << " UV at " << x << "," << z);
      }
      seams.add(p, mesh.normals[v], chunk.name);
    }
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
      // From its north-west corner (a strip's triangles start where the strip has them).
      std::array<Vec3, 3> corners{mesh.positions.at(mesh.indices[t]), mesh.positions.at(mesh.indices[t + 1]),
                                  mesh.positions.at(mesh.indices[t + 2])};
      std::rotate(corners.begin(), std::min_element(corners.begin(), corners.end(), [](const Vec3& p, const Vec3& q) {
                    return p[0] + p[2] < q[0] + q[2];
                  }), corners.end());
      const auto& [nw, b, c] = corners;
      // NW-SE-NE or NW-SW-SE: counter-clockwise seen from +Y.
      const bool upper = b[0] == nw[0] + s && b[2] == nw[2] + s && c[0] == nw[0] + s && c[2] == nw[2];
      const bool lower = b[0] == nw[0] && b[2] == nw[2] + s && c[0] == nw[0] + s && c[2] == nw[2] + s;
      const auto x = sampleIndex(nw[0], patch.originX, s), z = sampleIndex(nw[2], patch.originZ, s);
      if (!upper && !lower) BOOST_FAIL(chunk.name << " triangle at " << x << "," << z << " is not the contract's");
      if (!triangles.emplace(chunk.patch, x, z, upper).second) BOOST_FAIL("a triangle twice at " << x << "," << z);
    }
  }
  std::size_t cells = 0;
  for (const Patch& patch : world.patches) cells += std::size_t(patch.pointsX - 1) * std::size_t(patch.pointsZ - 1);
  BOOST_TEST(triangles.size() == 2 * cells);
  BOOST_TEST(onEdges > 0U);
}

BOOST_AUTO_TEST_CASE(every_level_is_of_lod_0s_samples_closed_inside_with_skirts_on_its_border) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportGltf(world, stage.path(), {{"chunk", "48"}, {"lod_error", "0.25,1,4"}});
  const GltfFile scene(stage / kLodScene);
  SeamCheck seams;
  std::size_t checked = 0;
  for (const ChunkNodes& chunk : chunksOf(world, scene)) {
    BOOST_TEST_REQUIRE(chunk.levels.size() == 4U);
    const ReadMesh full = scene.surface(chunk.levels[0]);
    double minX = 1e18, minZ = 1e18, maxX = -1e18, maxZ = -1e18;
    std::map<std::pair<double, double>, std::size_t> fullVertices;
    for (std::size_t v = 0; v < full.positions.size(); ++v) {
      const Vec3 p = full.positions[v];
      minX = std::min(minX, p[0]), maxX = std::max(maxX, p[0]);
      minZ = std::min(minZ, p[2]), maxZ = std::max(maxZ, p[2]);
      fullVertices.emplace(std::pair(p[0], p[2]), v);
    }
    const auto onBorder = [&](const Vec3& p) { return p[0] == minX || p[0] == maxX || p[2] == minZ || p[2] == maxZ; };
    std::size_t borderSamples = 0;
    for (const auto& [xz, v] : fullVertices) borderSamples += onBorder(full.positions[v]) ? 1U : 0U;
    for (std::size_t k = 0; k < chunk.levels.size(); ++k) {
      const ReadMesh mesh = scene.surface(chunk.levels[k]);
      const std::string where = chunk.name + " LOD " + std::to_string(k);
      // Every vertex is a LOD 0 vertex with its height and normal, and agrees with every other chunk's.
      std::size_t borderVertices = 0;
      for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const auto found = fullVertices.find({mesh.positions[v][0], mesh.positions[v][2]});
        if (found == fullVertices.end() || full.positions[found->second] != mesh.positions[v] ||
            full.normals[found->second] != mesh.normals[v]) {
          BOOST_FAIL(where << " vertex " << v << " is not a sample of LOD 0");
        }
        seams.add(mesh.positions[v], mesh.normals[v], where);
        borderVertices += onBorder(mesh.positions[v]) ? 1U : 0U;
      }
      // The surface's open edges run along the border (no T-junction inside); at LOD 0 they are its unit steps.
      std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
      for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        for (std::size_t e = 0; e < 3; ++e) {
          const std::uint32_t a = mesh.indices[t + e], b = mesh.indices[t + (e + 1) % 3];
          ++edges[{std::min(a, b), std::max(a, b)}];
        }
      }
      std::size_t open = 0;
      for (const auto& [edge, uses] : edges) {
        if (uses != 1) continue;
        ++open;
        const Vec3 a = mesh.positions[edge.first], b = mesh.positions[edge.second];
        const bool step = std::abs(a[0] - b[0]) + std::abs(a[2] - b[2]) == world.settings.spacingM;
        const bool sameSide = (a[0] == b[0] && (a[0] == minX || a[0] == maxX)) ||
                              (a[2] == b[2] && (a[2] == minZ || a[2] == maxZ));
        if (!sameSide || (k == 0 && !step)) BOOST_FAIL(where << " has an open edge inside the chunk or across a gap");
      }
      BOOST_TEST(open == borderVertices, where);
      if (k == 0) BOOST_TEST(open == borderSamples, where);
      // The skirts: a primitive of their own, a lower copy of each border vertex, facing out.
      const ReadMesh skirt = scene.skirts(chunk.levels[k]);
      BOOST_TEST_REQUIRE(!skirt.indices.empty(), where);
      BOOST_TEST(skirt.positions.size() == mesh.positions.size() + borderVertices, where);
      BOOST_TEST(skirt.indices.size() == 6 * borderVertices, where);
      for (std::size_t v = mesh.positions.size(); v < skirt.positions.size(); ++v) {
        const Vec3 p = skirt.positions[v];
        const auto top = fullVertices.find({p[0], p[2]});
        if (!onBorder(p) || top == fullVertices.end() || !(p[1] < full.positions[top->second][1])) {
          BOOST_FAIL(where << " skirt vertex " << v << " does not hang from the border");
        }
      }
      ++checked;
    }
  }
  BOOST_TEST(checked > 0U);
}

// The largest difference, at a sample of the chunk, between a level's surface
// (read from the file) and the package's heights: by barycentric coordinates
// over each triangle, sample by sample.
double measuredError(const World& world, const ReadMesh& mesh, std::size_t patchIndex,
                     const std::vector<std::vector<float>>& heights) {
  const Patch& patch = world.patches[patchIndex];
  const double s = world.settings.spacingM;
  double error = 0;
  for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
    SampleTriangle triangle;
    for (std::size_t k = 0; k < 3; ++k) {
      const Vec3& p = mesh.positions.at(mesh.indices[t + k]);
      triangle.x[k] = sampleIndex(p[0], patch.originX, s), triangle.y[k] = p[1];
      triangle.z[k] = sampleIndex(p[2], patch.originZ, s);
    }
    forEachSampleUnder(triangle, [&](std::int32_t x, std::int32_t z, double surface) {
      const double height = heights.at(static_cast<std::size_t>(z)).at(static_cast<std::size_t>(x));
      error = std::max(error, std::abs(surface - height));
    });
  }
  return error;
}

BOOST_AUTO_TEST_CASE(each_level_is_within_its_asked_error_measured_from_the_files_and_records_both) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const std::vector<double> asked{0, 0.05, 0.5, 4};
  // LOD 0 as triangle lists (the default) and as strips: the same triangles, fewer bytes.
  for (const bool strips : {false, true}) {
    const TempDir stage;
    exportGltf(world, stage.path(),
               {{"chunk", "128"}, {"lod_error", "0.05,0.5,4"}, {"strips", strips ? "true" : "false"}});
    const GltfFile scene(stage / kLodScene);
    const auto levels = boost::json::parse(readText(stage / "levels.json"));
    BOOST_TEST(levels.at("chunk_cells").to_number<int>() == 128);
    for (std::size_t k = 0; k < asked.size(); ++k) {
      BOOST_TEST(levels.at("asked_error_m").at(k).to_number<double>() == asked[k]);
    }
    const auto& listed = levels.at("chunks").as_array();
    const auto chunks = chunksOf(world, scene);
    BOOST_TEST_REQUIRE(listed.size() == chunks.size());
    std::vector<std::vector<std::vector<float>>> heights;
    for (std::size_t p = 0; p < world.patches.size(); ++p) heights.push_back(patchHeights(world, p));
    std::vector<std::uint64_t> triangles(asked.size()), bytes(asked.size());
    std::vector<double> worst(asked.size());
    for (std::size_t c = 0; c < chunks.size(); ++c) {
      BOOST_TEST(listed[c].at("name").as_string() == chunks[c].name);
      const auto& extras = scene.node(chunks[c].levels[0]).at("extras");
      std::size_t previous = SIZE_MAX;
      for (std::size_t k = 0; k < asked.size(); ++k) {
        const std::string where = chunks[c].name + " LOD " + std::to_string(k);
        const ReadMesh mesh = scene.surface(chunks[c].levels[k]);
        const ReadMesh skirt = scene.skirts(chunks[c].levels[k]);
        // triangles, skirt triangles, vertices, bytes, asked error, error
        const auto& row = listed[c].at("levels").as_array().at(k).as_array();
        const std::size_t count = mesh.indices.size() / 3;
        const double error = row.at(5).to_number<double>();
        BOOST_TEST(row.at(0).to_number<std::size_t>() == count, where);
        BOOST_TEST(row.at(1).to_number<std::size_t>() == skirt.indices.size() / 3, where);
        BOOST_TEST(row.at(2).to_number<std::size_t>() == skirt.positions.size(), where);
        const auto& levelMesh =
            scene.json().at("meshes").as_array().at(
                scene.node(chunks[c].levels[k]).at("mesh").to_number<std::size_t>());
        // Bytes: 28 a vertex (float32 position and normal, uint16 UV) and each primitive's indices, padded to 4;
        // LOD 0's surface as strips, two indices and a little a sample.
        std::size_t indexBytes = 0, stripIndices = 0;
        for (const auto& primitive : levelMesh.at("primitives").as_array()) {
          const auto& accessor = scene.json().at("accessors").at(primitive.at("indices").to_number<std::size_t>());
          const auto& view = scene.json().at("bufferViews").at(accessor.at("bufferView").to_number<std::size_t>());
          indexBytes += view.at("byteLength").to_number<std::size_t>();
          const bool strip = primitive.as_object().contains("mode");
          BOOST_TEST(strip == (strips && k == 0 && !primitive.as_object().contains("extras")), where);
          if (strip) stripIndices += accessor.at("count").to_number<std::size_t>();
        }
        if (strips && k == 0) {
          // A strip a row of cells: its south-west vertex twice, two a sample, its north-east vertex twice.
          std::set<double> rows;
          for (const Vec3& p : mesh.positions) rows.insert(p[2]);
          const std::size_t width = mesh.positions.size() / rows.size();
          BOOST_TEST(stripIndices == (rows.size() - 1) * (2 * width + 2), where);
          BOOST_TEST(indexBytes >= 2 * (stripIndices + skirt.indices.size()), where);
        } else {
          BOOST_TEST(indexBytes >= 2 * (mesh.indices.size() + skirt.indices.size()), where);
        }
        BOOST_TEST(row.at(3).to_number<std::size_t>() == skirt.positions.size() * 28 + (indexBytes + 3) / 4 * 4, where);
        BOOST_TEST(row.at(4).to_number<double>() == asked[k], where);
        BOOST_TEST(extras.at("lod_asked_error_m").at(k).to_number<double>() == asked[k], where);
        BOOST_TEST(extras.at("lod_error_m").at(k).to_number<double>() == error, where);
        const auto& meshExtras = levelMesh.at("extras");
        BOOST_TEST(meshExtras.at("asked_error_m").to_number<double>() == asked[k], where);
        BOOST_TEST(meshExtras.at("error_m").to_number<double>() == error, where);
        // Measured here from the file, against the package's heights: what the exporter says, never above asked.
        const double measured = measuredError(world, mesh, chunks[c].patch, heights[chunks[c].patch]);
        BOOST_TEST(std::abs(measured - error) <= 1e-9, where);
        BOOST_TEST(error <= asked[k], where);
        BOOST_TEST(count <= previous, where);  // a strip's narrow chunk may stop early
        worst[k] = std::max(worst[k], error);
        triangles[k] += count;
        bytes[k] += row.at(3).to_number<std::uint64_t>();
        previous = count;
      }
    }
    for (std::size_t k = 0; k < asked.size(); ++k) {
      const auto& total = levels.at("totals").as_array().at(k);
      BOOST_TEST(total.at("triangles").to_number<std::uint64_t>() == triangles[k]);
      BOOST_TEST(total.at("bytes").to_number<std::uint64_t>() == bytes[k]);
      BOOST_TEST(total.at("asked_error_m").to_number<double>() == asked[k]);
      BOOST_TEST(total.at("max_error_m").to_number<double>() == worst[k]);
      if (k > 0) BOOST_TEST(triangles[k] < triangles[k - 1]);
    }
    BOOST_TEST(triangles[3] * 4 < triangles[0]);  // the test world's 2 m sawtooth needs 4 m to go
    BOOST_TEST(worst[0] == 0.0);
    BOOST_TEST(worst[3] > 0.5);  // the levels use what they are allowed
  }
}

BOOST_AUTO_TEST_CASE(a_plane_takes_few_triangles_at_any_level) {
  const World world = buildTestWorld({.rows = 1, .cols = 1, .mapSize = 256, .plane = true});
  const TempDir stage;
  exportGltf(world, stage.path(), {{"chunk", "256"}, {"lod_error", "0.01,0.1"}});
  const GltfFile scene(stage / kLodScene);
  const auto chunks = chunksOf(world, scene);
  BOOST_TEST_REQUIRE(chunks.size() == 1U);
  for (std::size_t k = 1; k < 3; ++k) {
    const ReadMesh mesh = scene.surface(chunks[0].levels[k]);
    // The patch's 255 cells pad to 256: the triangles along the padding are split, the rest is a few large ones.
    BOOST_TEST(mesh.indices.size() / 3 <= 2 * 255 * 255 / 64U);
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
      double cx = 0, cy = 0, cz = 0;
      for (std::size_t e = 0; e < 3; ++e) {
        cx += mesh.positions[mesh.indices[t + e]][0] / 3, cy += mesh.positions[mesh.indices[t + e]][1] / 3;
        cz += mesh.positions[mesh.indices[t + e]][2] / 3;
      }
      if (std::abs(cy - planeHeight(cx, cz)) > 1e-3) {
        BOOST_FAIL("LOD " << k << " leaves the plane at " << cx << "," << cz);
      }
    }
    // Not 0: the heights are float32 samples of the plane, a few micrometres off it.
    BOOST_TEST(scene.node(chunks[0].levels[0]).at("extras").at("lod_error_m").at(k).to_number<double>() < 0.01);
  }
}

BOOST_AUTO_TEST_CASE(chunks_cut_each_patch_and_the_last_takes_what_remains) {
  const World world = buildTestWorld({.rows = 1, .cols = 1, .mapSize = 256});
  const std::vector<std::pair<std::string, std::vector<std::int32_t>>> cases{
      {"100", {100, 100, 55}}, {"255", {255}}, {"4096", {255}}, {"254", {254, 1}}};
  for (const auto& [chunk, sides] : cases) {
    const TempDir stage;
    exportGltf(world, stage.path(), {{"chunk", chunk}, {"lod_error", "0"}});
    const GltfFile scene(stage / kScene);
    const auto chunks = chunksOf(world, scene);
    BOOST_TEST_REQUIRE(chunks.size() == sides.size() * sides.size(), "chunk=" << chunk);
    BOOST_TEST(!scene.json().contains("extensionsUsed"));  // one level: no MSFT_lod
    BOOST_TEST(!fs::exists(stage / kLodScene));            // and no scene of levels
    for (std::size_t j = 0; j < sides.size(); ++j) {
      for (std::size_t i = 0; i < sides.size(); ++i) {
        const ChunkNodes& c = chunks[j * sides.size() + i];
        BOOST_TEST(c.name == "p-0-0_" + std::to_string(i) + "_" + std::to_string(j));
        BOOST_TEST(scene.surface(c.levels[0]).indices.size() == std::size_t(6 * sides[i] * sides[j]), c.name);
        // Positions are metres from the chunk's first sample, which the node's translation carries.
        const auto& node = scene.node(c.levels[0]);
        const auto& mesh = scene.json().at("meshes").at(node.at("mesh").to_number<std::size_t>());
        // The bounds of the surface's primitives (one, or bands of rows for 16-bit indices) together.
        double minX = INFINITY, minZ = INFINITY, maxX = -INFINITY, maxZ = -INFINITY;
        for (const auto& primitive : mesh.at("primitives").as_array()) {
          const auto& position =
              scene.json().at("accessors").at(primitive.at("attributes").at("POSITION").to_number<std::size_t>());
          minX = std::min(minX, position.at("min").at(0).to_number<double>());
          minZ = std::min(minZ, position.at("min").at(2).to_number<double>());
          maxX = std::max(maxX, position.at("max").at(0).to_number<double>());
          maxZ = std::max(maxZ, position.at("max").at(2).to_number<double>());
        }
        BOOST_TEST(minX == 0.0);
        BOOST_TEST(minZ == 0.0);
        BOOST_TEST(maxX == sides[i] * world.settings.spacingM);
        BOOST_TEST(maxZ == sides[j] * world.settings.spacingM);
        const auto cellsBefore = [&](std::size_t k) {
          return std::accumulate(sides.begin(), sides.begin() + static_cast<std::ptrdiff_t>(k), 0);
        };
        const auto& translation = node.at("translation").as_array();
        BOOST_TEST(translation.at(0).to_number<double>() == cellsBefore(i) * world.settings.spacingM);
        BOOST_TEST(translation.at(1).to_number<double>() == 0.0);
        BOOST_TEST(translation.at(2).to_number<double>() == cellsBefore(j) * world.settings.spacingM);
        BOOST_TEST(fs::exists(stage / "chunks" / (c.name + ".gltf")));
      }
    }
  }
}

// No primitive without colour: every terrain primitive of every file (the
// scenes and each chunk's) has its patch's image as its base colour texture,
// a source's biome image or a strip's or corner's transition image, which is
// the 3dtiles exporter's, byte for byte; the water, towns and roads have a
// base colour. (The UVs are on the texel centres: lod_0_is_exactly_the_contracts_triangles.)
BOOST_AUTO_TEST_CASE(no_primitive_lacks_colour_strips_and_corners_take_their_transition_images) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir stage, tiles;
  exportGltf(world, stage.path(), {{"chunk", "128"}});
  exportWorld(shippedExporter("3dtiles"), world, tiles.path(), {{"tile", "1024"}});
  std::set<std::string> transitions;
  std::size_t terrainPrimitives = 0;
  for (const fs::path& path : gltfFiles(stage.path())) {
    const GltfFile file(path);
    const auto& json = file.json();
    // Each terrain level's patch: its chunk's first node names it, with the other levels as MSFT_lod's.
    std::map<std::size_t, std::size_t> patchOfMesh;
    for (const auto& node : json.at("nodes").as_array()) {
      const auto* extras = node.as_object().if_contains("extras");
      if (!extras || !extras->as_object().contains("chunk")) continue;
      const std::size_t patch = patchIndex(world, std::string(extras->at("patch").as_string()));
      patchOfMesh[node.at("mesh").to_number<std::size_t>()] = patch;
      if (const auto* lod = node.as_object().if_contains("extensions")) {
        for (const auto& level : lod->at("MSFT_lod").at("ids").as_array()) {
          patchOfMesh[file.node(level.to_number<std::size_t>()).at("mesh").to_number<std::size_t>()] = patch;
        }
      }
    }
    BOOST_TEST_REQUIRE(!patchOfMesh.empty(), path);
    const auto& meshes = json.at("meshes").as_array();
    for (std::size_t m = 0; m < meshes.size(); ++m) {
      const bool terrain = meshes[m].as_object().contains("extras") && meshes[m].at("extras").as_object().contains("lod");
      const auto patch = patchOfMesh.find(m);
      BOOST_TEST_REQUIRE(terrain == (patch != patchOfMesh.end()), path << " mesh " << m);
      for (const auto& primitive : meshes[m].at("primitives").as_array()) {
        BOOST_TEST_REQUIRE(primitive.as_object().contains("material"), path << " mesh " << m);
        const auto& pbr = json.at("materials").at(primitive.at("material").to_number<std::size_t>()).at(
            "pbrMetallicRoughness").as_object();
        if (!terrain) {
          BOOST_TEST(pbr.contains("baseColorFactor"), path << " mesh " << m);
          continue;
        }
        ++terrainPrimitives;
        BOOST_TEST_REQUIRE(pbr.contains("baseColorTexture"), path << " mesh " << m << " has no texture");
        const auto texture = pbr.at("baseColorTexture").at("index").to_number<std::size_t>();
        const std::string uri(
            json.at("images").at(json.at("textures").at(texture).at("source").to_number<std::size_t>()).at("uri").as_string());
        const Patch& of = world.patches[patch->second];
        const std::string image = of.source ? "biome/" + world.sources[*of.source].id + ".png" : "transition/" + of.id + ".png";
        BOOST_TEST(uri == (path.parent_path() == stage.path() ? "" : "../") + image, path << " mesh " << m);
        if (!of.source) transitions.insert(image);
      }
    }
  }
  BOOST_TEST(terrainPrimitives > 0U);
  // Four strips and a corner, each its own image, the 3dtiles exporter's.
  BOOST_TEST_REQUIRE(transitions.size() == 5U);
  for (const std::string& image : transitions) BOOST_TEST(readText(stage / image) == readText(tiles / image), image);
}

BOOST_AUTO_TEST_CASE(a_bad_option_value_is_refused_naming_it) {
  const std::vector<std::pair<ExportValues, std::string>> cases{
      {{{"chunk", "0"}}, "gltf: option 'chunk' takes an integer from 1 to 4096, not '0'"},
      {{{"chunk", "4097"}}, "gltf: option 'chunk' takes an integer from 1 to 4096, not '4097'"},
      {{{"chunk", "64k"}}, "gltf: option 'chunk' takes an integer from 1 to 4096, not '64k'"},
  };
  // What is not numbers of at least 0 is the kernel's error; the order and count are the plugin's rule.
  for (const std::string bad : {"", "-1", "1,,2", "1,", "abc", "nan", "inf", "0.1 ,1"}) {
    BOOST_TEST(errorOf({{"lod_error", bad}}) ==
               "gltf: option 'lod_error' takes numbers of at least 0 joined by ',', not '" + bad + "'");
  }
  for (const std::string bad : {"0,1", "1,1", "2,1", "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8"}) {
    BOOST_TEST(errorOf({{"lod_error", bad}}) ==
               "option 'lod_error' takes 0 alone, or up to 7 increasing metres of vertical error above 0 (e.g. "
               "0.25,1,4)");
  }
  for (const auto& [values, message] : cases) BOOST_TEST(errorOf(values) == message);
  BOOST_TEST(errorOf({{"chunk", "1"}, {"lod_error", "0.1,0.2,0.3,0.4,0.5,0.6,0.7"}}) == "no error");
  BOOST_TEST(errorOf({{"lod_error", "0"}}) == "no error");
  BOOST_TEST(errorOf({{"lod_error", "0.25"}}) == "no error");
}

BOOST_AUTO_TEST_CASE(the_same_world_gives_the_same_bytes_whatever_the_threads) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir one, two;
  exportGltf(world, one.path(), {{"chunk", "64"}, {"lod_error", "0.25,1"}}, 1);
  exportGltf(world, two.path(), {{"chunk", "64"}, {"lod_error", "0.25,1"}}, 2);
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(one.path())) {
    if (!entry.is_regular_file()) continue;
    const fs::path relative = fs::relative(entry.path(), one.path());
    BOOST_TEST((readFile(entry.path()) == readFile(two.path() / relative)), relative);
    ++files;
  }
  std::size_t others = 0;
  for (const auto& entry : fs::recursive_directory_iterator(two.path())) others += entry.is_regular_file() ? 1U : 0U;
  BOOST_TEST(files == others);
  BOOST_TEST(files > 40U);
}

BOOST_AUTO_TEST_CASE(towns_roads_and_water_are_nodes_with_their_ids) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportGltf(world, stage.path(), {{"chunk", "255"}, {"lod_error", "0"}});
  const GltfFile scene(stage / kScene);
  std::size_t towns = 0, roads = 0;
  for (std::size_t s = 0; s < world.scenery.size(); ++s) {
    for (const SceneryEntity& town : world.scenery[s].entities) {
      const auto& node = scene.node(scene.nodeNamed(town.id));
      const auto& t = node.at("translation").as_array();
      for (std::size_t k = 0; k < 3; ++k) BOOST_TEST(sameNumber(t[k].to_number<double>(), town.position[k]));
      BOOST_TEST(node.at("extras").at("tier").as_string() == town.tier);
      BOOST_TEST(node.at("extras").at("asset_id").as_string() == town.assetId);
      BOOST_TEST(node.at("extras").at("source").as_string() == world.sources[s].id);
      ++towns;
    }
    for (const SceneryRoad& road : world.scenery[s].roads) {
      const auto& extras = scene.node(scene.nodeNamed(road.id)).at("extras");
      BOOST_TEST(extras.at("tier").as_string() == road.tier);
      const auto& points = extras.at("points_m").as_array();
      BOOST_TEST_REQUIRE(points.size() == road.points.size());
      for (std::size_t i = 0; i < points.size(); ++i) {
        for (std::size_t k = 0; k < 3; ++k) {
          BOOST_TEST(sameNumber(points[i].at(k).to_number<double>(), road.points[i][k]));
        }
      }
      ++roads;
    }
  }
  BOOST_TEST(towns > 0U);
  BOOST_TEST(roads > 0U);
  BOOST_TEST(scene.node(scene.nodeNamed("towns")).at("children").as_array().size() == towns);
  BOOST_TEST(scene.node(scene.nodeNamed("roads")).at("children").as_array().size() == roads);
  BOOST_TEST_REQUIRE(!world.waterRegions.empty());
  BOOST_TEST(scene.node(scene.nodeNamed("water")).at("children").as_array().size() == world.waterRegions.size());
  for (const WaterRegion& region : world.waterRegions) {
    const std::size_t index = scene.nodeNamed(region.id);
    const auto& extras = scene.node(index).at("extras");
    BOOST_TEST(sameNumber(extras.at("level_m").to_number<double>(), region.levelM));
    BOOST_TEST(extras.at("kind").as_string() == region.kind);
    if (!(region.maxX > region.minX && region.maxZ > region.minZ)) {
      BOOST_TEST(!scene.node(index).contains("mesh"));
      continue;
    }
    // The quad, placed, is the footprint at the level, facing up.
    const auto& scale = scene.node(index).at("scale").as_array();
    const ReadMesh quad = scene.mesh(index);
    std::set<std::pair<double, double>> corners;
    for (const Vec3& p : quad.positions) {
      const double x = region.minX + (p[0] - region.minX) * scale[0].to_number<double>();
      const double z = region.minZ + (p[2] - region.minZ) * scale[2].to_number<double>();
      BOOST_TEST(p[1] == region.levelM);
      corners.emplace(x, z);
    }
    const std::set<std::pair<double, double>> footprint{
        {region.minX, region.minZ}, {region.maxX, region.minZ}, {region.minX, region.maxZ}, {region.maxX, region.maxZ}};
    BOOST_TEST((corners == footprint));
    for (const auto& n : quad.normals) BOOST_TEST((n == std::array<float, 3>{0, 1, 0}));
  }
}

BOOST_AUTO_TEST_CASE(the_khronos_validator_finds_no_error_in_any_file, *boost::unit_test::precondition(validatorOrCi)) {
  BOOST_TEST_REQUIRE(gltfValidatorInstalled(ISLA_GLTF_VALIDATOR_MODULES),
                     "node or the npm gltf-validator is missing: run scripts/install-deps");
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  // Chunks of 96 cells, and of 256, whose LOD 0 is cut into primitives for 16-bit indices, as lists and strips.
  for (const auto& [chunk, strips] : {std::pair{"96", "false"}, {"256", "false"}, {"256", "true"}}) {
    const TempDir stage, scratch;
    exportGltf(world, stage.path(), {{"chunk", chunk}, {"lod_error", "0.25,1"}, {"strips", strips}});
    const std::vector<fs::path> files = gltfFiles(stage.path());
    const fs::path script = fs::path(ISLA_GLTF_TEST_DIR) / "validate_gltf.js";
    const ValidatorRun run = runGltfValidator(ISLA_GLTF_VALIDATOR_MODULES, script, files, scratch.path());
    BOOST_TEST(run.status == 0, run.report);
    BOOST_TEST(run.clean == files.size(), run.report);
    BOOST_TEST(files.size() == 2 + chunksOf(world, GltfFile(stage / kScene)).size());
  }
}

BOOST_AUTO_TEST_CASE(assimp_reads_each_chunk_and_the_scene_at_lod_0, *boost::unit_test::precondition(assimpOrCi)) {
  BOOST_TEST_REQUIRE(findProgram("assimp").has_value(), "assimp is not on PATH: run scripts/install-deps");
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  for (const char* strips : {"false", "true"}) {
    const TempDir stage;
    // A source's 256² samples in one chunk: LOD 0's surface is cut in two for 16-bit indices, its skirts keep 32.
    exportGltf(world, stage.path(), {{"chunk", "256"}, {"lod_error", "0.5"}, {"strips", strips}});
    // assimp's counts of a file: meshes, vertices and faces its scene shows.
    const auto assimpCounts = [&](const fs::path& file) {
      const fs::path report = stage / "assimp.txt";
      const std::string command = "'" + findProgram("assimp")->string() + "' info '" + file.string() + "' -r > '" +
                                  report.string() + "' 2>&1";
      BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, readText(report));
      const std::string text = readText(report);
      const auto field = [&](const std::string& name) {
        const auto at = text.find("\n" + name);
        BOOST_TEST_REQUIRE(at != std::string::npos, name << " in " << text);
        return std::stoul(text.substr(at + 1 + name.size()));
      };
      return std::array<std::size_t, 3>{field("Meshes:"), field("Vertices:"), field("Faces:")};
    };
    // The scenes show LOD 0 (MSFT_lod is an extension assimp leaves aside): its surface and its skirts, each
    // primitive a mesh of its own, 16-bit indices or 32.
    std::size_t meshes = 0, vertices = 0, faces = 0, cut = 0;
    for (const fs::path& file : gltfFiles(stage.path())) {
      if (file.parent_path() == stage.path()) continue;  // the scenes
      const GltfFile chunk(file);
      const auto node = chunk.json().at("scenes").at(0).at("nodes").at(0).to_number<std::size_t>();
      std::array<std::size_t, 3> counts{chunk.primitiveCount(node), 0, 0};
      BOOST_TEST_REQUIRE(counts[0] >= 2U);
      const auto& primitives =
          chunk.json().at("meshes").at(chunk.node(node).at("mesh").to_number<std::size_t>()).at("primitives");
      for (std::size_t p = 0; p < counts[0]; ++p) {
        const ReadMesh primitive = chunk.mesh(node, p);
        counts[1] += primitive.positions.size(), counts[2] += primitive.indices.size() / 3;
        // assimp keeps a strip's every triangle as a face, the degenerate ones that join its rows too.
        if (primitives.at(p).as_object().contains("mode")) {
          const auto indices = primitives.at(p).at("indices").to_number<std::size_t>();
          counts[2] += chunk.json().at("accessors").at(indices).at("count").to_number<std::size_t>() - 2 -
                       primitive.indices.size() / 3;
        }
      }
      cut += counts[0] > 2 ? 1U : 0U;
      BOOST_TEST((assimpCounts(file) == counts), file);
      meshes += counts[0], vertices += counts[1], faces += counts[2];
    }
    BOOST_TEST(cut > 0U);
    // The scenes: every chunk and the one water quad (4 vertices, 2 faces) that every region shows.
    BOOST_TEST_REQUIRE(!world.waterRegions.empty());
    for (const char* scene : {kScene, kLodScene}) {
      BOOST_TEST((assimpCounts(stage / scene) == std::array<std::size_t, 3>{meshes + 1, vertices + 4, faces + 2}),
                 scene);
    }
  }
}

BOOST_AUTO_TEST_CASE(run_compile_writes_the_heights_the_package_holds) {
  const TempDir dir;
  const fs::path layout = writePairLayout(dir.path());
  const ToolRun package = runTool({"run", "compile", layout.string(), (dir / "package").string(), "--quiet"});
  BOOST_TEST_REQUIRE(package.exitCode == 0, package.err);
  const ToolRun gltf =
      runTool({"run", "compile", layout.string(), (dir / "mesh").string(), "--quiet", "--exporter", "gltf", "--option",
               "chunk=100", "--option", "lod_error=0.5", "--jobs", "2"});
  BOOST_TEST_REQUIRE(gltf.exitCode == 0, gltf.err);
  for (const std::string id : {"w", "e"}) BOOST_TEST(fs::exists(dir / "mesh" / "biome" / (id + ".png")));

  const GltfFile scene(dir / "mesh" / kLodScene);
  std::size_t checked = 0;
  for (const auto& child : scene.node(scene.nodeNamed("terrain")).at("children").as_array()) {
    const auto index = child.to_number<std::size_t>();
    const std::string patch(scene.node(index).at("extras").at("patch").as_string());
    const auto terrain = boost::json::parse(readText(dir / "package" / "terrain" / (patch + ".json")));
    const auto& origin = terrain.at("origin_m").as_array();
    const double spacing = terrain.at("spacing_m").to_number<double>();
    const auto& rows = terrain.at("heights_m").as_array();
    for (const std::size_t level : scene.levels(index)) {
      for (const Vec3& v : scene.surface(level).positions) {
        const auto x = static_cast<std::size_t>(sampleIndex(v[0], origin[0].to_number<double>(), spacing));
        const auto z = static_cast<std::size_t>(sampleIndex(v[2], origin[1].to_number<double>(), spacing));
        if (static_cast<float>(v[1]) != static_cast<float>(rows.at(z).as_array().at(x).to_number<double>())) {
          BOOST_FAIL(patch << " height at " << x << "," << z);
        }
        ++checked;
      }
    }
  }
  BOOST_TEST(checked > 0U);
}

BOOST_AUTO_TEST_CASE(export_writes_one_blueprint_as_chunks_with_its_scene) {
  const TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample(256)).v2());
  const ToolRun run = runTool({"export", (dir / "island.dat").string(), (dir / "out").string(), "--quiet",
                               "--exporter", "gltf", "--option", "chunk=128"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const GltfFile scene(dir / "out" / kLodScene);
  std::vector<std::string> names;
  for (const auto& child : scene.node(scene.nodeNamed("terrain")).at("children").as_array()) {
    const auto& node = scene.node(child.to_number<std::size_t>());
    names.emplace_back(node.at("name").as_string());
    BOOST_TEST(scene.levels(child.to_number<std::size_t>()).size() == 3U);  // lod_error's default: two after LOD 0
    BOOST_TEST(fs::exists(dir / "out" / "chunks" / (names.back() + ".gltf")));
  }
  BOOST_TEST((names == std::vector<std::string>{"p-0-0_0_0", "p-0-0_1_0", "p-0-0_0_1", "p-0-0_1_1"}));
  BOOST_TEST(fs::exists(dir / "out" / "biome" / "island.png"));
  BOOST_TEST(fs::exists(dir / "out" / "levels.json"));
}

// Readers without MSFT_lod (Blender, assimp) instantiate every node of a
// file, in its scene or not: world.gltf has no node outside its scene and
// holds each chunk's LOD 0 (its surface and skirts) alone; world-lod.gltf is
// the same scene with the other levels as LOD 0's MSFT_lod alternatives.
BOOST_AUTO_TEST_CASE(world_gltf_holds_lod_0_alone_and_world_lod_gltf_every_level) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportGltf(world, stage.path(), {{"chunk", "128"}, {"lod_error", "0.25,1"}});
  const GltfFile scene(stage / kScene), levels(stage / kLodScene);
  BOOST_TEST(nodesInScene(scene).size() == scene.json().at("nodes").as_array().size());
  BOOST_TEST(!scene.json().contains("extensionsUsed"));
  BOOST_TEST(levels.json().at("extensionsUsed").as_array() == boost::json::array{"MSFT_lod"});
  const auto shown = chunksOf(world, scene), every = chunksOf(world, levels);
  BOOST_TEST_REQUIRE(shown.size() == every.size());
  for (std::size_t c = 0; c < shown.size(); ++c) {
    BOOST_TEST(shown[c].name == every[c].name);
    BOOST_TEST_REQUIRE(shown[c].levels.size() == 1U);
    BOOST_TEST_REQUIRE(every[c].levels.size() == 3U);
    BOOST_TEST(sameMesh(scene.surface(shown[c].levels[0]), levels.surface(every[c].levels[0])), shown[c].name);
    BOOST_TEST(!scene.skirts(shown[c].levels[0]).positions.empty());
    BOOST_TEST(sameMesh(scene.skirts(shown[c].levels[0]), levels.skirts(every[c].levels[0])), shown[c].name);
  }
}

// Blender has no MSFT_lod and imports every node of a file: world.gltf
// must show it the terrain once, one mesh object a chunk holding LOD 0 and
// its skirts, at most 1.25 times the grid's samples in all, and the water.
BOOST_AUTO_TEST_CASE(blender_imports_the_terrain_once, *boost::unit_test::precondition(blenderOrCi)) {
  BOOST_TEST_REQUIRE(findProgram("blender").has_value(), "blender is not on PATH: run scripts/install-deps");
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage, scratch;
  exportGltf(world, stage.path(), {{"chunk", "128"}});  // the default levels: two after LOD 0
  BOOST_TEST_REQUIRE(fs::exists(stage / kLodScene));
  auto meshes = blenderMeshes(stage / kScene, scratch.path());
  // The water: a quad a region with an area.
  std::size_t water = 0;
  for (const WaterRegion& region : world.waterRegions) {
    if (!(region.maxX > region.minX && region.maxZ > region.minZ)) continue;
    BOOST_TEST(meshes.erase(region.id) == 1U, region.id);
    ++water;
  }
  BOOST_TEST(water > 0U);
  // The rest is the terrain: one object a chunk, each named as its chunk.
  std::set<std::string> chunks, terrain;
  for (const ChunkNodes& chunk : chunksOf(world, GltfFile(stage / kScene))) chunks.insert(chunk.name);
  std::size_t terrainVertices = 0;
  for (const auto& [name, vertices] : meshes) {
    terrain.insert(name);
    terrainVertices += vertices;
  }
  BOOST_TEST(terrain == chunks, boost::test_tools::per_element());
  std::size_t samples = 0;
  for (const Patch& patch : world.patches) samples += std::size_t(patch.pointsX) * std::size_t(patch.pointsZ);
  BOOST_TEST(terrainVertices >= samples);
  BOOST_TEST(terrainVertices <= 1.25 * static_cast<double>(samples),
             terrainVertices << " terrain vertices for " << samples << " samples");
}

BOOST_AUTO_TEST_CASE(a_bad_option_on_the_command_line_writes_nothing) {
  const TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample(256)).v2());
  const ToolRun run = runTool({"export", (dir / "island.dat").string(), (dir / "out").string(), "--quiet",
                               "--exporter", "gltf", "--option", "lod_error=12,4"});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(run.err.find("exporter 'gltf' (plugin gltf): option 'lod_error' takes 0 alone, or up to 7 increasing metres") !=
             std::string::npos, run.err);
  BOOST_TEST(!fs::exists(dir / "out"));
  const ToolRun options = runTool({"plugins", "--options", "gltf"});
  BOOST_TEST(options.exitCode == 0, options.err);
  BOOST_TEST(options.out.find("chunk") != std::string::npos, options.out);
  BOOST_TEST(options.out.find("lod_error") != std::string::npos, options.out);
}

BOOST_AUTO_TEST_SUITE_END()
