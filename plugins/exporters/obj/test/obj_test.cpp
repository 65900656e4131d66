// SPDX-License-Identifier: MIT
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "mesh_checks.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"
#include "world_fixture.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

const Exporter& exporter() { return shippedExporter("obj"); }

struct Corner {
  std::size_t v = 0, vt = 0, vn = 0;  // from 0
};
using Vec3 = std::array<double, 3>;

struct ObjGroup {
  std::string name;
  std::string material;
  std::vector<std::array<Corner, 3>> faces;
};

// The OBJ read back as a consumer reads it.
struct ObjMesh {
  std::string mtllib;
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;
  std::vector<std::array<double, 2>> uvs;
  std::vector<ObjGroup> groups;

  Vec3 position(const Corner& c) const { return positions.at(c.v); }
  // The (x, z) of every vertex the group's faces use.
  std::set<std::pair<double, double>> footprint(const ObjGroup& group) const {
    std::set<std::pair<double, double>> out;
    for (const auto& face : group.faces) {
      for (const Corner& c : face) out.emplace(position(c)[0], position(c)[2]);
    }
    return out;
  }
};

Corner parseCorner(const std::string& token) {
  Corner c;
  char slash1 = 0, slash2 = 0;
  std::istringstream in(token);
  in >> c.v >> slash1 >> c.vt >> slash2 >> c.vn;
  if (!in || slash1 != '/' || slash2 != '/') BOOST_FAIL("corner " << token);
  return {c.v - 1, c.vt - 1, c.vn - 1};
}

ObjMesh parseObj(const fs::path& path) {
  ObjMesh mesh;
  std::ifstream file(path);
  std::string line;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "v" || tag == "vn") {
      Vec3 v{};
      in >> v[0] >> v[1] >> v[2];
      (tag == "v" ? mesh.positions : mesh.normals).push_back(v);
    } else if (tag == "vt") {
      std::array<double, 2> uv{};
      in >> uv[0] >> uv[1];
      mesh.uvs.push_back(uv);
    } else if (tag == "f") {
      std::array<std::string, 3> tokens;
      in >> tokens[0] >> tokens[1] >> tokens[2];
      if (mesh.groups.empty()) BOOST_FAIL("a face before any group");
      mesh.groups.back().faces.push_back({parseCorner(tokens[0]), parseCorner(tokens[1]), parseCorner(tokens[2])});
    } else if (tag == "g") {
      mesh.groups.emplace_back().name = line.substr(2);
    } else if (tag == "usemtl") {
      mesh.groups.back().material = line.substr(7);
    } else if (tag == "mtllib") {
      mesh.mtllib = line.substr(7);
    } else {
      if (!tag.empty() && tag[0] != '#') BOOST_FAIL("unexpected line " << line);
    }
    if (in.fail()) BOOST_FAIL("unreadable line " << line);
  }
  return mesh;
}

void exportObj(const World& world, const fs::path& stage, const ExportValues& values = {}) {
  exportWorld(exporter(), world, stage, values);
}

ObjMesh objOf(const World& world, const ExportValues& values = {}) {
  const TempDir stage;
  exportObj(world, stage.path(), values);
  return parseObj(stage.path() / "terrain.obj");
}

float asFloat(double value) { return static_cast<float>(value); }

bool sameNormal(const Vec3& written, const Normal& expected) {
  return asFloat(written[0]) == asFloat(expected.x) && asFloat(written[1]) == asFloat(expected.y) &&
         asFloat(written[2]) == asFloat(expected.z);
}

// Every vertex on the patch's samples with the World's height there.
void checkHeights(const World& world, const ObjMesh& mesh) {
  for (const ObjGroup& group : mesh.groups) {
    const std::size_t p = patchIndex(world, group.name);
    const Patch& patch = world.patches[p];
    const auto heights = patchHeights(world, p);
    for (const auto& face : group.faces) {
      for (const Corner& c : face) {
        const Vec3 v = mesh.position(c);
        const auto x = sampleIndex(v[0], patch.originX, world.settings.spacingM);
        const auto z = sampleIndex(v[2], patch.originZ, world.settings.spacingM);
        if (asFloat(v[1]) != heights.at(static_cast<std::size_t>(z)).at(static_cast<std::size_t>(x))) {
          BOOST_FAIL(group.name << " height at " << x << "," << z);
        }
      }
    }
  }
}

