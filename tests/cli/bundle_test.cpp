// SPDX-License-Identifier: MIT
// Viewer-bundle sources as a user drives them: `bundle make` and `synth
// --bundle` write the same bytes every time and `unzip -t` accepts them; a
// bundle compiles to the terrain of its bare blueprint, with its catalogue,
// vegetation and regions under the contract's ids and its members' hashes in
// provenance; and every hostile or damaged archive is refused with its
// message, leaving no package and no stage behind.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <set>

#include <isla/publish/sha256.hpp>

#include "file_tree.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"
#include "zip_patch.hpp"

using namespace isla::test;
namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

json::value readJson(const fs::path& path) { return json::parse(readText(path)); }

std::string str(const json::value& value) { return std::string(value.as_string()); }

void expectSuccess(const ToolRun& run) {
  BOOST_TEST_INFO("stderr: " << run.err);
  BOOST_REQUIRE_EQUAL(run.exitCode, 0);
}

bool unzipAccepts(const fs::path& archive) {
  return std::system(("unzip -tqq '" + archive.string() + "' >/dev/null 2>&1").c_str()) == 0;
}

// A one-source layout of `path`, with narrow strips and no slope warnings.
std::string layoutOf(const std::string& path, const std::string& settings = "") {
  return R"({"format": "terrain-world.layout", "schema_version": 1, "name": "t", "gap_cells": 4,
  "slope_warning_deg": 89.99, )" + settings + R"("sources": [{"id": "a", "namespace": "na", "path": ")" + path +
         R"(", "row": 0, "col": 0}]})";
}

// A scratch directory holding a synth blueprint ("s.dat") and its sample
// bundle ("s.zip"), made in one call so that the bundle holds those bytes.
class Workspace {
 public:
  Workspace() {
    expectSuccess(runTool({"synth", "--seed", "3", "--size", "256", "--out", path("s.dat"), "--bundle", path("s.zip")}));
  }

  std::string path(const std::string& name) const { return (dir / name).string(); }

  // Compiles a one-source layout of `source` into `output`.
  ToolRun compile(const std::string& source, const std::string& output, const std::string& settings = "") {
    const std::string layout = "layout-" + output + ".json";
    writeText(dir / layout, layoutOf(source, settings));
    return runTool({"run", "compile", path(layout), path(output), "--quiet"});
  }

  std::vector<std::string> entries() const { return directoryEntries(dir.path()); }

  TempDir dir;
};

// The sample bundle, its blueprint member given a name as long as
// "runtime.json", so that renames can make it collide or climb out.
constexpr const char* kBlueprint = "abcdefgh.dat";

std::string makeBundle(Workspace& w, const std::string& name, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> arguments{"bundle", "make", w.path(name), "--blueprint", w.path("s.dat"), "--bundle-id",
                                     "abcdefgh"};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  expectSuccess(runTool(arguments));
  return w.path(name);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bundle)

