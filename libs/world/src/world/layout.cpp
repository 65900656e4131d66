// SPDX-License-Identifier: MIT
// The layout's structure is the shipped layout-v1.schema.json's to check;
// what a schema cannot say (a full grid, unique ids, namespaces and cells)
// is checked here. Sources are sorted by cell, so the file's order of
// entries never reaches the output.
#include "isla/world/layout.hpp"

#include <boost/json/parse.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <ranges>
#include <set>
#include <sstream>

#include "isla/base/joined_text.hpp"
#include "isla/document/json_schema.hpp"
#include "isla/json/strict_json.hpp"
#include "isla/world/layout_limits.hpp"

namespace isla {

namespace {

constexpr std::size_t kMaxLayoutBytes = 16 << 20;
constexpr std::size_t kHolesNamed = 8;

class Checker {
 public:
  Checker(const std::filesystem::path& file, Diagnostics& out) : file_(file.string()), out_(out) {}

  void error(const std::string& code, const std::string& pointer, const std::string& message) {
    out_.add(Diagnostic{.severity = Severity::Error, .code = code, .message = message, .file = file_,
                        .pointer = pointer});
    failed_ = true;
  }
  bool failed() const { return failed_; }

 private:
  std::string file_;
  Diagnostics& out_;
  bool failed_ = false;
};

double numberOr(const boost::json::object& object, std::string_view key, double fallback) {
  const auto* value = object.if_contains(key);
  return value ? value->to_number<double>() : fallback;
}

// The number at `key` (or `fallback` when absent), or an error when it is
// outside `range`: the schema says the same, but nothing is sized by a
// number the code has not checked itself.
double inRange(const boost::json::object& object, const NumberRange& range, const std::string& pointer,
               double fallback, Checker& check) {
  const double value = numberOr(object, range.key, fallback);
  if (const auto why = outOfRange(value, range)) {
    check.error("layout.range", pointer + "/" + std::string(range.key), *why);
    return fallback;
  }
  return value;
}

std::string names(const std::vector<const LayoutSource*>& sources) {
  return joinedText(sources | std::views::transform([](const LayoutSource* source) {
                      return "'" + source->id + "' (" + source->pointer + ")";
                    }));
}

// Reports every value of `key` that more than one source has.
template <class Key>
void checkUnique(const std::vector<LayoutSource>& sources, Checker& check, const std::string& code,
                 const std::string& what, const Key& key) {
  std::map<std::string, std::vector<const LayoutSource*>> groups;
  for (const auto& source : sources) groups[key(source)].push_back(&source);
  for (const auto& [value, group] : groups) {
    if (group.size() < 2) continue;
    check.error(code, group[1]->pointer,
                what + " " + value + " is used by " + std::to_string(group.size()) + " sources: " + names(group) +
                    "; each source needs its own");
  }
}

}  // namespace

std::optional<Layout> parseLayout(std::string_view json, const std::filesystem::path& file, Diagnostics& out) {
  Checker check(file, out);
  std::vector<JsonProblem> problems;
  const auto document = parseStrictJson(json, problems);
  for (const auto& problem : problems) check.error("layout.bad-json", problem.pointer, problem.message);
  if (!document) return std::nullopt;
  for (const auto& violation : JsonSchema::shipped("layout-v1.schema.json").validate(*document)) {
    check.error("layout.schema", violation.pointer, violation.message);
  }
  if (check.failed()) return std::nullopt;

  const auto& root = document->as_object();
  Layout layout;
  layout.file = file;
  layout.name = std::string(root.at("name").as_string());
  const auto setting = [&](const NumberRange& range, double fallback) {
    return inRange(root, range, "", fallback, check);
  };
  layout.settings.spacingM = setting(kSpacingRange, layout.settings.spacingM);
  layout.settings.heightScaleM = setting(kHeightScaleRange, layout.settings.heightScaleM);
  layout.settings.gapCells = static_cast<std::int32_t>(setting(kGapCellsRange, layout.settings.gapCells));
  layout.settings.slopeWarningDeg = numberOr(root, "slope_warning_deg", layout.settings.slopeWarningDeg);
  if (check.failed()) return std::nullopt;

  const auto base = file.parent_path();
  const auto& entries = root.at("sources").as_array();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& entry = entries[i].as_object();
    LayoutSource source;
    source.pointer = "/sources/" + std::to_string(i);
    source.id = std::string(entry.at("id").as_string());
    source.ns = std::string(entry.at("namespace").as_string());
    source.file = std::string(entry.at("path").as_string());
    const double row = inRange(entry, kRowRange, source.pointer, 0, check);
    const double col = inRange(entry, kColRange, source.pointer, 0, check);
    if (check.failed()) return std::nullopt;
    source.row = static_cast<std::int32_t>(row);
    source.col = static_cast<std::int32_t>(col);
    if (source.file.find('\0') != std::string::npos) {
      check.error("layout.bad-path", source.pointer + "/path",
                  "source '" + source.id + "' has a path with a NUL character, which no file name can hold; "
                  "remove it");
    } else if (std::filesystem::path(source.file).is_absolute()) {
      check.error("layout.absolute-path", source.pointer + "/path",
                  "source '" + source.id + "' has the absolute path '" + source.file +
                      "'; give it relative to the layout's directory, so that no machine's path reaches the world");
    }
    source.path = base / source.file;
    layout.rows = std::max(layout.rows, source.row + 1);
    layout.cols = std::max(layout.cols, source.col + 1);
    layout.sources.push_back(std::move(source));
  }