// One height and one normal at every (x, z), whichever patch writes it: no crack.
void checkSeamless(const ObjMesh& mesh) {
  std::map<std::pair<double, double>, std::pair<double, Vec3>> seen;
  for (const ObjGroup& group : mesh.groups) {
    for (const auto& face : group.faces) {
      for (const Corner& c : face) {
        const Vec3 v = mesh.position(c);
        const auto [it, fresh] = seen.try_emplace({v[0], v[2]}, v[1], mesh.normals.at(c.vn));
        if (!fresh && it->second != std::pair(v[1], mesh.normals.at(c.vn))) {
          BOOST_FAIL("crack at " << v[0] << "," << v[2]);
        }
      }
    }
  }
}

std::string errorOf(const World& world, const ExportValues& values) {
  const TempDir stage;
  try {
    exportObj(world, stage.path(), values);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "no error";
}

boost::test_tools::assertion_result assimpInstalled(boost::unit_test::test_unit_id unit) {
  return programOrCi(unit, "assimp", "assimp-utils");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(obj)

BOOST_AUTO_TEST_CASE(registers_with_its_options_and_no_package_validator) {
  BOOST_TEST(exporter().name() == "obj");
  BOOST_TEST(exporter().packageValidator().empty());
  std::vector<std::string> names;
  for (const auto& spec : exporter().options()) names.push_back(spec.name);
  BOOST_TEST((names == std::vector<std::string>{"stride", "window", "weld", "lod_error"}));
}

BOOST_AUTO_TEST_CASE(every_face_is_one_of_the_contracts_triangles) {
  // Every sample, in a window across all nine patches of a 2 x 2 world.
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const double lo = 200, hi = 320;
  const ObjMesh mesh = objOf(world, {{"window", "200,200,320,320"}});
  BOOST_TEST(mesh.mtllib == "terrain.mtl");
  BOOST_TEST_REQUIRE(mesh.groups.size() == world.patches.size());
  const double s = world.settings.spacingM;
  for (const ObjGroup& group : mesh.groups) {
    const std::size_t p = patchIndex(world, group.name);
    const Patch& patch = world.patches[p];
    BOOST_TEST(group.material == (patch.source ? "biome-" + world.sources[*patch.source].id : "transition"));
    const double cellsX = std::min(patch.maxX(s), hi) - std::max(patch.originX, lo);
    const double cellsZ = std::min(patch.maxZ(s), hi) - std::max(patch.originZ, lo);
    BOOST_TEST(static_cast<double>(group.faces.size()) == 2 * cellsX * cellsZ / (s * s), group.name);
    std::set<std::tuple<std::int32_t, std::int32_t, bool>> triangles;
    for (const auto& face : group.faces) {
      const Vec3 nw = mesh.position(face[0]), b = mesh.position(face[1]), c = mesh.position(face[2]);
      const auto x = sampleIndex(nw[0], patch.originX, s), z = sampleIndex(nw[2], patch.originZ, s);
      // NW-SE-NE or NW-SW-SE: counter-clockwise seen from +Y.
      const bool upper = b[0] == nw[0] + s && b[2] == nw[2] + s && c[0] == nw[0] + s && c[2] == nw[2];
      const bool lower = b[0] == nw[0] && b[2] == nw[2] + s && c[0] == nw[0] + s && c[2] == nw[2] + s;
      if (!upper && !lower) BOOST_FAIL(group.name << " face at " << x << "," << z << " is not a contract triangle");
      if ((b[2] - nw[2]) * (c[0] - nw[0]) - (b[0] - nw[0]) * (c[2] - nw[2]) <= 0) BOOST_FAIL("clockwise from +Y");
      if (!triangles.emplace(x, z, upper).second) BOOST_FAIL("a triangle twice");
      // The contract's height at the centroid is the triangle's.
      const double cx = (nw[0] + b[0] + c[0]) / 3, cz = (nw[2] + b[2] + c[2]) / 3;
      const double expected = sampleHeight(world, p, cx, cz);
      if (std::abs((nw[1] + b[1] + c[1]) / 3 - expected) > 1e-4 * (1 + std::abs(expected))) {
        BOOST_FAIL(group.name << " centroid " << cx << "," << cz << " is off the contract's surface");
      }
      // Texel centres of the patch's image, north at the top.
      const auto uv = mesh.uvs.at(face[0].vt);
      if (asFloat(uv[0]) != asFloat((x + 0.5) / patch.pointsX) ||
          asFloat(uv[1]) != asFloat(1 - (z + 0.5) / patch.pointsZ)) {
        BOOST_FAIL(group.name << " UV at " << x << "," << z);
      }
    }
  }
  checkHeights(world, mesh);
}

BOOST_AUTO_TEST_CASE(shared_vertices_carry_the_canonical_normals_and_meet) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const ObjMesh mesh = objOf(world, {{"stride", "4"}});
  std::size_t checked = 0;
  for (const Edge& edge : world.edges) {
    for (const EdgeMember& member : edge.members) {
      const ObjGroup& group = mesh.groups.at(member.patch);
      BOOST_TEST_REQUIRE(group.name == world.patches[member.patch].id);
      for (const auto& face : group.faces) {
        for (const Corner& c : face) {
          const Vec3 v = mesh.position(c);
          const double along = edge.axis == Axis::X ? v[0] - edge.originX : v[2] - edge.originZ;
          const double across = edge.axis == Axis::X ? v[2] - edge.originZ : v[0] - edge.originX;
          if (across != 0) continue;
          const auto i = static_cast<std::size_t>(along / world.settings.spacingM);
          if (asFloat(v[1]) != edge.heights.at(i) || !sameNormal(mesh.normals.at(c.vn), edge.normals.at(i))) {
            BOOST_FAIL(edge.id << " sample " << i << " in " << group.name);
          }
          ++checked;
        }
      }
    }
  }
  BOOST_TEST(checked > 0U);
  checkSeamless(mesh);
}

BOOST_AUTO_TEST_CASE(interior_normals_come_from_the_surface) {
  // On one plane every normal, interior or canonical, is the plane's.
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256, .plane = true});
  const ObjMesh mesh = objOf(world, {{"stride", "3"}});
  const double length = std::sqrt(kPlaneSlopeX * kPlaneSlopeX + 1 + kPlaneSlopeZ * kPlaneSlopeZ);
  for (const Vec3& n : mesh.normals) {
    if (std::abs(n[0] + kPlaneSlopeX / length) > 1e-3 || std::abs(n[1] - 1 / length) > 1e-3 ||
        std::abs(n[2] + kPlaneSlopeZ / length) > 1e-3) {
      BOOST_FAIL("normal " << n[0] << "," << n[1] << "," << n[2] << " is not the plane's");
    }
  }
  BOOST_TEST(mesh.normals.size() == mesh.positions.size());
}

