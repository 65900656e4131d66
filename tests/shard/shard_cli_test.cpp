// SPDX-License-Identifier: MIT
// `isla-tool run compile --shard` and `run assemble` as a user drives them:
// the assembled package is the one-machine compile's, byte for byte, for
// any N, order and re-run; every refusal names the shard and what to do.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>
#include <limits>

#include "compile_workspace.hpp"
#include "sample_blueprint.hpp"
#include "file_tree.hpp"
#include "shard_runs.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(shard_cli)

BOOST_AUTO_TEST_CASE(any_split_in_any_order_assembles_the_one_machine_package) {
  ShardedWorld world;
  for (const int count : {1, 2, 3, 4, 9, 12}) {
    BOOST_TEST_CONTEXT(count << " shards") {
      const std::string dir = world.shards("shards-" + std::to_string(count), count);
      const std::string output = world.ws.path("assembled-" + std::to_string(count));
      const auto run = assemble(world.layout, output, dir, {"--jobs", "2"});
      BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
      BOOST_TEST(contains(run.out, "assembled the shards of " + dir + " into 4 sources, 9 patches and 12 shared edges"),
                 run.out);
      BOOST_TEST((fileTree(output) == world.expected));
    }
  }
}

BOOST_AUTO_TEST_CASE(shards_balance_samples_and_a_rerun_changes_nothing) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 2);
  // 4 sources of 256², 4 strips of 256 x 5 and a 5 x 5 corner: two sources
  // and two strips each, the corner to the first (5 terrain documents to 4),
  // beside the record and its edges.
  for (const std::string name : {"shard-0", "shard-1"}) {
    const auto files = fileTree(fs::path(dir) / name);
    BOOST_TEST(files.size() == (name == "shard-0" ? 7U : 6U), name);
  }
  const auto rerun = shard(world.layout, dir, "1/2");
  BOOST_REQUIRE_MESSAGE(rerun.exitCode == 0, rerun.err);
  BOOST_TEST(directoryEntries(dir) == (std::vector<std::string>{"shard-0", "shard-1"}));
  const auto run = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST((fileTree(world.ws.path("assembled")) == world.expected));
}

// Each file of the package is its own (issue 57): a clone where the
// filesystem makes one, else a copy, never a link to the shard's.
bool placedAsOwnFiles(const std::string& out) {
  return contains(out, "/ (terrain-world-v1; 9 files copied)\n") || contains(out, "/ (terrain-world-v1; 9 files cloned)\n");
}

BOOST_AUTO_TEST_CASE(assembly_places_the_shards_files_as_files_of_its_own_on_any_filesystem) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 2);
  const std::string placed = world.ws.path("placed");
  const auto run = assemble(world.layout, placed, dir);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST(placedAsOwnFiles(run.out), run.out);
  BOOST_TEST((fileTree(placed) == world.expected));
  const fs::path terrain = fs::path(placed) / "terrain" / "p-0-0.json";
  BOOST_TEST(!fs::equivalent(terrain, fs::path(dir) / "shard-0" / "terrain" / "p-0-0.json"));
  BOOST_TEST(fs::hard_link_count(terrain) == 1U);

  // Nothing is shared across filesystems either.
  const OtherFilesystem tmpfs(world.ws, "assemble onto another filesystem");
  if (tmpfs.path().empty()) return;
  const std::string copied = tmpfs.path() + "/copied";
  const auto across = assemble(world.layout, copied, dir);
  BOOST_REQUIRE_MESSAGE(across.exitCode == 0, across.err);
  BOOST_TEST(contains(across.out, "/ (terrain-world-v1; 9 files copied)\n"), across.out);
  BOOST_TEST((fileTree(copied) == world.expected));
}