BOOST_AUTO_TEST_CASE(a_bundle_compiles_to_the_terrain_of_its_blueprint_with_its_scenery_and_provenance) {
  Workspace w;
  BOOST_TEST(unzipAccepts(w.path("s.zip")));
  expectSuccess(w.compile("s.dat", "bare"));
  expectSuccess(w.compile("s.zip", "bundled"));
  const auto bare = fileTree(w.dir / "bare");
  const auto bundled = fileTree(w.dir / "bundled");
  BOOST_TEST(bundled.size() == bare.size());
  for (const auto& [file, bytes] : bare) {
    if (file.starts_with("terrain/") || file == "boundaries.json" || file == "compilation-report.json") {
      BOOST_TEST_INFO(file);
      BOOST_TEST((bundled.at(file) == bytes));
    }
  }
  const auto validate = runTool({"validate", w.path("bundled")});
  BOOST_TEST_INFO(validate.err);
  BOOST_TEST(validate.exitCode == 0);
  // The bundle itself, as validate checks a blueprint: the same verdict as its .dat.
  const auto bundle = runTool({"validate", "--strict", w.path("s.zip")});
  BOOST_TEST(bundle.exitCode == 0, bundle.err);
  BOOST_TEST(contains(bundle.out, "s.zip: valid (0 errors, 0 warnings)"), bundle.out);

  const json::value scenery = readJson(w.dir / "bundled/scenery/a.json");
  const auto& vegetation = scenery.at("vegetation").as_array();
  BOOST_TEST(!vegetation.empty());
  std::set<std::string> regions;
  for (const auto& region : scenery.at("regions").as_array()) regions.insert(str(region.at("id")));
  BOOST_TEST((regions == std::set<std::string>{"na:entity:region-forest", "na:entity:region-jungle"}));
  for (std::size_t i = 0; i < vegetation.size(); ++i) {
    const auto& item = vegetation[i];
    BOOST_TEST(str(item.at("id")) == "na:imported-vegetation:" + std::to_string(i));
    BOOST_TEST(str(item.at("model_reference_id")).starts_with("na:species:"));
    BOOST_TEST(str(item.at("source_region_scope")) == "world");
    BOOST_TEST(regions.contains(str(item.at("source_region_id"))));
  }
  for (const std::string tier : {"hamlet", "village", "town", "city"}) {
    const auto& asset = scenery.at("assets").at("na:asset:town-" + tier);
    BOOST_TEST(str(asset.at("resolution")) == "external-reference");
    BOOST_TEST(str(asset.at("resource")) == "settlements/" + tier);
    BOOST_TEST(str(asset.at("category")) == "settlement");
  }
  BOOST_TEST(str(scenery.at("category_defaults").at("vegetation")) == "vegetation/generic");

  // The blueprint member is the bare file's bytes: one hash for both.
  const auto datHash = isla::sha256Hex(readFile(w.dir / "s.dat"));
  const json::value world = readJson(w.dir / "bundled/world.json");
  const auto& provenance = world.at("sources").at(0).at("provenance");
  BOOST_TEST(str(provenance.at("file")) == "s.zip");
  BOOST_TEST(str(provenance.at("sha256")) == isla::sha256Hex(readFile(w.dir / "s.zip")));
  BOOST_TEST(str(provenance.at("bundle_id")) == "synth-3");
  std::vector<std::string> names;
  for (const auto& member : provenance.at("members").as_array()) {
    names.push_back(str(member.at("name")));
    if (names.back() == "synth-3.dat") BOOST_TEST(str(member.at("sha256")) == datHash);
  }
  BOOST_TEST((names == std::vector<std::string>{"catalogue.json", "metadata.json", "runtime.json", "synth-3.dat",
                                                "vegetation.json"}));
  BOOST_TEST(str(readJson(w.dir / "bare/world.json").at("sources").at(0).at("provenance").at("sha256")) == datHash);
}

BOOST_AUTO_TEST_CASE(renaming_or_repacking_a_bundle_changes_provenance_not_terrain) {
  Workspace w;
  fs::copy_file(w.dir / "s.zip", w.dir / "renamed.zip");
  // The same members, vegetation.json reformatted: the same scenery from
  // another member hash in another archive.
  BOOST_REQUIRE(std::system(("cd '" + w.dir.path().string() + "' && unzip -qq s.zip").c_str()) == 0);
  writeText(w.dir / "vegetation.json", json::serialize(readJson(w.dir / "vegetation.json")));
  std::vector<std::string> arguments{"bundle", "make", w.path("repacked.zip"), "--blueprint", w.path("synth-3.dat")};
  for (const std::string member : {"metadata", "runtime", "catalogue", "vegetation"}) {
    arguments.insert(arguments.end(), {"--" + member, w.path(member + ".json")});
  }
  expectSuccess(runTool(arguments));
  expectSuccess(w.compile("s.zip", "original"));
  expectSuccess(w.compile("renamed.zip", "renamed"));
  expectSuccess(w.compile("repacked.zip", "repacked"));
  const auto original = fileTree(w.dir / "original");
  for (const std::string other : {"renamed", "repacked"}) {
    const auto files = fileTree(w.dir / other);
    BOOST_TEST_INFO(other);
    BOOST_TEST((files.at("terrain/p-0-0.json") == original.at("terrain/p-0-0.json")));
    BOOST_TEST((files.at("scenery/a.json") == original.at("scenery/a.json")));
    BOOST_TEST((files.at("world.json") != original.at("world.json")));
  }
  const auto provenance = [&](const std::string& package) {
    return readJson(w.dir / package / "world.json").at("sources").at(0).at("provenance");
  };
  BOOST_TEST(str(provenance("renamed").at("file")) == "renamed.zip");
  BOOST_TEST(str(provenance("renamed").at("sha256")) == str(provenance("original").at("sha256")));
  BOOST_TEST(str(provenance("repacked").at("sha256")) != str(provenance("original").at("sha256")));
  const json::value repackedProvenance = provenance("repacked"), originalProvenance = provenance("original");
  const auto& repacked = repackedProvenance.at("members").as_array();
  const auto& members = originalProvenance.at("members").as_array();
  BOOST_REQUIRE_EQUAL(repacked.size(), members.size());
  for (std::size_t i = 0; i < members.size(); ++i) {
    const std::string name = str(members[i].at("name"));
    BOOST_TEST(str(repacked[i].at("name")) == name);
    BOOST_TEST((str(repacked[i].at("sha256")) == str(members[i].at("sha256"))) == (name != "vegetation.json"), name);
  }
}

