// SPDX-License-Identifier: MIT
// Records and tables of every primitive BLUEPRINT_FORMAT.md names, read and
// written back byte for byte; a third party's "u16 version, u32 count,
// records" section needs no reading by hand.
#include <boost/test/unit_test.hpp>

#include <isla/container/record_summary.hpp>
#include <isla/io/byte_writer.hpp>
#include <isla/model/record.hpp>

#include <limits>

using namespace isla;

namespace {

std::shared_ptr<const RecordLayout> everyType() {
  return RecordLayout::make({{"a", FieldType::U8},
                             {"b", FieldType::U16},
                             {"c", FieldType::U32},
                             {"d", FieldType::U64},
                             {"e", FieldType::I32},
                             {"f", FieldType::F32},
                             {"g", FieldType::Str}});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(records)

BOOST_AUTO_TEST_CASE(every_primitive_of_the_format_reads_and_writes_back) {
  ByteWriter in;
  in.u8(0xFE);
  in.u16(0xBEEF);
  in.u32(0xFFFFFFF0u);  // above INT32_MAX: read as a u32, not an i32
  in.u64(0x0123456789ABCDEFull);
  in.i32(-7);
  in.f32(0.1f);
  in.str("Ünïcode");
  const auto bytes = in.flatten();
  BOOST_TEST(everyType()->minimumSize() == 1u + 2 + 4 + 8 + 4 + 4 + 1);

  ByteReader reader(bytes);
  const Record record = readRecord(reader, everyType());
  BOOST_TEST(reader.remaining() == 0u);
  BOOST_TEST(record.as<std::uint8_t>("a") == 0xFEu);
  BOOST_TEST(record.as<std::uint16_t>("b") == 0xBEEFu);
  BOOST_TEST(record.as<std::uint32_t>("c") == 0xFFFFFFF0u);
  BOOST_TEST(record.as<std::uint64_t>("d") == 0x0123456789ABCDEFull);
  BOOST_TEST(record.as<std::int32_t>("e") == -7);
  BOOST_TEST(record.as<float>("f") == 0.1f);
  BOOST_TEST(record.as<std::string>("g") == "Ünïcode");
  BOOST_TEST(record.number("c") == 4294967280.0);
  BOOST_TEST(toText(record.get("c")) == "4294967280");
  BOOST_TEST(toText(record.get("d")) == "81985529216486895");
  BOOST_TEST(fieldTypeName(FieldType::U32) == "u32");
  BOOST_TEST(fieldTypeName(FieldType::U64) == "u64");

  ByteWriter out;
  writeRecord(record, out);
  BOOST_TEST(out.flatten() == bytes);

  // The summary's JSON keeps a u64 whole.
  SectionSummary summary;
  summarizeFields(record, summary);
  BOOST_TEST(summary.json.at("d").as_uint64() == 0x0123456789ABCDEFull);
  BOOST_TEST(summary.json.at("c").as_int64() == 4294967280);
}

BOOST_AUTO_TEST_CASE(a_version_a_u32_count_and_records_read_without_a_loop_by_hand) {
  const auto header = RecordLayout::make({{"version", FieldType::U16}});
  const auto rows = RecordLayout::make({{"id", FieldType::U32}, {"value", FieldType::F32}});
  ByteWriter in;
  in.u16(3);
  in.u32(2);
  for (const std::uint32_t id : {7u, 4000000000u}) {
    in.u32(id);
    in.f32(static_cast<float>(id) / 2);
  }
  const auto bytes = in.flatten();

  ByteReader reader(bytes, 1000);
  const Record version = readRecord(reader, header);
  const Table table = readTable(reader, rows, "entry", CountType::U32);
  BOOST_TEST(reader.remaining() == 0u);
  BOOST_TEST(version.as<std::uint16_t>("version") == 3u);
  BOOST_TEST_REQUIRE(table.rows.size() == 2u);
  BOOST_TEST(table.rows[1].as<std::uint32_t>("id") == 4000000000u);

  ByteWriter out;
  writeRecord(version, out);
  writeTable(table, out, CountType::U32);
  BOOST_TEST(out.flatten() == bytes);
}

BOOST_AUTO_TEST_CASE(a_u32_count_is_checked_against_the_bytes_left_before_allocating) {
  ByteWriter in;
  in.u32(std::numeric_limits<std::uint32_t>::max());  // an i32 count would read it as -1
  in.u64(0);
  const auto bytes = in.flatten();
  ByteReader reader(bytes, 64);
  try {
    readTable(reader, RecordLayout::make({{"id", FieldType::U32}}), "entry", CountType::U32);
    BOOST_FAIL("a count of 4294967295 four-byte rows in 8 bytes was read");
  } catch (const DecodeError& error) {
    BOOST_TEST(error.code() == "count.exceeds-payload");
    BOOST_TEST(error.offset() == 64u);
    BOOST_TEST(std::string(error.what()) == "entry count 4294967295 needs at least 17179869180 bytes but only 8 remain");
  }
}

BOOST_AUTO_TEST_SUITE_END()
