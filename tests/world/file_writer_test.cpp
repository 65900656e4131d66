// SPDX-License-Identifier: MIT
// The one write path: the bytes and their SHA-256, a refused existing file,
// each failure's message, and an interruption noticed at a flush.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>
#include <isla/publish/file_writer.hpp>
#include <isla/base/interrupt.hpp>
#include <isla/publish/sha256.hpp>

#include "blueprint_builder.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::string errorOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const IoError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(file_writer)

BOOST_AUTO_TEST_CASE(sha256_matches_the_published_vectors) {
  BOOST_TEST(sha256Hex({}) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  BOOST_TEST(sha256Hex(toBytes("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

BOOST_AUTO_TEST_CASE(small_and_large_writes_arrive_in_order_with_their_digest) {
  TempDir dir;
  std::vector<std::byte> expected;
  auto out = FileWriter::create(dir / "a.bin");
  out.write("head ");
  expected = toBytes("head ");
  std::vector<std::byte> block(3 << 20);
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<std::byte>(i * 7);
  for (int i = 0; i < 3; ++i) {
    out.write(std::span(block).first(700'000));
    expected.insert(expected.end(), block.begin(), block.begin() + 700'000);
  }
  out.write(block);
  expected.insert(expected.end(), block.begin(), block.end());
  BOOST_TEST(out.size() == expected.size());
  BOOST_TEST(out.path() == dir / "a.bin");
  const auto digest = out.close();
  BOOST_TEST(digest == sha256Hex(expected));
  BOOST_TEST(sha256OfFile(dir / "a.bin") == digest);
  BOOST_TEST((readFile(dir / "a.bin") == expected));
  BOOST_TEST(errorOf([&] { out.write("late"); }) == "write to '" + (dir / "a.bin").string() + "' after it was closed");
}

BOOST_AUTO_TEST_CASE(a_file_without_digest_gets_the_same_bytes_and_no_digest) {
  TempDir dir;
  auto out = FileWriter::create(dir / "a.bin", FileWriter::Digest::None);
  std::vector<std::byte> block(3 << 20);
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<std::byte>(i * 7);
  out.write("head ");
  out.write(block);
  auto expected = toBytes("head ");
  expected.insert(expected.end(), block.begin(), block.end());
  BOOST_TEST(out.size() == expected.size());
  BOOST_TEST(out.close().empty());
  BOOST_TEST((readFile(dir / "a.bin") == expected));
}

BOOST_AUTO_TEST_CASE(gathered_pieces_arrive_in_order_after_what_was_buffered) {
  // More pieces than one writev takes (IOV_MAX, 1024 here), empty ones
  // among them, after a buffered write they must follow.
  TempDir dir;
  auto out = FileWriter::create(dir / "a.bin");
  out.write("head ");
  std::vector<std::vector<std::byte>> blocks;
  for (std::size_t i = 0; i < 3000; ++i) blocks.emplace_back(i % 7 == 0 ? 0 : i % 300, static_cast<std::byte>(i));
  blocks.emplace_back(5 << 20, std::byte{9});
  std::vector<std::span<const std::byte>> pieces(blocks.begin(), blocks.end());
  out.writeGathered(pieces);
  out.write("tail");
  std::vector<std::byte> expected = toBytes("head ");
  for (const auto& block : blocks) expected.insert(expected.end(), block.begin(), block.end());
  const std::vector<std::byte> tail = toBytes("tail");
  expected.insert(expected.end(), tail.begin(), tail.end());
  BOOST_TEST(out.size() == expected.size());
  BOOST_TEST(out.close() == sha256Hex(expected));
  BOOST_TEST((readFile(dir / "a.bin") == expected));
  BOOST_TEST(errorOf([&] { out.writeGathered(pieces); }) ==
             "write to '" + (dir / "a.bin").string() + "' after it was closed");
}

BOOST_AUTO_TEST_CASE(a_full_disk_refuses_gathered_pieces_too) {
  const int fd = ::open("/dev/full", O_WRONLY | O_CLOEXEC);
  BOOST_REQUIRE(fd >= 0);
  FileWriter out(fd, "/dev/full", "out.glb");
  const std::vector<std::byte> block(1000);
  const std::span<const std::byte> pieces[] = {block, block};
  BOOST_TEST(errorOf([&] { out.writeGathered(pieces); }) ==
             "cannot write 'out.glb': the disk is full; free some space and try again");
}

BOOST_AUTO_TEST_CASE(an_existing_file_is_refused) {
  TempDir dir;
  writeFile(dir / "there", toBytes("keep"));
  BOOST_TEST(errorOf([&] { FileWriter::create(dir / "there"); }) ==
             "'" + (dir / "there").string() + "' already exists; choose another output path or remove it first");
  BOOST_TEST(errorOf([&] { FileWriter::create(dir / "no" / "x"); }) ==
             "cannot create '" + (dir / "no" / "x").string() + "': No such file or directory");
  BOOST_TEST((readFile(dir / "there") == toBytes("keep")));
}

BOOST_AUTO_TEST_CASE(a_full_disk_says_so_and_names_the_file_shown) {
  const int fd = ::open("/dev/full", O_WRONLY | O_CLOEXEC);
  BOOST_REQUIRE(fd >= 0);
  FileWriter out(fd, "/dev/full", "out.dat");
  BOOST_TEST(errorOf([&] { out.write(std::vector<std::byte>(2 << 20)); }) ==
             "cannot write 'out.dat': the disk is full; free some space and try again");
}

BOOST_AUTO_TEST_CASE(an_interruption_is_noticed_before_the_next_flush) {
  TempDir dir;
  const auto path = dir / "stage";
  const auto run = runInChild([&path] {
    installInterruptHandlers("test");
    try {
      const InterruptDeferral stage;
      auto out = FileWriter::create(path);
      out.write(std::vector<std::byte>(1000));
      ::raise(SIGINT);
      out.write(std::vector<std::byte>(2 << 20));
    } catch (const Interrupted&) {
      // Nothing reached the file after the signal.
      return std::filesystem::file_size(path) == 0 ? 0 : 1;
    }
    return 2;
  });
  BOOST_TEST(run.exitCode == 0);
}

BOOST_AUTO_TEST_SUITE_END()
