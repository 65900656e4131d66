// SPDX-License-Identifier: MIT
// Every number of a layout is bounded: the shipped schemas give the ranges
// the code checks, and each hostile value of issue 26 is refused at the
// layout, naming its key, before anything is sized by it.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <isla/world/layout.hpp>
#include <isla/world/layout_limits.hpp>

#include <fstream>
#include <sstream>

#include "test_kernel.hpp"

using namespace isla;

namespace {

boost::json::object schema(const std::string& name) {
  std::ifstream in(std::string(ISLA_SCHEMA_DIR) + "/" + name);
  std::ostringstream text;
  text << in.rdbuf();
  return boost::json::parse(text.str()).as_object();
}

double number(const boost::json::object& node, std::string_view key) { return node.at(key).to_number<double>(); }

// The schema node agrees with the range the code checks.
void checkSchemaSays(const boost::json::object& node, const NumberRange& range) {
  BOOST_TEST_CONTEXT(range.key) {
    BOOST_TEST(number(node, "maximum") == range.maximum);
    BOOST_TEST(number(node, range.minimumExcluded ? "exclusiveMinimum" : "minimum") == range.minimum);
    BOOST_TEST((node.at("type") == (range.integral ? "integer" : "number")));
  }
}

std::string layoutWith(const std::string& extra, const std::string& row = "0", const std::string& col = "0",
                       const std::string& path = "a.dat") {
  return R"({"format":"terrain-world.layout","schema_version":1,"name":"w",)" + extra +
         R"("sources":[{"id":"a","namespace":"na","path":")" + path + R"(","row":)" + row + R"(,"col":)" + col +
         "}]}";
}

// The one error a layout gets.
Diagnostic onlyError(const std::string& json) {
  Diagnostics out;
  BOOST_TEST(!parseLayout(json, "layout.json", out).has_value());
  BOOST_TEST_REQUIRE(out.items().size() == 1u, isla::test::describe(out));
  return out.items()[0];
}

}  // namespace

BOOST_AUTO_TEST_SUITE(layout_limits)

BOOST_AUTO_TEST_CASE(the_schemas_give_the_ranges_the_code_checks) {
  const auto layout = schema("layout-v1.schema.json");
  const auto& properties = layout.at("properties").as_object();
  checkSchemaSays(properties.at("spacing_m").as_object(), kSpacingRange);
  checkSchemaSays(properties.at("height_scale_m").as_object(), kHeightScaleRange);
  checkSchemaSays(properties.at("gap_cells").as_object(), kGapCellsRange);
  BOOST_TEST(number(properties.at("name").as_object(), "maxLength") == kMaxNameCharacters);
  const auto& source = layout.at("$defs").at("source").at("properties").as_object();
  checkSchemaSays(source.at("row").as_object(), kRowRange);
  checkSchemaSays(source.at("col").as_object(), kColRange);
  BOOST_TEST(number(source.at("path").as_object(), "maxLength") == kMaxPathCharacters);

  const auto runtime = schema("source-v1.schema.json").at("$defs").at("runtime").at("properties").as_object();
  checkSchemaSays(runtime.at("spacing_m").as_object(), kSpacingRange);
  checkSchemaSays(runtime.at("height_scale_m").as_object(), kHeightScaleRange);
  BOOST_TEST(number(runtime.at("map_size").as_object(), "maximum") == kMaxMapSize);
}

BOOST_AUTO_TEST_CASE(the_code_checks_finite_in_range_and_whole) {
  BOOST_TEST(!outOfRange(1.0, kSpacingRange));
  BOOST_TEST(!outOfRange(1000.0, kSpacingRange));
  BOOST_TEST(*outOfRange(1e-300, kSpacingRange) == "spacing_m is 1e-300; it runs from 0.001 to 1000");
  BOOST_TEST(*outOfRange(std::numeric_limits<double>::infinity(), kSpacingRange) ==
             "spacing_m is not a finite number; it runs from 0.001 to 1000");
  BOOST_TEST(outOfRange(std::numeric_limits<double>::quiet_NaN(), kHeightScaleRange).has_value());
  BOOST_TEST(*outOfRange(0.0, kHeightScaleRange) == "height_scale_m is 0; it is above 0 and at most 1e+06");
  BOOST_TEST(*outOfRange(1e30, kHeightScaleRange) == "height_scale_m is 1e+30; it is above 0 and at most 1e+06");
  BOOST_TEST(*outOfRange(4294967298.0, kGapCellsRange) == "gap_cells is 4294967298; it runs from 2 to 1024");
  BOOST_TEST(*outOfRange(2.5, kRowRange) == "row is 2.5; it must be a whole number");
}

