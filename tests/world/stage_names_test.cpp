// SPDX-License-Identifier: MIT
// Stage names carry the writer's pid, and a stage is locked (flock) while
// its writer lives, so that the stages of dead writers, whatever their
// target, are recognised and removed, and nothing else is: not a stage
// whose pid is dead here but whose lock is held (a writer in another pid
// namespace sharing the directory, as the Kubernetes example's pods do).
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
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
  fs::create_directories(dir / (".b.dat" + dead.substr(6) + "-Other1"));  // another target's
  const std::vector<std::string> kept{
      ".a.dat.isla-stage-" + std::to_string(getpid()) + "-Live00",  // this process runs
      ".a.dat.isla-stage-XXXXXX",                                    // no pid: an older writer's
      dead + "-Long000",                                             // not mkstemp's suffix
      ".a.dat.isla-stage-0-Zero00",
      ".a.dat.isla-stage-x1-Word00",
      ".b.dat.isla-stage-1-Other0",  // another target's, its pid alive
      ".b.dat.isla-stage-",
      "a.dat",
  };
  for (const auto& name : kept) writeFile(dir / name, toBytes("k"));

  const auto removed = removeAbandonedStages(dir / "a.dat");
  const std::vector<fs::path> expected{dir / (dead + "-Dir000"), dir / (dead + "-File00"),
                                       dir / (dead + "-Link00"), dir / (".b.dat" + dead.substr(6) + "-Other1")};
  BOOST_TEST(removed == expected, boost::test_tools::per_element());
  for (const auto& name : kept) BOOST_TEST(fs::exists(dir / name), name);
  BOOST_TEST(static_cast<std::size_t>(std::distance(fs::directory_iterator(dir.path()), {})) == kept.size());
  BOOST_TEST((readFile(elsewhere / "precious") == toBytes("keep")));
  BOOST_TEST(removeAbandonedStages(dir / "missing" / "a.dat").empty());
}

// Issue 57: a stage whose writer runs in another pid namespace (its pid
// names no process here) is locked by that writer, and left alone until
// the writer is gone.
BOOST_AUTO_TEST_CASE(a_stage_locked_by_a_live_writer_is_left_whatever_its_pid) {
  TempDir dir;
  const fs::path stage = dir / (".c.dat.isla-stage-" + std::to_string(deadPid()) + "-Lock00");
  fs::create_directories(stage / "terrain");
  int ready[2], release[2];
  BOOST_TEST_REQUIRE(::pipe(ready) == 0);
  BOOST_TEST_REQUIRE(::pipe(release) == 0);
  const pid_t writer = ::fork();
  if (writer == 0) {
    const int fd = ::open(stage.c_str(), O_RDONLY | O_DIRECTORY);
    const bool locked = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    char byte = locked ? 'y' : 'n';
    (void)!::write(ready[1], &byte, 1);
    (void)!::read(release[0], &byte, 1);  // until the test says
    _exit(0);
  }
  char byte = 0;
  BOOST_TEST_REQUIRE(::read(ready[0], &byte, 1) == 1);
  BOOST_TEST_REQUIRE(byte == 'y');
  BOOST_TEST(removeAbandonedStages(dir / "a.dat").empty());
  BOOST_TEST(fs::exists(stage));
  (void)!::write(release[1], &byte, 1);
  ::waitpid(writer, nullptr, 0);
  for (const int fd : {ready[0], ready[1], release[0], release[1]}) ::close(fd);
  BOOST_TEST((removeAbandonedStages(dir / "a.dat") == std::vector<fs::path>{stage}));
}

BOOST_AUTO_TEST_SUITE_END()
