// SPDX-License-Identifier: MIT
// The read-only mapping every blueprint is read through, and its refusals.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>

#include <string>

#include <isla/base/io_error.hpp>
#include <isla/mapping/mapped_file.hpp>

#include "blueprint_builder.hpp"
#include "proc_status.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::string openError(const std::filesystem::path& path) {
  try {
    MappedFile::open(path);
  } catch (const IoError& error) {
    return error.what();
  }
  return "";
}

// This process's mapped address space (VmSize) in bytes; a sanitizer's
// shadow memory counts too, which is why the limit below is relative to it.
rlim_t addressSpaceInUse() { return static_cast<rlim_t>(ownStatusKiB("VmSize")) << 10; }

}  // namespace

BOOST_AUTO_TEST_SUITE(mapped_file)

BOOST_AUTO_TEST_CASE(maps_the_file_bytes) {
  TempDir dir;
  writeFile(dir / "a.bin", toBytes("island"));
  const auto file = MappedFile::open(dir / "a.bin");
  BOOST_TEST((std::vector<std::byte>(file->bytes().begin(), file->bytes().end()) == toBytes("island")));
  writeFile(dir / "empty.bin", {});
  BOOST_TEST(MappedFile::open(dir / "empty.bin")->bytes().empty());
}

BOOST_AUTO_TEST_CASE(refuses_what_is_not_a_readable_regular_file) {
  TempDir dir;
  BOOST_TEST(openError(dir.path()) == "cannot read '" + dir.path().string() + "': not a regular file");
  BOOST_TEST(openError(dir / "missing.dat") ==
             "cannot open '" + (dir / "missing.dat").string() + "': No such file or directory");
}

BOOST_AUTO_TEST_CASE(too_little_address_space_says_how_much_and_what_to_do) {
  TempDir dir;
  const auto path = dir / "huge.dat";
  writeFile(path, {});
  std::filesystem::resize_file(path, std::uintmax_t{1} << 30);  // sparse: no disk used
  rlimit old{};
  getrlimit(RLIMIT_AS, &old);
  rlimit limit = old;
  limit.rlim_cur = addressSpaceInUse() + (rlim_t{256} << 20);
  BOOST_REQUIRE(setrlimit(RLIMIT_AS, &limit) == 0);
  const std::string message = openError(path);
  setrlimit(RLIMIT_AS, &old);
  BOOST_TEST(message == "cannot map '" + path.string() +
                            "' (1024 MiB): not enough memory or address space; free memory or raise the "
                            "process's limit (ulimit -v)");
}

// Issue 57: a file cut short under the mapping reads zeroes past the cut
// (no SIGBUS), and change() says so, naming it; a file written to in place
// is a change too; one renamed over its path is not (the mapping holds the
// old file, whole). A SIGBUS outside any mapping still ends the process.
BOOST_AUTO_TEST_CASE(a_file_cut_short_under_the_mapping_reads_zeroes_and_says_it_changed) {
  TempDir dir;
  const auto path = dir / "cut.dat";
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  writeFile(path, std::vector<std::byte>(4 * page, std::byte{7}));
  const auto file = MappedFile::open(path);
  BOOST_TEST(!file->change().has_value());
  std::filesystem::resize_file(path, page);
  std::size_t sum = 0;
  for (const std::byte b : file->bytes()) sum += static_cast<std::size_t>(b);
  BOOST_TEST(sum == 7 * page);  // the first page, then zeroes
  BOOST_TEST(file->change().value_or("") ==
             "'" + path.string() + "' changed while being read (it was cut short as it was read); what was read from "
                                   "it cannot be trusted: run again once it is saved whole");

  const auto written = dir / "written.dat";
  writeFile(written, toBytes("island"));
  const auto same = MappedFile::open(written);
  std::filesystem::resize_file(written, 3);
  BOOST_TEST(same->change().value_or("").find("(it had 6 bytes, and now has 3)") != std::string::npos);

  const auto renamed = dir / "renamed.dat";
  writeFile(renamed, toBytes("island"));
  const auto old = MappedFile::open(renamed);
  writeFile(dir / "new.dat", toBytes("atoll"));
  std::filesystem::rename(dir / "new.dat", renamed);
  BOOST_TEST(!old->change().has_value());

  // A bus error of no mapping's, a fault or a signal sent, still ends the
  // process by it (in a child whose SIGBUS the test framework does not catch).
  for (const bool sent : {false, true}) {
    const ToolRun ended = runInChild([&] {
      struct sigaction defaults {};
      defaults.sa_handler = SIG_DFL;
      ::sigaction(SIGBUS, &defaults, nullptr);
      const auto guarded = MappedFile::open(renamed);  // the guard's handler, over the default
      if (sent) ::raise(SIGBUS);
      writeFile(dir / "unguarded.dat", std::vector<std::byte>(2 * page));
      const int fd = ::open((dir / "unguarded.dat").c_str(), O_RDONLY);
      const auto* bytes = static_cast<const volatile char*>(::mmap(nullptr, 2 * page, PROT_READ, MAP_PRIVATE, fd, 0));
      std::filesystem::resize_file(dir / "unguarded.dat", 0);
      return static_cast<int>(bytes[page]);
    });
    BOOST_TEST(ended.killedBy == SIGBUS, (sent ? "sent" : "a fault"));
  }
}

BOOST_AUTO_TEST_SUITE_END()