BOOST_AUTO_TEST_CASE(bundle_make_writes_the_same_bytes_every_time_and_refuses_what_a_compile_would) {
  Workspace w;
  const std::string catalogue = R"({"format": "isla.viewer-bundle.catalogue", "format_version": 3,
    "assets": [{"id": "town-hamlet", "category": "settlement", "resource": "res://hamlet.tscn"},
               {"id": "well", "category": "prop", "resource": "res://well.tscn"}],
    "category_defaults": {"prop": "res://crate.tscn"}})";
  const std::string vegetation = R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1,
    "regions": [{"id": "grove", "kind": "forest", "min_x": 10, "min_y": 10, "max_x": 20, "max_y": 20}],
    "instances": [
      {"species": "oak", "x": 12, "y": 14, "rotation_deg": 90, "scale": 1.5, "visible": true, "region": "grove"},
      {"species": "birch", "model": "birch-b", "x": 100.5, "y": 7, "rotation_deg": -45, "scale": 0.5,
       "visible": false, "region": "survey-7"},
      {"species": "reed", "x": 255, "y": 0, "rotation_deg": 0, "scale": 1, "visible": true}]})";
  writeText(w.dir / "catalogue.json", catalogue);
  writeText(w.dir / "vegetation.json", vegetation);
  const std::vector<std::string> members{"--catalogue", w.path("catalogue.json"), "--vegetation",
                                         w.path("vegetation.json")};
  const auto first = makeBundle(w, "one.zip", members);
  const auto second = makeBundle(w, "two.zip", members);
  BOOST_TEST((readFile(first) == readFile(second)));
  BOOST_TEST(unzipAccepts(first));

  const auto again = runTool({"bundle", "make", first, "--blueprint", w.path("s.dat")});
  BOOST_TEST(again.exitCode == 1);
  BOOST_TEST(contains(again.err, "exists"));
  BOOST_TEST((readFile(first) == readFile(second)));

  expectSuccess(w.compile("one.zip", "world"));
  const json::value scenery = readJson(w.dir / "world/scenery/a.json");
  const auto& items = scenery.at("vegetation").as_array();
  BOOST_REQUIRE_EQUAL(items.size(), 3u);
  BOOST_TEST(str(items[0].at("source_region_id")) == "na:entity:region-grove");
  BOOST_TEST(str(items[0].at("source_region_scope")) == "world");
  BOOST_TEST(str(items[0].at("model_reference_id")) == "na:species:oak");
  BOOST_TEST(items[0].at("rotation_deg").to_number<double>() == 90);
  BOOST_TEST(items[0].at("scale").to_number<double>() == 1.5);
  BOOST_TEST(str(items[1].at("id")) == "na:imported-vegetation:1");
  BOOST_TEST(str(items[1].at("source_region_id")) == "na:external-region:survey-7");
  BOOST_TEST(str(items[1].at("source_region_scope")) == "external");
  BOOST_TEST(str(items[1].at("model_reference_id")) == "na:species:birch-b");
  BOOST_TEST(items[1].at("visible").as_bool() == false);
  BOOST_TEST(items[2].at("source_region_id").is_null());
  BOOST_TEST(items[2].at("source_region_scope").is_null());
  const auto& assets = scenery.at("assets").as_object();
  BOOST_TEST(str(assets.at("na:asset:town-hamlet").at("resource")) == "res://hamlet.tscn");
  BOOST_TEST(str(assets.at("na:asset:well").at("resolution")) == "external-reference");
  BOOST_TEST(str(assets.at("na:asset:town-city").at("resolution")) == "unresolved");
  BOOST_TEST(assets.at("na:asset:town-city").at("resource").is_null());
  BOOST_TEST(str(scenery.at("category_defaults").at("prop")) == "res://crate.tscn");
  BOOST_TEST(runTool({"validate", w.path("world")}).exitCode == 0);

  // A member a compile would refuse is never written.
  writeText(w.dir / "bad.json", R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1,
    "regions": [], "instances": [{"species": "oak", "x": -1, "y": 0, "rotation_deg": 0, "scale": 1, "visible": true}]})");
  const auto bad = runTool({"bundle", "make", w.path("bad.zip"), "--blueprint", w.path("s.dat"), "--vegetation",
                            w.path("bad.json")});
  BOOST_TEST(bad.exitCode == 1);
  BOOST_TEST(contains(bad.err, "bad.zip!vegetation.json: error: at /instances/0/x: "));
  BOOST_TEST(contains(bad.err, "[bundle.schema]"));
  BOOST_TEST(contains(bad.err, "the bundle would not be accepted by 'run compile' (the errors above); nothing was written"));
  BOOST_TEST(!fs::exists(w.dir / "bad.zip"));
  writeText(w.dir / "inverted.json", R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1,
    "regions": [{"id": "grove", "kind": "forest", "min_x": 20, "min_y": 10, "max_x": 10, "max_y": 20}],
    "instances": []})");
  const auto inverted = runTool({"bundle", "make", w.path("bad.zip"), "--blueprint", w.path("s.dat"),
                                 "--vegetation", w.path("inverted.json")});
  BOOST_TEST(inverted.exitCode == 1);
  BOOST_TEST(contains(inverted.err, "bad.zip!vegetation.json: error: at /regions/0: region 'grove' has a minimum "
                                    "above its maximum; give min_x <= max_x and min_y <= max_y [bundle.region-bounds]"),
             inverted.err);
  BOOST_TEST(!fs::exists(w.dir / "bad.zip"));
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2_and_overwrite_replaces) {
  Workspace w;
  const std::pair<std::vector<std::string>, std::string> usages[] = {
      {{"bundle"}, "isla-tool bundle: give an action: isla-tool bundle make OUT.zip --blueprint FILE.dat"},
      {{"bundle", "make", w.path("x.zip")}, "isla-tool bundle: bundle make needs OUT.zip and --blueprint FILE.dat"},
      {{"bundle", "make", w.path("x.zip"), "--blueprint", w.path("s.dat"), "--metadata", "m.json", "--bundle-id", "q"},
       "--metadata gives the bundle id and display name; leave out --bundle-id and --display-name"},
      {{"synth", "--seed", "1", "--size", "256"}, "isla-tool synth: give --out FILE.dat, --bundle OUT.zip or both"},
      {{"synth", "--seed", "1", "--size", "256", "--bundle", w.path("x.zip"), "--spacing", "0"},
       "isla-tool synth: --spacing: spacing_m is 0; it runs from 0.001 to 1000"},
  };
  for (const auto& [arguments, message] : usages) {
    const auto run = runTool(arguments);
    BOOST_TEST(run.exitCode == 2);
    BOOST_TEST(contains(run.err, message), run.err);
  }
  BOOST_TEST(!fs::exists(w.dir / "x.zip"));
  const auto made = makeBundle(w, "x.zip");
  const auto before = readFile(made);
  makeBundle(w, "x.zip", {"--display-name", "Another", "--overwrite"});
  BOOST_TEST((readFile(made) != before));
  BOOST_TEST(unzipAccepts(made));
}

