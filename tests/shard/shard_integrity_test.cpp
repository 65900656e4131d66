// SPDX-License-Identifier: MIT
// What the assembly trusts and what it checks: it reads the shards'
// records, not their documents, so a record is sealed with its own SHA-256
// (a flipped byte names it damaged), names the build that made it (another
// tool version is stale), and gives each file's size (a file of another
// size is refused) and SHA-256, which `run assemble --verify` compares; a
// same-size change that only --verify sees is still caught by `isla-tool
// validate` on the result.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

#include "compile_workspace.hpp"
#include "file_tree.hpp"
#include "irregular_files.hpp"
#include "isla/publish/sha256.hpp"
#include "isla/shard/shard.hpp"
#include "shard_runs.hpp"
#include "test_kernel.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSeal = "  \"record_sha256\": \"";

// Replaces `from` by `to` in the record and seals it again, as a record
// made by another build would be.
void rewriteRecord(const fs::path& record, const std::string& from, const std::string& to) {
  std::string text = readText(record);
  const auto at = text.find(from);
  BOOST_REQUIRE_MESSAGE(at != std::string::npos, from);
  text.replace(at, from.size(), to);
  const std::string body = text.substr(0, text.rfind(kSeal));
  std::ofstream(record, std::ios::binary | std::ios::trunc)
      << body << kSeal << isla::sha256Hex(std::as_bytes(std::span(body))) << "\"\n}\n";
}

// Flips one byte of `file` in place (same size): a digit into another digit.
void flipDigit(const fs::path& file, std::size_t from) {
  std::string text = readText(file);
  const auto at = text.find_first_of("0123456789", from);
  BOOST_REQUIRE(at != std::string::npos);
  text[at] = text[at] == '9' ? '8' : static_cast<char>(text[at] + 1);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

struct TwoShards {
  TwoShards() {
    layout = ws.layout("layout.json", 2, 2);
    const auto whole = compileLayout(layout, ws.path("whole"), {"--quiet"});
    BOOST_REQUIRE_MESSAGE(whole.exitCode == 0, whole.err);
    makeShards(layout, dir, 2, reversed(2));
  }
  ToolRun assembled(const std::vector<std::string>& extra = {}) { return assemble(layout, ws.path("out"), dir, extra); }
  Workspace ws;
  std::string layout;
  std::string dir = ws.path("shards");
};

}  // namespace

BOOST_AUTO_TEST_SUITE(shard_integrity)

BOOST_AUTO_TEST_CASE(a_damaged_record_is_named) {
  TwoShards world;
  const fs::path record = fs::path(world.dir) / "shard-1" / "shard-record.json";
  // A digit of a figure's bits: still JSON, still a record's shape.
  flipDigit(record, readText(record).find("\"max_slope_deg_bits\": \"") + 24);
  const auto run = world.assembled();
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, record.string() + " at /record_sha256: the record's text does not have the SHA-256 "
                                                 "it was sealed with (it is damaged); it is not a shard record this "
                                                 "isla-tool reads: run that shard again"),
             run.err);
  BOOST_TEST(!fs::exists(world.ws.path("out")));

  const fs::path edges = fs::path(world.dir) / "shard-0" / "shard-edges.bin";
  std::string bytes = readText(edges);
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 1);
  std::ofstream(edges, std::ios::binary | std::ios::trunc) << bytes;
  makeShards(world.layout, world.dir, 2, {1});
  const auto badEdges = world.assembled();
  BOOST_TEST(badEdges.exitCode == 1);
  BOOST_TEST(contains(badEdges.err, "shard-0/shard-record.json at /edges: shard-edges.bin is not the "), badEdges.err);
  BOOST_TEST(contains(badEdges.err, "the record names (it is damaged)"), badEdges.err);
}

