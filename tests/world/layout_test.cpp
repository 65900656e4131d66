// SPDX-License-Identifier: MIT
// The layout: defaults, order independence, and every error with its JSON
// pointer and a message that says what to do.
#include <boost/test/unit_test.hpp>

#include <isla/world/layout.hpp>

#include "test_kernel.hpp"

using namespace isla;

namespace {

const std::string kSources =
    R"([{"id":"b","namespace":"nb","path":"b.dat","row":0,"col":1},)"
    R"({"id":"a","namespace":"na","path":"a.dat","row":0,"col":0}])";

std::string layoutWithSources(const std::string& sources, const std::string& extra = "") {
  return R"({"format":"terrain-world.layout","schema_version":1,"name":"w",)" + extra + R"("sources":)" + sources +
         "}";
}

struct Parsed {
  std::optional<Layout> layout;
  Diagnostics diagnostics;
};

Parsed parse(const std::string& json) {
  Parsed out;
  out.layout = parseLayout(json, "maps/layout.json", out.diagnostics);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(layout)

BOOST_AUTO_TEST_CASE(defaults_and_sources_sorted_by_cell) {
  const auto parsed = parse(layoutWithSources(kSources));
  BOOST_REQUIRE_MESSAGE(parsed.layout, isla::test::describe(parsed.diagnostics));
  const Layout& layout = *parsed.layout;
  BOOST_TEST(layout.settings.spacingM == 1.0);
  BOOST_TEST(layout.settings.heightScaleM == 251.0);
  BOOST_TEST(layout.settings.gapCells == 64);
  BOOST_TEST(layout.settings.slopeWarningDeg == 35.0);
  BOOST_TEST(layout.rows == 1);
  BOOST_TEST(layout.cols == 2);
  BOOST_TEST(layout.sources[0].id == "a");
  BOOST_TEST(layout.sources[1].id == "b");
  BOOST_TEST(layout.sources[0].path == std::filesystem::path("maps/a.dat"));
  BOOST_TEST(layout.sources[0].file == "a.dat");
  BOOST_TEST(layout.sources[0].pointer == "/sources/1");
}

BOOST_AUTO_TEST_CASE(settings_are_read) {
  const auto parsed = parse(layoutWithSources(kSources, R"("gap_cells":4,"spacing_m":2.5,"height_scale_m":100,)"));
  BOOST_REQUIRE(parsed.layout);
  BOOST_TEST(parsed.layout->settings.gapCells == 4);
  BOOST_TEST(parsed.layout->settings.spacingM == 2.5);
  BOOST_TEST(parsed.layout->settings.heightScaleM == 100.0);
}

struct Case {
  std::string json;
  std::string code;
  std::string pointer;
  std::string message;
};

BOOST_AUTO_TEST_CASE(each_error_names_its_pointer) {
  const std::vector<Case> cases{
      {"{", "layout.bad-json", "", "the JSON ends early at line 1, column 2 (byte 1)"},
      {layoutWithSources(kSources, R"("colour":1,)"), "layout.schema", "/colour", "colour"},
      {layoutWithSources(R"([{"id":"a","namespace":"na","path":"a.dat","row":"0","col":0}])"), "layout.schema",
       "/sources/0/row", ""},
      {layoutWithSources(kSources, R"("gap_cells":1,)"), "layout.schema", "/gap_cells", ""},
      {layoutWithSources(R"([{"id":"a","namespace":"na","path":"a.dat","row":0,"col":0},)"
                  R"({"id":"a","namespace":"nb","path":"b.dat","row":0,"col":1}])"),
       "layout.duplicate-id", "/sources/1", "id 'a' is used by 2 sources"},
      {layoutWithSources(R"([{"id":"a","namespace":"n","path":"a.dat","row":0,"col":0},)"
                  R"({"id":"b","namespace":"n","path":"b.dat","row":0,"col":1}])"),
       "layout.duplicate-namespace", "/sources/1", "namespace 'n' is used by 2 sources"},
      {layoutWithSources(R"([{"id":"a","namespace":"na","path":"a.dat","row":0,"col":0},)"
                  R"({"id":"b","namespace":"nb","path":"b.dat","row":0,"col":0}])"),
       "layout.duplicate-cell", "/sources/1", "cell (row 0, col 0) is used by 2 sources"},
      {layoutWithSources(R"([{"id":"a","namespace":"na","path":"a.dat","row":0,"col":0},)"
                  R"({"id":"b","namespace":"nb","path":"b.dat","row":1,"col":1}])"),
       "layout.hole", "/sources", "leave (row 0, col 1), (row 1, col 0) empty; a layout fills a full grid"},
      {layoutWithSources(R"([{"id":"a","namespace":"na","path":"a.dat","row":0,"col":0},)"
                  R"({"id":"b","namespace":"nb","path":"b.dat","row":255,"col":255}])"),
       "layout.hole", "/sources", "and more"},
      {layoutWithSources(R"([{"id":"a","namespace":"na","path":"/maps/a.dat","row":0,"col":0}])"),
       "layout.absolute-path", "/sources/0/path", "give it relative to the layout's directory"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.json) {
      const auto parsed = parse(c.json);
      BOOST_TEST(!parsed.layout);
      const Diagnostic* d = parsed.diagnostics.find(c.code);
      BOOST_REQUIRE_MESSAGE(d, isla::test::describe(parsed.diagnostics));
      BOOST_TEST(d->pointer == c.pointer);
      BOOST_TEST(d->file == "maps/layout.json");
      BOOST_TEST(d->message.find(c.message) != std::string::npos, d->message);
    }
  }
}

BOOST_AUTO_TEST_CASE(an_unreadable_layout_is_one_clear_error) {
  Diagnostics out;
  BOOST_TEST(!loadLayout("no/such/layout.json", out));
  BOOST_TEST(out.find("layout.unreadable")->message == "no such file; check the layout's path");
  Diagnostics directory;
  BOOST_TEST(!loadLayout(".", directory));
  BOOST_TEST(directory.find("layout.unreadable")->message.starts_with("not a regular file"));
}

BOOST_AUTO_TEST_SUITE_END()