BOOST_AUTO_TEST_CASE(a_bundle_made_for_other_settings_or_with_vegetation_off_the_map_is_refused) {
  Workspace w;
  const auto scale = w.compile("s.zip", "world", R"("height_scale_m": 100, )");
  BOOST_TEST(scale.exitCode == 1);
  BOOST_TEST(contains(scale.err, "s.zip!runtime.json: error: at /height_scale_m: height_scale_m is 251 but the "
                                 "layout's height_scale_m is 100; source 'a' needs a bundle made for this layout's "
                                 "settings [bundle.runtime-mismatch]"));
  writeText(w.dir / "far.json", R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1, "regions": [],
    "instances": [{"species": "oak", "x": 1, "y": 1, "rotation_deg": 0, "scale": 1, "visible": true},
                  {"species": "oak", "x": 256, "y": 1, "rotation_deg": 0, "scale": 1, "visible": true}]})");
  makeBundle(w, "far.zip", {"--vegetation", w.path("far.json")});
  const auto far = w.compile("far.zip", "world");
  BOOST_TEST(far.exitCode == 1);
  BOOST_TEST(contains(far.err, "far.zip!vegetation.json: error: at /instances/1: 1 vegetation instance(s) lie "
                               "outside the map (x and y run from 0 to 255 pixels), the first here; move or remove "
                               "them [bundle.outside-map]"));
  BOOST_TEST(!fs::exists(w.dir / "world"));
}