BOOST_AUTO_TEST_CASE(a_file_of_another_size_is_refused) {
  TwoShards world;
  const fs::path terrain = fs::path(world.dir) / "shard-0" / "terrain" / "p-0-0.json";
  const auto bytes = fs::file_size(terrain);
  fs::resize_file(terrain, bytes - 2);
  const auto run = world.assembled();
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "shard 0 of 2 (" + world.dir +
                                   "/shard-0) is damaged: its output terrain/p-0-0.json is "
                                   "not what its record says (" +
                                   std::to_string(bytes - 2) + " bytes; recorded " + std::to_string(bytes) +
                                   " bytes); run it again (--shard 0/2 "
                                   "--shard-dir DIR), then assemble"),
             run.err);
  BOOST_TEST(!fs::exists(world.ws.path("out")));
}

BOOST_AUTO_TEST_CASE(a_shard_of_another_tool_version_is_stale) {
  TwoShards world;
  const fs::path record = fs::path(world.dir) / "shard-1" / "shard-record.json";
  const std::string text = readText(record);
  const auto tool = text.find("\"tool\": \"isla-tool ");
  BOOST_REQUIRE(tool != std::string::npos);
  const std::string ours = text.substr(tool + 9, text.find('"', tool + 9) - tool - 9);
  rewriteRecord(record, "\"tool\": \"" + ours + "\"", "\"tool\": \"isla-tool 0.0.9 (0123abc)\"");
  const auto run = world.assembled();
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "shard 1 of 2 (" + world.dir +
                                   "/shard-1) is stale: it was made by isla-tool 0.0.9 "
                                   "(0123abc), and this is " +
                                   ours +
                                   "; run it again (--shard 1/2 "
                                   "--shard-dir DIR), then assemble with this isla-tool"),
             run.err);
  // The library says the same in its own words, and which shard to make again.
  isla::CompileRequest request;
  request.layout = world.layout;
  request.output = world.ws.path("out");
  isla::NoProgress progress;
  try {
    isla::assembleShards(isla::test::sharedKernel(), request, world.dir, progress);
    BOOST_FAIL("a stale shard was assembled");
  } catch (const isla::ShardError& error) {
    BOOST_TEST(error.shard().index == 1u);
    BOOST_TEST(error.shard().count == 2u);
    BOOST_TEST(contains(error.what(), "; run it again (shard 1/2 shardDir DIR), then assemble with this isla-tool"),
               error.what());
  }

  rewriteRecord(record, "\"tool\": \"isla-tool 0.0.9 (0123abc)\"", "\"tool\": \"" + ours + "\"");
  rewriteRecord(record, "\"name\": \"hgts\",\n      \"version\": \"1.0.0\"", "\"name\": \"hgts\",\n      \"version\": \"0.9.0\"");
  const auto plugins = world.assembled();
  BOOST_TEST(plugins.exitCode == 1);
  BOOST_TEST(contains(plugins.err, "shard 1 of 2 (" + world.dir + "/shard-1) is stale: it was made with the plugins "),
             plugins.err);
  BOOST_TEST(contains(plugins.err, "hgts 0.9.0"), plugins.err);
  BOOST_TEST(contains(plugins.err, "with these plugins"), plugins.err);
  BOOST_TEST(!fs::exists(world.ws.path("out")));
}

BOOST_AUTO_TEST_CASE(verify_catches_a_flipped_byte_that_the_sizes_do_not) {
  TwoShards world;
  const fs::path terrain = fs::path(world.dir) / "shard-1" / "terrain" / "p-0-2.json";
  BOOST_REQUIRE(fs::exists(terrain));
  flipDigit(terrain, readText(terrain).find("\"heights_m\"") + 200);
  const auto verified = world.assembled({"--verify", "--jobs", "2"});
  BOOST_TEST(verified.exitCode == 1);
  BOOST_TEST(contains(verified.err, "shard 1 of 2 (" + world.dir + "/shard-1) is damaged: its output "
                                        "terrain/p-0-2.json is not what its record says ("),
             verified.err);
  BOOST_TEST(contains(verified.err, " bytes, SHA-256 "), verified.err);
  BOOST_TEST(!fs::exists(world.ws.path("out")));

  // Without --verify the assembly trusts the sizes, and the package it
  // publishes is refused by its validator, which hashes every file.
  const auto trusted = world.assembled();
  BOOST_REQUIRE_MESSAGE(trusted.exitCode == 0, trusted.err);
  const auto validated = runTool({"validate", world.ws.path("out")});
  BOOST_TEST(validated.exitCode == 1);
  BOOST_TEST(contains(validated.out + validated.err, "[world.hash-mismatch]"), validated.out + validated.err);
}

