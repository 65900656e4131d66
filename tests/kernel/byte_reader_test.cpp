// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/io/byte_reader.hpp>
#include <isla/io/byte_writer.hpp>

#include "blueprint_builder.hpp"

using namespace isla;

namespace {
std::vector<std::byte> bytesOf(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (const int v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}

DecodeError decodeError(const std::function<void()>& action) {
  try {
    action();
  } catch (const DecodeError& error) {
    return error;
  }
  BOOST_FAIL("no DecodeError");
  throw;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(byte_reader)

BOOST_AUTO_TEST_CASE(reads_little_endian_and_reports_absolute_offsets) {
  const auto bytes = bytesOf({0x01, 0x02, 0x03, 0x04, 0x05});
  ByteReader in(bytes, 100);
  BOOST_TEST(in.u16() == 0x0201u);
  BOOST_TEST(in.absolute() == 102u);
  const auto error = decodeError([&] { in.u32(); });
  BOOST_TEST(error.code() == "bytes.truncated");
  BOOST_TEST(error.offset() == 102u);
  BOOST_TEST(std::string(error.what()) == "needs 4 bytes for a u32 but only 3 remain");
}

BOOST_AUTO_TEST_CASE(strings_round_trip_and_accept_non_minimal_lengths) {
  ByteWriter writer;
  writer.str(std::string(200, 'a'));
  const auto bytes = writer.flatten();
  BOOST_TEST(static_cast<int>(bytes[0]) == 0xC8);  // 200 = 0x48 | continue, then 1
  BOOST_TEST(static_cast<int>(bytes[1]) == 0x01);
  ByteReader in(bytes);
  BOOST_TEST(in.str() == std::string(200, 'a'));

  const auto nonMinimal = bytesOf({0x82, 0x80, 0x00, 'h', 'i'});  // 2, in three groups
  ByteReader padded(nonMinimal);
  BOOST_TEST(padded.str() == "hi");
}

BOOST_AUTO_TEST_CASE(bad_strings_are_load_errors) {
  auto fails = [](std::vector<std::byte> bytes, const std::string& code) {
    ByteReader in(bytes, 10);
    BOOST_TEST(decodeError([&] { in.str(); }).code() == code);
  };
  fails(bytesOf({0x80, 0x80, 0x80, 0x80, 0x80, 0x00}), "string.bad-length");  // six length bytes
  fails(bytesOf({0xFF, 0xFF, 0xFF, 0xFF, 0x0F}), "string.bad-length");        // 2^32 - 1 > INT32_MAX
  fails(bytesOf({0x05, 'a', 'b'}), "string.truncated");
  fails(bytesOf({0x02, 0xC0, 0xAF}), "string.invalid-utf8");                   // overlong '/'
  fails(bytesOf({0x03, 0xED, 0xA0, 0x80}), "string.invalid-utf8");             // a surrogate
  fails(bytesOf({0x01, 0xFF}), "string.invalid-utf8");
  fails(bytesOf({0x80}), "bytes.truncated");                                   // length cut short
}

BOOST_AUTO_TEST_CASE(utf8_validation_accepts_every_well_formed_length) {
  const std::string text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x8C\x8B";  // a é € 🌋
  BOOST_TEST(isValidUtf8(std::as_bytes(std::span(text.data(), text.size()))));
  const std::string beyond = "\xF4\x90\x80\x80";  // U+110000
  BOOST_TEST(!isValidUtf8(std::as_bytes(std::span(beyond.data(), beyond.size()))));
}

BOOST_AUTO_TEST_CASE(counts_are_checked_before_anything_is_allocated) {
  ByteWriter writer;
  writer.i32(-3);
  writer.i32(1000);
  writer.u64(0);
  const auto bytes = writer.flatten();
  ByteReader in(bytes);
  const auto negative = decodeError([&] { in.count(4, "town"); });
  BOOST_TEST(negative.code() == "count.negative");
  BOOST_TEST(std::string(negative.what()) == "town count is -3; a count cannot be negative");
  const auto huge = decodeError([&] { in.count(10, "town"); });
  BOOST_TEST(huge.code() == "count.exceeds-payload");
  BOOST_TEST(huge.offset() == 4u);
  BOOST_TEST(std::string(huge.what()) == "town count 1000 needs at least 10000 bytes but only 8 remain");
}

BOOST_AUTO_TEST_CASE(writer_views_are_not_copied) {
  auto owner = std::make_shared<const std::vector<std::byte>>(bytesOf({1, 2, 3}));
  ByteWriter writer;
  writer.u8(9);
  writer.view(*owner, owner);
  writer.u8(8);
  BOOST_TEST(writer.size() == 5u);
  BOOST_TEST((writer.flatten() == bytesOf({9, 1, 2, 3, 8})));
}

BOOST_AUTO_TEST_SUITE_END()