// The scenery document of a compiled package edited by `edit`, with its
// hash in world.json updated, so that only the scenery rules can object.
void editScenery(const fs::path& package, const std::function<void(json::object&)>& edit) {
  const fs::path file = package / "scenery/a.json";
  const std::string before = readText(file);
  json::value document = json::parse(before);
  edit(document.as_object());
  const std::string after = json::serialize(document);
  writeText(file, after);
  const auto hash = [](const std::string& text) {
    return isla::sha256Hex(std::span(reinterpret_cast<const std::byte*>(text.data()), text.size()));
  };
  std::string world = readText(package / "world.json");
  world.replace(world.find(hash(before)), 64, hash(after));
  writeText(package / "world.json", world);
}

BOOST_AUTO_TEST_CASE(the_package_validator_checks_vegetation_ids_regions_and_elevations) {
  Workspace w;
  expectSuccess(w.compile("s.zip", "world"));
  editScenery(w.dir / "world", [](json::object& scenery) {
    auto& vegetation = scenery.at("vegetation").as_array();
    vegetation[0].as_object()["id"] = "na:imported-vegetation:7";
    vegetation[1].as_object()["source_region_scope"] = "external";
    vegetation[2].as_object()["model_reference_id"] = "other:species:oak";
    auto& position = vegetation[3].as_object()["position_m"].as_array();
    position[1] = position[1].to_number<double>() + 1;
  });
  const auto run = runTool({"validate", w.path("world")});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "scenery/a.json: error: at /vegetation/0/id: vegetation 'na:imported-vegetation:7' is "
                               "named na:imported-vegetation:0 (<namespace>:imported-vegetation:<source_index>) in "
                               "this source [world.scenery-id]"), run.err);
  BOOST_TEST(contains(run.err, "scenery/a.json: error: at /vegetation/1/source_region_id: region "
                               "'na:entity:region-forest' with scope external: scope world names a region of this "
                               "document, external a na:external-region:<id>, and null has no region "
                               "[world.scenery-region]"), run.err);
  BOOST_TEST(contains(run.err, "at /vegetation/2/model_reference_id: model reference 'other:species:oak' is not in "
                               "this source's namespace (na:species:<key>) [world.scenery-id]"), run.err);
  BOOST_TEST(contains(run.err, "at /vegetation/3/position_m/1: y is "), run.err);
  BOOST_TEST(contains(run.err, "[world.scenery-elevation]"), run.err);
}

// Each hostile archive: its message, exit 1, and no package or stage.
struct Hostile {
  const char* name;
  void (*patch)(ZipPatch&);
  const char* message;
};