BOOST_AUTO_TEST_CASE(an_assembled_package_passes_its_validator) {
  TwoShards world;
  const auto run = world.assembled({"--verify"});
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST((fileTree(world.ws.path("out")) == fileTree(world.ws.path("whole"))));
  const auto validated = runTool({"validate", world.ws.path("out")});
  BOOST_TEST(validated.exitCode == 0, validated.out + validated.err);
}

// Issue 57: the assembled package shares no file with the shards (it
// hard-linked them): an edit in place of the package leaves the shards,
// and so the next assembly, as they were, and an edit of a shard's file
// leaves the package.
BOOST_AUTO_TEST_CASE(an_edit_in_place_of_the_package_or_a_shard_changes_no_other) {
  TwoShards world;
  BOOST_REQUIRE_MESSAGE(world.assembled({"--verify"}).exitCode == 0, "the first assembly failed");
  const auto shards = fileTree(world.dir);
  const auto package = fileTree(world.ws.path("out"));
  overwriteInPlace(fs::path(world.ws.path("out")) / "terrain" / "p-0-0.json", 1000, "X");
  BOOST_TEST((fileTree(world.dir) == shards), "the shards changed");
  const auto again = assemble(world.layout, world.ws.path("again"), world.dir, {"--verify"});
  BOOST_TEST(again.exitCode == 0, again.err);
  BOOST_TEST((fileTree(world.ws.path("again")) == fileTree(world.ws.path("whole"))));

  for (const auto& [path, bytes] : shards) {
    if (path.ends_with(".json") && path.find("terrain/") != std::string::npos) {
      overwriteInPlace(fs::path(world.dir) / path, 1000, "X");
    }
  }
  BOOST_TEST((fileTree(world.ws.path("again")) == package), "the package changed");
  const auto validated = runTool({"validate", world.ws.path("again")});
  BOOST_TEST(validated.exitCode == 0, validated.out + validated.err);
}

// Issue 57: only regular files travel. A shard's output that is not one
// (a symbolic link, even to an identical copy; a directory; a FIFO) is
// refused naming the shard and the file, with --verify or without, and
// nothing is published.
BOOST_AUTO_TEST_CASE(a_shard_file_that_is_not_a_regular_file_is_refused_naming_it) {
  for (const auto kind : kIrregulars) {
    BOOST_TEST_CONTEXT(described(kind)) {
      TwoShards world;
      const fs::path terrain = fs::path(world.dir) / "shard-0" / "terrain" / "p-0-0.json";
      BOOST_TEST_REQUIRE(fs::is_regular_file(terrain));
      makeIrregular(terrain, kind, world.ws.dir / "aside");
      for (const std::vector<std::string>& extra : {std::vector<std::string>{}, {"--verify"}}) {
        const auto run = world.assembled(extra);
        BOOST_TEST(run.exitCode == 1, run.out + run.err);
        BOOST_TEST(contains(run.err, "shard 0 of 2 (" + world.dir + "/shard-0) is damaged: its output "
                                     "terrain/p-0-0.json is not a regular file (" ),
                   run.err);
        BOOST_TEST(contains(run.err, "; run it again (--shard 0/2 --shard-dir DIR), then assemble"), run.err);
        BOOST_TEST(!fs::exists(world.ws.path("out")));
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