BOOST_AUTO_TEST_CASE(weld_writes_each_shared_vertex_once) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const ObjMesh apart = objOf(world, {{"stride", "3"}});
  const ObjMesh welded = objOf(world, {{"stride", "3"}, {"weld", "true"}});
  std::set<std::pair<double, double>> distinct;
  for (const Vec3& v : welded.positions) {
    if (!distinct.emplace(v[0], v[2]).second) BOOST_FAIL("a second vertex at " << v[0] << "," << v[2]);
  }
  BOOST_TEST(welded.positions.size() < apart.positions.size());
  BOOST_TEST(welded.uvs.size() == apart.uvs.size());  // each patch keeps its own UVs
  BOOST_TEST_REQUIRE(welded.groups.size() == apart.groups.size());
  for (std::size_t g = 0; g < apart.groups.size(); ++g) {
    BOOST_TEST_REQUIRE(welded.groups[g].faces.size() == apart.groups[g].faces.size());
    for (std::size_t f = 0; f < apart.groups[g].faces.size(); ++f) {
      for (std::size_t k = 0; k < 3; ++k) {
        const Corner a = apart.groups[g].faces[f][k], w = welded.groups[g].faces[f][k];
        if (apart.position(a) != welded.position(w) || apart.normals.at(a.vn) != welded.normals.at(w.vn) ||
            apart.uvs.at(a.vt) != welded.uvs.at(w.vt)) {
          BOOST_FAIL("face " << f << " of " << apart.groups[g].name << " differs when welded");
        }
      }
    }
  }
  checkSeamless(welded);
}

