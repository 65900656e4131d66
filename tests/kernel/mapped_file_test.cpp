// SPDX-License-Identifier: MIT
// The read-only mapping every blueprint is read through, and its refusals.
#include <boost/test/unit_test.hpp>

#include <sys/resource.h>

#include <string>

#include <isla/base/io_error.hpp>
#include <isla/io/mapped_file.hpp>

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

BOOST_AUTO_TEST_SUITE_END()
