// SPDX-License-Identifier: MIT
// Atomic publication of one file: refused targets are left untouched, and no
// failure leaves a partial output or a stage behind.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <isla/base/io_error.hpp>
#include <isla/publish/staged_file.hpp>

#include "blueprint_builder.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::size_t entries(const std::filesystem::path& directory) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(directory), {}));
}

std::string targetRefusal(const std::filesystem::path& target) {
  try {
    StagedFile::checkTarget(target, false);
  } catch (const IoError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(staged_file)

BOOST_AUTO_TEST_CASE(commit_publishes_the_whole_file) {
  TempDir dir;
  {
    StagedFile out(dir / "a.dat", false);
    out.write(toBytes("hello "));
    out.write(std::vector<std::byte>(3 << 20, std::byte{'x'}));
    BOOST_TEST(!std::filesystem::exists(dir / "a.dat"));
    out.commit();
  }
  BOOST_TEST(std::filesystem::file_size(dir / "a.dat") == 6u + (3u << 20));
  BOOST_TEST(entries(dir.path()) == 1u);
}

BOOST_AUTO_TEST_CASE(an_uncommitted_stage_is_removed) {
  TempDir dir;
  {
    StagedFile out(dir / "b.dat", false);
    out.write(toBytes("partial"));
    BOOST_TEST(std::filesystem::exists(out.stagePath()));
  }
  BOOST_TEST(entries(dir.path()) == 0u);
}

BOOST_AUTO_TEST_CASE(existing_targets_are_refused_and_left_untouched) {
  TempDir dir;
  writeFile(dir / "file.dat", toBytes("keep me"));
  std::filesystem::create_directory(dir / "empty");
  std::filesystem::create_directory(dir / "full");
  writeFile(dir / "full" / "x", toBytes("x"));
  std::filesystem::create_symlink(dir / "nowhere", dir / "dangling");
  for (const auto* name : {"file.dat", "empty", "full", "dangling"}) {
    BOOST_TEST(targetRefusal(dir / name) == "'" + (dir / name).string() +
                                          "' already exists; choose another output path or remove it first");
    BOOST_CHECK_THROW(StagedFile(dir / name, false), IoError);
  }
  BOOST_TEST((readFile(dir / "file.dat") == toBytes("keep me")));
  BOOST_TEST(entries(dir.path()) == 4u);
}

BOOST_AUTO_TEST_CASE(a_missing_or_read_only_parent_is_refused_before_any_work) {
  TempDir dir;
  BOOST_TEST(targetRefusal(dir / "missing" / "x.dat") ==
             "the output directory '" + (dir / "missing").string() + "' does not exist; create it first");
  if (geteuid() != 0) {  // root may write anywhere
    std::filesystem::create_directory(dir / "locked");
    std::filesystem::permissions(dir / "locked", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    BOOST_TEST(targetRefusal(dir / "locked" / "x.dat") ==
               "the output directory '" + (dir / "locked").string() + "' is not writable");
  }
}

BOOST_AUTO_TEST_CASE(a_write_failure_leaves_nothing_behind) {
  TempDir dir;
  // A file size limit makes write() fail with EFBIG, as a full disk fails
  // with ENOSPC, without needing a small filesystem.
  signal(SIGXFSZ, SIG_IGN);
  rlimit old{};
  getrlimit(RLIMIT_FSIZE, &old);
  rlimit limit = old;
  limit.rlim_cur = 1 << 20;
  setrlimit(RLIMIT_FSIZE, &limit);
  std::string message;
  try {
    StagedFile out(dir / "big.dat", false);
    out.write(std::vector<std::byte>(4 << 20, std::byte{1}));
    out.commit();
  } catch (const IoError& error) {
    message = error.what();
  }
  setrlimit(RLIMIT_FSIZE, &old);
  signal(SIGXFSZ, SIG_DFL);
  BOOST_TEST(message == "cannot write '" + (dir / "big.dat").string() +
                            "': the file-size limit (ulimit -f) of 1048576 bytes was reached; raise it or write "
                            "elsewhere");
  BOOST_TEST(entries(dir.path()) == 0u);
}

BOOST_AUTO_TEST_CASE(a_target_that_appears_meanwhile_is_not_replaced) {
  TempDir dir;
  StagedFile out(dir / "race.dat", false);
  out.write(toBytes("loser"));
  writeFile(dir / "race.dat", toBytes("winner"));
  BOOST_CHECK_THROW(out.commit(), IoError);
  BOOST_TEST((readFile(dir / "race.dat") == toBytes("winner")));
  BOOST_TEST(entries(dir.path()) == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