const Hostile kHostile[] = {
    {"dotdot", [](ZipPatch& z) { z.rename(kBlueprint, "../bcdef.dat"); },
     "error: member '../bcdef.dat' has a '..' component; a bundle's members are plain names at its top level: make "
     "the bundle again (isla-tool bundle make) or ask its author for an intact copy [bundle.unsafe-path]"},
    {"absolute", [](ZipPatch& z) { z.rename(kBlueprint, "/bcdefgh.dat"); },
     "error: member '/bcdefgh.dat' is absolute; a bundle's members are plain names at its top level"},
    {"backslash", [](ZipPatch& z) { z.rename(kBlueprint, "ab\\defgh.dat"); },
     "error: member 'ab\\defgh.dat' contains a backslash (paths use '/'); a bundle's members are plain names at its top level"},
    {"symlink", [](ZipPatch& z) { z.setUnixMode("runtime.json", 0120777); },
     "error: member 'runtime.json' is a symbolic link; a bundle holds regular files only: make the bundle again "
     "(isla-tool bundle make) or ask its author for an intact copy [bundle.symlink-member]"},
    {"duplicate", [](ZipPatch& z) { z.rename(kBlueprint, "runtime.json"); },
     "error: member 'runtime.json' occurs twice; which one is meant is ambiguous: make the bundle again "
     "(isla-tool bundle make) or ask its author for an intact copy [bundle.duplicate-member]"},
    {"encrypted", [](ZipPatch& z) { z.setFlag("runtime.json", 1); },
     "error: member 'runtime.json' is encrypted; bundles are not: make the bundle again without a password "
     "[bundle.encrypted-member]"},
    {"declared", [](ZipPatch& z) { z.setSize("metadata.json", 0xfffffff0u); },
     "error: member 'metadata.json' declares 4294967280 bytes, more than the 268435456 such a member may hold; "
     "refused unread as a likely ZIP bomb [bundle.member-too-large]"},
    {"ratio", [](ZipPatch& z) { z.setSize(kBlueprint, 0x7ffffff0u); },
     " compressed, a ratio above 500; refused unread as a likely ZIP bomb [bundle.compression-ratio]"},
    {"inflated", [](ZipPatch& z) { z.setSize("metadata.json", 100); },
     "!metadata.json: error: the member inflates to more than the 100 bytes it declares; refused as a likely ZIP "
     "bomb: make the bundle again (isla-tool bundle make) or ask its author for an intact copy "
     "[bundle.member-too-large]"},
    {"crc", [](ZipPatch& z) { z.flipCrc("runtime.json"); },
     "!runtime.json: error: the member's bytes do not match its CRC-32; the bundle is damaged: make the bundle "
     "again (isla-tool bundle make) or ask its author for an intact copy [bundle.crc]"},
    {"truncated", [](ZipPatch& z) { z.truncate(z.size() / 2); },
     "error: not a complete ZIP archive (Not a zip archive); it is truncated or not a bundle: make the bundle "
     "again (isla-tool bundle make) or ask its author for an intact copy [bundle.damaged]"},
    {"no-blueprint", [](ZipPatch& z) { z.rename(kBlueprint, "zzzzzzzz.dat"); },
     "!metadata.json: error: at /blueprint: names the blueprint member 'abcdefgh.dat', which the bundle does not "
     "hold; add it or correct the name [bundle.no-blueprint]"},
};

BOOST_AUTO_TEST_CASE(hostile_and_damaged_bundles_are_refused_and_leave_nothing_behind) {
  Workspace w;
  const ZipPatch made(readFile(makeBundle(w, "made.zip")));
  for (const Hostile& hostile : kHostile) {
    BOOST_TEST_CONTEXT(hostile.name) {
      ZipPatch patched = made;
      hostile.patch(patched);
      const std::string file = std::string(hostile.name) + ".zip";
      writeFile(w.dir / file, patched.bytes());
      auto before = w.entries();
      std::erase(before, "layout-world.json");
      const auto run = w.compile(file, "world");
      BOOST_TEST(run.exitCode == 1);
      BOOST_TEST(contains(run.err, hostile.message), run.err);
      BOOST_TEST(contains(run.err, ".zip) is not a valid viewer bundle; fix the errors above (isla-tool validate "));
      const auto validate = runTool({"validate", w.path(file)});
      BOOST_TEST(validate.exitCode == 1);
      BOOST_TEST(contains(validate.err, hostile.message), validate.err);
      auto after = w.entries();
      std::erase(after, "layout-world.json");
      BOOST_TEST(after == before);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