BOOST_AUTO_TEST_CASE(stride_keeps_every_kth_sample_and_each_patchs_last) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  for (const std::string weld : {"false", "true"}) {
    const ObjMesh mesh = objOf(world, {{"stride", "5"}, {"weld", weld}});
    for (const ObjGroup& group : mesh.groups) {
      const Patch& patch = world.patches[patchIndex(world, group.name)];
      std::set<std::int32_t> xs, expected;
      for (const auto& [x, z] : mesh.footprint(group)) {
        xs.insert(sampleIndex(x, patch.originX, world.settings.spacingM));
      }
      for (std::int32_t x = 0; x < patch.pointsX; x += 5) expected.insert(x);
      expected.insert(patch.pointsX - 1);
      BOOST_TEST(xs == expected, group.name);
    }
    checkHeights(world, mesh);
    checkSeamless(mesh);
  }
  // A stride past every patch leaves each its four corners.
  const ObjMesh corners = objOf(world, {{"stride", "1000"}});
  for (const ObjGroup& group : corners.groups) BOOST_TEST(group.faces.size() == 2U);
}

BOOST_AUTO_TEST_CASE(window_keeps_the_samples_inside_it) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  // Across the west sources, the strip between them and into the east ones.
  const ObjMesh mesh = objOf(world, {{"window", "250.5,3,270,20.25"}, {"stride", "4"}});
  double minX = 1e9, maxX = -1e9, minZ = 1e9, maxZ = -1e9;
  for (const Vec3& v : mesh.positions) {
    minX = std::min(minX, v[0]), maxX = std::max(maxX, v[0]);
    minZ = std::min(minZ, v[2]), maxZ = std::max(maxZ, v[2]);
  }
  BOOST_TEST(minX == 251);
  BOOST_TEST(maxX == 270);
  BOOST_TEST(minZ == 3);
  BOOST_TEST(maxZ == 20);
  BOOST_TEST(mesh.groups.size() == 3U);  // p-0-0, p-0-1, p-0-2
  checkHeights(world, mesh);
  checkSeamless(mesh);
}

BOOST_AUTO_TEST_CASE(a_window_without_a_cell_is_refused) {
  const World world = buildTestWorld({.rows = 1, .cols = 1, .mapSize = 256});
  const std::string none = "the window holds no cell of the world";
  BOOST_TEST(errorOf(world, {{"window", "5000,5000,6000,6000"}}) == none);
  BOOST_TEST(errorOf(world, {{"window", "3.2,0,3.8,10"}}) == none);  // no sample column inside
  BOOST_TEST(errorOf(world, {{"window", "0,255,10,258"}}) == none);    // only the last row
}

BOOST_AUTO_TEST_CASE(a_bad_option_value_is_refused_naming_it) {
  const World world = buildTestWorld({.rows = 1, .cols = 1, .mapSize = 256});
  const std::vector<std::pair<std::map<std::string, std::string>, std::string>> cases{
      {{{"stride", "0"}}, "obj: option 'stride' takes an integer from 1 to 2147483647, not '0'"},
      {{{"stride", "2x"}}, "obj: option 'stride' takes an integer from 1 to 2147483647, not '2x'"},
      {{{"window", "1,2,3"}}, "obj: option 'window' takes 4 numbers joined by ',', not '1,2,3'"},
      {{{"window", "1,2,3,4,5"}}, "obj: option 'window' takes 4 numbers joined by ',', not '1,2,3,4,5'"},
      {{{"window", "0,0,inf,4"}}, "obj: option 'window' takes 4 numbers joined by ',', not '0,0,inf,4'"},
      {{{"window", "5,0,1,4"}}, "option 'window' takes min_x below max_x and min_z below max_z"},
      {{{"weld", "yes"}}, "obj: option 'weld' takes true or false, not 'yes'"},
      {{{"lod_error", "-1"}}, "obj: option 'lod_error' takes a number of at least 0, not '-1'"},
      {{{"lod_error", "1m"}}, "obj: option 'lod_error' takes a number of at least 0, not '1m'"},
      {{{"lod_error", "inf"}}, "obj: option 'lod_error' takes a number of at least 0, not 'inf'"},
      {{{"lod_error", "1"}, {"stride", "2"}},
       "option 'lod_error' above 0 takes neither 'stride' nor 'weld': a level picks its own vertices"},
      {{{"lod_error", "1"}, {"weld", "true"}},
       "option 'lod_error' above 0 takes neither 'stride' nor 'weld': a level picks its own vertices"},
  };
  for (const auto& [values, message] : cases) BOOST_TEST(errorOf(world, values) == message);
}

