// SPDX-License-Identifier: MIT
// Stage names carry the writer's pid, so that the stages of dead writers are
// recognised and removed, and nothing else is.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <isla/publish/stage_names.hpp>

#include "blueprint_builder.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(stage_names)

BOOST_AUTO_TEST_CASE(a_stage_is_a_hidden_sibling_named_after_target_and_pid) {
  const std::string pid = std::to_string(getpid());
  BOOST_TEST(stageTemplate("out/a.dat") == "out/.a.dat.isla-stage-" + pid + "-XXXXXX");
  BOOST_TEST(stageTemplate("a.dat") == "./.a.dat.isla-stage-" + pid + "-XXXXXX");
  BOOST_TEST(targetDirectory("a.dat") == fs::path("."));
  BOOST_TEST(targetDirectory("out/a.dat") == fs::path("out"));
}

BOOST_AUTO_TEST_CASE(only_the_stages_of_dead_processes_are_removed) {
  TempDir dir;
  TempDir elsewhere;
  const std::string dead = ".a.dat.isla-stage-" + std::to_string(deadPid());
  writeFile(dir / (dead + "-File00"), toBytes("partial"));
  fs::create_directories(dir / (dead + "-Dir000") / "sub");
  writeFile(dir / (dead + "-Dir000") / "sub" / "x", toBytes("x"));
  writeFile(elsewhere / "precious", toBytes("keep"));
  fs::create_directory_symlink(elsewhere.path(), dir / (dead + "-Link00"));
  const std::vector<std::string> kept{
      ".a.dat.isla-stage-" + std::to_string(getpid()) + "-Live00",  // this process runs
      ".a.dat.isla-stage-XXXXXX",                                    // no pid: an older writer's
      dead + "-Long000",                                             // not mkstemp's suffix
      ".a.dat.isla-stage-0-Zero00",
      ".a.dat.isla-stage-x1-Word00",
      ".b.dat.isla-stage-1-Other0",  // another target's
      "a.dat",
  };
  for (const auto& name : kept) writeFile(dir / name, toBytes("k"));

  const auto removed = removeAbandonedStages(dir / "a.dat");
  const std::vector<fs::path> expected{dir / (dead + "-Dir000"), dir / (dead + "-File00"),
                                       dir / (dead + "-Link00")};
  BOOST_TEST(removed == expected, boost::test_tools::per_element());
  for (const auto& name : kept) BOOST_TEST(fs::exists(dir / name), name);
  BOOST_TEST(static_cast<std::size_t>(std::distance(fs::directory_iterator(dir.path()), {})) == kept.size());
  BOOST_TEST((readFile(elsewhere / "precious") == toBytes("keep")));
  BOOST_TEST(removeAbandonedStages(dir / "missing" / "a.dat").empty());
}

BOOST_AUTO_TEST_SUITE_END()