BOOST_AUTO_TEST_CASE(hostile_numbers_are_refused_naming_their_key) {
  struct Case {
    std::string json, code, pointer, message;
  };
  const std::vector<Case> cases{
      {layoutWith(R"("spacing_m":1e400,)"), "layout.bad-json", "/spacing_m", "the number 1e400 is beyond the range"},
      {layoutWith(R"("spacing_m":1e306,)"), "layout.schema", "/spacing_m", "expected a number <= 1000"},
      {layoutWith(R"("spacing_m":1e-300,)"), "layout.schema", "/spacing_m", "expected a number >= 0.001"},
      {layoutWith(R"("height_scale_m":1e30,)"), "layout.schema", "/height_scale_m", "expected a number <= 1e+06, got 1e+30"},
      {layoutWith(R"("height_scale_m":1e300,)"), "layout.schema", "/height_scale_m", "<= 1e+06"},
      {layoutWith(R"("gap_cells":1e9,)"), "layout.schema", "/gap_cells", "expected a number <= 1024"},
      {layoutWith(R"("gap_cells":30000,)"), "layout.schema", "/gap_cells", "<= 1024"},
      {layoutWith(R"("gap_cells":4294967298,)"), "layout.schema", "/gap_cells", "<= 1024"},
      {layoutWith("", "2147483647"), "layout.schema", "/sources/0/row", "expected a number <= 255"},
      {layoutWith("", "3e9"), "layout.schema", "/sources/0/row", "<= 255"},
      {layoutWith("", "18446744073709551616"), "layout.schema", "/sources/0/row", "<= 255"},
      {layoutWith("", "0", "4294967297"), "layout.schema", "/sources/0/col", "<= 255"},
      {layoutWith(R"("gap_cells":4,"gap_cells":8,)"), "layout.bad-json", "/gap_cells", "the key 'gap_cells' appears twice"},
      {layoutWith("", "0", "0, \"row\": 0"), "layout.bad-json", "/sources/0/row", "the key 'row' appears twice"},
      {layoutWith("", "0", "0", "a\\u0000.dat"), "layout.bad-path", "/sources/0/path", "a NUL character"},
      {"{\n \"format\": ,\n}", "layout.bad-json", "", "not valid JSON at line 2, column 12 (byte 13)"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.json) {
      const auto d = onlyError(c.json);
      BOOST_TEST(d.code == c.code);
      BOOST_TEST(d.pointer == c.pointer);
      BOOST_TEST(d.message.find(c.message) != std::string::npos, d.message);
      BOOST_TEST(d.file == "layout.json");
    }
  }
}

BOOST_AUTO_TEST_CASE(a_name_past_its_length_is_refused) {
  const auto d = onlyError(R"({"format":"terrain-world.layout","schema_version":1,"name":")" +
                           std::string(1100000, 'n') + R"(","sources":[{"id":"a","namespace":"na","path":"a.dat","row":0,"col":0}]})");
  BOOST_TEST(d.pointer == "/name");
  BOOST_TEST(d.message == "expected at most 256 characters, got 1100000");
}

BOOST_AUTO_TEST_CASE(the_limits_themselves_are_accepted) {
  Diagnostics out;
  const auto layout = parseLayout(
      layoutWith(R"("spacing_m":1000,"height_scale_m":1000000,"gap_cells":1024,)", "0", "0"), "layout.json", out);
  BOOST_TEST_REQUIRE(layout.has_value(), isla::test::describe(out));
  BOOST_TEST(layout->settings.gapCells == 1024);
  BOOST_TEST(parseLayout(layoutWith(R"("spacing_m":0.001,)"), "layout.json", out).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