BOOST_AUTO_TEST_CASE(a_shard_reads_only_the_sources_its_patches_need) {
  // 1 x 3: s0, a strip, s1, a strip, s2. In 3 shards the last holds s2
  // alone: besides s2 it reads only the first source's MapSize, never s1.
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 3);
  const auto whole = compileLayout(layout, ws.path("whole"), {"--quiet"});
  BOOST_REQUIRE_MESSAGE(whole.exitCode == 0, whole.err);
  const fs::path middle = ws.path("b2-256.dat"), aside = ws.path("aside.dat");
  fs::rename(middle, aside);
  const std::string dir = ws.path("shards");
  const auto alone = shard(layout, dir, "2/3");
  BOOST_REQUIRE_MESSAGE(alone.exitCode == 0, alone.err);
  const std::string record = std::string(fileTree(fs::path(dir) / "shard-2").at("shard-record.json"));
  BOOST_TEST(contains(record, "\"sources\": [\n    {\n      \"index\": 2,\n      \"id\": \"s2\","), record);
  BOOST_TEST(contains(record, "\"borders_read\": [],"), record);
  BOOST_TEST(!contains(record, "\"id\": \"s0\""), record);
  BOOST_TEST(!contains(record, "\"id\": \"s1\""), record);
  const auto needsIt = shard(layout, dir, "1/3");
  BOOST_TEST(needsIt.exitCode == 1);
  BOOST_TEST(contains(needsIt.err, "source 's1': "), needsIt.err);

  fs::rename(aside, middle);
  makeShards(layout, dir, 3, {1, 0});
  const auto run = assemble(layout, ws.path("assembled"), dir);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST((fileTree(ws.path("assembled")) == fileTree(ws.path("whole"))));

  // The split takes the first source's MapSize: a shard whose sources have another is refused.
  fs::copy_file(ws.path(ws.blueprint(3, 512)), ws.path("b3-256.dat"), fs::copy_options::overwrite_existing);
  const auto odd = shard(layout, ws.path("odd"), "2/3");
  BOOST_TEST(odd.exitCode == 1);
  BOOST_TEST(contains(odd.err, "the sources of one world need one MapSize, but 's0' has 256 and this shard's have "
                               "512; regenerate or replace the odd ones"),
             odd.err);
  BOOST_TEST(!fs::exists(ws.path("odd") + "/shard-2"));
}

BOOST_AUTO_TEST_CASE(a_shard_without_patches_reads_the_first_sources_params_alone) {
  // 1 x 3: 5 patches, so shard 5 of 6 holds none. s0's heights are cut
  // short: a read of more than its PRMS refuses it. The empty shard takes
  // s0's MapSize and nothing else, so it is made; the owner of s0 refuses it.
  Workspace ws;
  BlueprintBuilder broken = encode(makeSample(256));
  broken.payload(isla::FourCC("HGTS")).resize(10);
  writeFile(ws.path("cut.dat"), broken.v2());
  const auto entry = [](const std::string& id, const std::string& file, int col) {
    return R"({"id": ")" + id + R"(", "namespace": ")" + id + R"(", "path": ")" + file + R"(", "row": 0, "col": )" +
           std::to_string(col) + "}";
  };
  const auto layout = ws.writeLayout(
      "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": "t", )" + std::string(kSettings) +
                         R"( "sources": [)" + entry("s0", "cut.dat", 0) + ", " + entry("s1", ws.blueprint(2), 1) +
                         ", " + entry("s2", ws.blueprint(3), 2) + "]}");
  const std::string dir = ws.path("shards");
  const auto empty = shard(layout, dir, "5/6");
  BOOST_REQUIRE_MESSAGE(empty.exitCode == 0, empty.err);
  BOOST_TEST(contains(empty.out, "compiled shard 5 of 6: 0 patches, 0 samples"), empty.out);
  const std::string record = std::string(fileTree(fs::path(dir) / "shard-5").at("shard-record.json"));
  BOOST_TEST(contains(record, "\"map_size\": 256,"), record);
  BOOST_TEST(contains(record, "\"sources\": [],"), record);
  BOOST_TEST(contains(record, "\"borders_read\": [],"), record);
  const auto owner = shard(layout, dir, "0/6");
  BOOST_TEST(owner.exitCode == 1);
  BOOST_TEST(contains(owner.err, "source 's0' (" + ws.path("cut.dat") + ") is not a valid blueprint"), owner.err);
}

