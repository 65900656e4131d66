// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <charconv>
#include <limits>
#include <span>
#include <string>

#include <isla/json/json_text.hpp>

BOOST_AUTO_TEST_SUITE(json_text)

BOOST_AUTO_TEST_CASE(numbers_are_shortest_round_trip) {
  const boost::json::object object{{"a", 1.5}, {"b", -1.0}, {"c", isla::jsonFloat(0.1f)}, {"d", 75.3}};
  BOOST_TEST(isla::toJsonText(object, false) == R"({"a":1.5,"b":-1,"c":0.1,"d":75.3})");
}

BOOST_AUTO_TEST_CASE(whole_numbers_print_as_the_shortest_round_trip_does) {
  // Whole numbers take a faster path, which must not change a byte: each is
  // compared with the library's shortest form, the exponent ones included.
  const double wholes[] = {0.0,     -0.0,     7.0,      -7.0,     4159.0,   -1215.0, 960.0,   100000.0, -100000.0,
                           1e15,    1e16 + 2, 123456789012345.0, 9007199254740991.0, 9007199254740992.0,
                           -9007199254740991.0, 1e21,  12345678901234567890.0};
  for (const double value : wholes) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    BOOST_TEST(isla::toJsonText(boost::json::value(value), false) == std::string(buffer, end), value);
  }
  BOOST_TEST(isla::toJsonText(boost::json::value(100000.0), false) == "1e+05");
  BOOST_TEST(isla::toJsonText(boost::json::value(-0.0), false) == "-0");
  BOOST_TEST(isla::toJsonText(boost::json::value(4159.0), false) == "4159");
}

BOOST_AUTO_TEST_CASE(non_finite_numbers_become_null_and_strings_are_escaped) {
  const boost::json::array array{std::numeric_limits<double>::quiet_NaN(), "a\"b\\c\n\x01"};
  BOOST_TEST(isla::toJsonText(array, false) == "[null,\"a\\\"b\\\\c\\n\\u0001\"]");
}

BOOST_AUTO_TEST_CASE(pretty_output_indents_two_spaces_in_insertion_order) {
  const boost::json::object object{{"z", 1}, {"a", boost::json::array{}}};
  BOOST_TEST(isla::toJsonText(object) == "{\n  \"z\": 1,\n  \"a\": []\n}");
}

BOOST_AUTO_TEST_CASE(text_written_in_blocks_is_the_same_text) {
  // Over 64 KiB in blocks: every kind of value, numbers that print with an
  // exponent or a sign of zero, nested arrays and objects.
  boost::json::array points;
  for (int i = 0; i < 4000; ++i) {
    points.emplace_back(boost::json::array{i * 1e-7, -0.0, 1e21 + i, isla::jsonFloat(0.1f * static_cast<float>(i))});
  }
  boost::json::object document{{"points", std::move(points)},
                               {"flags", boost::json::array{true, false, nullptr}},
                               {"name", "tab\there"},
                               {"empty", boost::json::object{}}};
  const std::string whole = isla::toJsonText(document), compact = isla::toJsonText(document, false);
  BOOST_TEST_REQUIRE(whole.size() > 3 * 65536U);
  struct Blocks {
    std::string text;
    std::size_t writes = 0;
    std::function<void(std::string_view)> sink() {
      return [this](std::string_view block) {
        text += block;
        ++writes;
      };
    }
  };
  Blocks pretty, flat;
  isla::writeJsonText(pretty.sink(), document);
  isla::writeJsonText(flat.sink(), document, false);
  BOOST_TEST(pretty.text == whole);
  BOOST_TEST(flat.text == compact);
  BOOST_TEST(pretty.writes > 3U);
}

BOOST_AUTO_TEST_SUITE_END()
