// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <isla/document/json_writer.hpp>

namespace {

std::string text(isla::MemorySink& sink) {
  return {reinterpret_cast<const char*>(sink.bytes().data()), sink.bytes().size()};
}

// The document `write` makes, as text.
template <class Write>
std::string document(Write write) {
  isla::MemorySink sink;
  isla::JsonWriter json(sink);
  write(json);
  json.finish();
  return text(sink);
}

template <class T>
std::string number(T value) {
  return document([&](isla::JsonWriter& json) { json.value(value); });
}

// Every finite float32 of `count` random bit patterns, plus the extremes.
std::vector<float> floatSample(std::size_t count) {
  std::vector<float> values{std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::min(),
                            std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                            1e-7f, 1e20f, 0.1f, 37.65f, -125.5f, 16777217.0f};
  std::mt19937 random(7);
  while (values.size() < count) {
    const float value = std::bit_cast<float>(static_cast<std::uint32_t>(random()));
    if (std::isfinite(value)) values.push_back(value);
  }
  return values;
}

// Splits a compact array "[a,b,c]\n" into its numbers' texts.
std::vector<std::string> elements(const std::string& json) {
  BOOST_TEST_REQUIRE(json.front() == '[');
  BOOST_TEST_REQUIRE(json.substr(json.size() - 2) == "]\n");
  std::vector<std::string> out;
  std::size_t begin = 1;
  for (std::size_t i = 1; i < json.size() - 1; ++i) {
    if (json[i] == ',' || json[i] == ']') {
      out.push_back(json.substr(begin, i - begin));
      begin = i + 1;
    }
  }
  return out;
}

// Written as one compact array, each number reads back (std::from_chars,
// the whole text) as itself, and none has an exponent.
template <class T>
void checkReadsBack(const std::vector<T>& values) {
  const auto texts = elements(document([&](isla::JsonWriter& w) { w.numbers(values); }));
  BOOST_TEST_REQUIRE(texts.size() == values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string& t = texts[i];
    BOOST_TEST_REQUIRE(t.find_first_of("eE") == std::string::npos, t);
    T back = 0;
    const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), back);
    BOOST_TEST_REQUIRE((error == std::errc{} && end == t.data() + t.size()), t);
    BOOST_TEST_REQUIRE(back == values[i], t);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(json_writer)

BOOST_AUTO_TEST_CASE(writes_the_package_layout_byte_for_byte) {
  const std::vector<float> row{37.65f, -125.5f, 0.0f};
  const std::vector<double> normal{0, 1, 0};
  const std::string json = document([&](isla::JsonWriter& w) {
    w.beginObject();
    w.member("format", "terrain-world.terrain");
    w.member("schema_version", 1);
    w.member("spacing_m", 1.0);
    w.key("origin_m");
    w.numbers(std::vector<double>{1023, 0.5});
    w.member("source_id", std::optional<std::string>{});
    w.member("visible", true);
    w.key("heights_m");
    w.beginArray();
    w.numbers(row);
    w.numbers(row);
    w.endArray();
    w.key("normals");
    w.beginCompactArray();
    w.numbers(normal);
    w.numbers(normal);
    w.endArray();
    w.key("members");
    w.beginArray();
    w.beginObject();
    w.member("patch_id", "p-0-0");
    w.endObject();
    w.endArray();
    w.key("empty");
    w.beginArray();
    w.endArray();
    w.key("none");
    w.beginObject();
    w.endObject();
    w.endObject();
  });
  BOOST_TEST(json ==
             "{\n"
             "  \"format\": \"terrain-world.terrain\",\n"
             "  \"schema_version\": 1,\n"
             "  \"spacing_m\": 1,\n"
             "  \"origin_m\": [1023,0.5],\n"
             "  \"source_id\": null,\n"
             "  \"visible\": true,\n"
             "  \"heights_m\": [\n"
             "    [37.65,-125.5,0],\n"
             "    [37.65,-125.5,0]\n"
             "  ],\n"
             "  \"normals\": [[0,1,0],[0,1,0]],\n"
             "  \"members\": [\n"
             "    {\n"
             "      \"patch_id\": \"p-0-0\"\n"
             "    }\n"
             "  ],\n"
             "  \"empty\": [],\n"
             "  \"none\": {}\n"
             "}\n");
}

BOOST_AUTO_TEST_CASE(objects_inside_a_compact_array_are_compact) {
  const std::string json = document([](isla::JsonWriter& w) {
    w.beginCompactArray();
    w.beginObject();
    w.member("a", -3);
    w.member("b", std::uint64_t{18446744073709551615U});
    w.endObject();
    w.value("x");
    w.endArray();
  });
  BOOST_TEST(json == "[{\"a\":-3,\"b\":18446744073709551615},\"x\"]\n");
}

BOOST_AUTO_TEST_CASE(numbers_are_shortest_fixed_notation) {
  BOOST_TEST(number(0.1f) == "0.1\n");
  BOOST_TEST(number(37.65f) == "37.65\n");
  BOOST_TEST(number(1e-7f) == "0.0000001\n");
  BOOST_TEST(number(1e20f) == "100000000000000000000\n");
  BOOST_TEST(number(-0.0f) == "0\n");
  BOOST_TEST(number(1.23456789e8f) == "123456790\n");
  BOOST_TEST(number(-16777216.0f) == "-16777216\n");
  BOOST_TEST(number(1234567890123456.7) == "1234567890123456.8\n");
  BOOST_TEST(number(0.1) == "0.1\n");
  BOOST_TEST(number(1e-7) == "0.0000001\n");
  BOOST_TEST(number(1e20) == "100000000000000000000\n");
  BOOST_TEST(number(-0.0) == "0\n");
  BOOST_TEST(number(static_cast<double>(37.65f)) == "37.650001525878906\n");
  BOOST_TEST(number(251.0 * 0.15) == "37.65\n");
}

BOOST_AUTO_TEST_CASE(every_float32_of_a_sample_reads_back_and_never_has_an_exponent) {
  const auto values = floatSample(200000);
  checkReadsBack(values);
  for (const float value : values) {  // and so does the C library's reader
    BOOST_TEST_REQUIRE(std::strtof(number(value).c_str(), nullptr) == value);
  }
}

BOOST_AUTO_TEST_CASE(every_double_of_a_sample_reads_back_and_never_has_an_exponent) {
  std::vector<double> values{std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max(),
                             -std::numeric_limits<double>::max(), 1e-300, 0.30000000000000004};
  std::mt19937_64 random(11);
  while (values.size() < 20000) {
    const double value = std::bit_cast<double>(static_cast<std::uint64_t>(random()));
    if (std::isfinite(value)) values.push_back(value);
  }
  checkReadsBack(values);
}

BOOST_AUTO_TEST_CASE(non_finite_numbers_throw_with_their_json_pointer) {
  const std::vector<float> row{1.0f, std::numeric_limits<float>::quiet_NaN()};
  isla::MemorySink sink;
  isla::JsonWriter w(sink);
  w.beginObject();
  w.key("heights_m");
  w.beginArray();
  w.numbers(std::vector<float>{1.0f});
  try {
    w.numbers(row);
    BOOST_FAIL("no exception");
  } catch (const std::domain_error& error) {
    BOOST_TEST(std::string(error.what()) == "json: cannot write NaN at /heights_m/1/1: JSON numbers are finite");
  }
  isla::JsonWriter top(sink);
  BOOST_CHECK_THROW(top.value(-std::numeric_limits<double>::infinity()), std::domain_error);
}

BOOST_AUTO_TEST_CASE(strings_are_escaped_and_utf8_passes_through) {
  BOOST_TEST(document([](isla::JsonWriter& w) { w.value("q\"b\\n\n\t\r\b\f\x01\x1f\x7f"); }) ==
             "\"q\\\"b\\\\n\\n\\t\\r\\b\\f\\u0001\\u001f\x7f\"\n");
  BOOST_TEST(document([](isla::JsonWriter& w) { w.value("Ærø 東京 \xF0\x9F\x8C\x8B"); }) ==
             "\"Ærø 東京 \xF0\x9F\x8C\x8B\"\n");
  // A stray continuation byte, an overlong '/', a surrogate, a truncated sequence.
  BOOST_TEST(document([](isla::JsonWriter& w) { w.value("a\x80-\xC0\xAF-\xED\xA0\x80-\xE6\x9D"); }) ==
             "\"a\xEF\xBF\xBD-\xEF\xBF\xBD\xEF\xBF\xBD-\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD-"
             "\xEF\xBF\xBD\xEF\xBF\xBD\"\n");
}

BOOST_AUTO_TEST_CASE(misuse_is_a_logic_error) {
  isla::MemorySink sink;
  isla::JsonWriter w(sink);
  w.beginObject();
  BOOST_CHECK_THROW(w.value(1), std::logic_error);
  BOOST_CHECK_THROW(w.endArray(), std::logic_error);
  BOOST_CHECK_THROW(w.finish(), std::logic_error);
  w.endObject();
  BOOST_CHECK_THROW(w.value(2), std::logic_error);
  w.finish();
  BOOST_TEST(text(sink) == "{}\n");
}

BOOST_AUTO_TEST_CASE(a_document_larger_than_the_buffer_streams_intact) {
  std::vector<float> row(4096);
  for (std::size_t i = 0; i < row.size(); ++i) row[i] = static_cast<float>(i) * 0.25f - 300.0f;
  std::string expected = "[\n";
  std::string line = "  [";
  for (std::size_t i = 0; i < row.size(); ++i) {
    char buffer[32];
    line += (i ? "," : "") + std::string(buffer, std::to_chars(buffer, buffer + 32, row[i]).ptr);
  }
  line += "]";
  for (int z = 0; z < 100; ++z) expected += line + (z < 99 ? ",\n" : "\n");
  expected += "]\n";
  BOOST_TEST(document([&](isla::JsonWriter& w) {
               w.beginArray();
               for (int z = 0; z < 100; ++z) w.numbers(row);
               w.endArray();
             }) == expected);
}

BOOST_AUTO_TEST_SUITE_END()