BOOST_AUTO_TEST_CASE(a_source_is_validated_by_the_shard_that_owns_it_alone) {
  // 1 x 3: s0, a strip, s1, a strip, s2, where s1's heights hold a NaN
  // inside, which the terrain validator refuses. In 3 shards, shard 1 owns
  // s1 and refuses it; shard 0, whose strip takes only s1's west border,
  // neither validates nor hashes s1 and is made; the assembly names shard 1.
  Workspace ws;
  SampleBlueprint sample = makeSample(256);
  sample.heights[100 * 256 + 100] = std::numeric_limits<float>::quiet_NaN();
  writeFile(ws.path("bad.dat"), encode(sample).v2());
  const auto entry = [](const std::string& id, const std::string& file, int col) {
    return R"({"id": ")" + id + R"(", "namespace": ")" + id + R"(", "path": ")" + file + R"(", "row": 0, "col": )" +
           std::to_string(col) + "}";
  };
  const auto layout = ws.writeLayout(
      "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": "t", )" + std::string(kSettings) +
                         R"( "sources": [)" + entry("s0", ws.blueprint(1), 0) + ", " + entry("s1", "bad.dat", 1) +
                         ", " + entry("s2", ws.blueprint(3), 2) + "]}");
  const std::string dir = ws.path("shards");
  const auto owner = shard(layout, dir, "1/3");
  BOOST_TEST(owner.exitCode == 1);
  BOOST_TEST(contains(owner.err, "source 's1' (" + ws.path("bad.dat") + ") is not a valid blueprint"), owner.err);
  for (const std::string other : {"0/3", "2/3"}) {
    const auto run = shard(layout, dir, other);
    BOOST_TEST(run.exitCode == 0, other << ": " << run.err);
  }
  const std::string record = std::string(fileTree(fs::path(dir) / "shard-0").at("shard-record.json"));
  BOOST_TEST(contains(record, "\"borders_read\": [\n    {\n      \"source\": 1,\n      \"side\": \"west\","), record);
  const auto run = assemble(layout, ws.path("assembled"), dir);
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "shard 1 of 3 is missing from '" + dir + "'"), run.err);
}

BOOST_AUTO_TEST_CASE(viewer_bundles_assemble_from_the_records_alike) {
  // Their vegetation, regions, assets, category defaults and member hashes
  // travel in the owners' records: the package is the one-machine one.
  Workspace ws;
  std::string sources;
  for (int cell = 0; cell < 4; ++cell) {
    const std::string zip = ws.path("b" + std::to_string(cell) + ".zip");
    const auto made = runTool({"synth", "--seed", std::to_string(cell + 1), "--size", "256", "--bundle", zip});
    BOOST_REQUIRE_MESSAGE(made.exitCode == 0, made.err);
    sources += std::string(cell == 0 ? "" : ", ") + R"({"id": "s)" + std::to_string(cell) + R"(", "namespace": "synth-)" +
               std::to_string(cell + 1) + R"(", "path": "b)" + std::to_string(cell) + R"(.zip", "row": )" +
               std::to_string(cell / 2) + R"(, "col": )" + std::to_string(cell % 2) + "}";
  }
  const auto layout = ws.writeLayout("layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, )"
                                                    R"("name": "bundles", )" + std::string(kSettings) +
                                                        R"( "sources": [)" + sources + "]}");
  const auto whole = compileLayout(layout, ws.path("whole"), {"--quiet"});
  BOOST_REQUIRE_MESSAGE(whole.exitCode == 0, whole.err);
  BOOST_TEST(contains(std::string(fileTree(ws.path("whole")).at("scenery/s0.json")), "imported-vegetation"));
  makeShards(layout, ws.path("shards"), 3, {2, 0, 1});
  const auto run = assemble(layout, ws.path("assembled"), ws.path("shards"));
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST((fileTree(ws.path("assembled")) == fileTree(ws.path("whole"))));
}