  checkUnique(layout.sources, check, "layout.duplicate-id", "id", [](const LayoutSource& s) { return "'" + s.id + "'"; });
  checkUnique(layout.sources, check, "layout.duplicate-namespace", "namespace",
              [](const LayoutSource& s) { return "'" + s.ns + "'"; });
  checkUnique(layout.sources, check, "layout.duplicate-cell", "cell", [](const LayoutSource& s) {
    return "(row " + std::to_string(s.row) + ", col " + std::to_string(s.col) + ")";
  });
  if (check.failed()) return std::nullopt;

  // A row or col far outside the grid must not size anything: holes are
  // found by walking the cells until a few have been named.
  const auto cells = static_cast<std::uint64_t>(layout.rows) * static_cast<std::uint64_t>(layout.cols);
  if (layout.sources.size() != cells) {
    std::set<std::pair<std::int32_t, std::int32_t>> filled;
    for (const auto& s : layout.sources) filled.emplace(s.row, s.col);
    std::vector<std::string> holes;
    for (std::uint64_t cell = 0; cell < cells && holes.size() < kHolesNamed; ++cell) {
      const auto row = static_cast<std::int32_t>(cell / static_cast<std::uint64_t>(layout.cols));
      const auto col = static_cast<std::int32_t>(cell % static_cast<std::uint64_t>(layout.cols));
      if (filled.contains({row, col})) continue;
      holes.push_back("(row " + std::to_string(row) + ", col " + std::to_string(col) + ")");
    }
    const bool more = cells - layout.sources.size() > holes.size();
    check.error("layout.hole", "/sources",
                "the sources span " + std::to_string(layout.rows) + " x " + std::to_string(layout.cols) +
                    " cells but leave " + joinedText(holes) + (more ? " and more" : "") +
                    " empty; a layout fills a full grid");
    return std::nullopt;
  }
  std::sort(layout.sources.begin(), layout.sources.end(), [](const LayoutSource& a, const LayoutSource& b) {
    return std::tie(a.row, a.col) < std::tie(b.row, b.col);
  });
  return layout;
}

std::optional<Layout> loadLayout(const std::filesystem::path& file, Diagnostics& out) {
  auto fail = [&](const std::string& code, const std::string& message) {
    out.add(Diagnostic{.severity = Severity::Error, .code = code, .message = message, .file = file.string()});
    return std::nullopt;
  };
  // The type first: opening a FIFO for reading would block.
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (error || !std::filesystem::exists(status)) {
    return fail("layout.unreadable", "no such file; check the layout's path");
  }
  if (!std::filesystem::is_regular_file(status)) {
    return fail("layout.unreadable", "not a regular file; give the path of a layout JSON file");
  }
  const auto size = std::filesystem::file_size(file, error);
  if (!error && size > kMaxLayoutBytes) {
    return fail("layout.too-large", "the layout is " + std::to_string(size) + " bytes; a layout is at most " +
                                        std::to_string(kMaxLayoutBytes) + " bytes of JSON");
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (error || !in) return fail("layout.unreadable", "cannot read the file; check its permissions");
  return parseLayout(text.str(), file, out);
}

}  // namespace isla
