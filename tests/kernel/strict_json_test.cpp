// SPDX-License-Identifier: MIT
// The JSON every reader of the tool uses: what boost::json::parse accepts
// silently (a key twice, 1e400) is an error with its pointer, a syntax
// error says its line, column and byte, and the limits stop a hostile
// document before it is held.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <isla/json/strict_json.hpp>

using namespace isla;

namespace {

std::vector<JsonProblem> problemsOf(std::string_view text, const JsonLimits& limits = {}) {
  std::vector<JsonProblem> problems;
  BOOST_TEST(!parseStrictJson(text, problems, limits).has_value());
  return problems;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(strict_json)

BOOST_AUTO_TEST_CASE(a_clean_document_parses_as_boost_json_parses_it) {
  const std::string text = R"({"a": [1, 2.5, {"b": null}], "c": "x", "d": 18446744073709551615})";
  std::vector<JsonProblem> problems;
  const auto value = parseStrictJson(text, problems);
  BOOST_TEST_REQUIRE(value.has_value());
  BOOST_TEST(problems.empty());
  BOOST_TEST((*value == boost::json::parse(text)));
}

BOOST_AUTO_TEST_CASE(a_key_twice_is_named_with_its_pointer) {
  const auto problems = problemsOf(R"({"sources": [{"row": 0}, {"row": 1, "col": 2, "row": 3}], "a/b~": 1, "a/b~": 2})");
  BOOST_TEST_REQUIRE(problems.size() == 2u);
  BOOST_TEST(problems[0].pointer == "/sources/1/row");
  BOOST_TEST(problems[0].message == "the key 'row' appears twice in one object; keep one of them");
  BOOST_TEST(problems[1].pointer == "/a~1b~0");
}

BOOST_AUTO_TEST_CASE(the_same_key_in_two_objects_is_fine) {
  std::vector<JsonProblem> problems;
  BOOST_TEST(parseStrictJson(R"([{"a": 1}, {"a": 2}, {"b": {"a": 3}, "a": 4}])", problems).has_value());
}

BOOST_AUTO_TEST_CASE(a_number_beyond_a_double_is_named_with_its_pointer) {
  const auto problems = problemsOf(R"({"spacing_m": 1e400, "list": [0, -1.5e999]})");
  BOOST_TEST_REQUIRE(problems.size() == 2u);
  BOOST_TEST(problems[0].pointer == "/spacing_m");
  BOOST_TEST(problems[0].message ==
             "the number 1e400 is beyond the range of a double (about 1.8e308); give a finite number");
  BOOST_TEST(problems[1].pointer == "/list/1");
}

BOOST_AUTO_TEST_CASE(a_syntax_error_has_its_line_column_and_byte) {
  const auto problems = problemsOf("{\n  \"a\": 1,\n  \"b\": tru\n}");
  BOOST_TEST_REQUIRE(problems.size() == 1u);
  BOOST_TEST(problems[0].pointer.empty());
  BOOST_TEST(problems[0].message.starts_with("not valid JSON at line 3, column 8 (byte 19): "), problems[0].message);
  const auto truncated = problemsOf("{\"a\": [1,");
  BOOST_TEST(truncated[0].message.starts_with("the JSON ends early at line 1, column 10 (byte 9): "),
             truncated[0].message);
  const auto trailing = problemsOf("{} x");
  BOOST_TEST(trailing[0].message.starts_with("not valid JSON at line 1, column 4 (byte 3): "), trailing[0].message);
}

BOOST_AUTO_TEST_CASE(keys_shown_are_escaped) {
  const auto problems = problemsOf("{\"\\u001b[2J\": 1, \"\\u001b[2J\": 2}");
  BOOST_TEST_REQUIRE(problems.size() == 1u);
  BOOST_TEST(problems[0].message.find("'\\x1b[2J'") != std::string::npos, problems[0].message);
}

BOOST_AUTO_TEST_CASE(each_limit_stops_the_parse_where_it_is_passed) {
  const std::string text = R"({"name": "abcdef", "list": [1, 2, [3, [4]]]})";
  std::vector<JsonProblem> problems;
  BOOST_TEST(parseStrictJson(text, problems, {.maxDepth = 4, .maxValues = 9, .maxStringBytes = 6, .maxKeyBytes = 4})
                 .has_value());

  const auto tooMany = problemsOf(text, {.maxValues = 5});
  BOOST_TEST_REQUIRE(tooMany.size() == 1u);
  BOOST_TEST(tooMany[0].pointer == "/list/2");
  BOOST_TEST(tooMany[0].message ==
             "the document holds more than 5 values; it is not one of the documents this reads");
  const auto longString = problemsOf(text, {.maxStringBytes = 5});
  BOOST_TEST(longString[0].message.starts_with("not valid JSON at line 1, column 17 (byte 16): "),
             longString[0].message);
  const auto longKey = problemsOf(text, {.maxKeyBytes = 3});
  BOOST_TEST(longKey[0].message.starts_with("not valid JSON at line 1, column 7 (byte 6): "), longKey[0].message);
  const auto deep = problemsOf(text, {.maxDepth = 3});
  BOOST_TEST(deep[0].message.starts_with("not valid JSON at line 1, column 39 (byte 38): "), deep[0].message);
}

BOOST_AUTO_TEST_SUITE_END()