BOOST_AUTO_TEST_CASE(lod_error_writes_one_level_within_it_with_skirts) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const double s = world.settings.spacingM;
  for (const double asked : {1.0, 4.0}) {
    const ObjMesh grid = objOf(world, {{"window", "100,0,700,300"}});
    const ObjMesh mesh = objOf(world, {{"window", "100,0,700,300"}, {"lod_error", asked == 1 ? "1" : "4"}});
    std::size_t surfaceFaces = 0, gridFaces = 0, skirtFaces = 0;
    for (const ObjGroup& group : grid.groups) gridFaces += group.faces.size();
    for (const ObjGroup& group : mesh.groups) {
      const std::size_t p = patchIndex(world, group.name);
      const Patch& patch = world.patches[p];
      const auto heights = patchHeights(world, p);
      const auto heightAt = [&](std::int32_t x, std::int32_t z) {
        return static_cast<double>(heights.at(static_cast<std::size_t>(z)).at(static_cast<std::size_t>(x)));
      };
      for (const auto& face : group.faces) {
        SampleTriangle triangle;
        bool skirt = false;
        for (std::size_t k = 0; k < 3; ++k) {
          const Vec3 v = mesh.position(face[k]);
          const auto x = sampleIndex(v[0], patch.originX, s), z = sampleIndex(v[2], patch.originZ, s);
          triangle.x[k] = x, triangle.y[k] = v[1], triangle.z[k] = z;
          // A vertex is a sample at its height, or a skirt's lower vertex below it.
          if (asFloat(v[1]) != asFloat(heightAt(x, z))) {
            BOOST_TEST_REQUIRE(v[1] < heightAt(x, z));
            skirt = true;
          }
        }
        if (skirt) {
          ++skirtFaces;
          continue;
        }
        ++surfaceFaces;
        BOOST_TEST_REQUIRE(triangle.turn() < 0);  // counter-clockwise seen from +Y
        // Every sample under the face within the asked error of the package's height.
        forEachSampleUnder(triangle, [&](std::int32_t x, std::int32_t z, double surface) {
          if (std::abs(surface - heightAt(x, z)) > asked) BOOST_FAIL(group.name << " off at " << x << "," << z);
        });
      }
    }
    BOOST_TEST(surfaceFaces * 2 < gridFaces);  // the test world's 2 m sawtooth keeps many at 1 m
    BOOST_TEST(skirtFaces > 0U);
  }
}

BOOST_AUTO_TEST_CASE(the_mtl_maps_each_sources_biome_image_written_beside_it) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage, png;
  exportObj(world, stage.path());
  BOOST_TEST(readText(stage.path() / "terrain.mtl") ==
             "# Materials of terrain.obj: a source patch's biome image\n"
             "newmtl biome-s00\nKd 1 1 1\nmap_Kd biome/s00.png\n"
             "newmtl biome-s01\nKd 1 1 1\nmap_Kd biome/s01.png\n"
             "newmtl transition\nKd 0.5 0.5 0.5\n");
  // The png exporter's image, byte for byte.
  const auto* pngExporter = sharedKernel().registry().exporter("png");
  BOOST_TEST_REQUIRE(pngExporter);
  exportWorld(*pngExporter->object, world, png.path(), {{"layers", "biome"}});
  for (const std::string id : {"s00", "s01"}) {
    const fs::path image = fs::path("biome") / (id + ".png");
    BOOST_TEST_REQUIRE(fs::exists(stage.path() / image));
    BOOST_TEST((readFile(stage.path() / image) == readFile(png.path() / image)), image);
  }
}

