// SPDX-License-Identifier: MIT
// A hand-written 1 x 1 package (one 3 x 3 patch, its report figures worked
// out by hand) and one broken variant a rule; then a compiled 2 x 1 world
// with one value edited a rule.
#include <boost/test/unit_test.hpp>

#include <functional>
#include <tuple>

#include "hand_package.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;
namespace json = boost::json;
namespace fs = std::filesystem;

namespace {

const PackageValidator& validator() {
  const auto* registration = sharedKernel().registry().packageValidator("terrain-world-v1");
  BOOST_REQUIRE(registration);
  return *registration->object;
}

// Every diagnostic as "code file pointer: message", for failure output.
std::string listed(const Diagnostics& d) { return describe(d); }

const Diagnostic& expectOne(const Diagnostics& out, std::string_view code) {
  const Diagnostic* found = out.find(code);
  BOOST_TEST_INFO("diagnostics: " << listed(out));
  BOOST_REQUIRE(found);
  return *found;
}

bool says(const Diagnostic& d, std::string_view text) {
  BOOST_TEST_INFO("message: " << d.message);
  return d.message.find(text) != std::string::npos;
}

struct Checked {
  Diagnostics out;
  PackageSummary summary;
};

Checked check(const fs::path& path, CheckDepth depth = CheckDepth::Full) {
  Checked c;
  c.summary = validator().check(path, c.out, depth, 0);
  return c;
}

Checked checkHand(const std::function<void(HandPackage&)>& edit,
                  const std::function<void(const fs::path&)>& afterWrite = {}) {
  TempDir dir;
  HandPackage package;
  edit(package);
  package.write(dir.path());
  if (afterWrite) afterWrite(dir.path());
  return check(dir.path());
}

void expectValid(const Checked& c, const std::string& name, std::size_t sources, std::size_t patches,
                 std::size_t edges) {
  BOOST_TEST_INFO(listed(c.out));
  BOOST_TEST(c.out.empty());
  BOOST_TEST(c.summary.name == name);
  BOOST_TEST(c.summary.sources == sources);
  BOOST_TEST(c.summary.patches == patches);
  BOOST_TEST(c.summary.boundaries == edges);
}

json::object& patch0(HandPackage& p) { return p.world.as_object()["patches"].as_array()[0].as_object(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(terrain_world_v1)

BOOST_AUTO_TEST_CASE(the_hand_written_package_is_valid) {
  TempDir dir;
  HandPackage package;
  package.write(dir.path());
  BOOST_TEST(validator().recognises(dir.path()));
  BOOST_TEST(validator().recognises(dir / "world.json"));
  BOOST_TEST(!validator().recognises(dir / "boundaries.json"));
  BOOST_TEST(!validator().recognises(dir / "terrain"));
  for (const fs::path& path : {dir.path(), dir / "world.json"}) {
    expectValid(check(path), "tiny", 1, 1, 0);
  }
}

BOOST_AUTO_TEST_CASE(a_schema_violation_names_file_pointer_and_key) {
  const Checked c = checkHand([](HandPackage& p) { p.world.as_object()["colour"] = "red"; });
  const Diagnostic& d = expectOne(c.out, "world.schema");
  BOOST_TEST(d.file == "world.json");
  BOOST_TEST(d.pointer == "/colour");
  BOOST_TEST(says(d, "unknown key 'colour'; the keys are: format, schema_version, name,"));
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(c.summary.name == "tiny");

  const Checked companion = checkHand([](HandPackage& p) { p.report.as_object()["counts"].as_object().erase("roads"); });
  const Diagnostic& r = expectOne(companion.out, "world.schema");
  BOOST_TEST(r.file == "compilation-report.json");
  BOOST_TEST(r.pointer == "/counts");
  BOOST_TEST(says(r, "missing required key 'roads'"));
}

BOOST_AUTO_TEST_CASE(a_duplicate_key_is_a_schema_error) {
  const Checked c = checkHand([](HandPackage&) {}, [](const fs::path& dir) {
    std::string text = readText(dir / "world.json");
    text.replace(text.find("\"name\""), 0, "\"name\": \"other\",\n  ");
    writeText(dir / "world.json", text);
  });
  const Diagnostic& d = expectOne(c.out, "world.schema");
  BOOST_TEST(d.pointer == "/name");
  BOOST_TEST(says(d, "the key 'name' appears twice in one object; keep one of them"));
}

BOOST_AUTO_TEST_CASE(a_changed_file_fails_its_hash) {
  const Checked c = checkHand([](HandPackage&) {}, [](const fs::path& dir) {
    writeText(dir / "compilation-report.json", readText(dir / "compilation-report.json") + " ");
  });
  const Diagnostic& d = expectOne(c.out, "world.hash-mismatch");
  BOOST_TEST(d.file == "world.json");
  BOOST_TEST(d.pointer == "/report/sha256");
  BOOST_TEST(says(d, "'compilation-report.json' hashes to "));
  BOOST_TEST(says(d, "the file was changed after compilation; recompile the package"));
}

BOOST_AUTO_TEST_CASE(unsafe_paths_are_refused_before_they_are_opened) {
  const std::pair<const char*, const char*> cases[] = {
      {"../p-0-0.json", "has a '..' component"}, {"/etc/passwd", "is absolute"},
      {"terrain\\p-0-0.json", "contains a backslash"}, {"terrain//p-0-0.json", "has an empty component"},
      {"./terrain/p-0-0.json", "has a '.' component"}};
  for (const auto& [path, reason] : cases) {
    const Checked c = checkHand([&](HandPackage& p) { patch0(p)["terrain"].as_object()["path"] = path; });
    const Diagnostic& d = expectOne(c.out, "world.unsafe-path");
    BOOST_TEST(d.pointer == "/patches/0/terrain/path");
    BOOST_TEST(says(d, reason));
    BOOST_TEST(says(d, "references are relative POSIX paths inside the package"));
  }
}

BOOST_AUTO_TEST_CASE(a_symlink_on_the_way_is_refused) {
  TempDir outside;
  HandPackage package;
  writeText(outside / "p-0-0.json", package.terrain);
  const Checked file = checkHand([](HandPackage&) {}, [&](const fs::path& dir) {
    fs::remove(dir / "terrain/p-0-0.json");
    fs::create_symlink(outside / "p-0-0.json", dir / "terrain/p-0-0.json");
  });
  const Diagnostic& d = expectOne(file.out, "world.symlink");
  BOOST_TEST(says(d, "'terrain/p-0-0.json' is a symbolic link"));
  const Checked folder = checkHand([](HandPackage&) {}, [&](const fs::path& dir) {
    fs::remove_all(dir / "terrain");
    fs::create_directory_symlink(outside.path(), dir / "terrain");
  });
  BOOST_TEST(says(expectOne(folder.out, "world.symlink"), "'terrain' is a symbolic link"));
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_named) {
  const Checked c = checkHand([](HandPackage&) {}, [](const fs::path& dir) { fs::remove(dir / "scenery/a.json"); });
  const Diagnostic& d = expectOne(c.out, "world.missing-file");
  BOOST_TEST(d.pointer == "/sources/0/scenery/path");
  BOOST_TEST(says(d, "'scenery/a.json' does not exist in the package"));
  TempDir empty;
  const Checked none = check(empty / "world.json");
  BOOST_TEST(says(expectOne(none.out, "world.missing-file"), "'world.json' does not exist"));
}

BOOST_AUTO_TEST_CASE(a_truncated_terrain_file_is_unreadable) {
  const Checked c = checkHand([](HandPackage&) {}, [](const fs::path& dir) {
    const std::string text = readText(dir / "terrain/p-0-0.json");
    writeText(dir / "terrain/p-0-0.json", text.substr(0, text.size() / 2));
  });
  const Diagnostic& d = expectOne(c.out, "world.unreadable");
  BOOST_TEST(d.file == "terrain/p-0-0.json");
  BOOST_TEST(says(d, "ends before its JSON does (truncated at byte"));
  const Checked junk = checkHand([](HandPackage&) {}, [](const fs::path& dir) { writeText(dir / "boundaries.json", "{]"); });
  BOOST_TEST(says(expectOne(junk.out, "world.unreadable"), "boundaries.json is not valid JSON at byte 1"));
}

BOOST_AUTO_TEST_CASE(wrong_values_in_the_heights_are_pointed_at) {
  const Checked c = checkHand([](HandPackage& p) {
    p.terrain.replace(p.terrain.find("[0,0.5,1],\n[0,0.5,1]\n"), 22, "[0,0.5,1],\n[0,0.5,\"x\"]\n");
  });
  const Diagnostic& d = expectOne(c.out, "world.terrain-heights");
  BOOST_TEST(d.pointer == "/heights_m/2/2");
  BOOST_TEST(says(d, "expected a number, got a string"));
  const Checked rows = checkHand([](HandPackage& p) { p.terrain.replace(p.terrain.find("[0,0.5,1],\n"), 10, ""); });
  BOOST_TEST(says(expectOne(rows.out, "world.terrain-heights"), "heights_m has 2 rows, not the point_count_z of 3"));
  const Checked row = checkHand([](HandPackage& p) { p.terrain.replace(p.terrain.find("[0,0.5,1]"), 9, "[0,0.5]"); });
  BOOST_TEST(says(expectOne(row.out, "world.terrain-heights"), "row 0 has 2 heights, not the point_count_x of 3"));
}

BOOST_AUTO_TEST_CASE(a_huge_claimed_count_allocates_nothing) {
  const Checked c = checkHand([](HandPackage& p) {
    patch0(p)["point_count_x"] = 1000000000000;
    p.terrain.replace(p.terrain.find("\"point_count_x\": 3"), 18, "\"point_count_x\": 1000000000000");
  });
  BOOST_TEST(says(expectOne(c.out, "world.patch-geometry"), "has 1000000000000 x 3 points"));
  BOOST_TEST(says(expectOne(c.out, "world.terrain-heights"), "not the point_count_x of 1000000000000"));
}

BOOST_AUTO_TEST_CASE(the_lattice_and_geometry_follow_from_the_cells) {
  const Checked kind = checkHand([](HandPackage& p) { patch0(p)["kind"] = "strip"; });
  BOOST_TEST(says(expectOne(kind.out, "world.lattice"), "patch 'p-0-0' is a strip but its lattice cell makes it a source"));
  const Checked bounds = checkHand([](HandPackage& p) { patch0(p)["bounds_m"].as_object()["max_x"] = 3; });
  const Diagnostic& d = expectOne(bounds.out, "world.patch-geometry");
  BOOST_TEST(d.pointer == "/patches/0/bounds_m");
  BOOST_TEST(says(d, "its origin, point counts and spacing_m give [0, 0] .. [2, 2]"));
  const Checked neighbour = checkHand([](HandPackage& p) { patch0(p)["neighbours"].as_object()["east"] = "p-0-1"; });
  BOOST_TEST(says(expectOne(neighbour.out, "world.neighbours"), "has 'p-0-1' on its east side but the lattice puts the world's perimeter there"));
}

BOOST_AUTO_TEST_CASE(report_figures_are_recomputed) {
  const Checked c = checkHand([](HandPackage& p) {
    p.report.as_object()["patches"].as_array()[0].as_object()["max_slope_deg"] = 30;
  });
  const Diagnostic& d = expectOne(c.out, "world.report-figure");
  BOOST_TEST(d.file == "compilation-report.json");
  BOOST_TEST(d.pointer == "/patches/0/max_slope_deg");
  BOOST_TEST(says(d, "max_slope_deg of 'p-0-0' is 30 but its terrain file gives 26.56505117707799"));
  const Checked count = checkHand([](HandPackage& p) { p.report.as_object()["counts"].as_object()["roads"] = 2; });
  BOOST_TEST(says(expectOne(count.out, "world.report-count"), "counts.roads is 2 but the package has 1"));
  const Checked steep = checkHand([](HandPackage& p) {
    p.world.as_object()["settings"].as_object()["slope_warning_deg"] = 20;
    p.report.as_object()["slope_warning_deg"] = 20;
  });
  BOOST_TEST(says(expectOne(steep.out, "world.report-warning"), "but no slope.steep warning"));
}

BOOST_AUTO_TEST_CASE(scenery_sits_on_the_terrain_and_names_its_assets) {
  const Checked c = checkHand([](HandPackage& p) {
    auto& town = p.scenery.as_object()["entities"].as_array()[0].as_object();
    town["position_m"].as_array()[1] = 0.8;
    town["asset_id"] = "a:asset:town-city";
    p.scenery.as_object()["roads"].as_array()[0].as_object()["id"] = "b:entity:road-trail-0";
  });
  const Diagnostic& y = expectOne(c.out, "world.scenery-elevation");
  BOOST_TEST(y.file == "scenery/a.json");
  BOOST_TEST(y.pointer == "/entities/0/position_m/1");
  BOOST_TEST(says(y, "y is 0.8 m but the terrain of p-0-0 at (1.5, 0.5) is 0.75 m"));
  BOOST_TEST(says(expectOne(c.out, "world.scenery-asset"), "asset 'a:asset:town-city' is not in this document's assets"));
  BOOST_TEST(says(expectOne(c.out, "world.scenery-id"), "entity 'b:entity:road-trail-0' is named a:entity:road-trail-0"));
}

BOOST_AUTO_TEST_CASE(water_regions_lie_in_their_patch) {
  const Checked c = checkHand([](HandPackage& p) {
    p.world.as_object()["water_regions"].as_array()[0].as_object()["footprint_m"].as_object()["max_x"] = 5;
  });
  const Diagnostic& d = expectOne(c.out, "world.water-region");
  BOOST_TEST(d.pointer == "/water_regions/0/footprint_m");
  BOOST_TEST(says(d, "not a rectangle inside patch 'p-0-0'"));
}

BOOST_AUTO_TEST_CASE(the_terrain_header_matches_world_json) {
  const Checked c = checkHand([](HandPackage& p) { p.terrain.replace(p.terrain.find("\"origin_m\": [0, 0]"), 18, "\"origin_m\": [0, 1]"); });
  const Diagnostic& d = expectOne(c.out, "world.terrain-header");
  BOOST_TEST(d.pointer == "/origin_m");
  BOOST_TEST(says(d, "terrain/p-0-0.json has origin_m [0, 1] but world.json gives [0, 0] for patch 'p-0-0'"));
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

// A 2 x 2 world of four synthesized 256² islands (gap_cells 4), compiled
// once: it has strips, a corner and edges meeting at lattice vertices.
const fs::path& compiledPackage() {
  static TempDir dir;
  static const fs::path package = [] {
    std::string sources;
    for (const auto& [name, seed, row, col] : {std::tuple("nw", "11", 0, 0), std::tuple("ne", "12", 0, 1),
                                               std::tuple("sw", "13", 1, 0), std::tuple("se", "14", 1, 1)}) {
      const ToolRun synth = runTool({"synth", "--size", "256", "--seed", seed, "--out", (dir / (std::string(name) + ".dat")).string()});
      BOOST_REQUIRE_MESSAGE(synth.exitCode == 0, synth.err);
      sources += std::string(sources.empty() ? "" : ", ") + "{\"id\": \"" + name + "\", \"namespace\": \"" + name +
                 "\", \"path\": \"" + name + ".dat\", \"row\": " + std::to_string(row) + ", \"col\": " + std::to_string(col) + "}";
    }
    writeText(dir / "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": "quad",
      "gap_cells": 4, "sources": [)" + sources + "]}");
    const ToolRun compile = runTool({"run", "compile", (dir / "layout.json").string(), (dir / "world").string(), "--quiet"});
    BOOST_REQUIRE_MESSAGE(compile.exitCode == 0, compile.err);
    return dir / "world";
  }();
  return package;
}

// A copy of the compiled package with one document edited; the references'
// hashes are fixed up unless `rehash` is false.
struct EditedPackage {
  TempDir dir;
  fs::path root = dir / "world";

  EditedPackage() { fs::copy(compiledPackage(), root, fs::copy_options::recursive); }

  void edit(const std::string& file, const std::function<void(json::value&)>& change, bool rehash = true) {
    json::value document = json::parse(readText(root / file));
    change(document);
    writeText(root / file, toJsonText(document) + "\n");
    if (!rehash || file == "world.json") return;
    json::value world = json::parse(readText(root / "world.json"));
    auto fix = [&](json::value& ref) {
      ref.as_object()["sha256"] = hashOf(root / std::string(ref.at("path").as_string()));
    };
    for (auto& s : world.at("sources").as_array()) fix(s.as_object()["scenery"]);
    for (auto& p : world.at("patches").as_array()) fix(p.as_object()["terrain"]);
    fix(world.as_object()["boundaries"]);
    fix(world.as_object()["report"]);
    writeText(root / "world.json", toJsonText(world) + "\n");
  }

  Checked check(CheckDepth depth = CheckDepth::Full) const { return ::check(root, depth); }
};

json::value& member(json::value& v, std::initializer_list<json::string_view> path) {
  json::value* at = &v;
  for (const auto& key : path) at = &at->as_object()[key];
  return *at;
}

// The diagnostic of `code`, after checking it is in `file` at `pointer`.
void expectAt(const Checked& c, std::string_view code, const std::string& file, const std::string& pointer,
              std::string_view text) {
  const Diagnostic& d = expectOne(c.out, code);
  BOOST_TEST(d.file == file);
  BOOST_TEST(d.pointer == pointer);
  BOOST_TEST(says(d, text));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compiled)

BOOST_AUTO_TEST_CASE(a_compiled_package_is_valid) {
  expectValid(check(compiledPackage()), "quad", 4, 9, 12);
}

BOOST_AUTO_TEST_CASE(the_hash_rule) {
  EditedPackage p;
  p.edit("terrain/p-1-1.json", [](json::value& t) { t.as_object()["spacing_m"] = 1.0; }, false);
  expectAt(p.check(), "world.hash-mismatch", "world.json", "/patches/4/terrain/sha256", "'terrain/p-1-1.json' hashes to ");
}

BOOST_AUTO_TEST_CASE(the_lattice_rules) {
  EditedPackage kind;
  kind.edit("world.json", [](json::value& w) { w.at("patches").as_array()[1].as_object()["kind"] = "corner"; });
  expectAt(kind.check(), "world.lattice", "world.json", "/patches/1/kind", "its lattice cell makes it a strip");
  EditedPackage origin;
  origin.edit("world.json", [](json::value& w) {
    w.at("patches").as_array()[1].at("origin_m").as_array()[0] = 1.5;
  });
  expectAt(origin.check(), "world.patch-geometry", "world.json", "/patches/1/origin_m", "its lattice cell puts it at [255, 0]");
  EditedPackage order;
  order.edit("world.json", [](json::value& w) { std::swap(w.at("sources").as_array()[0], w.at("sources").as_array()[1]); });
  expectAt(order.check(), "world.order", "world.json", "/sources/1", "sources are ordered by (row, col)");
}

BOOST_AUTO_TEST_CASE(the_neighbour_rule) {
  EditedPackage p;
  p.edit("world.json", [](json::value& w) { member(w.at("patches").as_array()[0], {"neighbours"}).as_object()["east"] = "p-1-1"; });
  expectAt(p.check(), "world.neighbours", "world.json", "/patches/0/neighbours/east",
           "patch 'p-0-0' has 'p-1-1' on its east side but the lattice puts 'p-0-1' there");
}

BOOST_AUTO_TEST_CASE(the_edge_rules) {
  EditedPackage owner;
  owner.edit("boundaries.json", [](json::value& b) { b.at("edges").as_array()[0].as_object()["owner"] = "p-0-1"; });
  expectAt(owner.check(), "world.edges", "boundaries.json", "/edges/0/owner",
           "edge 'e-0-0-east' has owner 'p-0-1'; between 'p-0-0' and 'p-0-1' it is 'p-0-0'");
  EditedPackage heights;
  heights.edit("boundaries.json", [](json::value& b) {
    auto& h = b.at("edges").as_array()[0].at("heights_m").as_array()[5];
    h = h.to_number<double>() + 1;
  });
  expectAt(heights.check(), "world.edge-heights", "boundaries.json", "/edges/0/heights_m/5", "sample 5 of edge 'e-0-0-east' is ");
  EditedPackage normal;
  normal.edit("boundaries.json", [](json::value& b) {
    b.at("edges").as_array()[0].at("normals").as_array()[7] = json::array{0, 2, 0};
  });
  expectAt(normal.check(), "world.edge-normal", "boundaries.json", "/edges/0/normals/7",
           "normal 7 of edge 'e-0-0-east' is [0, 2, 0] (length 2)");
  EditedPackage end;
  end.edit("boundaries.json", [](json::value& b) {
    auto& normals = b.at("edges").as_array()[0].at("normals").as_array();
    normals.back() = json::array{0.6, 0.8, 0};
  });
  const Checked c = end.check();
  BOOST_TEST(says(expectOne(c.out, "world.edge-endpoints"), "meet at a lattice vertex but disagree there"));
}

BOOST_AUTO_TEST_CASE(the_terrain_rules) {
  EditedPackage header;
  header.edit("terrain/p-0-1.json", [](json::value& t) { t.as_object()["patch_id"] = "p-0-0"; });
  expectAt(header.check(), "world.terrain-header", "terrain/p-0-1.json", "/patch_id",
           "terrain/p-0-1.json has patch_id 'p-0-0' but world.json gives 'p-0-1' for patch 'p-0-1'");
  EditedPackage rows;
  rows.edit("terrain/p-1-1.json", [](json::value& t) { t.at("heights_m").as_array().pop_back(); });
  expectAt(rows.check(), "world.terrain-heights", "terrain/p-1-1.json", "/heights_m",
           "heights_m has 4 rows, not the point_count_z of 5");
}

BOOST_AUTO_TEST_CASE(the_report_rules) {
  EditedPackage figure;
  figure.edit("compilation-report.json", [](json::value& r) {
    auto& slope = r.at("patches").as_array()[1].as_object()["max_slope_deg"];
    slope = slope.to_number<double>() + 0.001;
  });
  expectAt(figure.check(), "world.report-figure", "compilation-report.json", "/patches/1/max_slope_deg",
           "max_slope_deg of 'p-0-1' is ");
  EditedPackage count;
  count.edit("compilation-report.json", [](json::value& r) {
    auto& entities = member(r, {"counts", "entities"});
    entities = entities.to_number<std::int64_t>() + 1;
  });
  const Checked c = count.check();
  BOOST_TEST(says(expectOne(c.out, "world.report-count"), "counts.entities is "));
  EditedPackage warnings;
  warnings.edit("compilation-report.json", [](json::value& r) {
    r.at("warnings").as_array().clear();
    member(r, {"counts", "warnings"}) = 0;
  });
  const Checked w = warnings.check();
  BOOST_TEST(says(expectOne(w.out, "world.report-warning"), "but no slope.steep warning"));
}

// A stage the compiler has just written: its report's figures are taken as
// computed, but hashes, shapes and every cross-file rule are read from disk.
BOOST_AUTO_TEST_CASE(a_just_written_check_takes_the_figures_and_checks_the_rest) {
  EditedPackage figure;
  figure.edit("compilation-report.json", [](json::value& r) {
    auto& slope = r.at("patches").as_array()[1].as_object()["max_slope_deg"];
    slope = slope.to_number<double>() + 0.001;
  });
  const Checked taken = figure.check(CheckDepth::JustWritten);
  BOOST_TEST(!taken.out.hasErrors(), listed(taken.out));

  EditedPackage hash;
  hash.edit("terrain/p-1-1.json", [](json::value& t) { t.as_object()["spacing_m"] = 1.0; }, false);
  expectAt(hash.check(CheckDepth::JustWritten), "world.hash-mismatch", "world.json", "/patches/4/terrain/sha256",
           "'terrain/p-1-1.json' hashes to ");
  EditedPackage heights;
  heights.edit("boundaries.json", [](json::value& b) {
    auto& h = b.at("edges").as_array()[0].at("heights_m").as_array()[5];
    h = h.to_number<double>() + 1;
  });
  expectAt(heights.check(CheckDepth::JustWritten), "world.edge-heights", "boundaries.json", "/edges/0/heights_m/5",
           "sample 5 of edge 'e-0-0-east' is ");
  EditedPackage rows;
  rows.edit("terrain/p-1-1.json", [](json::value& t) { t.at("heights_m").as_array().pop_back(); });
  expectAt(rows.check(CheckDepth::JustWritten), "world.terrain-heights", "terrain/p-1-1.json", "/heights_m",
           "heights_m has 4 rows, not the point_count_z of 5");
  EditedPackage elevation;
  elevation.edit("scenery/nw.json", [](json::value& s) {
    auto& y = s.at("entities").as_array()[0].at("position_m").as_array()[1];
    y = y.to_number<double>() + 0.01;
  });
  expectAt(elevation.check(CheckDepth::JustWritten), "world.scenery-elevation", "scenery/nw.json",
           "/entities/0/position_m/1", "by the NW-SE rule");
}

// Of a row inside the patch a just-written check converts only the columns
// of the scenery points' cells: the four corners of a town's cell, each
// raised by 1 m, raise the terrain under it by 1 m.
BOOST_AUTO_TEST_CASE(a_just_written_check_reads_the_columns_of_the_scenery_cells) {
  EditedPackage raised;
  const json::value scenery = json::parse(readText(raised.root / "scenery/nw.json"));
  const auto& town = scenery.at("entities").as_array()[0].at("position_m").as_array();
  const auto x = static_cast<std::size_t>(town[0].to_number<double>());
  const auto z = static_cast<std::size_t>(town[2].to_number<double>());
  raised.edit("terrain/p-0-0.json", [&](json::value& t) {
    auto& heights = t.at("heights_m").as_array();
    BOOST_REQUIRE(z > 0 && z + 2 < heights.size());  // neither corner row is a border row, read whole
    for (const std::size_t row : {z, z + 1}) {
      for (const std::size_t column : {x, x + 1}) {
        auto& h = heights[row].as_array()[column];
        h = h.to_number<double>() + 1;
      }
    }
  });
  const Checked c = raised.check(CheckDepth::JustWritten);
  const Diagnostic& d = expectOne(c.out, "world.scenery-elevation");
  BOOST_TEST(d.pointer == "/entities/0/position_m/1");
  BOOST_TEST(says(d, "m by the NW-SE rule"));
  for (const Diagnostic& found : c.out.items()) {  // the town, and the road points at it
    BOOST_TEST(found.code == "world.scenery-elevation", listed(c.out));
  }
  BOOST_TEST(!raised.check(CheckDepth::Full).out.find("world.edge-heights"));
}

BOOST_AUTO_TEST_CASE(the_scenery_rules) {
  EditedPackage elevation;
  elevation.edit("scenery/nw.json", [](json::value& s) {
    auto& y = s.at("entities").as_array()[0].at("position_m").as_array()[1];
    y = y.to_number<double>() + 0.01;
  });
  expectAt(elevation.check(), "world.scenery-elevation", "scenery/nw.json", "/entities/0/position_m/1", "by the NW-SE rule");
  EditedPackage asset;
  asset.edit("scenery/ne.json", [](json::value& s) { s.at("entities").as_array()[0].as_object()["asset_id"] = "ne:asset:none"; });
  expectAt(asset.check(), "world.scenery-asset", "scenery/ne.json", "/entities/0/asset_id", "asset 'ne:asset:none' is not in");
  EditedPackage id;
  id.edit("scenery/sw.json", [](json::value& s) { s.at("entities").as_array()[0].as_object()["id"] = "nw:entity:town-0"; });
  expectAt(id.check(), "world.scenery-id", "scenery/sw.json", "/entities/0/id", "entity 'nw:entity:town-0' is named sw:entity:");
}

BOOST_AUTO_TEST_CASE(the_water_rule) {
  EditedPackage p;
  p.edit("world.json", [](json::value& w) {
    w.at("water_regions").as_array()[0].as_object()["patch_id"] = "p-0-2";
  });
  expectAt(p.check(), "world.water-region", "world.json", "/water_regions/0/patch_id",
           "a region lies in its source's patch 'p-0-0'");
}

BOOST_AUTO_TEST_SUITE_END()
