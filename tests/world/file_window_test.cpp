// SPDX-License-Identifier: MIT
// The moving window the package check reads terrain files through: what it
// shows, what it hands on, and that it stays resident only a window's worth.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <numeric>
#include <stdexcept>
#include <string>

#include <isla/base/io_error.hpp>
#include <isla/mapping/file_window.hpp>

#include "proc_status.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::vector<std::byte> patterned(std::size_t size) {
  std::vector<std::byte> bytes(size);
  std::uint32_t state = 2463534242U;
  for (auto& b : bytes) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    b = static_cast<std::byte>(state);
  }
  return bytes;
}

FileWindowOptions windowOf(std::size_t bytes) {
  FileWindowOptions options;
  options.windowBytes = bytes;
  return options;
}

// This process's resident set in bytes.
std::size_t residentBytes() { return static_cast<std::size_t>(ownStatusKiB("VmRSS")) << 10; }

// How much of `path` the page cache holds (mincore of a fresh mapping,
// which faults nothing in).
std::size_t cachedBytes(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  BOOST_REQUIRE(fd >= 0);
  const auto size = static_cast<std::size_t>(std::filesystem::file_size(path));
  void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  BOOST_REQUIRE(mapping != MAP_FAILED);
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::vector<unsigned char> pages((size + page - 1) / page);
  BOOST_REQUIRE(::mincore(mapping, size, pages.data()) == 0);
  ::munmap(mapping, size);
  return page * static_cast<std::size_t>(std::count_if(pages.begin(), pages.end(), [](unsigned char p) { return p & 1; }));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(file_window)

BOOST_AUTO_TEST_CASE(views_show_the_file_and_every_byte_is_handed_on_once_in_order) {
  TempDir dir;
  const auto bytes = patterned(3 * kMiB + 123);
  writeFile(dir / "a.bin", bytes);
  std::vector<std::byte> handed;
  FileWindowOptions options = windowOf(64 << 10);
  options.everyByte = [&](std::span<const std::byte> piece) { handed.insert(handed.end(), piece.begin(), piece.end()); };
  FileWindow window(dir / "a.bin", std::move(options));
  BOOST_TEST(window.size() == bytes.size());
  // The first view far from the start: the bytes before it are read for everyByte.
  for (std::uint64_t offset = 70000; offset < bytes.size(); offset += 40000 + offset % 7) {
    const std::size_t length = std::min<std::size_t>(window.maxView(), 1 + offset % window.maxView());
    const std::string_view seen = window.view(offset, length);
    const std::size_t expected = std::min<std::size_t>(length, bytes.size() - offset);
    BOOST_REQUIRE(seen.size() >= expected);
    BOOST_REQUIRE(std::memcmp(seen.data(), bytes.data() + offset, expected) == 0);
  }
  BOOST_TEST(window.view(bytes.size(), 1).empty());
  window.readToEnd();
  BOOST_TEST((handed == bytes));
}

BOOST_AUTO_TEST_CASE(goes_only_forward_and_never_past_its_size) {
  TempDir dir;
  writeFile(dir / "a.bin", patterned(kMiB));
  FileWindow window(dir / "a.bin", windowOf(64 << 10));
  window.view(100000, 10);
  BOOST_CHECK_THROW(window.view(99999, 10), std::logic_error);
  BOOST_CHECK_THROW(window.view(100000, window.maxView() + 1), std::logic_error);
  BOOST_TEST(window.view(100000, window.maxView()).size() >= window.maxView());
}

BOOST_AUTO_TEST_CASE(refuses_what_is_not_a_regular_file) {
  TempDir dir;
  try {
    FileWindow window(dir.path());
    BOOST_FAIL("a directory was opened");
  } catch (const IoError& error) {
    BOOST_TEST(std::string(error.what()) == "cannot read '" + dir.path().string() + "': not a regular file");
  }
}

// Every page of a 64 MiB file read through a 1 MiB window: the resident set
// grows by about the window, not the file (a whole mapping would add 64 MiB).
// Issue 57: a file cut short under a window reads zeroes (no SIGBUS), and
// the next view, or readToEnd, says it changed while being read.
BOOST_AUTO_TEST_CASE(a_file_cut_short_under_the_window_is_said_changed) {
  TempDir dir;
  const auto path = dir / "cut.bin";
  writeFile(path, patterned(8 * kMiB));
  FileWindow window(path, windowOf(2 * kMiB));
  BOOST_TEST(window.view(0, 16).size() >= 16u);
  std::filesystem::resize_file(path, kMiB / 2);
  const std::string_view past = window.view(kMiB, 16);
  BOOST_TEST((past.substr(0, 16) == std::string(16, '\0')));
  const std::string expected = "'" + path.string() + "' changed while being read (it was cut short as it was read); "
                               "what was read from it cannot be trusted: run again once it is saved whole";
  try {
    window.view(kMiB + 16, 16);
    BOOST_FAIL("a view of a file cut short was served");
  } catch (const IoError& error) {
    BOOST_TEST(error.what() == expected);
  }
}

BOOST_AUTO_TEST_CASE(only_the_window_is_resident) {
  TempDir dir;
  const std::size_t size = 64 * kMiB;
  writeFile(dir / "big.bin", patterned(size));
  FileWindow window(dir / "big.bin", windowOf(kMiB));
  const std::size_t before = residentBytes();
  std::size_t peak = before, sum = 0;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  for (std::uint64_t offset = 0; offset < size; offset += page) {
    sum += static_cast<unsigned char>(window.view(offset, 1).front());
    if (offset % kMiB == 0) peak = std::max(peak, residentBytes());
  }
  BOOST_TEST(sum > 0U);
  BOOST_TEST(peak - before < 8 * kMiB, "the resident set grew by " << (peak - before) / kMiB << " MiB");
}

// A pass with dropBehind leaves the file's pages out of the page cache (the
// file synced first: dirty pages cannot be dropped).
BOOST_AUTO_TEST_CASE(drop_behind_empties_the_page_cache_of_what_was_read) {
  TempDir dir;
  const std::size_t size = 32 * kMiB;
  writeFile(dir / "big.bin", patterned(size));
  const int fd = ::open((dir / "big.bin").c_str(), O_RDONLY | O_CLOEXEC);
  BOOST_REQUIRE(fd >= 0);
  ::fsync(fd);
  ::close(fd);
  FileWindowOptions options = windowOf(kMiB);
  options.dropBehind = true;
  std::size_t sum = 0;
  {
    FileWindow window(dir / "big.bin", std::move(options));
    for (std::uint64_t offset = 0; offset < size; offset += kMiB / 2) {
      const std::string_view seen = window.view(offset, kMiB / 2);
      sum = std::accumulate(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(kMiB / 2), sum,
                            [](std::size_t s, char c) { return s + static_cast<unsigned char>(c); });
    }
  }
  BOOST_TEST(sum > 0U);
  BOOST_TEST(cachedBytes(dir / "big.bin") < 4 * kMiB,
             "the page cache still holds " << cachedBytes(dir / "big.bin") / kMiB
                                           << " MiB of the file (is the temporary directory on tmpfs? its pages "
                                              "cannot be dropped: set TMPDIR to a disk)");
}

BOOST_AUTO_TEST_SUITE_END()