BOOST_AUTO_TEST_CASE(assimp_reads_the_same_meshes_faces_and_bounds, *boost::unit_test::precondition(assimpInstalled)) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportObj(world, stage.path(), {{"stride", "3"}, {"weld", "true"}});
  const ObjMesh mesh = parseObj(stage.path() / "terrain.obj");
  const fs::path report = stage.path() / "assimp.txt";
  BOOST_TEST_REQUIRE(findProgram("assimp").has_value(), "assimp is not on PATH: run scripts/install-deps");
  const std::string command = "'" + findProgram("assimp")->string() + "' info '" + (stage.path() / "terrain.obj").string() +
                              "' -r > '" + report.string() + "' 2>&1";
  BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, readText(report));
  const std::string text = readText(report);
  std::size_t faces = 0;
  Vec3 min{1e9, 1e9, 1e9}, max{-1e9, -1e9, -1e9};
  std::ostringstream meshes;
  for (std::size_t g = 0; g < mesh.groups.size(); ++g) {
    faces += mesh.groups[g].faces.size();
    // A raw import reads each face corner as its own vertex.
    meshes << "    " << g << " (" << mesh.groups[g].name << "): [" << 3 * mesh.groups[g].faces.size() << " / 0 / "
           << mesh.groups[g].faces.size() << " | triangle]\n";
  }
  for (const Vec3& v : mesh.positions) {
    for (std::size_t k = 0; k < 3; ++k) min[k] = std::min(min[k], v[k]), max[k] = std::max(max[k], v[k]);
  }
  const auto field = [&](const std::string& name) {
    const auto at = text.find("\n" + name);
    BOOST_TEST_REQUIRE(at != std::string::npos, name << " in " << text);
    return text.substr(at + 1 + name.size(), text.find('\n', at + 1) - at - 1 - name.size());
  };
  const auto point = [&](const std::string& name) {
    Vec3 p{};
    char open = 0;
    std::istringstream(field(name)) >> open >> p[0] >> p[1] >> p[2];
    return p;
  };
  BOOST_TEST(std::stoul(field("Meshes:")) == mesh.groups.size());
  BOOST_TEST(std::stoul(field("Faces:")) == faces);
  BOOST_TEST(std::stoul(field("Vertices:")) == 3 * faces);
  BOOST_TEST(text.find(meshes.str()) != std::string::npos, meshes.str() << "\nin\n" << text);
  for (std::size_t k = 0; k < 3; ++k) {
    BOOST_TEST(std::abs(point("Minimum point") [k] - min[k]) < 1e-4);
    BOOST_TEST(std::abs(point("Maximum point") [k] - max[k]) < 1e-4);
  }
}

BOOST_AUTO_TEST_CASE(run_compile_writes_the_heights_the_package_holds) {
  const TempDir dir;
  const fs::path layout = writePairLayout(dir.path());
  const ToolRun package = runTool({"run", "compile", layout.string(), (dir / "package").string(), "--quiet"});
  BOOST_TEST_REQUIRE(package.exitCode == 0, package.err);
  const ToolRun obj = runTool({"run", "compile", layout.string(), (dir / "mesh").string(), "--quiet",
                               "--exporter", "obj", "--option", "stride=2", "--option", "weld=true"});
  BOOST_TEST_REQUIRE(obj.exitCode == 0, obj.err);
  BOOST_TEST(fs::exists(dir / "mesh" / "terrain.mtl"));

  const ObjMesh mesh = parseObj(dir / "mesh" / "terrain.obj");
  const auto world = boost::json::parse(readText(dir / "package" / "world.json"));
  std::size_t checked = 0;
  for (const ObjGroup& group : mesh.groups) {
    const auto terrain = boost::json::parse(readText(dir / "package" / "terrain" / (group.name + ".json")));
    const auto& origin = terrain.at("origin_m").as_array();
    const double spacing = terrain.at("spacing_m").to_number<double>();
    const auto& rows = terrain.at("heights_m").as_array();
    for (const auto& face : group.faces) {
      for (const Corner& c : face) {
        const Vec3 v = mesh.position(c);
        const auto x = static_cast<std::size_t>(sampleIndex(v[0], origin[0].to_number<double>(), spacing));
        const auto z = static_cast<std::size_t>(sampleIndex(v[2], origin[1].to_number<double>(), spacing));
        if (asFloat(v[1]) != asFloat(rows.at(z).as_array().at(x).to_number<double>())) {
          BOOST_FAIL(group.name << " height at " << x << "," << z);
        }
        ++checked;
      }
    }
  }
  BOOST_TEST(mesh.groups.size() == world.at("patches").as_array().size());
  BOOST_TEST(checked > 0U);
}

BOOST_AUTO_TEST_SUITE_END()