BOOST_AUTO_TEST_CASE(assembly_refuses_a_missing_shard_naming_it) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 4);
  fs::remove_all(fs::path(dir) / "shard-2");
  const auto run = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "shard 2 of 4 is missing from '" + dir +
                                   "' (not made, or its task did not finish); run it again (--shard 2/4 "
                                   "--shard-dir DIR), then assemble"),
             run.err);
  BOOST_TEST(!fs::exists(world.ws.path("assembled")));
  fs::remove_all(fs::path(dir) / "shard-3");
  const auto two = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(contains(two.err, "shards 2, 3 of 4 are missing"), two.err);
  const auto none = assemble(world.layout, world.ws.path("assembled"), world.ws.path("empty"));
  BOOST_TEST(none.exitCode == 1);
  BOOST_TEST(contains(none.err, "the shard directory '" + world.ws.path("empty") + "' does not exist"), none.err);
}

BOOST_AUTO_TEST_CASE(assembly_refuses_a_shard_without_its_record_or_with_changed_outputs) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 2);
  {
    BOOST_REQUIRE(fs::exists(fs::path(dir) / "shard-1" / "terrain" / "p-0-2.json"));
    std::ofstream(fs::path(dir) / "shard-1" / "terrain" / "p-0-2.json", std::ios::app) << " ";
  }
  const auto damaged = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(damaged.exitCode == 1);
  BOOST_TEST(contains(damaged.err, "shard 1 of 2 (" + dir + "/shard-1) is damaged: its output terrain/p-0-2.json is "
                                   "not what its record says"),
             damaged.err);
  fs::remove(fs::path(dir) / "shard-1" / "shard-record.json");
  const auto partial = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(partial.exitCode == 1);
  BOOST_TEST(contains(partial.err, dir + "/shard-1 has no shard-record.json: it is not a complete shard; run it again "
                                         "(--shard 1/N --shard-dir DIR)"),
             partial.err);
  BOOST_TEST(!fs::exists(world.ws.path("assembled")));
}

BOOST_AUTO_TEST_CASE(assembly_refuses_a_record_it_cannot_read_or_a_shard_moved) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 2);
  const fs::path record = fs::path(dir) / "shard-0" / "shard-record.json";
  const std::string good = std::string(fileTree(fs::path(dir) / "shard-0").at("shard-record.json"));
  std::ofstream(record) << "{\"format\": \"isla-tool.shard-record\", \"schema_version\": 2}";
  const auto old = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(old.exitCode == 1);
  BOOST_TEST(contains(old.err, record.string() + " at /schema_version: 3 is expected; it is not a shard record this "
                               "isla-tool reads: run that shard again"),
             old.err);
  std::ofstream(record) << "{\"format\": \"isla-tool.shard-record\", \"schema_version\": 3}";
  const auto partial = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(partial.exitCode == 1);
  BOOST_TEST(contains(partial.err, record.string() + ": it has no record_sha256 as its last member (a record cut "
                                   "short, or damaged); it is not a shard record this isla-tool reads: run that "
                                   "shard again"),
             partial.err);
  std::ofstream(record) << "not json";
  const auto garbage = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(garbage.exitCode == 1);
  BOOST_TEST(contains(garbage.err, record.string() + ": "), garbage.err);
  BOOST_TEST(contains(garbage.err, "it is not a shard record this isla-tool reads"), garbage.err);

  std::ofstream(record) << good;
  fs::rename(fs::path(dir) / "shard-1", fs::path(dir) / "shard-2");
  const auto moved = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(moved.exitCode == 1);
  BOOST_TEST(contains(moved.err, dir + "/shard-2 holds the record of shard 1, not of shard 2: it was moved or copied; "
                                 "remove it and run shard 2 again"),
             moved.err);
  BOOST_TEST(!fs::exists(world.ws.path("assembled")));
}

