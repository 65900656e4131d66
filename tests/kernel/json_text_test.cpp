// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <limits>

#include <isla/json/json_text.hpp>

BOOST_AUTO_TEST_SUITE(json_text)

BOOST_AUTO_TEST_CASE(numbers_are_shortest_round_trip) {
  const boost::json::object object{{"a", 1.5}, {"b", -1.0}, {"c", isla::jsonFloat(0.1f)}, {"d", 75.3}};
  BOOST_TEST(isla::toJsonText(object, false) == R"({"a":1.5,"b":-1,"c":0.1,"d":75.3})");
}

BOOST_AUTO_TEST_CASE(non_finite_numbers_become_null_and_strings_are_escaped) {
  const boost::json::array array{std::numeric_limits<double>::quiet_NaN(), "a\"b\\c\n\x01"};
  BOOST_TEST(isla::toJsonText(array, false) == "[null,\"a\\\"b\\\\c\\n\\u0001\"]");
}

BOOST_AUTO_TEST_CASE(pretty_output_indents_two_spaces_in_insertion_order) {
  const boost::json::object object{{"z", 1}, {"a", boost::json::array{}}};
  BOOST_TEST(isla::toJsonText(object) == "{\n  \"z\": 1,\n  \"a\": []\n}");
}

BOOST_AUTO_TEST_SUITE_END()