BOOST_AUTO_TEST_CASE(assembly_refuses_stale_shards_and_other_settings) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 3);
  const auto settings = assemble(world.layout, world.ws.path("assembled"), dir, {"--height-range", "0:65535"});
  BOOST_TEST(settings.exitCode == 1);
  BOOST_TEST(contains(settings.err, "shard 0 of 3 (" + dir +
                                        "/shard-0) was made with other settings (exporter "
                                        "'terrain-world-v1') than this assembly's (exporter 'terrain-world-v1', "
                                        "validator option height-range=0:65535)"),
             settings.err);

  // The same cells from another file: the layout's bytes differ.
  const auto other = world.ws.layout("other.json", 2, 2, {3, 2, 1, 0});
  const auto layout = assemble(other, world.ws.path("assembled"), dir);
  BOOST_TEST(layout.exitCode == 1);
  BOOST_TEST(contains(layout.err, "shard 0 of 3 (" + dir + "/shard-0) is stale: it was made from another layout"),
             layout.err);

  // A source regenerated in place after the shards were made.
  const fs::path source = world.ws.path("b1-256.dat");
  BOOST_REQUIRE(fs::exists(source));
  fs::copy_file(world.ws.path(world.ws.blueprint(9)), source, fs::copy_options::overwrite_existing);
  const auto stale = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(stale.exitCode == 1);
  BOOST_TEST(contains(stale.err, "shard 0 of 3 (" + dir + "/shard-0) is stale: source 's0' (b1-256.dat) has changed"),
             stale.err);
  BOOST_TEST(contains(stale.err, "has changed since ("), stale.err);
  BOOST_TEST(contains(stale.err, " bytes then, "), stale.err);
  BOOST_TEST(contains(stale.err, " now, or another modification time; --verify compares its SHA-256 instead); run it "
                                 "again"),
             stale.err);
  const auto verified = assemble(world.layout, world.ws.path("assembled"), dir, {"--verify"});
  BOOST_TEST(verified.exitCode == 1);
  BOOST_TEST(contains(verified.err, "is stale: source 's0' (b1-256.dat) has changed since (SHA-256 "), verified.err);
  BOOST_TEST(!fs::exists(world.ws.path("assembled")));
}

BOOST_AUTO_TEST_CASE(shards_of_two_splits_are_not_mixed) {
  ShardedWorld world;
  const std::string dir = world.shards("shards", 2);
  const auto extra = shard(world.layout, dir, "2/3");
  BOOST_REQUIRE(extra.exitCode == 0);
  const auto run = assemble(world.layout, world.ws.path("assembled"), dir);
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "holds shards of different splits: shard 0 of 2"), run.err);
}

BOOST_AUTO_TEST_CASE(shard_numbers_come_from_the_command_line_or_the_array_job) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 2);
  for (const std::string bad : {"2/2", "1", "-1/2", "0/0", "a/b", "0/5000"}) {
    const auto run = shard(layout, ws.path("shards"), bad);
    BOOST_TEST(run.exitCode == 2, bad);
    BOOST_TEST(contains(run.err, "--shard '" + bad + "' is not a shard K of N: K counts from 0, 0 <= K < N <= 4096"),
               run.err);
  }
  const std::map<std::string, std::string> none{{"SLURM_ARRAY_TASK_ID", std::string(kUnset)},
                                                {"SLURM_ARRAY_TASK_COUNT", std::string(kUnset)},
                                                {"JOB_COMPLETION_INDEX", std::string(kUnset)}};
  const auto unset = shard(layout, ws.path("shards"), "auto", {}, none);
  BOOST_TEST(unset.exitCode == 2);
  BOOST_TEST(contains(unset.err, "--shard auto takes K and N from a Slurm array task"), unset.err);

  auto slurm = none;
  slurm["SLURM_ARRAY_TASK_ID"] = "2";
  slurm["SLURM_ARRAY_TASK_COUNT"] = "1";
  const auto alone = shard(layout, ws.path("slurm"), "auto", {}, slurm);
  BOOST_TEST(alone.exitCode == 2);
  BOOST_TEST(contains(alone.err, "the Slurm array task (SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=1) is not a "
                                 "shard K of N: K counts from 0, 0 <= K < N <= 4096; submit the array as "
                                 "--array=0-<N-1>, and re-run one task with scontrol requeue <JOBID>_<K> or "
                                 "--shard K/N"),
             alone.err);
  slurm["SLURM_ARRAY_TASK_ID"] = "1";
  slurm["SLURM_ARRAY_TASK_COUNT"] = "2";
  std::vector<std::string> loud{"run", "compile", layout, "w", "--shard", "auto", "--shard-dir", ws.path("slurm")};
  const auto fromSlurm = runTool(loud, slurm);
  BOOST_REQUIRE_MESSAGE(fromSlurm.exitCode == 0, fromSlurm.err);
  BOOST_TEST(contains(fromSlurm.err,
                      "shard 1/2 from SLURM_ARRAY_TASK_ID=1, SLURM_ARRAY_TASK_COUNT=2\n"),
             fromSlurm.err);
  BOOST_TEST(fs::exists(ws.path("slurm") + "/shard-1/shard-record.json"));

  auto kubernetes = none;
  kubernetes["JOB_COMPLETION_INDEX"] = "0";
  const auto noCount = shard(layout, ws.path("k8s"), "auto", {}, kubernetes);
  BOOST_TEST(noCount.exitCode == 2);
  BOOST_TEST(contains(noCount.err, "found JOB_COMPLETION_INDEX=0 (a Kubernetes Indexed Job), which does not tell the "
                                   "count: give --shard-count N"),
             noCount.err);
  loud = {"run", "compile", layout, "w", "--shard", "auto", "--shard-count", "2", "--shard-dir", ws.path("k8s")};
  const auto fromJob = runTool(loud, kubernetes);
  BOOST_REQUIRE_MESSAGE(fromJob.exitCode == 0, fromJob.err);
  BOOST_TEST(contains(fromJob.err, "shard 0/2 from JOB_COMPLETION_INDEX=0, --shard-count 2\n"), fromJob.err);

  const auto noDir = runTool({"run", "compile", layout, "w", "--shard", "0/2"});
  BOOST_TEST(noDir.exitCode == 2);
  BOOST_TEST(contains(noDir.err, "--shard needs --shard-dir DIR, the directory of the shards"), noDir.err);
  const auto assembleNoDir = runTool({"run", "assemble", layout, "w"});
  BOOST_TEST(assembleNoDir.exitCode == 2);
  BOOST_TEST(contains(assembleNoDir.err, "assemble needs --shard-dir DIR"), assembleNoDir.err);
  const auto dirAlone = runTool({"run", "compile", layout, "w", "--shard-dir", ws.path("x")});
  BOOST_TEST(dirAlone.exitCode == 2);
  BOOST_TEST(contains(dirAlone.err, "--shard-dir and --shard-count go with --shard K/N (or auto)"), dirAlone.err);
}

BOOST_AUTO_TEST_CASE(an_exporter_that_cannot_shard_is_refused) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 2);
  const auto run = shard(layout, ws.path("shards"), "0/2", {"--exporter", "png"});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(contains(run.err, "exporter 'png' (plugin png) cannot shard its output; compile on one machine without "
                               "--shard"),
             run.err);
  BOOST_TEST(!fs::exists(ws.path("shards") + "/shard-0"));
  // A request, not its inputs, is wrong: a usage error before anything is read.
  const auto assembled = assemble(layout, ws.path("assembled"), ws.path("shards"), {"--exporter", "png"});
  BOOST_TEST(assembled.exitCode == 2);
  BOOST_TEST(contains(assembled.err,
                      "isla-tool run: exporter 'png' (plugin png) cannot shard its output, so there is "
                      "nothing to assemble\n"),
             assembled.err);
}

BOOST_AUTO_TEST_SUITE_END()
